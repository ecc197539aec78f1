import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { BankTransaction, CreateFromBankTransaction } from '../../../shared/contracts/bank-reconciliation';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { bankRules, bankTransactionMatches, bankTransactions, billItems, bills, payments, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { middayOf, organizationTimeZone } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../invoices/invoice-rules';
import { recordInvoicePaymentIn } from '../invoices/record-invoice-payment';
import { type LineRow, findLine, lockLine, toLineDto } from './bank-lines';
import { billNetCents } from '../bills/bill-amount-due';

export type CreateChoice = CreateFromBankTransaction | { kind: 'rule_expense'; ruleId: string };

function transactionId(): string {
  return `BANK-${randomBytes(8).toString('hex').toUpperCase()}`;
}

function requireDebit(line: LineRow): Cents {
  const amount = centsFromDecimal(line.amount);
  if (amount >= 0) throw new AppError('VALIDATION', 'Only money paid out (a debit) can pay a bill or an expense');
  return -amount;
}

async function payBill(tx: Database, actor: Actor, line: LineRow, billId: string, amount: Cents, at: Date, now: Date): Promise<string> {
  if (!isUuid(billId)) throw notFound('Bill');
  const [bill] = await tx.select().from(bills).where(and(eq(bills.organizationId, actor.organizationId), eq(bills.id, billId))).for('update');
  if (!bill) throw notFound('Bill');
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.organizationId, actor.organizationId), eq(payments.type, 'bill_payment'), eq(payments.referenceId, bill.id), ne(payments.status, 'failed')));
  // What the bill costs to pay: its total less vendor credits applied (bill-amount-due.ts).
  const total = billNetCents(bill);
  const paidBefore = centsFromDecimal(paid?.total ?? '0');
  if (bill.status === 'paid' || paidBefore >= total) throw new AppError('VALIDATION', `Bill ${bill.billNumber} is already paid`);
  if (amount > total - paidBefore) {
    throw new AppError('VALIDATION', `The line is more than what bill ${bill.billNumber} still owes (${toDecimal(total - paidBefore)})`, { amount: 'More than the bill owes' });
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      organizationId: actor.organizationId,
      userId: actor.userId,
      type: 'bill_payment',
      referenceId: bill.id,
      amount: toDecimal(amount),
      method: 'ach',
      status: 'completed',
      reference: (line.reference ?? line.description).slice(0, 200) || null,
      transactionId: transactionId(),
      bankAccountId: line.bankAccountId,
      processedAt: at,
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  const fullyPaid = paidBefore + amount === total;
  if (fullyPaid) await tx.update(bills).set({ status: 'paid', paidAt: at, updatedAt: now }).where(eq(bills.id, bill.id));
  await writeAudit(tx, {
    ...actor,
    action: 'payment.completed',
    entityType: 'payment',
    entityId: payment.id,
    details: { amount: payment.amount, method: 'ach', billId: bill.id, bankTransactionId: line.id },
  });
  if (fullyPaid) await writeAudit(tx, { ...actor, action: 'bill.paid', entityType: 'bill', entityId: bill.id, details: { paymentId: payment.id, amount: payment.amount } });
  await tx.insert(bankTransactionMatches).values({
    organizationId: actor.organizationId,
    bankTransactionId: line.id,
    kind: 'bill_payment',
    paymentId: payment.id,
    billId: bill.id,
    amount: payment.amount,
    createdPayment: true,
  });
  return bill.id;
}

/** An expense: a bill to the vendor in the category, paid on the line's day by the line itself. */
async function createExpense(tx: Database, actor: Actor, line: LineRow, choice: { vendorId: string; category: string; memo?: string | undefined }, at: Date, now: Date): Promise<string> {
  const amount = requireDebit(line);
  if (!isUuid(choice.vendorId)) throw notFound('Vendor');
  const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.organizationId, actor.organizationId), eq(vendors.id, choice.vendorId)));
  if (!vendor) throw notFound('Vendor');
  const [bill] = await tx
    .insert(bills)
    .values({
      organizationId: actor.organizationId,
      userId: actor.userId,
      vendorId: vendor.id,
      billNumber: `BANK-${line.postedOn.replace(/-/g, '')}-${line.id.slice(0, 8).toUpperCase()}`,
      status: 'received',
      billDate: line.postedOn,
      dueDate: line.postedOn,
      subtotal: toDecimal(amount),
      totalAmount: toDecimal(amount),
      category: choice.category,
      notes: choice.memo ?? line.description.slice(0, 500),
    })
    .returning();
  if (!bill) throw new Error('bill insert returned nothing');
  await tx.insert(billItems).values({ billId: bill.id, position: 0, description: (choice.memo ?? (line.description || choice.category)).slice(0, 500), quantity: '1', unitPrice: toDecimal(amount), totalPrice: toDecimal(amount) });
  await writeAudit(tx, { ...actor, action: 'bill.created', entityType: 'bill', entityId: bill.id, details: { total: toDecimal(amount), category: choice.category, bankTransactionId: line.id } });
  return payBill(tx, actor, line, bill.id, amount, at, now);
}

/**
 * Records something new from a line inside the caller's transaction: a customer payment on an
 * invoice (through recordInvoicePaymentIn), a completed bill payment, or an expense; the line is
 * marked with its resolution and an audit row.
 */
export async function createFromLineIn(tx: Database, actor: Actor, line: LineRow, choice: CreateChoice, now: Date): Promise<void> {
  if (line.status !== 'unmatched') throw new AppError('CONFLICT', 'This line is already matched or excluded; undo that first');
  const at = middayOf(line.postedOn, await organizationTimeZone(tx, actor.organizationId));
  let resolution: 'created_invoice_payment' | 'created_bill_payment' | 'created_expense';
  let ruleId = line.ruleId;
  const details: Record<string, unknown> = {};
  if (choice.kind === 'invoice_payment') {
    const amount = centsFromDecimal(line.amount);
    if (amount <= 0) throw new AppError('VALIDATION', 'Only a deposit can be a customer payment');
    if (!isUuid(choice.invoiceId)) throw notFound('Invoice');
    const reference = (line.reference ?? line.description).slice(0, 200) || null;
    const { row } = await recordInvoicePaymentIn(tx, actor, choice.invoiceId, { amount, paidAt: line.postedOn, method: 'ach', reference }, now);
    await tx.insert(bankTransactionMatches).values({
      organizationId: actor.organizationId,
      bankTransactionId: line.id,
      kind: 'invoice_payment',
      paymentId: row.id,
      invoiceId: choice.invoiceId,
      amount: row.amount,
      createdPayment: true,
    });
    resolution = 'created_invoice_payment';
    details.invoiceId = choice.invoiceId;
  } else if (choice.kind === 'bill_payment') {
    details.billId = await payBill(tx, actor, line, choice.billId, requireDebit(line), at, now);
    resolution = 'created_bill_payment';
  } else if (choice.kind === 'expense') {
    details.billId = await createExpense(tx, actor, line, choice, at, now);
    details.category = choice.category;
    resolution = 'created_expense';
  } else {
    if (!isUuid(choice.ruleId)) throw notFound('Rule');
    const [rule] = await tx.select().from(bankRules).where(and(eq(bankRules.organizationId, actor.organizationId), eq(bankRules.id, choice.ruleId)));
    if (!rule || !rule.vendorId || !rule.category) throw notFound('Rule');
    details.billId = await createExpense(tx, actor, line, { vendorId: rule.vendorId, category: rule.category }, at, now);
    details.category = rule.category;
    ruleId = rule.id;
    resolution = 'created_expense';
  }
  await tx
    .update(bankTransactions)
    .set({ status: 'matched', resolution, matchedBy: actor.userId, matchedAt: now, ruleId, updatedAt: now })
    .where(eq(bankTransactions.id, line.id));
  await writeAudit(tx, {
    ...actor,
    action: 'bank_transaction.matched',
    entityType: 'bank_transaction',
    entityId: line.id,
    details: { amount: line.amount, resolution, ...details, ...(ruleId ? { ruleId } : {}) },
  });
}

/** POST /api/bank-transactions/{id}/create */
export async function createFromBankTransaction(deps: Pick<AppDeps, 'db' | 'now'>, actor: Actor, lineId: string, input: CreateFromBankTransaction): Promise<BankTransaction> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const line = await lockLine(tx, actor.organizationId, lineId);
    await createFromLineIn(tx, actor, line, input, now);
  });
  return toLineDto(deps.db, await findLine(deps.db, actor.organizationId, lineId));
}

/** POST /api/bank-transactions/{id}/exclude: a transfer between own accounts, or not for the books. */
export async function excludeBankTransaction(deps: Pick<AppDeps, 'db' | 'now'>, actor: Actor, lineId: string, as: 'transfer' | 'excluded'): Promise<BankTransaction> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const line = await lockLine(tx, actor.organizationId, lineId);
    if (line.status !== 'unmatched') throw new AppError('CONFLICT', 'This line is already matched or excluded; undo that first');
    await tx
      .update(bankTransactions)
      .set({ status: 'excluded', resolution: as, matchedBy: actor.userId, matchedAt: now, updatedAt: now })
      .where(eq(bankTransactions.id, line.id));
    await writeAudit(tx, { ...actor, action: 'bank_transaction.excluded', entityType: 'bank_transaction', entityId: line.id, details: { as, amount: line.amount } });
  });
  return toLineDto(deps.db, await findLine(deps.db, actor.organizationId, lineId));
}
