import { type SQL, and, eq, gte, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { findAchReturnCode } from '../../../shared/ach-return-codes';
import type { BankSuggestion } from '../../../shared/contracts/bank-reconciliation';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankRules, bankTransactionMatches, bills, customers, invoices, organizations, paymentRuns, payments, vendors } from '../../db/schema';
import { moneyIn } from '../invoices/invoice-rules';
import {
  type BillPaymentCandidate,
  type CandidatePool,
  type CategorizeRule,
  type MatchLine,
  type OpenBill,
  type OpenInvoice,
  type RecordedInvoicePayment,
  type ReturnableInvoicePayment,
  type RunCandidate,
  type ScoredSuggestion,
  scoreLine,
} from './scoring';
import { NameIndex, numberCandidates } from './text-similarity';
import { billNetCents } from '../bills/bill-amount-due';

/** Lines scored per round of candidate queries. */
const CHUNK = 1000;
/** How far back a recorded payment or a run may lie from the line that settles it. */
const WINDOW_DAYS = 90;

const numberKeySql = (column: typeof invoices.invoiceNumber | typeof bills.billNumber) =>
  sql<string>`upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'))`;
const invoiceBalanceSql = sql`(${invoices.totalAmount} - ${invoices.amountPaid})`;
const openInvoice = (organizationId: string) =>
  and(eq(invoices.organizationId, organizationId), inArray(invoices.status, ['sent', 'overdue']));
const notMatched = (kind: 'invoice_payment' | 'bill_payment') =>
  notExists(
    sql`(select 1 from ${bankTransactionMatches} where ${bankTransactionMatches.paymentId} = ${payments.id} and ${bankTransactionMatches.kind} in (${kind}, 'payment_run'))`,
  );

/**
 * Completed customer payments of the given amounts in the window, with their invoice, and whether
 * a deposit line is already matched to them: the candidates for a recorded deposit and for a
 * bounced payment alike (`unclaimed` says which lines may not have claimed them yet).
 */
function completedInvoicePayments(db: Database, organizationId: string, amounts: string[], from: string, to: string, unclaimed: SQL) {
  return db
    .select({
      id: payments.id,
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceNumberKey: numberKeySql(invoices.invoiceNumber),
      customerId: invoices.customerId,
      amount: payments.amount,
      processedAt: payments.processedAt,
      deposited: sql<boolean>`exists (select 1 from ${bankTransactionMatches} where ${bankTransactionMatches.paymentId} = ${payments.id} and ${bankTransactionMatches.kind} = 'invoice_payment')`,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.referenceId))
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.type, 'invoice_payment'),
        eq(payments.status, 'completed'),
        inArray(payments.amount, amounts),
        gte(payments.processedAt, new Date(`${from}T00:00:00Z`)),
        lte(payments.processedAt, new Date(`${to}T23:59:59Z`)),
        unclaimed,
      ),
    )
    .limit(20_000);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function dayOf(value: Date | string | null): string {
  if (!value) return '';
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

async function nameIndexes(db: Database, organizationId: string): Promise<{ customers: NameIndex; vendors: NameIndex }> {
  const [customerRows, vendorRows] = await Promise.all([
    db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.organizationId, organizationId)),
    db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(eq(vendors.organizationId, organizationId)),
  ]);
  const customerIndex = new NameIndex();
  for (const row of customerRows) customerIndex.add(row.id, row.name);
  const vendorIndex = new NameIndex();
  for (const row of vendorRows) vendorIndex.add(row.id, row.name);
  return { customers: customerIndex, vendors: vendorIndex };
}

const invoiceColumns = {
  id: invoices.id,
  number: invoices.invoiceNumber,
  numberKey: numberKeySql(invoices.invoiceNumber),
  customerId: invoices.customerId,
  dueDate: invoices.dueDate,
  totalAmount: invoices.totalAmount,
  amountPaid: invoices.amountPaid,
};

function toOpenInvoice(row: { id: string; number: string; numberKey: string; customerId: string; dueDate: string; totalAmount: string; amountPaid: string }): OpenInvoice {
  return {
    id: row.id,
    number: row.number,
    numberKey: row.numberKey,
    customerId: row.customerId,
    dueDate: row.dueDate,
    balance: centsFromDecimal(row.totalAmount) - centsFromDecimal(row.amountPaid),
  };
}

/** The candidates of one chunk of lines, fetched by amount, by document number and by name. */
async function fetchPool(
  db: Database,
  organizationId: string,
  lines: readonly MatchLine[],
  names: { customers: NameIndex; vendors: NameIndex },
  money: (cents: Cents) => string,
): Promise<CandidatePool> {
  const pool: CandidatePool = {
    ...names,
    invoicesByBalance: new Map(),
    invoicesByNumber: new Map(),
    invoicesByCustomer: new Map(),
    recordedByAmount: new Map(),
    runsByTotal: new Map(),
    billPaymentsByAmount: new Map(),
    returnableByAmount: new Map(),
    customerReturnsByAmount: new Map(),
    openBillsByBalance: new Map(),
    rules: new Map(),
    money,
  };
  if (!lines.length) return pool;
  const deposits = lines.filter((line) => line.amount > 0);
  const debits = lines.filter((line) => line.amount < 0);
  const depositAmounts = [...new Set(deposits.map((line) => toDecimal(line.amount)))];
  const debitAmounts = [...new Set(debits.map((line) => toDecimal(-line.amount)))];
  const returnAmounts = [...new Set(lines.map((line) => toDecimal(Math.abs(line.amount))))];
  // A customer's payment comes back as a debit naming a return code.
  const bouncedAmounts = [
    ...new Set(debits.filter((line) => line.returnCode ?? findAchReturnCode([line.description, line.reference ?? '', line.counterparty ?? ''].join(' '))).map((line) => toDecimal(-line.amount))),
  ];
  const days = lines.map((line) => line.postedOn).sort();
  const from = shiftDay(days[0] ?? '1970-01-01', -WINDOW_DAYS);
  const to = shiftDay(days[days.length - 1] ?? '1970-01-01', 7);
  const keys = [...new Set(lines.flatMap((line) => numberCandidates([line.description, line.reference ?? '', line.counterparty ?? ''].join(' '))))];

  // Customers named in deposits: their open invoices feed the combinations.
  const namedCustomers = new Set<string>();
  for (const line of deposits) {
    for (const hit of names.customers.find([line.description, line.reference ?? '', line.counterparty ?? ''].join(' '), 0.8, 2)) namedCustomers.add(hit.id);
  }

  const [byBalance, byNumber, byCustomer, recorded, runs, billPayments, openBills, rules, bounced] = await Promise.all([
    depositAmounts.length
      ? db.select(invoiceColumns).from(invoices).where(and(openInvoice(organizationId), inArray(invoiceBalanceSql, depositAmounts))).limit(20_000)
      : [],
    keys.length && deposits.length
      ? db.select(invoiceColumns).from(invoices).where(and(openInvoice(organizationId), inArray(numberKeySql(invoices.invoiceNumber), keys)))
      : [],
    namedCustomers.size
      ? db
          .select(invoiceColumns)
          .from(invoices)
          .where(and(openInvoice(organizationId), inArray(invoices.customerId, [...namedCustomers])))
          .limit(20_000)
      : [],
    depositAmounts.length ? completedInvoicePayments(db, organizationId, depositAmounts, from, to, notMatched('invoice_payment')) : [],
    debitAmounts.length
      ? db
          .select({
            id: paymentRuns.id,
            scheduledDate: paymentRuns.scheduledDate,
            method: paymentRuns.method,
            total: sql<string>`sum(${payments.amount})`,
            count: sql<number>`count(*)::int`,
          })
          .from(paymentRuns)
          .innerJoin(payments, eq(payments.paymentRunId, paymentRuns.id))
          .where(
            and(
              eq(paymentRuns.organizationId, organizationId),
              gte(paymentRuns.scheduledDate, from),
              lte(paymentRuns.scheduledDate, to),
              inArray(payments.status, ['pending', 'processing', 'sent', 'completed']),
              notMatched('bill_payment'),
            ),
          )
          .groupBy(paymentRuns.id)
          .having(inArray(sql`sum(${payments.amount})`, debitAmounts))
      : [],
    returnAmounts.length
      ? db
          .select({
            id: payments.id,
            billId: bills.id,
            billNumber: bills.billNumber,
            billNumberKey: numberKeySql(bills.billNumber),
            vendorId: bills.vendorId,
            amount: payments.amount,
            status: payments.status,
            processedAt: payments.processedAt,
            scheduledDate: payments.scheduledDate,
            paymentRunId: payments.paymentRunId,
            matched: sql<boolean>`exists (select 1 from ${bankTransactionMatches} where ${bankTransactionMatches.paymentId} = ${payments.id} and ${bankTransactionMatches.kind} in ('bill_payment', 'payment_run'))`,
            returned: sql<boolean>`exists (select 1 from ${bankTransactionMatches} where ${bankTransactionMatches.paymentId} = ${payments.id} and ${bankTransactionMatches.kind} = 'ach_return')`,
          })
          .from(payments)
          .innerJoin(bills, eq(bills.id, payments.referenceId))
          .where(
            and(
              eq(payments.organizationId, organizationId),
              eq(payments.type, 'bill_payment'),
              inArray(payments.status, ['pending', 'processing', 'sent', 'completed']),
              inArray(payments.amount, returnAmounts),
              sql`coalesce(${payments.processedAt}::date, ${payments.scheduledDate}) between ${from}::date and ${to}::date`,
            ),
          )
      : [],
    debitAmounts.length
      ? db
          .select({
            id: bills.id,
            number: bills.billNumber,
            numberKey: numberKeySql(bills.billNumber),
            vendorId: bills.vendorId,
            dueDate: bills.dueDate,
            totalAmount: bills.totalAmount,
            amountCredited: bills.amountCredited,
            prepaidAmount: bills.prepaidAmount,
          })
          .from(bills)
          .where(
            and(
              eq(bills.organizationId, organizationId),
              inArray(bills.status, ['received', 'overdue']),
              // What the bill costs to pay: its total less vendor credits applied (bill-amount-due.ts).
              inArray(sql`(${bills.totalAmount} - ${bills.amountCredited} - ${bills.prepaidAmount})`, debitAmounts),
              notExists(
                sql`(select 1 from ${payments} where ${payments.referenceId} = ${bills.id} and ${payments.type} = 'bill_payment' and ${payments.status} <> 'failed')`,
              ),
            ),
          )
          .limit(20_000)
      : [],
    lines.some((line) => line.ruleId)
      ? db
          .select()
          .from(bankRules)
          .where(and(eq(bankRules.organizationId, organizationId), eq(bankRules.action, 'categorize'), isNotNull(bankRules.vendorId), inArray(bankRules.id, [...new Set(lines.flatMap((line) => (line.ruleId ? [line.ruleId] : [])))])))
      : [],
    bouncedAmounts.length
      ? completedInvoicePayments(
          db,
          organizationId,
          bouncedAmounts,
          from,
          to,
          notExists(sql`(select 1 from ${bankTransactionMatches} where ${bankTransactionMatches.paymentId} = ${payments.id} and ${bankTransactionMatches.kind} = 'ach_return')`),
        )
      : [],
  ]);

  for (const row of byBalance) {
    const invoice = toOpenInvoice(row);
    push(pool.invoicesByBalance, invoice.balance, invoice);
  }
  for (const row of byNumber) pool.invoicesByNumber.set(row.numberKey, toOpenInvoice(row));
  for (const row of byCustomer) push(pool.invoicesByCustomer, row.customerId, toOpenInvoice(row));
  for (const row of recorded) {
    const payment: RecordedInvoicePayment = {
      id: row.id,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      invoiceNumberKey: row.invoiceNumberKey,
      customerId: row.customerId,
      amount: centsFromDecimal(row.amount),
      day: dayOf(row.processedAt),
    };
    push(pool.recordedByAmount, payment.amount, payment);
  }
  for (const row of bounced) {
    const payment: ReturnableInvoicePayment = {
      id: row.id,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      invoiceNumberKey: row.invoiceNumberKey,
      customerId: row.customerId,
      amount: centsFromDecimal(row.amount),
      day: dayOf(row.processedAt),
      deposited: Boolean(row.deposited),
    };
    push(pool.customerReturnsByAmount, payment.amount, payment);
  }
  for (const row of runs) {
    const run: RunCandidate = { id: row.id, total: centsFromDecimal(row.total), count: Number(row.count), scheduledDate: dayOf(row.scheduledDate), method: row.method };
    push(pool.runsByTotal, run.total, run);
  }
  for (const row of billPayments) {
    const candidate: BillPaymentCandidate = {
      id: row.id,
      billId: row.billId,
      billNumber: row.billNumber,
      billNumberKey: row.billNumberKey,
      vendorId: row.vendorId,
      amount: centsFromDecimal(row.amount),
      status: row.status === 'failed' ? 'completed' : row.status,
      day: row.processedAt ? dayOf(row.processedAt) : dayOf(row.scheduledDate),
      paymentRunId: row.paymentRunId,
    };
    if (row.returned) continue;
    // A payment is returned after the bank took it: completed, or settled by a matched line.
    if (row.status === 'completed' || row.matched) push(pool.returnableByAmount, candidate.amount, candidate);
    if (!row.matched) push(pool.billPaymentsByAmount, candidate.amount, candidate);
  }
  for (const row of openBills) {
    const bill: OpenBill = { id: row.id, number: row.number, numberKey: row.numberKey, vendorId: row.vendorId, dueDate: dayOf(row.dueDate), balance: billNetCents(row) };
    push(pool.openBillsByBalance, bill.balance, bill);
  }
  // Lists are cut to their first candidates when scored: order them the same on every database.
  const byDayThenId = (a: { id: string; day?: string; dueDate?: string }, b: { id: string; day?: string; dueDate?: string }) =>
    (a.dueDate ?? a.day ?? '').localeCompare(b.dueDate ?? b.day ?? '') || a.id.localeCompare(b.id);
  for (const map of [pool.invoicesByBalance, pool.invoicesByCustomer, pool.recordedByAmount, pool.billPaymentsByAmount, pool.returnableByAmount, pool.customerReturnsByAmount, pool.openBillsByBalance]) {
    for (const list of map.values()) list.sort(byDayThenId);
  }
  for (const list of pool.runsByTotal.values()) list.sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate) || a.id.localeCompare(b.id));
  for (const rule of rules) {
    if (!rule.vendorId || !rule.category) continue;
    const categorize: CategorizeRule = { id: rule.id, name: rule.name, vendorId: rule.vendorId, category: rule.category };
    pool.rules.set(rule.id, categorize);
  }
  return pool;
}

export function toSuggestionDto(suggestion: ScoredSuggestion): BankSuggestion {
  return {
    key: suggestion.key,
    kind: suggestion.kind,
    confidence: suggestion.confidence,
    reason: suggestion.reason,
    action: suggestion.action,
    targets: suggestion.targets.map((target) => ({ ...target, amount: toDecimal(target.amount) })),
  };
}

/**
 * Ranked suggestions for many lines at once (the suggestions endpoint, rules after an import, the
 * benchmark): candidates are fetched in SQL per chunk of lines by amount, document number and
 * named customer, then scored in TypeScript. Returns line id -> suggestions, best first.
 */
export async function suggestFor(
  db: Database,
  organizationId: string,
  lines: readonly MatchLine[],
): Promise<Map<string, ScoredSuggestion[]>> {
  const result = new Map<string, ScoredSuggestion[]>();
  if (!lines.length) return result;
  const [organization] = await db.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, organizationId));
  const currency = organization?.currency ?? 'USD';
  // Reasons name the same few amounts many times over: format each once.
  const formatted = new Map<Cents, string>();
  const money = (cents: Cents) => {
    let text = formatted.get(cents);
    if (text === undefined) formatted.set(cents, (text = moneyIn(currency, cents)));
    return text;
  };
  const names = await nameIndexes(db, organizationId);
  for (let start = 0; start < lines.length; start += CHUNK) {
    const chunk = lines.slice(start, start + CHUNK);
    const pool = await fetchPool(db, organizationId, chunk, names, money);
    for (const line of chunk) result.set(line.id, scoreLine(line, pool));
  }
  return result;
}
