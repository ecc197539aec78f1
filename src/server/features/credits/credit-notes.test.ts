import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, CreditNoteDetail } from '../../../shared/contracts/credits';
import type { Invoice } from '../../../shared/contracts/invoices';
import { auditLog, customerCredits, invoices, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addLines, workspace } from '../bank-reconciliation/matching.fixtures';
import { createCustomerFor, createInvoiceFor, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { failInvoicePaymentIn } from '../invoices/record-invoice-payment';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-28T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
});
afterAll(async () => t.close());

// invoicePayload: 2 x 50.00 + 1.5 x 20.00 = 130.00, tax 10.40, discount 5.00, total 135.40.
const sent = (as: SignedIn = owner, customerId = customer.id, overrides: Record<string, unknown> = {}) =>
  createInvoiceFor(as, customerId, { status: 'sent', ...overrides });

const credit = (invoiceId: string, payload: Record<string, unknown>, as: SignedIn = owner) =>
  as.request({ method: 'POST', url: `/api/invoices/${invoiceId}/credit-notes`, payload });

const apply = (creditId: string, allocations: { invoiceId: string; amount: string }[], as: SignedIn = owner) =>
  as.request({ method: 'POST', url: `/api/credit-notes/${creditId}/apply`, payload: { allocations } });

async function invoiceOf(as: SignedIn, id: string): Promise<Invoice> {
  return (await as.request({ method: 'GET', url: `/api/invoices/${id}` })).json();
}

async function creditOf(as: SignedIn, id: string): Promise<CreditNoteDetail> {
  return (await as.request({ method: 'GET', url: `/api/credit-notes/${id}` })).json();
}

async function balanceOf(as: SignedIn, customerId: string): Promise<string> {
  return (await as.request({ method: 'GET', url: `/api/customers/${customerId}` })).json().currentBalance;
}

async function created(response: Awaited<ReturnType<typeof credit>>): Promise<CreditNoteDetail> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('issuing credit notes', () => {
  it('credits the whole invoice: every line, tax and discount, numbered CN-1000 then CN-1001; nothing more can be credited', async () => {
    const { owner: own, customer: c } = await ownerWithCustomer(t);
    const invoice = await sent(own, c.id);
    const whole = await created(await credit(invoice.id, { whole: true, reason: 'Cancelled engagement' }, own));
    expect(whole).toMatchObject({ kind: 'credit_note', creditNumber: 'CN-1000', subtotal: '125.00', taxAmount: '10.40', amount: '135.40', remaining: '135.40', status: 'open', invoiceNumber: invoice.invoiceNumber });
    expect(whole.items.map((item) => [item.description, item.quantity, item.totalPrice])).toEqual([
      ['Consulting', '2', '100.00'],
      ['Support hours', '1.5', '30.00'],
    ]);
    const over = await credit(invoice.id, { amount: '0.01' }, own);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`Credit notes on ${invoice.invoiceNumber} cannot exceed its total; at most $0.00 can still be credited`);
    const other = await created(await credit((await sent(own, c.id)).id, { amount: '10.00' }, own));
    expect(other.creditNumber).toBe('CN-1001');
    const actions = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, whole.id));
    expect(actions.map((row) => row.action)).toEqual(['credit_note.created']);
  });

  it('credits chosen lines with tax and discount in proportion, and each line at most its quantity', async () => {
    const invoice = await sent();
    const consulting = invoice.items.find((item) => item.description === 'Consulting');
    // 1 x 50.00 of a 130.00 subtotal: tax 10.40 x 50/130 = 4.00; discount 5.00 x 50/130 = 1.923 -> 1.92.
    const lines = await created(await credit(invoice.id, { items: [{ invoiceItemId: consulting?.id, quantity: 1 }] }));
    expect(lines).toMatchObject({ subtotal: '48.08', taxAmount: '4.00', amount: '52.08' });
    expect(lines.items).toMatchObject([{ description: 'Consulting', quantity: '1', unitPrice: '50.00', totalPrice: '50.00', invoiceItemId: consulting?.id }]);
    const tooMany = await credit(invoice.id, { items: [{ invoiceItemId: consulting?.id, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 1 of "Consulting" can still be credited');
    const foreign = await credit(invoice.id, { items: [{ invoiceItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
  });

  it('credits an amount as one line without tax; refuses a draft invoice, no choice or two choices', async () => {
    const invoice = await sent();
    const amount = await created(await credit(invoice.id, { amount: '20.00', reason: 'Goodwill' }));
    expect(amount).toMatchObject({ subtotal: '20.00', taxAmount: '0.00', amount: '20.00', reason: 'Goodwill' });
    expect(amount.items).toMatchObject([{ description: 'Credit', quantity: '1', totalPrice: '20.00', invoiceItemId: null }]);
    const draft = await createInvoiceFor(owner, customer.id);
    const refused = await credit(draft.id, { whole: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A credit note can only be issued from a sent, overdue or paid invoice');
    expect((await credit(invoice.id, {})).statusCode).toBe(400);
    expect((await credit(invoice.id, { whole: true, amount: '1.00' })).statusCode).toBe(400);
  });

  it('keeps an invoice with credit notes: no deleting it, no total below them, no other customer', async () => {
    const invoice = await sent();
    await created(await credit(invoice.id, { amount: '100.00' }));
    const deleted = await owner.request({ method: 'DELETE', url: `/api/invoices/${invoice.id}` });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('This invoice has credit notes and cannot be deleted.');
    const lowered = await owner.request({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}`,
      payload: { subtotal: '99.99', taxAmount: 0, discountAmount: 0, totalAmount: '99.99', items: [{ description: 'Consulting', quantity: 1, unitPrice: '99.99', totalPrice: '99.99' }] },
    });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().message).toBe('Total cannot be less than the credit notes issued from this invoice');
    const other = await createCustomerFor(owner);
    const moved = await owner.request({ method: 'PUT', url: `/api/invoices/${invoice.id}`, payload: { customerId: other.id } });
    expect(moved.statusCode).toBe(400);
  });

  it('applies a new credit note to its own invoice at once when asked, up to what it owes', async () => {
    const invoice = await sent();
    const note = await created(await credit(invoice.id, { amount: '35.40', applyToInvoice: true }));
    expect(note).toMatchObject({ amountApplied: '35.40', remaining: '0.00', status: 'closed' });
    expect(await invoiceOf(owner, invoice.id)).toMatchObject({ amountPaid: '35.40', balance: '100.00', status: 'sent' });
  });

  it('issues at most what the invoice totals when two credit notes are issued at once', async () => {
    const invoice = await sent();
    const responses = await Promise.all([credit(invoice.id, { whole: true }), credit(invoice.id, { whole: true })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const rows = await t.deps.db.select().from(customerCredits).where(eq(customerCredits.invoiceId, invoice.id));
    expect(rows.map((row) => row.amount)).toEqual(['135.40']);
  });
});

describe('applying credits', () => {
  it('applies one credit note to two invoices with hand-computed amounts; the customer balance follows', async () => {
    const { owner: own, customer: c } = await ownerWithCustomer(t);
    const source = await sent(own, c.id);
    const first = await sent(own, c.id);
    const second = await sent(own, c.id);
    // Open: 3 x 135.40 = 406.20.
    expect(await balanceOf(own, c.id)).toBe('406.20');
    const note = await created(await credit(source.id, { amount: '100.00' }, own));
    // A credit note lowers the balance at once: 406.20 - 100.00.
    expect(await balanceOf(own, c.id)).toBe('306.20');
    const applied = await apply(note.id, [{ invoiceId: first.id, amount: '60.00' }, { invoiceId: second.id, amount: '40.00' }], own);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ amountApplied: '100.00', remaining: '0.00', status: 'closed' });
    expect(applied.json().allocations.map((row: { invoiceNumber: string; amount: string }) => [row.invoiceNumber, row.amount]).sort()).toEqual(
      [[first.invoiceNumber, '60.00'], [second.invoiceNumber, '40.00']].sort(),
    );
    expect(await invoiceOf(own, first.id)).toMatchObject({ amountPaid: '60.00', balance: '75.40', status: 'sent' });
    expect(await invoiceOf(own, second.id)).toMatchObject({ amountPaid: '40.00', balance: '95.40' });
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, first.id));
    expect(stored?.amountCredited).toBe('60.00');
    // Open due 135.40 + 75.40 + 95.40 = 306.20, no unapplied credit left.
    expect(await balanceOf(own, c.id)).toBe('306.20');
    const again = await apply(note.id, [{ invoiceId: first.id, amount: '0.01' }], own);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('CN-1000 has $0.00 left to apply');
  });

  it('lists each customer with its unapplied credit, the same as its balance endpoint, on both list paths', async () => {
    const { owner: own, customer: c } = await ownerWithCustomer(t);
    const plain = await createCustomerFor(own, { name: 'No Credit Co' });
    const source = await sent(own, c.id);
    const other = await sent(own, c.id);
    const note = await created(await credit(source.id, { amount: '100.00' }, own));
    expect((await apply(note.id, [{ invoiceId: other.id, amount: '30.00' }], own)).statusCode).toBe(200);
    const refunded = await own.request({ method: 'POST', url: `/api/credit-notes/${note.id}/refund`, payload: { amount: '25.00', date: '2026-11-27', method: 'check' } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // 100.00 - 30.00 applied - 25.00 refunded.
    const expected: Record<string, string> = { [c.id]: '45.00', [plain.id]: '0.00' };
    // The default page (JSON built by PostgreSQL) and the searched or inactive-including one (DTO mapper).
    for (const url of ['/api/customers', '/api/customers?includeInactive=true', '/api/customers?search=c']) {
      const list = ((await own.request({ method: 'GET', url })).json() as { id: string; unappliedCredit: string }[]).filter((entry) => entry.id in expected);
      expect(list, url).toHaveLength(2);
      for (const row of list) {
        const balance = (await own.request({ method: 'GET', url: `/api/customers/${row.id}/balance` })).json();
        expect(row.unappliedCredit, url).toBe(expected[row.id]);
        expect(row.unappliedCredit, url).toBe(balance.unappliedCredit);
      }
    }
    expect((await own.request({ method: 'GET', url: `/api/customers/${c.id}` })).json().unappliedCredit).toBe('45.00');
  });

  it('marks an invoice paid when a credit covers the rest, and refuses more than an invoice owes, closed invoices and other customers', async () => {
    const invoice = await sent();
    const target = await sent();
    const note = await created(await credit(invoice.id, { whole: true }));
    const paid = await owner.request({ method: 'POST', url: `/api/invoices/${target.id}/payments`, payload: { amount: '35.40', paidAt: '2026-11-27', method: 'check' } });
    expect(paid.statusCode).toBe(201);
    const tooMuch = await apply(note.id, [{ invoiceId: target.id, amount: '100.01' }]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(`Invoice ${target.invoiceNumber} has only $100.00 due`);
    const full = await apply(note.id, [{ invoiceId: target.id, amount: '100.00' }]);
    expect(full.statusCode, full.body).toBe(200);
    expect(await invoiceOf(owner, target.id)).toMatchObject({ status: 'paid', balance: '0.00' });

    const another = await created(await credit((await sent()).id, { amount: '10.00' }));
    const paidAlready = await apply(another.id, [{ invoiceId: target.id, amount: '1.00' }]);
    expect(paidAlready.statusCode).toBe(409);
    const stranger = await createCustomerFor(owner);
    const theirs = await sent(owner, stranger.id);
    expect((await apply(another.id, [{ invoiceId: theirs.id, amount: '1.00' }])).statusCode).toBe(404);
    const draft = await createInvoiceFor(owner, customer.id);
    expect((await apply(another.id, [{ invoiceId: draft.id, amount: '1.00' }])).statusCode).toBe(409);
    expect((await apply(another.id, [{ invoiceId: target.id, amount: '-1' }])).statusCode).toBe(400);
    expect((await creditOf(owner, another.id)).amountApplied).toBe('0.00');
  });

  it('applies a credit exactly once when two applies run at once', async () => {
    const note = await created(await credit((await sent()).id, { amount: '100.00' }));
    const a = await sent();
    const b = await sent();
    const responses = await Promise.all([apply(note.id, [{ invoiceId: a.id, amount: '100.00' }]), apply(note.id, [{ invoiceId: b.id, amount: '100.00' }])]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const after = await creditOf(owner, note.id);
    expect(after).toMatchObject({ amountApplied: '100.00', remaining: '0.00', status: 'closed' });
    expect(after.allocations).toHaveLength(1);
    const paid = [await invoiceOf(owner, a.id), await invoiceOf(owner, b.id)].map((invoice) => invoice.amountPaid).sort();
    expect(paid).toEqual(['0.00', '100.00']);
  });

  it('reverses one application: the invoice reopens and the credit can be used again', async () => {
    const note = await created(await credit((await sent()).id, { whole: true }));
    const target = await sent();
    await apply(note.id, [{ invoiceId: target.id, amount: '135.40' }]);
    const [allocation] = (await creditOf(owner, note.id)).allocations;
    const reversed = await owner.request({ method: 'POST', url: `/api/credit-allocations/${allocation?.id}/reverse` });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await invoiceOf(owner, target.id)).toMatchObject({ status: 'sent', amountPaid: '0.00', paidAt: null });
    expect(await creditOf(owner, note.id)).toMatchObject({ status: 'open', amountApplied: '0.00', remaining: '135.40' });
    expect((await owner.request({ method: 'POST', url: `/api/credit-allocations/${allocation?.id}/reverse` })).statusCode).toBe(409);
  });
});

describe('refunds and voids', () => {
  it('refunds part of a credit, refuses more than is left, and refuses to void a credit once used', async () => {
    const note = await created(await credit((await sent()).id, { amount: '50.00' }));
    const refund = (amount: string) =>
      owner.request({ method: 'POST', url: `/api/credit-notes/${note.id}/refund`, payload: { amount, date: '2026-11-27', method: 'check', reference: 'Check 88' } });
    const first = await refund('20.00');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amountRefunded: '20.00', remaining: '30.00', status: 'open' });
    expect(first.json().allocations).toMatchObject([{ kind: 'refund', amount: '20.00', method: 'check', reference: 'Check 88', date: '2026-11-27' }]);
    const tooMuch = await refund('30.01');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('CN-1000 has $30.00 left to refund'.replace('CN-1000', note.creditNumber ?? ''));
    const voided = await owner.request({ method: 'POST', url: `/api/credit-notes/${note.id}/void` });
    expect(voided.statusCode).toBe(409);
    const rest = await refund('30.00');
    expect(rest.json()).toMatchObject({ remaining: '0.00', status: 'closed' });
  });

  it('voids an unused credit: nothing remains, it cannot be applied, and the invoice can be credited again', async () => {
    const invoice = await sent();
    const note = await created(await credit(invoice.id, { whole: true }));
    const voided = await owner.request({ method: 'POST', url: `/api/credit-notes/${note.id}/void` });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void', remaining: '0.00' });
    expect((await apply(note.id, [{ invoiceId: invoice.id, amount: '1.00' }])).statusCode).toBe(409);
    expect((await owner.request({ method: 'POST', url: `/api/credit-notes/${note.id}/void` })).statusCode).toBe(409);
    expect((await credit(invoice.id, { whole: true })).statusCode).toBe(201);
  });
});

describe('overpayments', () => {
  it('keeps a payment above the balance as credit when asked, and applies it to the next invoice', async () => {
    const { owner: own, customer: c } = await ownerWithCustomer(t);
    const invoice = await sent(own, c.id);
    const pay = (payload: Record<string, unknown>) =>
      own.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '185.40', paidAt: '2026-11-27', method: 'check', ...payload } });
    const refused = await pay({});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Payment exceeds the balance of $135.40');
    const kept = await pay({ keepExcessAsCredit: true });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().invoice).toMatchObject({ status: 'paid', amountPaid: '135.40', balance: '0.00' });
    expect(kept.json().payment).toMatchObject({ amount: '185.40' });
    const rows = await t.deps.db.select().from(payments).where(and(eq(payments.type, 'invoice_payment'), eq(payments.referenceId, invoice.id)));
    expect(rows.map((row) => row.amount)).toEqual(['185.40']);
    const list = await own.request({ method: 'GET', url: `/api/credit-notes?customerId=${c.id}&kind=overpayment` });
    expect(list.headers['x-total-count']).toBe('1');
    const [overpayment] = list.json<CreditNote[]>();
    expect(overpayment).toMatchObject({ kind: 'overpayment', creditNumber: null, amount: '50.00', remaining: '50.00', invoiceId: invoice.id, paymentId: rows[0]?.id, issueDate: '2026-11-27' });
    // Nothing open, 50.00 of credit: the customer is owed 50.00.
    expect(await balanceOf(own, c.id)).toBe('-50.00');

    const next = await sent(own, c.id);
    const applied = await apply(overpayment?.id ?? '', [{ invoiceId: next.id, amount: '50.00' }], own);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await invoiceOf(own, next.id)).toMatchObject({ amountPaid: '50.00', balance: '85.40' });
    expect(await balanceOf(own, c.id)).toBe('85.40');
  });

  it('voids an unapplied overpayment credit when its payment bounces, and refuses once the credit was applied', async () => {
    const { owner: own, customer: c } = await ownerWithCustomer(t);
    const actor = { organizationId: own.user.organizationId, userId: own.user.id };
    const payOver = async () => {
      const invoice = await sent(own, c.id);
      const response = await own.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '150.00', paidAt: '2026-11-27', method: 'ach', keepExcessAsCredit: true } });
      expect(response.statusCode, response.body).toBe(201);
      return { invoice, paymentId: response.json().payment.id as string };
    };
    const bounced = await payOver();
    await t.deps.db.transaction((tx) => failInvoicePaymentIn(tx, actor, bounced.paymentId, 'R01 Insufficient funds', t.deps.now()));
    expect(await invoiceOf(own, bounced.invoice.id)).toMatchObject({ status: 'sent', amountPaid: '0.00' });
    const [voided] = await t.deps.db.select().from(customerCredits).where(eq(customerCredits.paymentId, bounced.paymentId));
    expect(voided?.status).toBe('void');
    expect(await balanceOf(own, c.id)).toBe('135.40');

    const used = await payOver();
    const [overpayment] = await t.deps.db.select().from(customerCredits).where(eq(customerCredits.paymentId, used.paymentId));
    await apply(overpayment?.id ?? '', [{ invoiceId: bounced.invoice.id, amount: '14.60' }], own);
    await expect(t.deps.db.transaction((tx) => failInvoicePaymentIn(tx, actor, used.paymentId, 'R01 Insufficient funds', t.deps.now()))).rejects.toThrow(
      'this payment paid above the invoice is credit that has since been applied or refunded',
    );
    expect(await invoiceOf(own, used.invoice.id)).toMatchObject({ status: 'paid' });
  });

  it('keeps a bank deposit larger than the invoices it pays as credit of their customer when asked', async () => {
    const ws = await workspace(t);
    const payer = await createCustomerFor(ws.owner);
    const a = await sent(ws.owner, payer.id);
    const b = await sent(ws.owner, payer.id);
    const [deposit = ''] = await addLines(t, ws, [{ amount: '300.00', description: 'ACH CREDIT CLIENT', postedOn: '2026-11-26' }]);
    const parts = [{ invoiceId: a.id, amount: '135.40' }, { invoiceId: b.id, amount: '135.40' }];
    const refused = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${deposit}/match`, payload: { invoices: parts } });
    expect(refused.statusCode).toBe(400);
    const partial = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${deposit}/match`, payload: { invoices: [{ invoiceId: a.id, amount: '100.00' }, parts[1]], keepExcessAsCredit: true } });
    expect(partial.statusCode).toBe(400);
    const matched = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${deposit}/match`, payload: { invoices: parts, keepExcessAsCredit: true } });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(await invoiceOf(ws.owner, a.id)).toMatchObject({ status: 'paid' });
    expect(await invoiceOf(ws.owner, b.id)).toMatchObject({ status: 'paid' });
    // 300.00 - 2 x 135.40 = 29.20.
    const [kept] = (await ws.owner.request({ method: 'GET', url: `/api/credit-notes?customerId=${payer.id}` })).json<CreditNote[]>();
    expect(kept).toMatchObject({ kind: 'overpayment', amount: '29.20', remaining: '29.20' });
    const received = await t.deps.db.select({ amount: payments.amount }).from(payments).where(eq(payments.organizationId, ws.organizationId));
    expect(received.map((row) => row.amount).sort()).toEqual(['135.40', '164.60']);
    expect(await balanceOf(ws.owner, payer.id)).toBe('-29.20');
    // Undoing the match removes the payments and the unapplied credit with them.
    const undone = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${deposit}/match` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await balanceOf(ws.owner, payer.id)).toBe('270.80');
    expect(await t.deps.db.select().from(customerCredits).where(eq(customerCredits.customerId, payer.id))).toHaveLength(0);
  });
});

describe('lists, PDF and tenancy', () => {
  it('lists credits newest first with a total, filters by customer, kind and status, and gives a PDF', async () => {
    const { owner: own, customer: c } = await ownerWithCustomer(t);
    const invoice = await sent(own, c.id);
    const one = await created(await credit(invoice.id, { amount: '10.00' }, own));
    const two = await created(await credit(invoice.id, { amount: '20.00', reason: 'Late delivery' }, own));
    await own.request({ method: 'POST', url: `/api/credit-notes/${one.id}/void` });
    const page = await own.request({ method: 'GET', url: '/api/credit-notes?limit=1' });
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json<CreditNote[]>().map((row) => row.creditNumber)).toEqual([two.creditNumber]);
    const open = await own.request({ method: 'GET', url: '/api/credit-notes?status=open' });
    expect(open.json<CreditNote[]>().map((row) => row.id)).toEqual([two.id]);
    expect((await own.request({ method: 'GET', url: '/api/credit-notes?kind=overpayment' })).json()).toEqual([]);
    const pdf = await own.request({ method: 'GET', url: `/api/credit-notes/${two.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${two.creditNumber}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for another workspace's invoices, credits and applications", async () => {
    const { owner: other, customer: theirCustomer } = await ownerWithCustomer(t);
    const invoice = await sent();
    const note = await created(await credit(invoice.id, { amount: '10.00' }));
    const theirs = await sent(other, theirCustomer.id);
    expect((await credit(invoice.id, { amount: '1.00' }, other)).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/credit-notes/${note.id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/credit-notes/${note.id}/pdf` })).statusCode).toBe(404);
    expect((await apply(note.id, [{ invoiceId: theirs.id, amount: '1.00' }], other)).statusCode).toBe(404);
    expect((await apply(note.id, [{ invoiceId: theirs.id, amount: '1.00' }])).statusCode).toBe(404);
    expect((await other.request({ method: 'POST', url: `/api/credit-notes/${note.id}/void` })).statusCode).toBe(404);
    expect((await other.request({ method: 'POST', url: `/api/credit-notes/${note.id}/refund`, payload: { amount: '1', date: '2026-11-27', method: 'check' } })).statusCode).toBe(404);
    const applied = await apply(note.id, [{ invoiceId: invoice.id, amount: '1.00' }]);
    const [allocation] = applied.json<CreditNoteDetail>().allocations;
    expect((await other.request({ method: 'POST', url: `/api/credit-allocations/${allocation?.id}/reverse` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/credit-notes' })).json<CreditNote[]>().some((row) => row.id === note.id)).toBe(false);
    expect((await other.request({ method: 'GET', url: `/api/credit-notes?customerId=${customer.id}` })).json()).toEqual([]);
  });
});
