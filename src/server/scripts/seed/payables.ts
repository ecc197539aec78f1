import { addDays, format, subDays } from 'date-fns';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { multiplyCents, percentOf } from '../../../shared/money';
import { paymentRunMethods } from '../../../shared/contracts/payment-runs';
import { achProfiles, bankAccounts, billApprovals, bills, paymentRuns, payments, users, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { encryptSecret, lastFour } from '../../platform/encryption';
import { hashPassword } from '../../platform/passwords';
import { approveRequest, rejectRequest } from '../../features/approvals/decide-request';
import { createWorkflow } from '../../features/approvals/workflows.service';
import type { BillRow } from '../../features/bills/bills.queries';
import { createBill } from '../../features/bills/bills.service';
import { schedulePayments } from '../../features/payment-runs/schedule-payments';
import { createVendor } from '../../features/vendors/vendors.service';
import type { Vendor } from '../../../shared/contracts/vendors';
import type { SeedContext } from './seed-context';

/*
 * Vendors, approval rules, bills and approval decisions for the demo organization, through the
 * same services the API uses (encryption, totals, approval rounds, audit rows). Small functions,
 * so bank accounts and bill payments can be added beside them.
 */

export interface PayablesSeed {
  vendors: Vendor[];
  bills: BillRow[];
  /** The demo's second member: enters the bills, so the owner has requests to approve. */
  bookkeeperId: string;
}

const VENDORS: { name: string; email: string; city: string; state: string; paymentMethod: 'ach' | 'wire' | 'check' | 'card'; bankName?: string; accountNumber?: string; routingNumber?: string; wireInstructions?: string }[] = [
  { name: 'Pacific Office Supply', email: 'ar@pacificoffice.example', city: 'Portland', state: 'OR', paymentMethod: 'ach', bankName: 'Umpqua Bank', accountNumber: '4402198371', routingNumber: '123205054' },
  { name: 'Columbia Power & Light', email: 'billing@columbiapower.example', city: 'Vancouver', state: 'WA', paymentMethod: 'ach', bankName: 'U.S. Bank', accountNumber: '153910027788', routingNumber: '123000220' },
  { name: 'Rose City Property Partners', email: 'rent@rosecityprop.example', city: 'Portland', state: 'OR', paymentMethod: 'ach', bankName: 'Wells Fargo', accountNumber: '7730012459', routingNumber: '121000248' },
  { name: 'Cascade Legal LLP', email: 'accounts@cascadelegal.example', city: 'Seattle', state: 'WA', paymentMethod: 'wire', bankName: 'JPMorgan Chase', accountNumber: '900114527', routingNumber: '021000021', wireInstructions: 'Reference the bill number. Beneficiary: Cascade Legal LLP, 1201 3rd Ave, Seattle WA.' },
  { name: 'Northwest IT Services', email: 'invoices@nwit.example', city: 'Beaverton', state: 'OR', paymentMethod: 'ach', bankName: 'Bank of America', accountNumber: '004471928810', routingNumber: '026009593' },
  { name: 'Evergreen Insurance Agency', email: 'premiums@evergreenins.example', city: 'Salem', state: 'OR', paymentMethod: 'check' },
  { name: 'Cloudline Software', email: 'billing@cloudline.example', city: 'San Francisco', state: 'CA', paymentMethod: 'card' },
  { name: 'Green Leaf Janitorial', email: 'office@greenleafclean.example', city: 'Gresham', state: 'OR', paymentMethod: 'check' },
];

const BILL_LINES: Record<string, [description: string, unitCents: number, quantity: string][]> = {
  'Pacific Office Supply': [['Printer paper, case', 4599, '6'], ['Toner cartridges', 8950, '3']],
  'Columbia Power & Light': [['Electricity, monthly service', 41235, '1']],
  'Rose City Property Partners': [['Office rent', 385000, '1']],
  'Cascade Legal LLP': [['Contract review (hours)', 42500, '6.5']],
  'Northwest IT Services': [['Managed IT services', 125000, '1'], ['On-site support (hours)', 13500, '4']],
  'Evergreen Insurance Agency': [['Professional liability premium, quarterly', 218000, '1']],
  'Cloudline Software': [['Practice software seats', 4900, '12']],
  'Green Leaf Janitorial': [['Office cleaning, monthly', 68000, '1']],
};

const day = (date: Date) => format(date, 'yyyy-MM-dd');

export async function seedBookkeeper(context: SeedContext): Promise<string> {
  const [user] = await context.db
    .insert(users)
    .values({
      organizationId: context.organizationId,
      username: 'demo-bookkeeper',
      email: 'sam@northwind.example',
      passwordHash: await hashPassword('demo-password'),
      firstName: 'Sam',
      lastName: 'Carter',
      role: 'accountant',
      jobTitle: 'Bookkeeper',
    })
    .returning();
  if (!user) throw new Error('could not create the demo bookkeeper');
  return user.id;
}

export async function seedVendors(context: SeedContext): Promise<Vendor[]> {
  const actor = { organizationId: context.organizationId, userId: context.userId };
  const created: Vendor[] = [];
  for (const vendor of VENDORS) {
    created.push(
      await createVendor(
        context.db,
        actor,
        {
          name: vendor.name,
          email: vendor.email,
          phone: null,
          address: null,
          city: vendor.city,
          state: vendor.state,
          zipCode: null,
          country: 'US',
          taxId: null,
          paymentMethod: vendor.paymentMethod,
          bankName: vendor.bankName ?? null,
          accountNumber: vendor.accountNumber ?? null,
          routingNumber: vendor.routingNumber ?? null,
          wireInstructions: vendor.wireInstructions ?? null,
          isActive: true,
        },
        context.config.encryptionKey,
      ),
    );
  }
  return created;
}

/** Bills over $2,500 and every legal bill wait for the owner's approval. */
export async function seedApprovalRules(context: SeedContext, vendors: Vendor[]): Promise<void> {
  const actor = { organizationId: context.organizationId, userId: context.userId };
  const legal = vendors.find((vendor) => vendor.name === 'Cascade Legal LLP');
  await createWorkflow(context.db, actor, {
    name: 'Bills over $2,500',
    description: 'Large bills need the owner’s sign-off before payment.',
    triggerType: 'amount_over',
    triggerValue: '2500.00',
    approverIds: [context.userId],
    requireAllApprovers: false,
    isActive: true,
  });
  if (legal) {
    await createWorkflow(context.db, actor, {
      name: 'Legal fees',
      description: null,
      triggerType: 'vendor',
      triggerValue: legal.id,
      approverIds: [context.userId],
      requireAllApprovers: false,
      isActive: true,
    });
  }
}

/**
 * A seeded bill's number: the vendor's prefix, the bill's day and the vendor's place. The day, not
 * only the month: bills 30 days apart can fall in one month (the 1st and the 31st), and a seed run
 * on such a day stopped at "This vendor already has a bill with that number".
 */
export function seededBillNumber(vendorName: string, billDate: Date, vendorIndex: number): string {
  return `${vendorName.slice(0, 3).toUpperCase()}-${format(billDate, 'yyMMdd')}-${100 + vendorIndex}`;
}

/** Three months of bills per vendor, entered by the bookkeeper; older small ones already paid. */
export async function seedBills(context: SeedContext, vendors: Vendor[], bookkeeperId: string): Promise<BillRow[]> {
  const auth = { organizationId: context.organizationId, userId: bookkeeperId };
  const created: BillRow[] = [];
  for (const [vendorIndex, vendor] of vendors.entries()) {
    const lines = BILL_LINES[vendor.name] ?? [];
    for (let month = 2; month >= 0; month -= 1) {
      const billDate = subDays(context.now, month * 30 + vendorIndex * 2 + 3);
      const items = lines.map(([description, unitCents, quantity]) => {
        return { description, quantity, unitPrice: unitCents, totalPrice: multiplyCents(unitCents, quantity) };
      });
      const subtotal = items.reduce((sum, item) => sum + item.totalPrice, 0);
      const taxAmount = vendor.name === 'Pacific Office Supply' ? percentOf(subtotal, '8') : 0;
      const needsApproval = subtotal + taxAmount > 250000 || vendor.name === 'Cascade Legal LLP';
      created.push(
        await createBill(
          context.db,
          auth,
          {
            vendorId: vendor.id,
            billNumber: seededBillNumber(vendor.name, billDate, vendorIndex),
            status: month === 2 && !needsApproval ? 'paid' : 'received',
            billDate: day(billDate),
            dueDate: day(addDays(billDate, 30)),
            subtotal,
            taxAmount,
            totalAmount: subtotal + taxAmount,
            notes: month === 0 ? `${format(billDate, 'MMMM')} ${lines[0]?.[0].toLowerCase() ?? 'services'}` : null,
            attachmentUrl: null,
            documentId: null,
            scheduledPaymentDate: null,
            items,
          },
          billDate,
        ),
      );
    }
  }
  return created;
}

/** The owner approved most older requests and sent one back; this month's wait on the Approvals page. */
export async function seedApprovalDecisions(context: SeedContext, bills: BillRow[]): Promise<void> {
  const auth = { organizationId: context.organizationId, userId: context.userId };
  const waiting = bills.filter((bill) => bill.approvalStatus === 'pending');
  const older = waiting.filter((bill) => bill.billDate < day(subDays(context.now, 25)));
  for (const [index, bill] of older.entries()) {
    const [request] = await context.db
      .select({ id: billApprovals.id })
      .from(billApprovals)
      .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.status, 'pending')))
      .limit(1);
    if (!request) continue;
    const when = addDays(new Date(`${bill.billDate}T15:00:00Z`), 2);
    if (index === older.length - 1) await rejectRequest(context.db, auth, request.id, 'Hours look high for this matter; please ask for a breakdown.', when);
    else await approveRequest(context.db, auth, request.id, index % 2 === 0 ? 'OK to pay' : null, when);
  }
}

export async function seedPayables(context: SeedContext): Promise<PayablesSeed> {
  const bookkeeperId = await seedBookkeeper(context);
  const vendors = await seedVendors(context);
  await seedApprovalRules(context, vendors);
  const bills = await seedBills(context, vendors, bookkeeperId);
  await seedApprovalDecisions(context, bills);
  await seedBillPayments(context);
  return { vendors, bills, bookkeeperId };
}

/*
 * Bank accounts and bill payments (payment runs work): the accounts bills are paid from, the
 * completed payments behind last quarter's paid bills, and a scheduled run for bills due soon.
 */

const DEMO_BANK_ACCOUNTS = [
  { accountName: 'Operating', accountType: 'business_checking', accountNumber: '153900047721', isPrimary: true },
  { accountName: 'Tax Reserve', accountType: 'business_savings', accountNumber: '153900099310', isPrimary: false },
] as const;

/** Verified as if their micro-deposits had been confirmed two months ago; returns the primary's id. */
export async function seedBankAccounts(context: SeedContext, holderName = 'Northwind Bookkeeping LLC'): Promise<string> {
  const sentAt = subDays(context.now, 62);
  const verifiedAt = subDays(context.now, 60);
  let primaryId = '';
  for (const account of DEMO_BANK_ACCOUNTS) {
    const [row] = await context.db
      .insert(bankAccounts)
      .values({
        organizationId: context.organizationId,
        userId: context.userId,
        accountName: account.accountName,
        accountHolderName: holderName,
        bankName: 'U.S. Bank',
        accountType: account.accountType,
        accountNumberEncrypted: encryptSecret(context.config.encryptionKey, account.accountNumber),
        accountLast4: lastFour(account.accountNumber),
        routingNumber: '123000220',
        isPrimary: account.isPrimary,
        isVerified: true,
        verificationStatus: 'verified',
        achEnabled: true,
        wireEnabled: account.accountType === 'business_checking',
        microDepositsSentAt: sentAt,
        microDepositsExpireAt: addDays(sentAt, 14),
        verifiedAt,
        createdAt: sentAt,
        updatedAt: verifiedAt,
      })
      .returning();
    if (!row) throw new Error('could not create a demo bank account');
    if (account.isPrimary) {
      primaryId = row.id;
      // The values U.S. Bank would assign at ACH onboarding, so the demo's runs export as files.
      await context.db.insert(achProfiles).values({
        bankAccountId: row.id,
        organizationId: context.organizationId,
        immediateDestination: '123000220',
        immediateDestinationName: 'U.S. Bank',
        immediateOrigin: '1987654320',
        immediateOriginName: holderName.slice(0, 23),
        companyId: '1987654320',
        companyName: holderName.slice(0, 16),
        entryDescription: 'VENDOR PAY',
        updatedBy: context.userId,
      });
    }
    const audit = { organizationId: context.organizationId, userId: context.userId, entityType: 'bank_account', entityId: row.id };
    await writeAudit(context.db, { ...audit, action: 'bank_account.created', details: { accountLast4: row.accountLast4 } });
    await writeAudit(context.db, { ...audit, action: 'bank_account.verified', details: { method: 'micro_deposits' } });
  }
  return primaryId;
}

/** The bills entered as paid get the completed payments that paid them: one run per method. */
export async function seedCompletedBillPayments(context: SeedContext, bankAccountId: string): Promise<void> {
  const paid = await context.db
    .select({ bill: bills, method: vendors.paymentMethod })
    .from(bills)
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(and(eq(bills.organizationId, context.organizationId), eq(bills.status, 'paid')));
  for (const method of paymentRunMethods) {
    const group = paid.filter((row) => row.method === method);
    const first = group[0];
    if (!first) continue;
    const payDay = group.map((row) => row.bill.dueDate).sort()[0] ?? first.bill.dueDate;
    const processedAt = new Date(`${payDay}T15:00:00Z`);
    const [run] = await context.db
      .insert(paymentRuns)
      .values({ organizationId: context.organizationId, userId: context.userId, bankAccountId, method, scheduledDate: payDay, createdAt: subDays(processedAt, 3) })
      .returning();
    if (!run) throw new Error('could not create a demo payment run');
    for (const { bill } of group) {
      const transactionId = `${method.toUpperCase()}-${payDay.replace(/-/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`;
      const [payment] = await context.db
        .insert(payments)
        .values({
          organizationId: context.organizationId,
          userId: context.userId,
          type: 'bill_payment',
          referenceId: bill.id,
          amount: bill.totalAmount,
          method,
          status: 'completed',
          transactionId,
          paymentRunId: run.id,
          bankAccountId,
          scheduledDate: payDay,
          processedAt,
          createdAt: run.createdAt,
        })
        .returning();
      if (!payment) throw new Error('could not create a demo payment');
      await context.db.update(bills).set({ paidAt: processedAt, scheduledPaymentDate: payDay }).where(eq(bills.id, bill.id));
      await writeAudit(context.db, {
        organizationId: context.organizationId,
        userId: null,
        action: 'payment.completed',
        entityType: 'payment',
        entityId: payment.id,
        details: { amount: payment.amount, method, transactionId, paymentRunId: run.id, billId: bill.id },
      });
    }
  }
}

/** Payable ACH bills due in the next two weeks, scheduled three days out through the API's service. */
export async function seedScheduledBillPayments(context: SeedContext, bankAccountId: string): Promise<void> {
  const due = await context.db
    .select({ id: bills.id })
    .from(bills)
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(
      and(
        eq(bills.organizationId, context.organizationId),
        eq(bills.status, 'received'),
        inArray(bills.approvalStatus, ['not_required', 'approved']),
        eq(vendors.paymentMethod, 'ach'),
        lte(bills.dueDate, day(addDays(context.now, 14))),
      ),
    );
  if (due.length === 0) return;
  await schedulePayments(
    context.db,
    { organizationId: context.organizationId, userId: context.userId },
    { billIds: due.map((row) => row.id), bankAccountId, method: 'ach', scheduledDate: day(addDays(context.now, 3)) },
    context.now,
  );
}

export async function seedBillPayments(context: SeedContext): Promise<void> {
  const bankAccountId = await seedBankAccounts(context);
  await seedCompletedBillPayments(context, bankAccountId);
  await seedScheduledBillPayments(context, bankAccountId);
}
