import { and, asc, eq, inArray } from 'drizzle-orm';
import { achReturnReason, findAchReturnCode } from '../../../shared/ach-return-codes';
import type { BankTransaction, BankTransactionResolution, MatchBankTransaction } from '../../../shared/contracts/bank-reconciliation';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Role } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { bankTransactionMatches, bankTransactions, bills, paymentRuns, payments } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { writeAudit } from '../../platform/audit';
import { middayOf, organizationTimeZone } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../invoices/invoice-rules';
import { failInvoicePaymentIn, recordInvoicePaymentIn } from '../invoices/record-invoice-payment';
import { lockInvoice } from '../invoices/invoices.queries';
import { completeBillPayment } from '../payment-runs/scheduler';
import { type LineRow, lockLine, toLineDto } from './bank-lines';
import { createFromLineIn } from './create-from-transaction';
import { assertPaymentUnlocked } from './locks';
import { type ReturnNotice, sendReturnNotices } from './return-notices';

/** What a line is matched to: a suggestion's key decodes to exactly one of these. */
export type MatchTargets =
  | { kind: 'invoices'; invoices: Array<{ invoiceId: string; amount: Cents }>; keepExcessAsCredit?: boolean }
  | { kind: 'payments'; paymentIds: string[] }
  | { kind: 'run'; paymentRunId: string }
  | { kind: 'return'; paymentId: string }
  | { kind: 'bill'; billId: string }
  | { kind: 'expense'; ruleId: string };

const badKey = () => new AppError('VALIDATION', 'This suggestion is no longer valid: reload the suggestions', { suggestionKey: 'Unknown suggestion' });

/**
 * A suggestion key names its targets ("inv:<id>=<cents>;...", "pay:<id>", "run:<id>",
 * "ret:<id>", "bill:<id>", "exp:<ruleId>"), so accepting it goes through the same checks as
 * explicit targets: nothing in the key is trusted beyond the ids it names.
 */
export function decodeSuggestionKey(key: string): MatchTargets {
  const [prefix, rest = ''] = key.split(':', 2);
  const ids = rest.split(';').filter(Boolean);
  if (!ids.length) throw badKey();
  switch (prefix) {
    case 'inv':
      return {
        kind: 'invoices',
        invoices: ids.map((part) => {
          const [invoiceId = '', cents = ''] = part.split('=');
          const amount = Number(cents);
          if (!Number.isSafeInteger(amount) || amount <= 0) throw badKey();
          return { invoiceId, amount };
        }),
      };
    case 'pay':
      return { kind: 'payments', paymentIds: ids };
    case 'run':
      return { kind: 'run', paymentRunId: ids[0] ?? '' };
    case 'ret':
      return { kind: 'return', paymentId: ids[0] ?? '' };
    case 'bill':
      return { kind: 'bill', billId: ids[0] ?? '' };
    case 'exp':
      return { kind: 'expense', ruleId: ids[0] ?? '' };
    default:
      throw badKey();
  }
}

export function targetsOf(input: MatchBankTransaction): MatchTargets {
  if (input.suggestionKey) {
    const decoded = decodeSuggestionKey(input.suggestionKey);
    return decoded.kind === 'invoices' && input.keepExcessAsCredit ? { ...decoded, keepExcessAsCredit: true } : decoded;
  }
  if (input.invoices?.length) {
    return { kind: 'invoices', invoices: input.invoices.map((part) => ({ invoiceId: part.invoiceId, amount: part.amount })), keepExcessAsCredit: input.keepExcessAsCredit === true };
  }
  if (input.paymentIds?.length) return { kind: 'payments', paymentIds: input.paymentIds };
  if (input.paymentRunId) return { kind: 'run', paymentRunId: input.paymentRunId };
  if (input.returnPaymentId) return { kind: 'return', paymentId: input.returnPaymentId };
  throw new AppError('VALIDATION', 'Choose what this line matches');
}

function requireUnmatched(line: LineRow): void {
  if (line.status !== 'unmatched') throw new AppError('CONFLICT', 'This line is already matched or excluded; undo that first');
}

function requireSum(line: LineRow, parts: readonly Cents[]): void {
  const total = parts.reduce((sum, part) => sum + part, 0);
  const wanted = Math.abs(centsFromDecimal(line.amount));
  if (total !== wanted) {
    throw new AppError('VALIDATION', `The matched amounts (${toDecimal(total)}) must equal the line's amount (${toDecimal(wanted)})`, {
      amount: 'The matched amounts must equal the line amount',
    });
  }
}

const alreadyMatched = () => new AppError('CONFLICT', 'A payment chosen is already matched to another bank line');

type PaymentRow = typeof payments.$inferSelect;

async function lockPayments(tx: Database, organizationId: string, where: ReturnType<typeof and>): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), where))
    .orderBy(asc(payments.id))
    .for('update');
}

async function matchedPaymentIds(tx: Database, paymentIds: readonly string[], kinds: Array<'invoice_payment' | 'bill_payment' | 'payment_run' | 'ach_return'>): Promise<Set<string>> {
  if (!paymentIds.length) return new Set();
  const rows = await tx
    .select({ paymentId: bankTransactionMatches.paymentId })
    .from(bankTransactionMatches)
    .where(and(inArray(bankTransactionMatches.paymentId, [...paymentIds]), inArray(bankTransactionMatches.kind, kinds)));
  return new Set(rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])));
}

interface Applied {
  resolution: BankTransactionResolution;
  details: Record<string, unknown>;
  notices: ReturnNotice[];
}

/**
 * A deposit larger than the invoices it pays, kept as credit: every invoice is of one customer and
 * gets its whole balance (checked with the invoices locked in id order); the excess rides on the
 * last invoice's payment row (the whole sum received), which recordInvoicePaymentIn turns into the
 * customer's overpayment credit. Returns the excess.
 */
async function excessForCredit(tx: Database, actor: Actor, line: LineRow, sorted: Array<{ invoiceId: string; amount: Cents }>): Promise<Cents> {
  const total = sorted.reduce((sum, part) => sum + part.amount, 0);
  const excess = centsFromDecimal(line.amount) - total;
  if (excess <= 0) return 0;
  const customerIds = new Set<string>();
  for (const part of sorted) {
    if (!isUuid(part.invoiceId)) throw notFound('Invoice');
    const invoice = await lockInvoice(tx, actor.organizationId, part.invoiceId);
    if (!invoice) throw notFound('Invoice');
    customerIds.add(invoice.customerId);
    if (part.amount !== centsFromDecimal(invoice.totalAmount) - centsFromDecimal(invoice.amountPaid)) {
      throw new AppError('VALIDATION', `To keep the rest as credit, pay the whole balance of ${invoice.invoiceNumber}`, { amount: 'Pay each invoice in full to keep the rest as credit' });
    }
  }
  if (customerIds.size !== 1) throw new AppError('VALIDATION', 'The rest of a deposit can be kept as credit only when its invoices are of one customer');
  return excess;
}

async function applyInvoices(
  tx: Database,
  actor: Actor,
  line: LineRow,
  parts: Array<{ invoiceId: string; amount: Cents }>,
  now: Date,
  keepExcessAsCredit = false,
): Promise<Applied> {
  if (centsFromDecimal(line.amount) <= 0) throw new AppError('VALIDATION', 'Only a deposit can pay invoices');
  if (new Set(parts.map((part) => part.invoiceId)).size !== parts.length) throw new AppError('VALIDATION', 'An invoice is named twice');
  // Invoices are locked in id order, so two lines paying overlapping invoices cannot deadlock.
  const sorted = [...parts].sort((a, b) => a.invoiceId.localeCompare(b.invoiceId));
  const excess = keepExcessAsCredit ? await excessForCredit(tx, actor, line, sorted) : 0;
  requireSum(line, [...parts.map((part) => part.amount), excess]);
  const reference = (line.reference ?? line.description).slice(0, 200) || null;
  for (const [index, given] of sorted.entries()) {
    if (!isUuid(given.invoiceId)) throw notFound('Invoice');
    const last = index === sorted.length - 1;
    const part = last ? { ...given, amount: given.amount + excess } : given;
    const { row } = await recordInvoicePaymentIn(
      tx,
      actor,
      part.invoiceId,
      { amount: part.amount, paidAt: line.postedOn, method: 'ach', reference, keepExcessAsCredit: last && excess > 0 },
      now,
    );
    await tx.insert(bankTransactionMatches).values({
      organizationId: actor.organizationId,
      bankTransactionId: line.id,
      kind: 'invoice_payment',
      paymentId: row.id,
      invoiceId: part.invoiceId,
      amount: toDecimal(part.amount),
      createdPayment: true,
    });
  }
  return {
    resolution: 'matched',
    details: { invoices: parts.map((part) => ({ invoiceId: part.invoiceId, amount: toDecimal(part.amount) })), ...(excess > 0 ? { keptAsCredit: toDecimal(excess) } : {}) },
    notices: [],
  };
}

async function applyPayments(tx: Database, actor: Actor, line: LineRow, paymentIds: string[], at: Date): Promise<Applied> {
  const ids = [...new Set(paymentIds)];
  if (!ids.every(isUuid)) throw notFound('Payment');
  const rows = await lockPayments(tx, actor.organizationId, inArray(payments.id, ids));
  if (rows.length !== ids.length) throw notFound('Payment');
  const deposit = centsFromDecimal(line.amount) > 0;
  const type = deposit ? 'invoice_payment' : 'bill_payment';
  if (rows.some((row) => row.type !== type)) {
    throw new AppError('VALIDATION', deposit ? 'A deposit matches payments received' : 'A debit matches bill payments');
  }
  if (rows.some((row) => row.status === 'failed' || (deposit && row.status !== 'completed'))) {
    throw new AppError('VALIDATION', 'A failed or unfinished payment cannot be matched');
  }
  requireSum(line, rows.map((row) => centsFromDecimal(row.amount)));
  if ((await matchedPaymentIds(tx, ids, ['invoice_payment', 'bill_payment', 'payment_run'])).size) throw alreadyMatched();
  for (const row of rows) {
    const settles = row.status !== 'completed';
    if (settles) await completeBillPayment(tx, row, row.referenceId, at, actor.userId);
    await tx.insert(bankTransactionMatches).values({
      organizationId: actor.organizationId,
      bankTransactionId: line.id,
      kind: type,
      paymentId: row.id,
      invoiceId: deposit ? row.referenceId : null,
      billId: deposit ? null : row.referenceId,
      amount: row.amount,
      createdPayment: settles,
    });
  }
  return { resolution: 'matched', details: { paymentIds: ids }, notices: [] };
}

async function applyRun(tx: Database, actor: Actor, line: LineRow, runId: string, at: Date): Promise<Applied> {
  if (centsFromDecimal(line.amount) >= 0) throw new AppError('VALIDATION', 'A payment run settles as a debit');
  if (!isUuid(runId)) throw notFound('Payment run');
  const [run] = await tx
    .select()
    .from(paymentRuns)
    .where(and(eq(paymentRuns.organizationId, actor.organizationId), eq(paymentRuns.id, runId)));
  if (!run) throw notFound('Payment run');
  const rows = (await lockPayments(tx, actor.organizationId, eq(payments.paymentRunId, run.id))).filter((row) => row.status !== 'failed');
  if (!rows.length) throw new AppError('VALIDATION', 'This payment run has no payments left to settle');
  requireSum(line, rows.map((row) => centsFromDecimal(row.amount)));
  if ((await matchedPaymentIds(tx, rows.map((row) => row.id), ['bill_payment', 'payment_run'])).size) throw alreadyMatched();
  let completed = 0;
  for (const row of rows) {
    const settles = row.status !== 'completed';
    if (settles) {
      await completeBillPayment(tx, row, row.referenceId, at, actor.userId);
      completed += 1;
    }
    await tx.insert(bankTransactionMatches).values({
      organizationId: actor.organizationId,
      bankTransactionId: line.id,
      kind: 'payment_run',
      paymentId: row.id,
      paymentRunId: run.id,
      billId: row.referenceId,
      amount: row.amount,
      createdPayment: settles,
    });
  }
  return { resolution: 'payment_run', details: { paymentRunId: run.id, payments: rows.length, completed }, notices: [] };
}

/** Who matches: the role decides whether a payment in a reconciled period may change (locks.ts). */
type MatchActor = Actor & { role?: Role | null };

async function applyReturn(tx: Database, actor: MatchActor, line: LineRow, paymentId: string, now: Date): Promise<Applied> {
  const code = line.returnCode ?? findAchReturnCode([line.description, line.reference ?? ''].join(' '));
  if (!code) throw new AppError('VALIDATION', 'This line names no ACH return code');
  if (!isUuid(paymentId)) throw notFound('Payment');
  const [received] = await tx
    .select({ type: payments.type })
    .from(payments)
    .where(and(eq(payments.organizationId, actor.organizationId), eq(payments.id, paymentId)));
  if (!received) throw notFound('Payment');
  if (received.type === 'invoice_payment') return applyCustomerReturn(tx, actor, line, paymentId, code, now);
  const [payment] = await lockPayments(tx, actor.organizationId, and(eq(payments.id, paymentId), eq(payments.type, 'bill_payment')));
  if (!payment) throw notFound('Payment');
  if (payment.status === 'failed') throw new AppError('CONFLICT', 'This payment has already failed');
  await assertPaymentUnlocked(tx, { organizationId: actor.organizationId, userId: actor.userId, role: actor.role ?? null }, payment.id, 'fail');
  requireSum(line, [centsFromDecimal(payment.amount)]);
  if ((await matchedPaymentIds(tx, [payment.id], ['ach_return'])).size) throw new AppError('CONFLICT', 'This payment is already returned');
  const failureReason = achReturnReason(code);
  const [bill] = await tx.select().from(bills).where(and(eq(bills.organizationId, actor.organizationId), eq(bills.id, payment.referenceId))).for('update');
  await tx.update(payments).set({ status: 'failed', failureReason }).where(eq(payments.id, payment.id));
  await writeAudit(tx, {
    ...actor,
    action: 'payment.failed',
    entityType: 'payment',
    entityId: payment.id,
    details: { failureReason, returnCode: code, billId: payment.referenceId, bankTransactionId: line.id, previousStatus: payment.status },
  });
  if (bill && (bill.status === 'paid' || bill.status === 'scheduled')) {
    // Open again: the money came back, so nothing of it counts as paid.
    await tx.update(bills).set({ status: 'received', paidAt: null, scheduledPaymentDate: null, updatedAt: now }).where(eq(bills.id, bill.id));
    await writeAudit(tx, { ...actor, action: 'bill.reopened', entityType: 'bill', entityId: bill.id, details: { from: bill.status, to: 'received', reason: failureReason, paymentId: payment.id } });
  }
  await tx.insert(bankTransactionMatches).values({
    organizationId: actor.organizationId,
    bankTransactionId: line.id,
    kind: 'ach_return',
    paymentId: payment.id,
    paymentRunId: payment.paymentRunId,
    billId: payment.referenceId,
    amount: payment.amount,
    // Undo puts the payment back to this status.
    createdPayment: false,
  });
  const notices: ReturnNotice[] = bill ? [{ organizationId: actor.organizationId, billId: bill.id, paymentId: payment.id, failureReason }] : [];
  return { resolution: 'ach_return', details: { paymentId: payment.id, returnCode: code, failureReason, billReopened: Boolean(bill) }, notices };
}

/**
 * A customer's payment that came back (a debit naming a return code): the payment fails with the
 * code's reason and its amount comes off the invoice, which reopens (failInvoicePaymentIn). No
 * mail: the return notices are about bills and their approvers.
 */
async function applyCustomerReturn(tx: Database, actor: MatchActor, line: LineRow, paymentId: string, code: string, now: Date): Promise<Applied> {
  if (centsFromDecimal(line.amount) >= 0) throw new AppError('VALIDATION', 'A returned customer payment leaves the account as a debit');
  await assertPaymentUnlocked(tx, { organizationId: actor.organizationId, userId: actor.userId, role: actor.role ?? null }, paymentId, 'fail');
  const [payment] = await tx.select().from(payments).where(and(eq(payments.organizationId, actor.organizationId), eq(payments.id, paymentId)));
  if (!payment) throw notFound('Payment');
  if (payment.status === 'failed') throw new AppError('CONFLICT', 'This payment has already failed');
  requireSum(line, [centsFromDecimal(payment.amount)]);
  if ((await matchedPaymentIds(tx, [payment.id], ['ach_return'])).size) throw new AppError('CONFLICT', 'This payment is already returned');
  const failureReason = achReturnReason(code);
  const { organizationId, userId } = actor;
  const failed = await failInvoicePaymentIn(tx, { organizationId, userId }, payment.id, failureReason, now, { returnCode: code, bankTransactionId: line.id });
  await tx.insert(bankTransactionMatches).values({
    organizationId,
    bankTransactionId: line.id,
    kind: 'ach_return',
    paymentId: payment.id,
    invoiceId: failed.invoiceId,
    amount: payment.amount,
    createdPayment: false,
  });
  return {
    resolution: 'ach_return',
    details: { paymentId: payment.id, returnCode: code, failureReason, invoiceId: failed.invoiceId, invoiceReopened: failed.reopened },
    notices: [],
  };
}

export interface MatchOutcome {
  notices: ReturnNotice[];
}

/**
 * Matches a line inside the caller's transaction (the match endpoint, or an auto-match rule
 * during an import): the line is locked first and must be unmatched, then the invoices or
 * payments in id order; payments are recorded through recordInvoicePaymentIn, run payments
 * settled through the scheduler's completeBillPayment, and the line is marked with an audit row.
 */
export async function matchLineIn(
  tx: Database,
  actor: MatchActor,
  lineId: string,
  targets: MatchTargets,
  now: Date,
  options: { ruleId?: string | null; suggestionKey?: string | null } = {},
): Promise<MatchOutcome> {
  const line = await lockLine(tx, actor.organizationId, lineId);
  requireUnmatched(line);
  if (targets.kind === 'bill' || targets.kind === 'expense') {
    await createFromLineIn(tx, actor, line, targets.kind === 'bill' ? { kind: 'bill_payment', billId: targets.billId } : { kind: 'rule_expense', ruleId: targets.ruleId }, now);
    return { notices: [] };
  }
  const at = middayOf(line.postedOn, await organizationTimeZone(tx, actor.organizationId));
  const applied =
    targets.kind === 'invoices'
      ? await applyInvoices(tx, actor, line, targets.invoices, now, targets.keepExcessAsCredit)
      : targets.kind === 'payments'
        ? await applyPayments(tx, actor, line, targets.paymentIds, at)
        : targets.kind === 'run'
          ? await applyRun(tx, actor, line, targets.paymentRunId, at)
          : await applyReturn(tx, actor, line, targets.paymentId, now);
  await tx
    .update(bankTransactions)
    .set({ status: 'matched', resolution: applied.resolution, matchedBy: actor.userId, matchedAt: now, ruleId: options.ruleId ?? line.ruleId, updatedAt: now })
    .where(eq(bankTransactions.id, line.id));
  await writeAudit(tx, {
    ...actor,
    action: 'bank_transaction.matched',
    entityType: 'bank_transaction',
    entityId: line.id,
    details: { amount: line.amount, resolution: applied.resolution, ...applied.details, ...(options.suggestionKey ? { suggestionKey: options.suggestionKey } : {}), ...(options.ruleId ? { ruleId: options.ruleId } : {}) },
  });
  return { notices: applied.notices };
}

/** POST /api/bank-transactions/{id}/match */
export async function matchBankTransaction(
  deps: Pick<AppDeps, 'db' | 'mail' | 'now'>,
  actor: MatchActor,
  lineId: string,
  input: MatchBankTransaction,
): Promise<BankTransaction> {
  const now = deps.now();
  const targets = targetsOf(input);
  const outcome = await deps.db.transaction((tx) => matchLineIn(tx, actor, lineId, targets, now, { suggestionKey: input.suggestionKey ?? null }));
  await sendReturnNotices(deps, outcome.notices);
  const [line] = await deps.db.select().from(bankTransactions).where(eq(bankTransactions.id, lineId));
  if (!line) throw notFound('Bank transaction');
  return toLineDto(deps.db, line);
}
