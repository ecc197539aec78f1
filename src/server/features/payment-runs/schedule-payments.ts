import { and, eq, inArray } from 'drizzle-orm';
import { isValidRoutingNumber } from '../../../shared/aba';
import {
  type SchedulePayment,
  type ScheduleResult,
  paymentRunMethodLabels,
} from '../../../shared/contracts/payment-runs';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, paymentRuns, payments, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import type { Actor } from '../bank-accounts/bank-accounts.service';
import { assertBillPayable } from '../bills/bills.service';
import { billMoneyPaid, billStillOwed } from '../bills/bill-amount-due';
import { calendarDay, organizationTimeZone, toOrganizationDay } from '../../platform/calendar';

type VendorRow = typeof vendors.$inferSelect;

/** ACH and wire need the vendor's account number and a valid routing number; a check needs neither. */
export function vendorCanReceive(
  vendor: Pick<VendorRow, 'accountNumberEncrypted' | 'routingNumber'>,
  method: SchedulePayment['method'],
): boolean {
  if (method === 'check') return true;
  return Boolean(vendor.accountNumberEncrypted) && isValidRoutingNumber(vendor.routingNumber ?? '');
}

/**
 * Schedules one payment per bill from a verified account of the organization, all in one
 * transaction: if any bill may not be paid (unapproved, rejected, paid, already scheduled, a
 * vendor without bank details) nothing is created. Each payment is the bill's open total: its
 * total less vendor credits applied less money already paid.
 */
export async function schedulePayments(
  db: Database,
  actor: Actor,
  received: SchedulePayment,
  now: Date,
): Promise<ScheduleResult> {
  const timeZone = await organizationTimeZone(db, actor.organizationId);
  const scheduledDate = toOrganizationDay(received.scheduledDate, timeZone);
  const input = { ...received, scheduledDate };
  // A date in the past means before today where the organization is.
  if (scheduledDate < calendarDay(now, timeZone)) {
    throw new AppError('VALIDATION', 'Payment date cannot be in the past', {
      scheduledDate: 'Payment date cannot be in the past',
    });
  }
  const methodLabel = paymentRunMethodLabels[input.method];

  return db.transaction(async (tx) => {
    const account = await findBankAccount(tx, {
      organizationId: actor.organizationId,
      id: input.bankAccountId,
    });
    if (!account) throw notFound('Bank account');
    if (!account.isVerified) {
      throw new AppError(
        'CONFLICT',
        `Bank account ${account.accountName} is not verified yet. Verify its micro-deposits first.`,
      );
    }
    if (
      (input.method === 'ach' && !account.achEnabled) ||
      (input.method === 'wire' && !account.wireEnabled)
    ) {
      throw new AppError(
        'CONFLICT',
        `Bank account ${account.accountName} is not enabled for ${methodLabel} payments`,
      );
    }

    // Locked in id order, so two runs over overlapping bills cannot deadlock.
    const payable = [];
    for (const billId of [...input.billIds].sort())
      payable.push(await assertBillPayable(tx, actor.organizationId, billId));

    const vendorRows = await tx
      .select()
      .from(vendors)
      .where(
        and(
          eq(vendors.organizationId, actor.organizationId),
          inArray(vendors.id, [...new Set(payable.map((bill) => bill.vendorId))]),
        ),
      );
    const vendorById = new Map(vendorRows.map((vendor) => [vendor.id, vendor]));

    const paidByBill = await billMoneyPaid(
      tx,
      actor.organizationId,
      payable.map((bill) => bill.id),
    );

    const planned = payable.map((bill) => {
      const vendor = vendorById.get(bill.vendorId);
      if (!vendor) throw notFound('Vendor');
      if (!vendorCanReceive(vendor, input.method)) {
        throw new AppError(
          'CONFLICT',
          `Vendor ${vendor.name} has no bank account details for ${methodLabel} payments. Add their account and routing numbers, or pay by check.`,
        );
      }
      // The bill's total less vendor credits applied, less money already paid (bill-amount-due.ts).
      const open = billStillOwed(bill, paidByBill);
      if (open <= 0)
        throw new AppError('CONFLICT', `Bill ${bill.billNumber} has nothing left to pay`);
      return { bill, vendor, amount: open };
    });

    const [run] = await tx
      .insert(paymentRuns)
      .values({
        organizationId: actor.organizationId,
        userId: actor.userId,
        bankAccountId: account.id,
        method: input.method,
        scheduledDate: input.scheduledDate,
        createdAt: now,
      })
      .returning();
    if (!run) throw new Error('payment run insert returned nothing');

    const inserted = await tx
      .insert(payments)
      .values(
        planned.map(({ bill, amount }) => ({
          organizationId: actor.organizationId,
          userId: actor.userId,
          type: 'bill_payment' as const,
          referenceId: bill.id,
          amount: toDecimal(amount),
          method: input.method,
          status: 'pending' as const,
          paymentRunId: run.id,
          bankAccountId: account.id,
          scheduledDate: input.scheduledDate,
          createdAt: now,
        })),
      )
      .returning();

    await tx
      .update(bills)
      .set({ status: 'scheduled', scheduledPaymentDate: input.scheduledDate, updatedAt: now })
      .where(
        inArray(
          bills.id,
          planned.map(({ bill }) => bill.id),
        ),
      );

    const total = planned.reduce((sum, { amount }) => sum + amount, 0);
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'payment_run.scheduled',
      entityType: 'payment_run',
      entityId: run.id,
      details: {
        method: input.method,
        scheduledDate: input.scheduledDate,
        bankAccountId: account.id,
        billCount: planned.length,
        totalAmount: toDecimal(total),
      },
    });
    for (const payment of inserted) {
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'bill.payment_scheduled',
        entityType: 'bill',
        entityId: payment.referenceId,
        details: {
          paymentId: payment.id,
          paymentRunId: run.id,
          amount: payment.amount,
          method: input.method,
          scheduledDate: input.scheduledDate,
        },
      });
    }

    return {
      paymentRunId: run.id,
      payments: inserted.map((payment) => ({
        id: payment.id,
        type: 'bill_payment' as const,
        referenceId: payment.referenceId,
        amount: payment.amount,
        method: input.method,
        status: payment.status,
        scheduledDate: payment.scheduledDate,
        paymentRunId: run.id,
        bankAccountId: account.id,
      })),
    };
  });
}
