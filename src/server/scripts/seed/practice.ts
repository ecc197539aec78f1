import { addDays, subDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { calendarDay } from '../../../shared/calendar';
import { approvalWorkflowInputSchema } from '../../../shared/contracts/approvals';
import { billInputSchema } from '../../../shared/contracts/bills';
import {
  type BillingFrequency,
  type NewClientInput,
  type ServiceLevel,
  newClientSchema,
  serviceLevelCatalogue,
} from '../../../shared/contracts/practice';
import { vendorCreateSchema } from '../../../shared/contracts/vendors';
import { toDecimal } from '../../../shared/money';
import { clientOnboardingSteps, clientOnboardingWorkflows, customers, organizations, workspaceGrants } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { createWorkflow } from '../../features/approvals/workflows.service';
import { createBill } from '../../features/bills/bills.service';
import { schedulePayments } from '../../features/payment-runs/schedule-payments';
import { createPracticeClient } from '../../features/practice/create-client';
import { setClientStatus } from '../../features/practice/client-lifecycle';
import { syncPracticeFeeSchedule } from '../../features/recurring-invoices/practice-fee-schedule';
import { billFeePeriodsUntil, settleFeeInvoices } from './billing-history';
import { createVendor } from '../../features/vendors/vendors.service';
import { seedBankAccounts } from './payables';
import type { SeedContext } from './seed-context';

/*
 * The demo firm's practice: eight clients added through the Add New Client service, each with its
 * own workspace, at every stage of onboarding (just added, part-way with what was typed so far,
 * active since different months, one deactivated), at different service levels and billing
 * frequencies. Two active clients keep their own payables: vendors, an approval rule naming the
 * firm's owner, bills waiting for the owner and a payment scheduled within two weeks, so the
 * Approval Queue shows work from the firm and from clients. The activated clients are billed as
 * the app bills them (docs/decisions/0010), from activation up to the seed's day (seedFeeHistory).
 */

type Stage =
  | { kind: 'pending' }
  | { kind: 'in_progress'; step: 2 | 3 | 4 }
  | { kind: 'completed'; activatedDaysAgo: number }
  | { kind: 'deactivated'; activatedDaysAgo: number; deactivatedDaysAgo: number };

interface ClientPlan {
  input: NewClientInput;
  addedDaysAgo: number;
  serviceLevel: ServiceLevel;
  billingFrequency: BillingFrequency;
  stage: Stage;
  /** The demo bookkeeper works on this client (a grant; the owner reaches every client). */
  bookkeeper: boolean;
  /** The client's own vendors and bills, some waiting for the firm owner's approval. */
  payables?: ClientPayables;
}

interface ClientPayables {
  rule: { name: string; overAmount: string | null };
  vendors: { name: string; email: string; accountNumber: string; routingNumber: string }[];
  /** vendor index, bill number, description, amount, days from today to the due date. */
  bills: [vendor: number, billNumber: string, description: string, amount: string, dueInDays: number][];
  /** The bill (by number) paid by ACH a few days from now. */
  scheduled?: string;
}

const contact = (name: string, local: string, domain: string) => ({ contactName: name, contactEmail: `${local}@${domain}` });

const CLIENTS: ClientPlan[] = [
  {
    input: { businessName: 'Bayside Bakery', businessEmail: 'books@baysidebakery.example', industry: 'restaurant', businessType: 'llc', businessPhone: '503-555-0142', businessAddress: '210 NW 23rd Ave, Portland OR', ...contact('Rosa Martinez', 'rosa', 'baysidebakery.example'), contactTitle: 'Owner', invoicePrefix: 'BB', invoiceStartNumber: 2001, tags: ['restaurant', 'local', 'recurring'], accountingSoftware: 'quickbooks' },
    addedDaysAgo: 320,
    serviceLevel: 'standard',
    billingFrequency: 'monthly',
    stage: { kind: 'completed', activatedDaysAgo: 305 },
    bookkeeper: true,
    payables: {
      rule: { name: 'Bills over $500', overAmount: '500.00' },
      vendors: [
        { name: 'Cascade Flour Mills', email: 'ar@cascadeflour.example', accountNumber: '330019874512', routingNumber: '123205054' },
        { name: 'Valley Dairy Co-op', email: 'billing@valleydairy.example', accountNumber: '880041236677', routingNumber: '121000248' },
        { name: 'Hearth Oven Service', email: 'service@hearthoven.example', accountNumber: '550098123344', routingNumber: '026009593' },
      ],
      bills: [
        [0, 'CFM-4471', 'Organic bread flour, 40 sacks', '1240.00', 12],
        [2, 'HOS-0918', 'Deck oven repair and recalibration', '2150.00', 9],
        [1, 'VDC-22810', 'Butter and cream, weekly delivery', '386.40', 6],
      ],
      scheduled: 'VDC-22810',
    },
  },
  {
    input: { businessName: 'Summit Dental Studio', businessEmail: 'office@summitdental.example', industry: 'healthcare', businessType: 'corporation', businessPhone: '503-555-0177', ...contact('Dr. Priya Shah', 'priya', 'summitdental.example'), contactTitle: 'Practice owner', invoicePrefix: 'SDS', invoiceStartNumber: 5001, paymentTerms: 'net_15', tags: ['healthcare', 'high-value'], accountingSoftware: 'xero' },
    addedDaysAgo: 230,
    serviceLevel: 'premium',
    billingFrequency: 'quarterly',
    stage: { kind: 'completed', activatedDaysAgo: 214 },
    bookkeeper: true,
    payables: {
      rule: { name: 'Every bill', overAmount: null },
      vendors: [
        { name: 'Pacific Dental Supply', email: 'orders@pacificdental.example', accountNumber: '440017765321', routingNumber: '123000220' },
        { name: 'BrightSmile Lab', email: 'accounts@brightsmilelab.example', accountNumber: '660023344551', routingNumber: '021000021' },
      ],
      bills: [
        [0, 'PDS-88213', 'Composite, gloves and sterilisation pouches', '3480.50', 10],
        [1, 'BSL-1207', 'Crowns and bridges, November cases', '1125.00', 14],
      ],
    },
  },
  {
    input: { businessName: 'Lumen Robotics', businessEmail: 'finance@lumenrobotics.example', industry: 'technology', businessType: 'corporation', ...contact('Marcus Lee', 'marcus', 'lumenrobotics.example'), contactTitle: 'CFO', invoicePrefix: 'LR', invoiceStartNumber: 1, paymentTerms: 'net_45', tags: ['tech', 'enterprise', 'high-value'], accountingSoftware: 'xero' },
    addedDaysAgo: 140,
    serviceLevel: 'enterprise',
    billingFrequency: 'annually',
    stage: { kind: 'completed', activatedDaysAgo: 121 },
    bookkeeper: false,
  },
  {
    input: { businessName: 'Greenleaf Community Garden', businessEmail: 'treasurer@greenleafgarden.example', industry: 'nonprofit', businessType: 'nonprofit', ...contact('Ada Okafor', 'ada', 'greenleafgarden.example'), contactTitle: 'Treasurer', tags: ['nonprofit', 'local'], sendReminders: false },
    addedDaysAgo: 75,
    serviceLevel: 'basic',
    billingFrequency: 'monthly',
    stage: { kind: 'completed', activatedDaysAgo: 62 },
    bookkeeper: false,
  },
  {
    input: { businessName: 'Ironclad Builders', businessEmail: 'ap@ironcladbuilders.example', industry: 'construction', businessType: 'llc', ...contact('Tom Becker', 'tom', 'ironcladbuilders.example'), contactTitle: 'Operations manager', invoicePrefix: 'ICB', tags: ['construction'], autoRecurring: true, recurringFrequency: 'monthly' },
    addedDaysAgo: 9,
    serviceLevel: 'premium',
    billingFrequency: 'monthly',
    stage: { kind: 'in_progress', step: 4 },
    bookkeeper: true,
  },
  {
    input: { businessName: 'Copper Kettle Cafe', businessEmail: 'hello@copperkettle.example', industry: 'restaurant', businessType: 'sole_proprietorship', ...contact('June Park', 'june', 'copperkettle.example'), tags: ['restaurant', 'startup'] },
    addedDaysAgo: 5,
    serviceLevel: 'standard',
    billingFrequency: 'quarterly',
    stage: { kind: 'in_progress', step: 2 },
    bookkeeper: false,
  },
  {
    input: { businessName: 'Northstar Consulting', businessEmail: 'admin@northstarconsulting.example', industry: 'professional_services', businessType: 'partnership', ...contact('Elena Vargas', 'elena', 'northstarconsulting.example'), tags: ['startup'], notes: 'Referred by Summit Dental Studio. Wants a call about payroll in January.' },
    addedDaysAgo: 2,
    serviceLevel: 'standard',
    billingFrequency: 'monthly',
    stage: { kind: 'pending' },
    bookkeeper: false,
  },
  {
    input: { businessName: 'Old Mill Hardware', businessEmail: 'owner@oldmillhardware.example', industry: 'retail', businessType: 'llc', ...contact('Walt Jensen', 'walt', 'oldmillhardware.example'), tags: ['retail', 'local'] },
    addedDaysAgo: 290,
    serviceLevel: 'basic',
    billingFrequency: 'monthly',
    stage: { kind: 'deactivated', activatedDaysAgo: 276, deactivatedDaysAgo: 31 },
    bookkeeper: false,
  },
];

const BANKS = [
  { bankName: 'U.S. Bank', routingNumber: '123000220' },
  { bankName: 'Umpqua Bank', routingNumber: '123205054' },
  { bankName: 'Wells Fargo', routingNumber: '121000248' },
];

export interface SeededClient {
  name: string;
  customerId: string;
  organizationId: string;
}

/** What each step held when it was saved (the spec's onboarding draft, 3.3); never a full account number. */
function stepData(plan: ClientPlan, index: number): Record<number, Record<string, unknown>> {
  const bank = BANKS[index % BANKS.length] ?? BANKS[0];
  return {
    2: {
      serviceSettings: {
        serviceLevel: plan.serviceLevel,
        monthlyFee: toDecimal(serviceLevelCatalogue[plan.serviceLevel].price),
        billingFrequency: plan.billingFrequency,
        autoApprovalLimit: 1000,
        invoiceTemplate: 'standard',
        paymentTerms: plan.input.paymentTerms ?? 'net_30',
        preferredPaymentMethods: ['ach', 'credit_card'],
      },
    },
    4: { bankingInfo: { bankName: bank?.bankName, accountType: 'business_checking', routingNumber: bank?.routingNumber } },
  };
}

/** Moves a new client's onboarding to its stage: steps done with their data, the workflow and the customer row. */
async function applyStage(context: SeedContext, client: SeededClient, plan: ClientPlan, index: number, addedAt: Date): Promise<void> {
  const { db } = context;
  const { stage } = plan;
  const [workflow] = await db.select().from(clientOnboardingWorkflows).where(eq(clientOnboardingWorkflows.customerId, client.customerId));
  if (!workflow) throw new Error(`no onboarding workflow for ${client.name}`);
  const activatedAt = stage.kind === 'completed' || stage.kind === 'deactivated' ? subDays(context.now, stage.activatedDaysAgo) : null;
  const doneSteps = stage.kind === 'pending' ? 0 : stage.kind === 'in_progress' ? stage.step - 1 : 5;
  const data = stepData(plan, index);
  for (let step = 1; step <= 5; step += 1) {
    const completedAt = activatedAt ?? addDays(addedAt, step);
    const current = stage.kind === 'in_progress' && step === stage.step;
    if (step > doneSteps && !current) continue;
    const values = step <= doneSteps ? { status: 'completed' as const, completedAt, completedBy: context.userId } : { status: 'in_progress' as const };
    const typed = data[step];
    await db
      .update(clientOnboardingSteps)
      .set({ ...values, ...(typed ? { data: typed } : {}), updatedAt: completedAt })
      .where(and(eq(clientOnboardingSteps.workflowId, workflow.id), eq(clientOnboardingSteps.stepNumber, step)));
  }
  const status = stage.kind === 'pending' ? 'pending' : stage.kind === 'in_progress' ? 'in_progress' : 'completed';
  await db
    .update(clientOnboardingWorkflows)
    .set({
      status,
      currentStep: stage.kind === 'in_progress' ? stage.step : stage.kind === 'pending' ? 1 : 5,
      startedAt: stage.kind === 'pending' ? null : addedAt,
      completedAt: activatedAt,
      updatedAt: activatedAt ?? context.now,
    })
    .where(eq(clientOnboardingWorkflows.id, workflow.id));
  await db
    .update(customers)
    .set({
      serviceLevel: plan.serviceLevel,
      monthlyFee: toDecimal(serviceLevelCatalogue[plan.serviceLevel].price),
      billingFrequency: plan.billingFrequency,
      onboardingStatus: status,
      activatedAt,
    })
    .where(eq(customers.id, client.customerId));
  const audit = { organizationId: context.organizationId, userId: context.userId, entityType: 'customer', entityId: client.customerId };
  if (!activatedAt) return;
  await writeAudit(db, { ...audit, action: 'practice_client.activated', details: { name: client.name, activatedAt: activatedAt.toISOString() } });
  // Billed from activation, as completing onboarding does: the fee schedule starts on that day.
  await db.transaction((tx) => syncPracticeFeeSchedule(tx, { organizationId: context.organizationId, userId: context.userId }, client.customerId, activatedAt));
}

async function grantBookkeeper(context: SeedContext, client: SeededClient, bookkeeperId: string, at: Date): Promise<void> {
  await context.db.insert(workspaceGrants).values({ firmOrganizationId: context.organizationId, organizationId: client.organizationId, userId: bookkeeperId, role: 'accountant', grantedBy: context.userId, createdAt: at });
  await writeAudit(context.db, {
    organizationId: context.organizationId,
    userId: context.userId,
    action: 'workspace_grant.created',
    entityType: 'organization',
    entityId: client.organizationId,
    details: { userId: bookkeeperId, role: 'accountant' },
  });
}

/**
 * A client's own payables, entered by the bookkeeper inside the client's workspace: the rule sends
 * bills to the firm's owner, and one small bill that needs no approval is paid by ACH in six days.
 */
async function seedClientPayables(context: SeedContext, client: SeededClient, payables: ClientPayables, bookkeeperId: string, timeZone: string): Promise<void> {
  const { db } = context;
  const owner = { organizationId: client.organizationId, userId: context.userId };
  const vendors = [];
  for (const vendor of payables.vendors) {
    const input = vendorCreateSchema.parse({ ...vendor, paymentMethod: 'ach', bankName: 'First Interstate Bank', country: 'US' });
    vendors.push(await createVendor(db, owner, input, context.config.encryptionKey));
  }
  const { rule } = payables;
  await createWorkflow(
    db,
    owner,
    approvalWorkflowInputSchema.parse({
      name: rule.name,
      description: 'Set up with the client: the firm’s partner signs off before anything is paid.',
      triggerType: rule.overAmount ? 'amount_over' : 'all',
      triggerValue: rule.overAmount,
      approverIds: [context.userId],
    }),
  );
  const day = (date: Date) => calendarDay(date, timeZone);
  const created = [];
  for (const [vendorIndex, billNumber, description, amount, dueInDays] of payables.bills) {
    const vendor = vendors[vendorIndex];
    if (!vendor) throw new Error(`no vendor ${vendorIndex} for ${client.name}`);
    const billDate = subDays(context.now, 30 - dueInDays);
    const input = billInputSchema.parse({
      vendorId: vendor.id,
      billNumber,
      billDate: day(billDate),
      dueDate: day(addDays(context.now, dueInDays)),
      subtotal: amount,
      totalAmount: amount,
      items: [{ description, quantity: 1, unitPrice: amount, totalPrice: amount }],
    });
    created.push(await createBill(db, { organizationId: client.organizationId, userId: bookkeeperId }, input, subDays(context.now, 1)));
  }
  const toPay = payables.scheduled ? created.find((bill) => bill.billNumber === payables.scheduled) : undefined;
  if (!toPay) return;
  const bankAccountId = await seedBankAccounts({ ...context, organizationId: client.organizationId }, client.name);
  await schedulePayments(db, owner, { billIds: [toPay.id], bankAccountId, method: 'ach', scheduledDate: day(addDays(context.now, 6)) }, context.now);
}

/**
 * The fee invoices of the periods up to the seed's day, in order: billed by the generator, the
 * deactivated client only until its deactivation (through the service, which pauses its schedule
 * and closes its workspace), then sent and, once due, paid (billing-history.ts).
 */
async function seedFeeHistory(context: SeedContext, deactivations: { client: SeededClient; at: Date }[]): Promise<void> {
  const actor = { firmId: context.organizationId, userId: context.userId, role: 'owner' as const };
  for (const { client, at } of [...deactivations].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    await billFeePeriodsUntil(context, at);
    await setClientStatus(context.db, actor, client.customerId, false, at);
  }
  await billFeePeriodsUntil(context, context.now);
  await settleFeeInvoices(context);
}

/** The firm's eight practice clients; returns them in the order above. */
export async function seedPractice(context: SeedContext, bookkeeperId: string): Promise<SeededClient[]> {
  const actor = { firmId: context.organizationId, userId: context.userId, role: 'owner' as const };
  const [firm] = await context.db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, context.organizationId));
  const timeZone = firm?.timeZone ?? 'UTC';
  const seeded: SeededClient[] = [];
  const deactivations: { client: SeededClient; at: Date }[] = [];
  for (const [index, plan] of CLIENTS.entries()) {
    const addedAt = subDays(context.now, plan.addedDaysAgo);
    const created = await createPracticeClient(context.db, actor, newClientSchema.parse(plan.input), addedAt);
    if (!created.organizationId) throw new Error(`no workspace for ${created.name}`);
    const client = { name: created.name, customerId: created.id, organizationId: created.organizationId };
    await applyStage(context, client, plan, index, addedAt);
    if (plan.bookkeeper) await grantBookkeeper(context, client, bookkeeperId, addedAt);
    if (plan.payables) await seedClientPayables(context, client, plan.payables, bookkeeperId, timeZone);
    if (plan.stage.kind === 'deactivated') deactivations.push({ client, at: subDays(context.now, plan.stage.deactivatedDaysAgo) });
    seeded.push(client);
  }
  await seedFeeHistory(context, deactivations);
  return seeded;
}
