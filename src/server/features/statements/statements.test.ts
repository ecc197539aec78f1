import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendStatementsResult, Statement } from '../../../shared/contracts/statements';
import { auditLog, creditAllocations, customerCredits, customers, invoices, organizations, payments, statementDeliveries } from '../../db/schema';
import { centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import { middayOf } from '../../platform/calendar';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { readMails, readOutbox } from '../../test/outbox';
import { overlappingText, pdfText, pdfTextBoxes } from '../../test/pdf-layout';
import { addOverpaymentCredit } from '../credits/overpayment-credit';
import { renderStatementPdf } from './statement-pdf';
import { moneyIn } from '../invoices/invoice-rules';
import { customerBalance } from '../credits/customer-balance';
import { createCustomerFor, createInvoiceFor, makeViewer, ownerWithCustomer } from '../invoices/invoices.fixtures';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string; name: string; email: string };
const TZ = 'America/New_York';

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
  await t.deps.db.update(organizations).set({ name: 'Northwind Bookkeeping LLC', timeZone: TZ }).where(eq(organizations.id, owner.user.organizationId));
});
afterAll(async () => t.close());

const amountOnly = (total: string) => ({
  subtotal: total,
  taxAmount: '0',
  discountAmount: '0',
  totalAmount: total,
  items: [{ description: 'Services', quantity: 1, unitPrice: total, totalPrice: total }],
});

/** A credit note row applied to invoices, written as the credit notes feature does (that API is built on another branch). */
async function creditNoteApplied(
  as: SignedIn,
  customerId: string,
  creditNumber: string,
  issueDate: string,
  amount: string,
  applications: { invoiceId: string; amount: string; date: string }[],
): Promise<string> {
  const db = t.deps.db;
  const organizationId = as.user.organizationId;
  const applied = toDecimal(sumCents(applications.map((a) => centsFromDecimal(a.amount))));
  const [credit] = await db
    .insert(customerCredits)
    .values({ organizationId, customerId, kind: 'credit_note', creditNumber, issueDate, subtotal: amount, amount, amountApplied: applied, status: applied === amount ? 'closed' : 'open' })
    .returning();
  if (!credit) throw new Error('credit insert returned nothing');
  for (const a of applications) {
    await db.insert(creditAllocations).values({ organizationId, creditId: credit.id, kind: 'invoice', invoiceId: a.invoiceId, amount: a.amount, allocationDate: a.date });
    await db
      .update(invoices)
      .set({ amountPaid: sql`${invoices.amountPaid} + ${a.amount}::numeric`, amountCredited: sql`${invoices.amountCredited} + ${a.amount}::numeric` })
      .where(eq(invoices.id, a.invoiceId));
  }
  return credit.id;
}

/** A payment above what the invoice was due: one payment row with the whole amount, the excess as overpayment credit. */
async function overpay(as: SignedIn, customerId: string, invoiceId: string, amount: string, due: string, day: string): Promise<string> {
  const db = t.deps.db;
  const organizationId = as.user.organizationId;
  const [payment] = await db
    .insert(payments)
    .values({ organizationId, type: 'invoice_payment', referenceId: invoiceId, amount, method: 'wire', status: 'completed', reference: 'WIRE 77', processedAt: middayOf(day, TZ) })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  await db
    .update(invoices)
    .set({ amountPaid: sql`${invoices.amountPaid} + ${due}::numeric`, status: sql`case when ${invoices.amountPaid} + ${due}::numeric >= ${invoices.totalAmount} then 'paid' else ${invoices.status} end` })
    .where(eq(invoices.id, invoiceId));
  const excess = centsFromDecimal(amount) - centsFromDecimal(due);
  const creditId = await addOverpaymentCredit(db, { organizationId, customerId, invoiceId, paymentId: payment.id, amount: excess, issueDate: day, userId: null });
  if (!creditId) throw new Error('no overpayment credit');
  return creditId;
}

async function refund(as: SignedIn, creditId: string, amount: string, day: string): Promise<void> {
  await t.deps.db.insert(creditAllocations).values({ organizationId: as.user.organizationId, creditId, kind: 'refund', amount, allocationDate: day, method: 'check', reference: '5521' });
  await t.deps.db
    .update(customerCredits)
    .set({ amountRefunded: sql`${customerCredits.amountRefunded} + ${amount}::numeric` })
    .where(eq(customerCredits.id, creditId));
}

const statementOf = async (as: SignedIn, customerId: string, from: string, to: string) =>
  as.request({ method: 'GET', url: `/api/customers/${customerId}/statement?from=${from}&to=${to}` });

/**
 * The ledger (hand-computed below):
 *   INV-A 135.40 issued Sep 10, due Oct 10; paid 35.40 on Sep 20 (partial, before the period);
 *   INV-B 100.00 issued Oct 5, due Nov 4;  INV-C 200.00 issued Nov 2, due Dec 2;
 *   CN-1 60.00 issued Nov 5, applied 30.00 to INV-A and 30.00 to INV-B on Nov 6;
 *   wire of 100.00 on Nov 10 for INV-B (70.00 due): 30.00 overpayment credit; 10.00 of it refunded Nov 12;
 *   a draft and a cancelled invoice, which are never movements.
 */
describe('statement of account', () => {
  let inv: Record<'a' | 'b' | 'c', string>;
  beforeAll(async () => {
    const a = await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-A', status: 'sent', issueDate: '2026-09-10', dueDate: '2026-10-10', ...amountOnly('135.40') });
    const pay = await owner.request({ method: 'POST', url: `/api/invoices/${a.id}/payments`, payload: { amount: '35.40', paidAt: '2026-09-20', method: 'check', reference: '1042' } });
    expect(pay.statusCode, pay.body).toBe(201);
    const b = await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-B', status: 'sent', issueDate: '2026-10-05', dueDate: '2026-11-04', ...amountOnly('100.00') });
    const c = await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-C', status: 'sent', issueDate: '2026-11-02', dueDate: '2026-12-02', ...amountOnly('200.00') });
    await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-DRAFT', status: 'draft', issueDate: '2026-11-03', dueDate: '2026-12-03', ...amountOnly('999.00') });
    const cancelled = await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-X', status: 'sent', issueDate: '2026-11-03', dueDate: '2026-12-03', ...amountOnly('555.00') });
    await t.deps.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, cancelled.id));
    inv = { a: a.id, b: b.id, c: c.id };
    await creditNoteApplied(owner, customer.id, 'CN-1', '2026-11-05', '60.00', [
      { invoiceId: a.id, amount: '30.00', date: '2026-11-06' },
      { invoiceId: b.id, amount: '30.00', date: '2026-11-06' },
    ]);
    const overpayment = await overpay(owner, customer.id, b.id, '100.00', '70.00', '2026-11-10');
    await refund(owner, overpayment, '10.00', '2026-11-12');
  });

  it('opens with what was owed before the period, runs the balance line by line and closes with the balance due', async () => {
    const response = await statementOf(owner, customer.id, '2026-10-01', '2026-11-21');
    expect(response.statusCode, response.body).toBe(200);
    const statement: Statement = response.json();
    // 135.40 invoiced - 35.40 paid before Oct 1.
    expect(statement.openingBalance).toBe('100.00');
    expect(statement.lines.map((line) => [line.date, line.kind, line.reference, line.debit, line.credit, line.balance])).toEqual([
      ['2026-10-05', 'invoice', 'INV-B', '100.00', '0.00', '200.00'],
      ['2026-11-02', 'invoice', 'INV-C', '200.00', '0.00', '400.00'],
      ['2026-11-05', 'credit_note', 'CN-1', '0.00', '60.00', '340.00'],
      ['2026-11-10', 'payment', 'INV-B', '0.00', '100.00', '240.00'],
      ['2026-11-12', 'refund', null, '10.00', '0.00', '250.00'],
    ]);
    expect(statement.lines[0]).toMatchObject({ description: 'Invoice INV-B', dueDate: '2026-11-04', sourceId: inv.b });
    expect(statement.lines[3]?.description).toBe('Payment - Wire WIRE 77 (INV-B)');
    expect(statement.lines[4]?.description).toBe('Refund of credit - Check 5521');
    expect(statement).toMatchObject({ totalDebits: '310.00', totalCredits: '160.00', closingBalance: '250.00', unappliedCredit: '20.00', currency: 'USD' });
    // Aging on Nov 21: INV-A 135.40 - 35.40 - 30.00 = 70.00, 42 days past Oct 10; INV-C 200.00 not due; INV-B settled.
    expect(Object.fromEntries(statement.aging.map((b) => [b.key, b.amount]))).toEqual({ current: '200.00', '1_30': '0.00', '31_60': '70.00', '61_90': '0.00', over_90: '0.00' });
  });

  it('closes on today at exactly the customer balance: open invoices due less unapplied credit', async () => {
    const statement: Statement = (await statementOf(owner, customer.id, '2026-01-01', '2026-11-21')).json();
    const balance = await customerBalance(t.deps.db, owner.user.organizationId, customer.id);
    expect(balance).toEqual({ openInvoicesDue: 27000, unappliedCredit: 2000, balance: 25000 });
    expect(statement.closingBalance).toBe('250.00');
    expect(statement.openingBalance).toBe('0.00');
    expect(statement.unappliedCredit).toBe('20.00');
  });

  it('carries the closing balance of one period into the opening balance of the next, and ages on the period end', async () => {
    const october: Statement = (await statementOf(owner, customer.id, '2026-10-01', '2026-10-31')).json();
    expect(october).toMatchObject({ openingBalance: '100.00', totalDebits: '100.00', totalCredits: '0.00', closingBalance: '200.00', unappliedCredit: '0.00' });
    // On Oct 31 INV-A owed 100.00 (21 days late) and INV-B 100.00 (not due until Nov 4); CN-1 and the wire came later.
    expect(Object.fromEntries(october.aging.map((b) => [b.key, b.amount]))).toMatchObject({ current: '100.00', '1_30': '100.00', '31_60': '0.00' });
    const november: Statement = (await statementOf(owner, customer.id, '2026-11-01', '2026-11-30')).json();
    expect(november.openingBalance).toBe(october.closingBalance);
    expect(november.closingBalance).toBe('250.00');
    expect(november.lines).toHaveLength(4);
  });

  it('takes a payment on the day it arrived where the organization is, not in UTC', async () => {
    const other = await createCustomerFor(owner);
    const invoice = await createInvoiceFor(owner, other.id, { status: 'sent', issueDate: '2026-10-01', dueDate: '2026-10-31', ...amountOnly('50.00') });
    // 02:30 UTC on Nov 1 is still Oct 31 in New York.
    await t.deps.db.insert(payments).values({
      organizationId: owner.user.organizationId,
      type: 'invoice_payment',
      referenceId: invoice.id,
      amount: '20.00',
      method: 'ach',
      status: 'completed',
      processedAt: new Date('2026-11-01T02:30:00Z'),
    });
    await t.deps.db.insert(payments).values({ organizationId: owner.user.organizationId, type: 'invoice_payment', referenceId: invoice.id, amount: '30.00', method: 'ach', status: 'failed', processedAt: new Date('2026-10-15T15:00:00Z') });
    await t.deps.db.update(invoices).set({ amountPaid: '20.00' }).where(eq(invoices.id, invoice.id));
    const october: Statement = (await statementOf(owner, other.id, '2026-10-01', '2026-10-31')).json();
    expect(october.lines.map((line) => [line.date, line.kind, line.credit])).toEqual([
      ['2026-10-01', 'invoice', '0.00'],
      ['2026-10-31', 'payment', '20.00'],
    ]);
    expect(october.closingBalance).toBe('30.00');
  });

  it('refuses a period that ends before it starts, bad dates, and another workspace’s customer', async () => {
    const backwards = await statementOf(owner, customer.id, '2026-11-21', '2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('VALIDATION');
    expect((await statementOf(owner, customer.id, 'yesterday', '2026-11-01')).statusCode).toBe(400);
    const { owner: stranger } = await ownerWithCustomer(t);
    const foreign = await statementOf(stranger, customer.id, '2026-10-01', '2026-11-21');
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/customers/${customer.id}/statement?from=2026-10-01&to=2026-11-21&format=pdf` })).statusCode).toBe(404);
  });

  it('serves the statement as a PDF with the opening balance, every line, the closing balance and the aging', async () => {
    const response = await owner.request({ method: 'GET', url: `/api/customers/${customer.id}/statement?from=2026-10-01&to=2026-11-21&format=pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement-Client-[A-Za-z0-9-]+-2026-11-21\.pdf"$/);
    const text = (await pdfText(response.rawPayload)).text;
    for (const expected of [
      'Northwind Bookkeeping LLC',
      'STATEMENT OF ACCOUNT',
      customer.name,
      'Opening balance',
      'Invoice INV-B',
      'Credit note CN-1',
      'Refund of',
      '$100.00',
      '$310.00',
      '$160.00',
      '$250.00',
      '$70.00',
      '31–60 days',
      'Oct 1, 2026',
      'Nov 21, 2026',
      'Includes $20.00 of credit not yet applied',
    ]) {
      expect(text).toContain(expected);
    }
    const { boxes } = await pdfTextBoxes(response.rawPayload);
    expect(overlappingText(boxes)).toEqual([]);
  });
});

describe('statement PDF layout', () => {
  it('keeps a long name clear of the title and runs a long statement over several pages without overlaps', async () => {
    const statement: Statement = {
      organization: { name: 'The Very Long Named Northwind Bookkeeping and Payroll Services Cooperative LLC', email: 'billing@northwind.example', address: '500 Pine St, Portland, OR 97204, US', logoUrl: null, primaryColor: 'not a colour' },
      customer: { id: 'c', name: 'Harbor Bakery & Coffee Roasters of Greater Boston Incorporated', email: 'ap@harbor.example', address: null },
      currency: 'EUR',
      from: '2026-01-01',
      to: '2026-11-21',
      openingBalance: '0.00',
      lines: Array.from({ length: 60 }, (_, index) => ({
        date: '2026-02-01',
        kind: 'invoice' as const,
        description: `Invoice INV-${2000 + index} for a rather long description of the work done that month`,
        sourceId: String(index),
        reference: `INV-${2000 + index}`,
        debit: '10.00',
        credit: '0.00',
        balance: toDecimal((index + 1) * 1000),
        dueDate: '2026-03-01',
      })),
      totalDebits: '600.00',
      totalCredits: '0.00',
      closingBalance: '600.00',
      unappliedCredit: '0.00',
      aging: [
        { key: 'current', label: 'Current', amount: '0.00' },
        { key: '1_30', label: '1–30 days', amount: '0.00' },
        { key: '31_60', label: '31–60 days', amount: '0.00' },
        { key: '61_90', label: '61–90 days', amount: '0.00' },
        { key: 'over_90', label: 'Over 90 days', amount: '600.00' },
      ],
    };
    const pdf = await renderStatementPdf(statement);
    const { pages, boxes } = await pdfTextBoxes(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(overlappingText(boxes)).toEqual([]);
    const text = (await pdfText(pdf)).text;
    expect(text).toContain('INV-2059');
    const spaced = (value: string) => value.replace(/\s/g, ' ');
    expect(spaced(text)).toContain(spaced(moneyIn('EUR', 60000)));
    expect(moneyIn('EUR', 60000)).toContain('€');
  });
});

describe('send statements', () => {
  let sender: SignedIn;
  let owing: { id: string; name: string; email: string };
  let owing2: { id: string; name: string; email: string };
  let settled: { id: string };
  beforeAll(async () => {
    ({ owner: sender, customer: owing } = await ownerWithCustomer(t));
    owing2 = await createCustomerFor(sender);
    settled = await createCustomerFor(sender);
    await createInvoiceFor(sender, owing.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-15', ...amountOnly('80.00') });
    await createInvoiceFor(sender, owing2.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-15', ...amountOnly('40.00') });
    const paid = await createInvoiceFor(sender, settled.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-15', ...amountOnly('25.00') });
    await sender.request({ method: 'POST', url: `/api/invoices/${paid.id}/payments`, payload: { amount: '25.00', paidAt: '2026-11-10', method: 'ach' } });
  });

  const send = (as: SignedIn, payload: Record<string, unknown>) => as.request({ method: 'POST', url: '/api/statements/send', payload });

  it('mails every customer with an open balance once per statement date, with the PDF attached', async () => {
    const before = readOutbox(t).length;
    const first = await send(sender, { statementDate: '2026-11-21' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SendStatementsResult>()).toEqual({ statementDate: '2026-11-21', sent: 2, alreadySent: 0, skipped: [] });
    const mails = readMails(t).slice(before);
    expect(mails).toHaveLength(2);
    const toOwing = mails.find((mail) => mail.includes(`To: ${owing.email}`));
    expect(toOwing).toContain('Balance due on 2026-11-21: $80.00');
    expect(toOwing).toContain('for 2026-11-01 to 2026-11-21');
    expect(toOwing).toMatch(/filename=.?statement-/);
    expect(toOwing).toContain('application/pdf');

    const second = await send(sender, { statementDate: '2026-11-21' });
    expect(second.json<SendStatementsResult>()).toEqual({ statementDate: '2026-11-21', sent: 0, alreadySent: 2, skipped: [] });
    expect(readOutbox(t).length).toBe(before + 2);
    const rows = await t.deps.db.select().from(statementDeliveries).where(eq(statementDeliveries.organizationId, sender.user.organizationId));
    expect(rows.map((row) => [row.customerId, row.status, row.closingBalance]).sort()).toEqual(
      [
        [owing.id, 'sent', '80.00'],
        [owing2.id, 'sent', '40.00'],
      ].sort(),
    );
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, sender.user.organizationId), eq(auditLog.action, 'customer.statement_sent')));
    expect(audits).toHaveLength(2);
  });

  it('sends to the chosen customers only, on another date; a customer with nothing owed is not mailed', async () => {
    const before = readOutbox(t).length;
    const response = await send(sender, { statementDate: '2026-11-22', customerIds: [owing.id, settled.id] });
    expect(response.json<SendStatementsResult>()).toMatchObject({ sent: 1, alreadySent: 0, skipped: [] });
    expect(readOutbox(t).length).toBe(before + 1);
  });

  it('retries a failed mail on a later request, and never mails a sent one again', async () => {
    const { owner: o, customer: c } = await ownerWithCustomer(t);
    await createInvoiceFor(o, c.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-15', ...amountOnly('12.00') });
    const original = t.deps.mail.send;
    t.deps.mail.send = async () => {
      throw new Error('SMTP 451 try later');
    };
    let failed: SendStatementsResult;
    try {
      failed = (await send(o, { statementDate: '2026-11-21' })).json();
    } finally {
      t.deps.mail.send = original;
    }
    expect(failed).toMatchObject({ sent: 0, alreadySent: 0, skipped: [{ customerId: c.id, reason: 'The mail could not be sent; try again later' }] });
    const [row] = await t.deps.db.select().from(statementDeliveries).where(eq(statementDeliveries.customerId, c.id));
    expect(row).toMatchObject({ status: 'failed', error: 'SMTP 451 try later' });
    expect((await send(o, { statementDate: '2026-11-21' })).json()).toMatchObject({ sent: 1, alreadySent: 0 });
    expect((await send(o, { statementDate: '2026-11-21' })).json()).toMatchObject({ sent: 0, alreadySent: 1 });
  });

  it('skips a customer without an email address and says so; refuses viewers and bad input', async () => {
    const { owner: o, customer: c } = await ownerWithCustomer(t);
    await createInvoiceFor(o, c.id, { status: 'sent', issueDate: '2026-11-01', dueDate: '2026-11-15', ...amountOnly('12.00') });
    await t.deps.db.update(customers).set({ email: '' }).where(eq(customers.id, c.id));
    expect((await send(o, { statementDate: '2026-11-21' })).json()).toEqual({
      statementDate: '2026-11-21',
      sent: 0,
      alreadySent: 0,
      skipped: [{ customerId: c.id, name: c.name, reason: 'No email address' }],
    });
    const viewer = await makeViewer(t);
    expect((await send(viewer, { statementDate: '2026-11-21' })).statusCode).toBe(403);
    expect((await send(o, { statementDate: 'soon' })).statusCode).toBe(400);
    expect((await send(o, { statementDate: '2026-11-21', from: '2026-12-01' })).statusCode).toBe(400);
    expect((await send(o, { statementDate: '2026-11-21', customerIds: ['nope'] })).statusCode).toBe(400);
  });

  it('never mails another workspace’s customer named in customerIds', async () => {
    const { owner: stranger } = await ownerWithCustomer(t);
    const before = readOutbox(t).length;
    const response = await send(stranger, { statementDate: '2026-11-23', customerIds: [owing.id] });
    expect(response.json()).toMatchObject({ sent: 0, alreadySent: 0, skipped: [] });
    expect(readOutbox(t).length).toBe(before);
  });
});
