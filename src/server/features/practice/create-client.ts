import { eq, sql } from 'drizzle-orm';
import type { NewClient, PracticeClient } from '../../../shared/contracts/practice';
import { firmPlans } from '../../../shared/contracts/firms';
import { serviceLevelCatalogue } from '../../../shared/contracts/practice';
import { calendarDay } from '../../../shared/calendar';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import {
  automationSettings,
  clientOnboardingSteps,
  clientOnboardingWorkflows,
  customers,
  invoiceSettings,
  organizations,
  workspaceGrants,
} from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import type { Role } from '../../../shared/contracts/common';
import { onboardingStepDefinitions } from './onboarding-steps';
import { countActiveClients, toPracticeClient } from './practice.queries';

export interface FirmActor {
  firmId: string;
  userId: string;
  role: Role;
}

const duplicateEmail = () =>
  new AppError('CONFLICT', 'A client with this business email is already in your practice', {
    businessEmail: 'A client with this business email is already in your practice',
  });

/** The refusal when the firm's plan has no room for another client; the UI links to Settings > Billing. */
export function planLimitError(plan: string, maxClients: number): AppError {
  const name = firmPlans.find((candidate) => candidate.id === plan)?.name ?? plan;
  return new AppError(
    'CONFLICT',
    `Your ${name} plan allows up to ${maxClients} active clients. Change your plan in Settings > Billing to add more.`,
  );
}

/**
 * Adds a client to the practice (Add New Client wizard), in one transaction: the firm's customer
 * row, the client's own organization (its workspace) with its invoice and automation settings, the
 * onboarding workflow with its five steps (step 1 prefilled, step 2 from the saved terms), a grant for the member who added it
 * unless their firm role already reaches every client, and the audit row. The firm row is locked
 * so that two additions cannot both take the plan's last place.
 */
export async function createPracticeClient(db: Database, actor: FirmActor, input: NewClient, now: Date): Promise<PracticeClient> {
  try {
    return await db.transaction(async (tx) => {
      const [firm] = await tx.select().from(organizations).where(eq(organizations.id, actor.firmId)).for('update').limit(1);
      if (!firm) throw notFound('Accounting firm');
      if ((await countActiveClients(tx, firm.id)) >= firm.maxClients) throw planLimitError(firm.subscriptionPlan, firm.maxClients);
      const [taken] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(sql`${customers.organizationId} = ${firm.id} and lower(${customers.email}) = lower(${input.businessEmail})`)
        .limit(1);
      if (taken) throw duplicateEmail();

      const [workspace] = await tx
        .insert(organizations)
        .values({
          type: 'business',
          accountingFirmId: firm.id,
          name: input.businessName,
          phone: input.businessPhone,
          address: input.businessAddress,
          country: input.country ?? firm.country,
          legalName: input.legalName ?? null,
          vatId: input.vatId ?? null,
          companyId: input.companyId ?? null,
          timeZone: firm.timeZone,
          currency: input.currency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!workspace) throw new Error('insert returned no organization');
      await tx.insert(invoiceSettings).values({
        organizationId: workspace.id,
        prefix: input.invoicePrefix,
        nextNumber: input.invoiceStartNumber,
        paymentTerms: input.paymentTerms,
        currency: input.currency,
        updatedAt: now,
      });
      await tx.insert(automationSettings).values({
        organizationId: workspace.id,
        sendReminders: input.sendReminders,
        reminderDays: [...new Set(input.reminderDays)].sort((a, b) => a - b),
        autoRecurring: input.autoRecurring,
        recurringFrequency: input.autoRecurring ? (input.recurringFrequency ?? 'monthly') : null,
        updatedAt: now,
      });

      const fee = serviceLevelCatalogue.standard.price;
      const [customer] = await tx
        .insert(customers)
        .values({
          organizationId: firm.id,
          accountingFirmId: firm.id,
          userId: actor.userId,
          clientOrganizationId: workspace.id,
          name: input.businessName,
          email: input.businessEmail,
          phone: input.businessPhone,
          address: input.businessAddress,
          country: input.country ?? firm.country,
          legalName: input.legalName ?? null,
          vatId: input.vatId ?? null,
          companyId: input.companyId ?? null,
          electronicAddressScheme: input.electronicAddressScheme ?? null,
          electronicAddress: input.electronicAddress ?? null,
          buyerReference: input.buyerReference ?? null,
          einvoiceFormat: input.einvoiceFormat ?? 'pdf',
          businessType: input.businessType,
          industry: input.industry,
          primaryContactName: input.contactName,
          primaryContactEmail: input.contactEmail,
          serviceLevel: 'standard',
          monthlyFee: toDecimal(fee),
          paymentTerms: input.paymentTerms,
          relationshipStartDate: calendarDay(now, firm.timeZone),
          onboardingStatus: 'pending',
          accountingSoftware: input.accountingSoftware,
          tags: [...new Set(input.tags)],
          notes: input.notes,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!customer) throw new Error('insert returned no customer');
      // Nothing is billed while the client is pending: its fee schedule starts at activation (complete-onboarding.ts).

      const [workflow] = await tx
        .insert(clientOnboardingWorkflows)
        .values({ organizationId: firm.id, customerId: customer.id, accountantId: actor.userId, createdAt: now, updatedAt: now })
        .returning();
      if (!workflow) throw new Error('insert returned no workflow');
      const businessInfo = {
        businessInfo: { name: input.businessName, email: input.businessEmail, phone: input.businessPhone ?? '', address: input.businessAddress ?? '', businessType: input.businessType, industry: input.industry },
        primaryContact: { name: input.contactName, email: input.contactEmail, title: input.contactTitle ?? '' },
      };
      await tx.insert(clientOnboardingSteps).values(
        onboardingStepDefinitions.map((step) => ({
          workflowId: workflow.id,
          ...step,
          data: step.stepNumber === 1 ? businessInfo : {},
          createdAt: now,
          updatedAt: now,
        })),
      );

      if (!FIRM_WIDE_ROLES.includes(actor.role)) {
        await tx.insert(workspaceGrants).values({ firmOrganizationId: firm.id, organizationId: workspace.id, userId: actor.userId, role: 'accountant', grantedBy: actor.userId, createdAt: now });
      }
      await writeAudit(tx, {
        organizationId: firm.id,
        userId: actor.userId,
        action: 'practice_client.created',
        entityType: 'customer',
        entityId: customer.id,
        details: {
          name: customer.name,
          workspaceId: workspace.id,
          invoicePrefix: input.invoicePrefix,
          invoiceStartNumber: input.invoiceStartNumber,
          vatId: customer.vatId,
          einvoiceFormat: customer.einvoiceFormat,
        },
      });
      return toPracticeClient(customer, workflow);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customers_org_email_key')) throw duplicateEmail();
    throw error;
  }
}
