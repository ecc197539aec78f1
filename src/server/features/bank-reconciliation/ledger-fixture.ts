import { type Cents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bills, customers, invoices, paymentRuns, payments, vendors } from '../../db/schema';
import { seededRandom } from '../../platform/seeded-random';
import { type ParsedStatementLine, insertStatementLines } from './statement-lines';

/**
 * A generated ledger and a bank statement derived from it with the noise real statements carry
 * (fees deducted, combined deposits, part payments, misspelt names, returns, unrelated lines),
 * with the truth of each line. Used by the generated-ledger test and the matching benchmark.
 */

export interface LedgerOptions {
  seed: number;
  invoices: number;
  bills: number;
  runs: number;
  /** Statement lines derived from the ledger (the unrelated ones come on top). */
  lines: number;
  unrelated: number;
}

export type TruthKind = 'invoice' | 'combined' | 'partial' | 'fee' | 'recorded' | 'run' | 'bill' | 'return' | 'none';

export interface LineTruth {
  kind: TruthKind;
  /** The ids a correct top suggestion targets (sorted); empty for unrelated lines. */
  targets: string[];
}

export interface GeneratedLedger {
  lineIds: string[];
  truth: Map<string, LineTruth>;
}

const FIRST = ['Blue', 'North', 'Granite', 'Silver', 'Harbor', 'Cedar', 'Summit', 'Pioneer', 'Atlas', 'Evergreen', 'Copper', 'Maple', 'Beacon', 'Iron', 'Prairie', 'Coastal', 'Redwood', 'Golden', 'Union', 'Liberty'];
const SECOND = ['Logistics', 'Dental', 'Bakery', 'Analytics', 'Builders', 'Studios', 'Farms', 'Medical', 'Robotics', 'Outfitters', 'Brewing', 'Legal', 'Design', 'Motors', 'Textiles', 'Printing', 'Energy', 'Foods', 'Optics', 'Marine'];
const SUFFIX = ['LLC', 'Inc', 'Co', 'Ltd', 'Group', 'Partners'];
const ROUND = [50000, 100000, 25000, 150000, 75000];

const DAY = 86_400_000;
const day = (base: string, offset: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

export async function seedLedger(db: Database, organizationId: string, bankAccountId: string, options: LedgerOptions): Promise<GeneratedLedger> {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const at = int(1, word.length - 2);
    return random() < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
  };
  const amount = (): Cents => (random() < 0.15 ? pick(ROUND) : int(5_000, 800_000));

  // Names are unique: the first words of the generated ones, then a number where they repeat.
  const names = new Set<string>();
  const uniqueName = () => {
    for (;;) {
      const name = `${pick(FIRST)} ${pick(SECOND)}${random() < 0.3 ? ` ${int(2, 99)}` : ''} ${pick(SUFFIX)}`;
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  };
  const customerCount = Math.max(20, Math.round(options.invoices / 12));
  const customerValues = Array.from({ length: customerCount }, (_, index) => ({ organizationId, name: uniqueName(), email: `c${index}@ledger.example` }));
  const customerRows = await inBatches(customerValues, (batch) => db.insert(customers).values(batch).returning({ id: customers.id, name: customers.name }));
  const vendorValues = Array.from({ length: Math.max(10, Math.round(options.bills / 8)) }, (_, index) => ({ organizationId, name: uniqueName(), email: `v${index}@ledger.example` }));
  const vendorRows = await inBatches(vendorValues, (batch) => db.insert(vendors).values(batch).returning({ id: vendors.id, name: vendors.name }));

  const invoiceValues = Array.from({ length: options.invoices }, (_, index) => {
    const total = amount();
    const due = day('2026-09-01', int(0, 80));
    return {
      organizationId,
      customerId: pick(customerRows).id,
      invoiceNumber: `INV-${String(100_000 + index)}`,
      status: random() < 0.3 ? ('overdue' as const) : ('sent' as const),
      issueDate: day(due, -30),
      dueDate: due,
      subtotal: toDecimal(total),
      totalAmount: toDecimal(total),
    };
  });
  const invoiceRows = await inBatches(invoiceValues, (batch) =>
    db.insert(invoices).values(batch).returning({ id: invoices.id, number: invoices.invoiceNumber, customerId: invoices.customerId, total: invoices.totalAmount, dueDate: invoices.dueDate }),
  );
  const billValues = Array.from({ length: options.bills }, (_, index) => {
    const total = amount();
    const due = day('2026-09-15', int(0, 60));
    return { organizationId, vendorId: pick(vendorRows).id, billNumber: `BILL-${String(50_000 + index)}`, status: 'scheduled' as const, billDate: day(due, -20), dueDate: due, subtotal: toDecimal(total), totalAmount: toDecimal(total) };
  });
  const billRows = await inBatches(billValues, (batch) =>
    db.insert(bills).values(batch).returning({ id: bills.id, number: bills.billNumber, vendorId: bills.vendorId, total: bills.totalAmount, dueDate: bills.dueDate }),
  );

  const customerName = new Map(customerRows.map((row) => [row.id, row.name]));
  const vendorName = new Map(vendorRows.map((row) => [row.id, row.name]));
  const cents = (value: string) => Math.round(Number(value) * 100);
  const byCustomer = new Map<string, typeof invoiceRows>();
  for (const row of invoiceRows) byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row]);

  const lines: Array<ParsedStatementLine & { truth: LineTruth }> = [];
  const used = new Set<string>();
  const takeInvoice = () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const row = pick(invoiceRows);
      if (!used.has(row.id)) {
        used.add(row.id);
        return row;
      }
    }
    return null;
  };
  const spelled = (name: string) => (random() < 0.35 ? name.split(' ').map((word, index) => (index === 0 ? typo(word) : word)).join(' ') : name).toUpperCase();
  const posted = (due: string) => {
    const value = day(due, int(-10, 20));
    return value > '2026-11-25' ? '2026-11-25' : value;
  };

  // Payment runs: pending payments of a few scheduled bills each, settled as one debit.
  const billQueue = [...billRows];
  const runPayments: Array<{ runId: string; total: Cents; date: string; ids: string[] }> = [];
  for (let run = 0; run < options.runs && billQueue.length >= 2; run += 1) {
    const date = day('2026-10-01', int(0, 50));
    const members = billQueue.splice(0, int(1, 5));
    const [runRow] = await db.insert(paymentRuns).values({ organizationId, bankAccountId, method: 'ach', scheduledDate: date }).returning({ id: paymentRuns.id });
    if (!runRow) continue;
    const inserted = await db
      .insert(payments)
      .values(members.map((bill) => ({ organizationId, type: 'bill_payment' as const, referenceId: bill.id, amount: bill.total, method: 'ach' as const, status: 'pending' as const, paymentRunId: runRow.id, bankAccountId, scheduledDate: date })))
      .returning({ id: payments.id, billId: payments.referenceId });
    runPayments.push({ runId: runRow.id, total: members.reduce((sum, bill) => sum + cents(bill.total), 0), date, ids: inserted.map((row) => row.id) });
  }
  // Bills paid one by one, some of them returned later.
  const singles: Array<{ paymentId: string; bill: (typeof billRows)[number]; date: string }> = [];
  for (const bill of billQueue.splice(0, Math.round(options.bills / 5))) {
    const date = day('2026-10-01', int(0, 45));
    const [row] = await db
      .insert(payments)
      .values({ organizationId, type: 'bill_payment', referenceId: bill.id, amount: bill.total, method: 'ach', status: 'completed', bankAccountId, scheduledDate: date, processedAt: new Date(`${date}T17:00:00Z`) })
      .returning({ id: payments.id });
    if (row) singles.push({ paymentId: row.id, bill, date });
  }

  const derived = options.lines;
  const derivedFrom = lines.length;
  for (let attempt = 0; lines.length - derivedFrom < derived && attempt < derived * 3; attempt += 1) {
    const roll = random();
    if (roll < 0.3) {
      const invoice = takeInvoice();
      if (!invoice) continue;
      const withNumber = random() < 0.6;
      lines.push({
        postedOn: posted(invoice.dueDate),
        amountCents: cents(invoice.total),
        description: withNumber ? `ACH CREDIT ${invoice.number}` : 'ACH CREDIT',
        counterparty: spelled(customerName.get(invoice.customerId) ?? ''),
        truth: { kind: 'invoice', targets: [invoice.id] },
      });
    } else if (roll < 0.4) {
      const invoice = takeInvoice();
      const siblings = invoice ? (byCustomer.get(invoice.customerId) ?? []).filter((row) => !used.has(row.id)).slice(0, int(1, 2)) : [];
      if (!invoice || !siblings.length) continue;
      for (const row of siblings) used.add(row.id);
      const group = [invoice, ...siblings];
      lines.push({
        postedOn: posted(invoice.dueDate),
        amountCents: group.reduce((sum, row) => sum + cents(row.total), 0),
        description: random() < 0.5 ? `DEPOSIT ${group.map((row) => row.number).join(' ')}` : 'DEPOSIT',
        counterparty: spelled(customerName.get(invoice.customerId) ?? ''),
        truth: { kind: 'combined', targets: group.map((row) => row.id).sort() },
      });
    } else if (roll < 0.47) {
      const invoice = takeInvoice();
      if (!invoice || cents(invoice.total) < 2000) continue;
      lines.push({
        postedOn: posted(invoice.dueDate),
        amountCents: Math.round(cents(invoice.total) * (0.2 + random() * 0.6)),
        description: `PARTIAL PMT ${invoice.number}`,
        counterparty: spelled(customerName.get(invoice.customerId) ?? ''),
        truth: { kind: 'partial', targets: [invoice.id] },
      });
    } else if (roll < 0.53) {
      // A card processor deducted its fee: the deposit is short of every invoice.
      const invoice = takeInvoice();
      if (!invoice) continue;
      const total = cents(invoice.total);
      lines.push({
        postedOn: posted(invoice.dueDate),
        amountCents: total - Math.round(total * 0.029 + 30),
        description: 'CARD SETTLEMENT',
        counterparty: 'PAYMENTS PROCESSOR',
        truth: { kind: 'fee', targets: [invoice.id] },
      });
    } else if (roll < 0.6) {
      const invoice = takeInvoice();
      if (!invoice) continue;
      const date = posted(invoice.dueDate);
      const [payment] = await db
        .insert(payments)
        .values({ organizationId, type: 'invoice_payment', referenceId: invoice.id, amount: invoice.total, method: 'check', status: 'completed', processedAt: new Date(`${day(date, -int(0, 3))}T17:00:00Z`) })
        .returning({ id: payments.id });
      if (!payment) continue;
      lines.push({ postedOn: date, amountCents: cents(invoice.total), description: 'MOBILE CHECK DEPOSIT', counterparty: null, truth: { kind: 'recorded', targets: [payment.id] } });
    } else if (roll < 0.7) {
      const run = runPayments.shift();
      if (!run) continue;
      lines.push({ postedOn: day(run.date, int(0, 2)), amountCents: -run.total, description: 'ACH DEBIT BATCH SETTLEMENT', counterparty: null, truth: { kind: 'run', targets: [run.runId] } });
    } else if (roll < 0.8) {
      const single = singles.shift();
      if (!single) continue;
      const returned = random() < 0.3;
      const vendor = vendorName.get(single.bill.vendorId) ?? '';
      lines.push({
        postedOn: day(single.date, int(0, 2)),
        amountCents: -cents(single.bill.total),
        description: `ACH DEBIT ${spelled(vendor)}`,
        counterparty: null,
        truth: { kind: 'bill', targets: [single.paymentId] },
      });
      if (returned) {
        lines.push({
          postedOn: day(single.date, int(3, 6)),
          amountCents: cents(single.bill.total),
          description: `ACH RETURN ${pick(['R01', 'R02', 'R03', 'R29'])} ${vendor.toUpperCase()}`,
          counterparty: null,
          truth: { kind: 'return', targets: [single.paymentId] },
        });
      }
    } else {
      lines.push({ postedOn: day('2026-10-01', int(0, 55)), amountCents: -int(100, 30_000), description: pick(['POS PURCHASE COFFEE', 'UBER TRIP', 'MONTHLY SERVICE FEE', 'WIRE FEE', 'AMAZON MKTPLACE']), counterparty: null, truth: { kind: 'none', targets: [] } });
    }
  }
  for (let index = 0; index < options.unrelated; index += 1) {
    const deposit = random() < 0.5;
    lines.push({
      postedOn: day('2026-10-01', int(0, 55)),
      amountCents: deposit ? int(1_000, 90_000) + 1 : -int(100, 30_000),
      description: deposit ? pick(['INTEREST PAYMENT', 'REFUND', 'TRANSFER FROM SAVINGS']) : pick(['POS PURCHASE', 'PAYROLL', 'TAX PAYMENT']),
      counterparty: null,
      truth: { kind: 'none', targets: [] },
    });
  }
  const withRefs = lines.map((line, index) => ({ ...line, bankRef: `GEN-${options.seed}-${index}` }));
  const lineIds = await insertStatementLines(db, { organizationId, bankAccountId, statementId: null }, withRefs);
  const truth = new Map<string, LineTruth>();
  lineIds.forEach((id, index) => {
    const line = withRefs[index];
    if (line) truth.set(id, line.truth);
  });
  return { lineIds, truth };
}

/** Runs an insert per batch of rows (parameter limits) and returns what they returned. */
async function inBatches<Row, Out>(rows: Row[], insert: (batch: Row[]) => Promise<Out[]>): Promise<Out[]> {
  const out: Out[] = [];
  for (let start = 0; start < rows.length; start += 2000) out.push(...(await insert(rows.slice(start, start + 2000))));
  return out;
}
