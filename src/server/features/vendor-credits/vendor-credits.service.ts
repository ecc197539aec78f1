import { and, eq, sql } from 'drizzle-orm';
import type { ApplyVendorCreditInput, CreateVendorCreditInput } from '../../../shared/contracts/credits';
import { type Cents, centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, vendorCreditApplications, vendorCredits } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { writeAudit } from '../../platform/audit';
import { organizationTimeZone, organizationToday, toOrganizationDay } from '../../platform/calendar';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { billMoneyPaid, billStillOwed } from '../bills/bill-amount-due';
import { lockBill } from '../bills/bills.queries';
import { findVendor } from '../vendors/vendors.queries';

export interface VendorCreditActor {
  organizationId: string;
  userId: string;
}

type VendorCreditRow = typeof vendorCredits.$inferSelect;

const duplicateNumber = () =>
  new AppError('CONFLICT', 'This vendor already has a credit with that number', { creditNumber: 'This vendor already has a credit with that number' });

/** The credit row itself, locked for the rest of the transaction. */
async function lockVendorCredit(db: Database, organizationId: string, id: string): Promise<VendorCreditRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(vendorCredits)
    .where(and(eq(vendorCredits.organizationId, organizationId), eq(vendorCredits.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** What is left of a credit to apply: amount - amountApplied. */
export function vendorCreditRemaining(credit: Pick<VendorCreditRow, 'amount' | 'amountApplied'>): Cents {
  return centsFromDecimal(credit.amount) - centsFromDecimal(credit.amountApplied);
}

/**
 * Applies a locked credit to open bills of its vendor, inside the caller's transaction: bills are
 * locked in id order; each must be the credit's vendor's, approved (or needing no approval), not
 * paid and without a payment scheduled; each amount at most what the bill still owes
 * (bill-amount-due.ts) and the sum at most what is left of the credit. A bill the credit covers
 * to the last cent becomes paid.
 */
async function applyLocked(
  tx: Database,
  actor: VendorCreditActor,
  credit: VendorCreditRow,
  applications: { billId: string; amount: Cents }[],
  date: string,
  now: Date,
): Promise<VendorCreditRow> {
  const ids = applications.map((application) => application.billId);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each bill may appear only once', { applications: 'Each bill may appear only once' });
  if (credit.status === 'void') throw new AppError('CONFLICT', `Credit ${credit.creditNumber} is void`);
  applications.forEach((application, index) => {
    if (application.amount <= 0) throw new AppError('VALIDATION', 'Amount must be more than 0', { [`applications.${index}.amount`]: 'Amount must be more than 0' });
  });
  const total = sumCents(applications.map((application) => application.amount));
  const remaining = vendorCreditRemaining(credit);
  if (total > remaining) {
    throw new AppError('CONFLICT', `Credit ${credit.creditNumber} has only ${toDecimal(remaining)} left to apply`, { applications: `Only ${toDecimal(remaining)} is left to apply` });
  }

  const locked = new Map<string, typeof bills.$inferSelect>();
  for (const billId of [...ids].sort()) {
    const bill = await lockBill(tx, actor.organizationId, billId);
    if (!bill || bill.vendorId !== credit.vendorId) throw notFound('Bill');
    if (bill.status === 'paid') throw new AppError('CONFLICT', `Bill ${bill.billNumber} is already paid`);
    if (bill.status === 'scheduled') throw new AppError('CONFLICT', `Bill ${bill.billNumber} already has a scheduled payment: apply the credit before scheduling it`);
    if (bill.approvalStatus === 'rejected') throw new AppError('CONFLICT', `Bill ${bill.billNumber} was rejected`);
    locked.set(bill.id, bill);
  }
  const paid = await billMoneyPaid(tx, actor.organizationId, ids);

  for (const application of applications) {
    const bill = locked.get(application.billId);
    if (!bill) throw notFound('Bill');
    const owed = billStillOwed(bill, paid);
    if (application.amount > owed) {
      throw new AppError('CONFLICT', `Bill ${bill.billNumber} owes only ${toDecimal(Math.max(owed, 0))}`, {
        applications: `Bill ${bill.billNumber} owes only ${toDecimal(Math.max(owed, 0))}`,
      });
    }
    const [row] = await tx
      .insert(vendorCreditApplications)
      .values({
        organizationId: actor.organizationId,
        vendorCreditId: credit.id,
        billId: bill.id,
        amount: toDecimal(application.amount),
        applicationDate: date,
        userId: actor.userId,
        createdAt: now,
      })
      .returning({ id: vendorCreditApplications.id });
    const fullyCovered = application.amount === owed;
    await tx
      .update(bills)
      .set({
        amountCredited: toDecimal(centsFromDecimal(bill.amountCredited) + application.amount),
        ...(fullyCovered ? { status: 'paid' as const, paidAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(bills.id, bill.id));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bill.credit_applied',
      entityType: 'bill',
      entityId: bill.id,
      details: {
        vendorCreditId: credit.id,
        creditNumber: credit.creditNumber,
        applicationId: row?.id,
        amount: toDecimal(application.amount),
        billNumber: bill.billNumber,
        paid: fullyCovered,
      },
    });
  }

  const applied = centsFromDecimal(credit.amountApplied) + total;
  const [updated] = await tx
    .update(vendorCredits)
    .set({ amountApplied: toDecimal(applied), status: applied >= centsFromDecimal(credit.amount) ? 'closed' : 'open', updatedAt: now })
    .where(eq(vendorCredits.id, credit.id))
    .returning();
  if (!updated) throw notFound('Vendor credit');
  await writeAudit(tx, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: 'vendor_credit.applied',
    entityType: 'vendor_credit',
    entityId: credit.id,
    details: { creditNumber: credit.creditNumber, total: toDecimal(total), bills: applications.map((a) => ({ billId: a.billId, amount: toDecimal(a.amount) })) },
  });
  return updated;
}

/** Records a vendor's credit memo and applies it at once to the bills given, in one transaction. */
export async function createVendorCredit(db: Database, actor: VendorCreditActor, input: CreateVendorCreditInput, now: Date): Promise<VendorCreditRow> {
  if (input.amount <= 0) throw new AppError('VALIDATION', 'Amount must be more than 0', { amount: 'Amount must be more than 0' });
  try {
    return await db.transaction(async (tx) => {
      const vendor = await findVendor(tx, actor.organizationId, input.vendorId);
      if (!vendor) throw new AppError('NOT_FOUND', 'Vendor not found', { vendorId: 'Vendor not found' });
      const timeZone = await organizationTimeZone(tx, actor.organizationId);
      if (input.billId) {
        const [bill] = await tx
          .select({ id: bills.id })
          .from(bills)
          .where(and(eq(bills.organizationId, actor.organizationId), eq(bills.id, input.billId), eq(bills.vendorId, vendor.id)))
          .limit(1);
        if (!bill) throw new AppError('NOT_FOUND', 'Bill not found', { billId: 'Bill not found' });
      }
      const creditDate = toOrganizationDay(input.creditDate, timeZone);
      const [credit] = await tx
        .insert(vendorCredits)
        .values({
          organizationId: actor.organizationId,
          vendorId: vendor.id,
          creditNumber: input.creditNumber,
          creditDate,
          amount: toDecimal(input.amount),
          billId: input.billId ?? null,
          reason: input.reason ?? null,
          userId: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!credit) throw new Error('vendor credit insert returned nothing');
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'vendor_credit.created',
        entityType: 'vendor_credit',
        entityId: credit.id,
        details: { creditNumber: credit.creditNumber, vendorId: vendor.id, amount: credit.amount, creditDate },
      });
      if (input.applications.length === 0) return credit;
      return applyLocked(tx, actor, credit, input.applications, creditDate, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'vendor_credits_vendor_number_key')) throw duplicateNumber();
    throw error;
  }
}

/** POST /api/vendor-credits/{id}/apply. */
export async function applyVendorCredit(db: Database, actor: VendorCreditActor, id: string, input: ApplyVendorCreditInput, now: Date): Promise<VendorCreditRow> {
  return db.transaction(async (tx) => {
    const credit = await lockVendorCredit(tx, actor.organizationId, id);
    if (!credit) throw notFound('Vendor credit');
    const timeZone = await organizationTimeZone(tx, actor.organizationId);
    const date = input.date ? toOrganizationDay(input.date, timeZone) : await organizationToday(tx, actor.organizationId, now);
    return applyLocked(tx, actor, credit, input.applications, date, now);
  });
}

/**
 * Reverses one application while its bill has no money paid or on its way: the bill owes the
 * amount again (and is no longer paid when the credit had paid it), the credit has it back.
 */
export async function reverseVendorCreditApplication(db: Database, actor: VendorCreditActor, applicationId: string, now: Date): Promise<string> {
  if (!isUuid(applicationId)) throw notFound('Vendor credit application');
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(vendorCreditApplications)
      .where(and(eq(vendorCreditApplications.organizationId, actor.organizationId), eq(vendorCreditApplications.id, applicationId)))
      .limit(1);
    if (!found) throw notFound('Vendor credit application');
    // Credit first, then bill: the order applyLocked takes them in.
    const credit = await lockVendorCredit(tx, actor.organizationId, found.vendorCreditId);
    const bill = await lockBill(tx, actor.organizationId, found.billId);
    if (!credit || !bill) throw notFound('Vendor credit application');
    const [application] = await tx
      .select()
      .from(vendorCreditApplications)
      .where(eq(vendorCreditApplications.id, applicationId))
      .for('update');
    if (!application || application.reversedAt) throw new AppError('CONFLICT', 'This application was already reversed');
    const paid = await billMoneyPaid(tx, actor.organizationId, [bill.id]);
    if ((paid.get(bill.id) ?? 0) > 0 || bill.status === 'scheduled') {
      throw new AppError('CONFLICT', `Bill ${bill.billNumber} has a payment scheduled or made: the credit can no longer be taken off it`);
    }
    const amount = centsFromDecimal(application.amount);
    await tx.update(vendorCreditApplications).set({ reversedAt: now }).where(eq(vendorCreditApplications.id, application.id));
    await tx
      .update(bills)
      .set({
        amountCredited: toDecimal(centsFromDecimal(bill.amountCredited) - amount),
        ...(bill.status === 'paid' ? { status: 'received' as const, paidAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(bills.id, bill.id));
    await tx
      .update(vendorCredits)
      .set({ amountApplied: sql`${vendorCredits.amountApplied} - ${toDecimal(amount)}::numeric`, status: credit.status === 'void' ? 'void' : 'open', updatedAt: now })
      .where(eq(vendorCredits.id, credit.id));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bill.credit_reversed',
      entityType: 'bill',
      entityId: bill.id,
      details: { vendorCreditId: credit.id, creditNumber: credit.creditNumber, applicationId: application.id, amount: application.amount, billNumber: bill.billNumber },
    });
    return credit.id;
  });
}
