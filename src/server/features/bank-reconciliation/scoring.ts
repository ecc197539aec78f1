import { findAchReturnCode } from '../../../shared/ach-return-codes';
import type { BankMatchKind } from '../../../shared/contracts/bank-reconciliation';
import type { Cents } from '../../../shared/money';
import { type NameIndex, numberCandidates } from './text-similarity';

/**
 * Scoring of a bank line against candidates already fetched from the database (suggestions.ts
 * fetches them in SQL by amount, number and name). Pure: the unit tests and the generated ledger
 * test drive it directly. Confidence bands, which rules' minConfidence is compared with:
 *   95-99  the document is named in the text and the amounts agree, a payment run's exact total,
 *          an ACH return of the one payment of that amount;
 *   80-94  exact amount and the payer's or payee's name (up to a typo), or a unique combination;
 *   40-79  the amount alone, or one of several equal candidates.
 */

export interface MatchLine {
  id: string;
  postedOn: string;
  /** Signed cents: a deposit is positive. */
  amount: Cents;
  description: string;
  reference: string | null;
  counterparty: string | null;
  returnCode: string | null;
  ruleId: string | null;
}

export interface OpenInvoice {
  id: string;
  number: string;
  numberKey: string;
  customerId: string;
  dueDate: string;
  balance: Cents;
}

export interface RecordedInvoicePayment {
  id: string;
  invoiceId: string;
  invoiceNumberKey: string;
  invoiceNumber: string;
  customerId: string;
  amount: Cents;
  day: string;
}

/** A customer's payment that may come back: completed, not yet returned. */
export interface ReturnableInvoicePayment extends RecordedInvoicePayment {
  /** Matched to a deposit line already: the money really arrived, so it can bounce. */
  deposited: boolean;
}

export interface RunCandidate {
  id: string;
  total: Cents;
  count: number;
  scheduledDate: string;
  method: string;
}

export interface BillPaymentCandidate {
  id: string;
  billId: string;
  billNumber: string;
  billNumberKey: string;
  vendorId: string;
  amount: Cents;
  status: 'pending' | 'processing' | 'sent' | 'completed';
  /** The processed day, or the scheduled day while pending. */
  day: string;
  paymentRunId: string | null;
}

export interface OpenBill {
  id: string;
  number: string;
  numberKey: string;
  vendorId: string;
  balance: Cents;
  dueDate: string;
}

export interface CategorizeRule {
  id: string;
  name: string;
  vendorId: string;
  category: string;
}

/** What suggestFor fetched for one batch of lines. */
export interface CandidatePool {
  customers: NameIndex;
  vendors: NameIndex;
  invoicesByBalance: Map<Cents, OpenInvoice[]>;
  invoicesByNumber: Map<string, OpenInvoice>;
  invoicesByCustomer: Map<string, OpenInvoice[]>;
  recordedByAmount: Map<Cents, RecordedInvoicePayment[]>;
  runsByTotal: Map<Cents, RunCandidate[]>;
  billPaymentsByAmount: Map<Cents, BillPaymentCandidate[]>;
  returnableByAmount: Map<Cents, BillPaymentCandidate[]>;
  /** Customer payments a debit naming a return code may reverse. */
  customerReturnsByAmount: Map<Cents, ReturnableInvoicePayment[]>;
  openBillsByBalance: Map<Cents, OpenBill[]>;
  rules: Map<string, CategorizeRule>;
  /** Formats cents in the workspace's currency. */
  money: (cents: Cents) => string;
}

export type SuggestionKind = BankMatchKind | 'expense';

export interface ScoredTarget {
  kind: 'invoice' | 'bill' | 'payment' | 'payment_run';
  id: string;
  label: string;
  amount: Cents;
}

export interface ScoredSuggestion {
  key: string;
  kind: SuggestionKind;
  confidence: number;
  reason: string;
  action: string;
  targets: ScoredTarget[];
}

const MAX_SUGGESTIONS = 5;
const COMBINATION_POOL = 14;
const COMBINATION_SIZE = 4;

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

function dateNote(posted: string, due: string, what: string): { bonus: number; words: string | null } {
  const days = daysBetween(posted, due);
  const distance = Math.abs(days);
  const bonus = distance <= 7 ? 4 : distance <= 30 ? 2 : 0;
  if (distance > 60) return { bonus, words: null };
  const words = days === 0 ? `on the ${what}` : `${distance} day${distance === 1 ? '' : 's'} ${days > 0 ? 'after' : 'before'} the ${what}`;
  return { bonus, words };
}

function lineText(line: MatchLine): string {
  return [line.description, line.reference ?? '', line.counterparty ?? ''].join(' ');
}

/** Best name similarity: the counterparty field first, the whole text otherwise. */
function nameMatches(index: NameIndex, line: MatchLine): Map<string, number> {
  const found = new Map<string, number>();
  for (const hit of index.find(lineText(line), 0.7, 8)) found.set(hit.id, hit.similarity);
  return found;
}

/** Subsets of 2..COMBINATION_SIZE values summing exactly to target (bounded: at most `limit`). */
export function exactCombinations<T extends { balance: Cents }>(items: readonly T[], target: Cents, limit = 10): T[][] {
  const pool = items.filter((item) => item.balance > 0 && item.balance < target).slice(0, COMBINATION_POOL);
  const found: T[][] = [];
  const chosen: T[] = [];
  const walk = (start: number, remaining: Cents): void => {
    if (found.length >= limit) return;
    if (remaining === 0 && chosen.length >= 2) {
      found.push([...chosen]);
      return;
    }
    if (chosen.length === COMBINATION_SIZE || remaining <= 0) return;
    for (let index = start; index < pool.length; index += 1) {
      const item = pool[index];
      if (!item || item.balance > remaining) continue;
      chosen.push(item);
      walk(index + 1, remaining - item.balance);
      chosen.pop();
    }
  };
  walk(0, target);
  return found;
}

function invoiceTargets(list: Array<{ invoice: OpenInvoice; amount: Cents }>): ScoredTarget[] {
  return list.map(({ invoice, amount }) => ({ kind: 'invoice', id: invoice.id, label: invoice.number, amount }));
}

function invoiceKey(list: Array<{ invoice: OpenInvoice; amount: Cents }>): string {
  return `inv:${list.map(({ invoice, amount }) => `${invoice.id}=${amount}`).join(';')}`;
}

function ambiguityPenalty(count: number): number {
  return Math.min(25, (count - 1) * 8);
}

function scoreDeposit(line: MatchLine, pool: CandidatePool, text: string, out: ScoredSuggestion[]): void {
  const amount = line.amount;
  const money = pool.money;
  const named = numberCandidates(text)
    .map((key) => pool.invoicesByNumber.get(key))
    .filter((invoice): invoice is OpenInvoice => Boolean(invoice));
  const uniqueNamed = [...new Map(named.map((invoice) => [invoice.id, invoice])).values()];
  const customers = nameMatches(pool.customers, line);
  const customerWords = (customerId: string): string | null => {
    const score = customers.get(customerId);
    if (score === undefined) return null;
    return score >= 0.999 ? `${pool.customers.name(customerId)} named` : `${pool.customers.name(customerId)} named (close spelling)`;
  };

  // Invoices named in the text.
  if (uniqueNamed.length === 1) {
    const [invoice] = uniqueNamed;
    if (invoice && invoice.balance === amount) {
      const name = customerWords(invoice.customerId);
      out.push({
        key: invoiceKey([{ invoice, amount }]),
        kind: 'invoice_payment',
        confidence: name ? 99 : 98,
        reason: ['Exact amount', `${invoice.number} in the text`, name].filter(Boolean).join(' · '),
        action: `Record a payment of ${money(amount)} on ${invoice.number}`,
        targets: invoiceTargets([{ invoice, amount }]),
      });
    } else if (invoice && invoice.balance > amount) {
      out.push({
        key: invoiceKey([{ invoice, amount }]),
        kind: 'invoice_payment',
        confidence: 86,
        reason: `${invoice.number} in the text · part payment: ${money(amount)} of ${money(invoice.balance)} still open`,
        action: `Record a part payment of ${money(amount)} on ${invoice.number} (${money(invoice.balance - amount)} stays open)`,
        targets: invoiceTargets([{ invoice, amount }]),
      });
    }
  } else if (uniqueNamed.length > 1) {
    const total = uniqueNamed.reduce((sum, invoice) => sum + invoice.balance, 0);
    const combos = total === amount ? [uniqueNamed] : exactCombinations(uniqueNamed, amount, 2);
    for (const combo of combos) {
      const parts = combo.map((invoice) => ({ invoice, amount: invoice.balance }));
      out.push({
        key: invoiceKey(parts),
        kind: 'invoice_payment',
        confidence: total === amount ? 97 : combos.length === 1 ? 93 : 75,
        reason: `${combo.map((invoice) => invoice.number).join(', ')} in the text · their balances sum to the deposit`,
        action: `Record payments on ${combo.length} invoices: ${parts.map((part) => `${part.invoice.number} ${money(part.amount)}`).join(', ')}`,
        targets: invoiceTargets(parts),
      });
    }
  }

  // Exact amount, with or without the customer's name.
  const sameAmount = pool.invoicesByBalance.get(amount) ?? [];
  const penalty = ambiguityPenalty(sameAmount.length);
  for (const invoice of sameAmount.slice(0, 20)) {
    if (uniqueNamed.some((named) => named.id === invoice.id)) continue;
    const name = customerWords(invoice.customerId);
    const score = customers.get(invoice.customerId) ?? 0;
    const date = dateNote(line.postedOn, invoice.dueDate, 'due date');
    const byName = score >= 0.85 ? 88 : score >= 0.7 ? 78 : 0;
    const confidence = byName ? Math.min(94, byName + date.bonus) : Math.max(30, 62 - penalty + date.bonus);
    out.push({
      key: invoiceKey([{ invoice, amount }]),
      kind: 'invoice_payment',
      confidence,
      reason: ['Exact amount', name, date.words, sameAmount.length > 1 && !name ? `${sameAmount.length} open invoices of this amount` : null]
        .filter(Boolean)
        .join(' · '),
      action: `Record a payment of ${money(amount)} on ${invoice.number}`,
      targets: invoiceTargets([{ invoice, amount }]),
    });
  }

  // One deposit paying several invoices of one customer named in the text.
  const bestCustomers = [...customers.entries()].filter(([, score]) => score >= 0.8).slice(0, 2);
  for (const [customerId, score] of bestCustomers) {
    const open = [...(pool.invoicesByCustomer.get(customerId) ?? [])].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    if (open.some((invoice) => invoice.balance === amount)) continue;
    const combos = exactCombinations(open, amount, 6);
    combos.forEach((combo, index) => {
      const parts = combo.map((invoice) => ({ invoice, amount: invoice.balance }));
      const unique = combos.length === 1;
      out.push({
        key: invoiceKey(parts),
        kind: 'invoice_payment',
        confidence: unique ? (score >= 0.95 ? 90 : 85) : Math.max(40, 65 - index * 5),
        reason: [
          `${pool.customers.name(customerId)} named${score < 0.999 ? ' (close spelling)' : ''}`,
          `${combo.length} of their open invoices sum to the deposit`,
          unique ? null : `one of ${combos.length} combinations`,
        ]
          .filter(Boolean)
          .join(' · '),
        action: `Record payments on ${combo.length} invoices: ${parts.map((part) => `${part.invoice.number} ${money(part.amount)}`).join(', ')}`,
        targets: invoiceTargets(parts),
      });
    });
  }

  // Payments already recorded (by hand, by Stripe) and not yet matched to a line.
  const recorded = pool.recordedByAmount.get(amount) ?? [];
  for (const payment of recorded.slice(0, 10)) {
    const numbered = text.toUpperCase().replace(/[^A-Z0-9]/g, '').includes(payment.invoiceNumberKey) && payment.invoiceNumberKey.length >= 3;
    const name = customerWords(payment.customerId);
    const score = customers.get(payment.customerId) ?? 0;
    const distance = Math.abs(daysBetween(line.postedOn, payment.day));
    const near = distance <= 5 ? 4 : distance <= 15 ? 1 : -10;
    const confidence = numbered ? 97 : score >= 0.85 ? 90 + Math.min(near, 3) : Math.max(35, 72 - ambiguityPenalty(recorded.length) + near);
    out.push({
      key: `pay:${payment.id}`,
      kind: 'invoice_payment',
      confidence,
      reason: ['Payment already recorded for the same amount', numbered ? `${payment.invoiceNumber} in the text` : name, `${distance} day${distance === 1 ? '' : 's'} apart`]
        .filter(Boolean)
        .join(' · '),
      action: `Match to the ${money(amount)} payment recorded on ${payment.invoiceNumber} (nothing new is recorded)`,
      targets: [{ kind: 'payment', id: payment.id, label: `Payment on ${payment.invoiceNumber}`, amount }],
    });
  }
}

function scoreDebit(line: MatchLine, pool: CandidatePool, text: string, out: ScoredSuggestion[]): void {
  const amount = -line.amount;
  const money = pool.money;
  const vendors = nameMatches(pool.vendors, line);
  const keys = numberCandidates(text);
  const vendorWords = (vendorId: string): string | null => {
    const score = vendors.get(vendorId);
    if (score === undefined) return null;
    return `${pool.vendors.name(vendorId)} named${score < 0.999 ? ' (close spelling)' : ''}`;
  };

  const runs = pool.runsByTotal.get(amount) ?? [];
  for (const run of runs.slice(0, 5)) {
    const days = daysBetween(line.postedOn, run.scheduledDate);
    const timely = days >= -1 && days <= 5;
    const confidence = runs.length === 1 ? (timely ? 96 : days >= -1 && days <= 30 ? 88 : 70) : Math.max(40, 70 - ambiguityPenalty(runs.length));
    out.push({
      key: `run:${run.id}`,
      kind: 'payment_run',
      confidence,
      reason: [
        `Payment run of ${run.count} payment${run.count === 1 ? '' : 's'} totalling exactly ${money(amount)}`,
        `scheduled ${run.scheduledDate}`,
        runs.length > 1 ? `${runs.length} runs of this total` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      action: `Match the ${run.method.toUpperCase()} batch of ${run.count} payments and mark them paid on ${line.postedOn}`,
      targets: [{ kind: 'payment_run', id: run.id, label: `Payment run ${run.scheduledDate}`, amount }],
    });
  }

  const payments = pool.billPaymentsByAmount.get(amount) ?? [];
  for (const payment of payments.slice(0, 10)) {
    const numbered = keys.includes(payment.billNumberKey);
    const score = vendors.get(payment.vendorId) ?? 0;
    const distance = Math.abs(daysBetween(line.postedOn, payment.day));
    const near = distance <= 5 ? 3 : distance <= 15 ? 1 : -10;
    const confidence = numbered ? 96 : score >= 0.85 ? 88 + near : Math.max(35, 68 - ambiguityPenalty(payments.length) + near);
    out.push({
      key: `pay:${payment.id}`,
      kind: 'bill_payment',
      confidence,
      reason: ['Exact amount of a bill payment', numbered ? `${payment.billNumber} in the text` : vendorWords(payment.vendorId), `${distance} day${distance === 1 ? '' : 's'} from its date`]
        .filter(Boolean)
        .join(' · '),
      action:
        payment.status === 'completed'
          ? `Match to the ${money(amount)} payment of bill ${payment.billNumber} (nothing new is recorded)`
          : `Match to the scheduled payment of bill ${payment.billNumber} and mark it paid on ${line.postedOn}`,
      targets: [{ kind: 'payment', id: payment.id, label: `Payment of ${payment.billNumber}`, amount }],
    });
  }

  const bills = pool.openBillsByBalance.get(amount) ?? [];
  for (const bill of bills.slice(0, 10)) {
    const numbered = keys.includes(bill.numberKey);
    const score = vendors.get(bill.vendorId) ?? 0;
    const date = dateNote(line.postedOn, bill.dueDate, 'due date');
    const confidence = numbered ? 92 : score >= 0.85 ? 84 + date.bonus : Math.max(30, 55 - ambiguityPenalty(bills.length) + date.bonus);
    out.push({
      key: `bill:${bill.id}`,
      kind: 'bill_payment',
      confidence,
      reason: ['Exact amount of an open bill', numbered ? `${bill.number} in the text` : vendorWords(bill.vendorId), date.words].filter(Boolean).join(' · '),
      action: `Record a payment of ${money(amount)} on bill ${bill.number}`,
      targets: [{ kind: 'bill', id: bill.id, label: bill.number, amount }],
    });
  }
}

function scoreReturn(line: MatchLine, pool: CandidatePool, text: string, code: string, out: ScoredSuggestion[]): void {
  const amount = Math.abs(line.amount);
  const vendors = nameMatches(pool.vendors, line);
  const candidates = (pool.returnableByAmount.get(amount) ?? []).filter((payment) => payment.day <= line.postedOn);
  for (const payment of candidates.slice(0, 10)) {
    const score = vendors.get(payment.vendorId) ?? 0;
    const numbered = numberCandidates(text).includes(payment.billNumberKey);
    const unique = candidates.length === 1;
    const confidence = numbered ? 97 : unique ? (score >= 0.85 ? 97 : 95) : score >= 0.85 ? 85 : Math.max(40, 70 - ambiguityPenalty(candidates.length));
    out.push({
      key: `ret:${payment.id}`,
      kind: 'ach_return',
      confidence,
      reason: [`ACH return ${code}`, `reverses the ${pool.money(amount)} payment of bill ${payment.billNumber} on ${payment.day}`, score >= 0.7 ? `${pool.vendors.name(payment.vendorId)} named` : null]
        .filter(Boolean)
        .join(' · '),
      action: `Mark the payment of bill ${payment.billNumber} failed (${code}), reopen the bill and tell its approver`,
      targets: [{ kind: 'payment', id: payment.id, label: `Payment of ${payment.billNumber}`, amount }],
    });
  }
}

/** A debit naming a return code against a customer's payment: the deposit bounced. */
function scoreCustomerReturn(line: MatchLine, pool: CandidatePool, text: string, code: string, out: ScoredSuggestion[]): void {
  const amount = -line.amount;
  const customers = nameMatches(pool.customers, line);
  const keys = numberCandidates(text);
  const candidates = (pool.customerReturnsByAmount.get(amount) ?? []).filter((payment) => payment.day <= line.postedOn);
  for (const payment of candidates.slice(0, 10)) {
    const score = customers.get(payment.customerId) ?? 0;
    const numbered = keys.includes(payment.invoiceNumberKey);
    const named = score >= 0.85;
    const unique = candidates.length === 1;
    const confidence = numbered
      ? 97
      : unique
        ? named || payment.deposited ? 95 : 90
        : named
          ? 85
          : Math.max(40, (payment.deposited ? 72 : 65) - ambiguityPenalty(candidates.length));
    out.push({
      key: `ret:${payment.id}`,
      kind: 'ach_return',
      confidence,
      reason: [
        `ACH return ${code}`,
        `Return of the ${pool.money(amount)} payment on ${payment.invoiceNumber} of ${payment.day}: the invoice is open again`,
        numbered ? `${payment.invoiceNumber} in the text` : null,
        score >= 0.7 ? `${pool.customers.name(payment.customerId)} named` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      action: `Mark the customer's payment on ${payment.invoiceNumber} failed (${code}) and open the invoice again for ${pool.money(amount)}`,
      targets: [{ kind: 'payment', id: payment.id, label: `Payment on ${payment.invoiceNumber}`, amount }],
    });
  }
}

/** The ranked suggestions for one line, best first, at most five. */
export function scoreLine(line: MatchLine, pool: CandidatePool): ScoredSuggestion[] {
  const out: ScoredSuggestion[] = [];
  const text = lineText(line);
  const code = line.returnCode ?? findAchReturnCode(text);
  if (line.ruleId) {
    const rule = pool.rules.get(line.ruleId);
    if (rule) {
      out.push({
        key: `exp:${rule.id}`,
        kind: 'expense',
        confidence: 99,
        reason: `Rule "${rule.name}"`,
        action: `Record an expense of ${pool.money(Math.abs(line.amount))} to ${pool.vendors.name(rule.vendorId) ?? 'the vendor'} in ${rule.category}`,
        targets: [],
      });
    }
  }
  if (code) {
    scoreReturn(line, pool, text, code, out);
    if (line.amount < 0) scoreCustomerReturn(line, pool, text, code, out);
  }
  else if (line.amount > 0) scoreDeposit(line, pool, text, out);
  else if (line.amount < 0) scoreDebit(line, pool, text, out);
  const byKey = new Map<string, ScoredSuggestion>();
  for (const suggestion of out) {
    const existing = byKey.get(suggestion.key);
    if (!existing || existing.confidence < suggestion.confidence) byKey.set(suggestion.key, suggestion);
  }
  const ranked = [...byKey.values()].sort((a, b) => b.confidence - a.confidence || a.key.localeCompare(b.key));
  // Two different answers at the top confidence: neither is certain.
  const [first, second] = ranked;
  if (first && second && first.confidence === second.confidence && first.confidence >= 80) {
    const tied = first.confidence;
    for (const suggestion of ranked) if (suggestion.confidence === tied) suggestion.confidence -= 15;
  }
  return ranked.slice(0, MAX_SUGGESTIONS);
}
