import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/contracts/invoices';
import { invoices, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { pdfText } from '../../test/pdf-layout';
import { invoicePayload, ownerWithCustomer } from './invoices.fixtures';
import { createInvoice, recordInvoicePayment } from './invoices.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
});
afterAll(async () => t.close());

/** An owner whose organization keeps its books in `currency`, with one customer. */
async function ownerIn(currency: string) {
  const { owner, customer } = await ownerWithCustomer(t);
  await t.deps.db.update(organizations).set({ currency }).where(eq(organizations.id, owner.user.organizationId));
  return { owner, customer };
}

/** One line of quantity 1 at `price`, standard VAT at `rate`%. */
function onePriced(customerId: string, price: string, tax: string, total: string, rate = '8') {
  return invoicePayload(customerId, {
    subtotal: price,
    taxAmount: tax,
    discountAmount: '0',
    totalAmount: total,
    items: [{ description: 'Work', quantity: 1, unitPrice: price, totalPrice: price, taxCategory: 'S', taxRate: rate }],
  });
}

async function stored(id: string) {
  const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

async function pdfOf(owner: SignedIn, id: string): Promise<string> {
  const response = await owner.request({ method: 'GET', url: `/api/invoices/${id}/pdf` });
  expect(response.statusCode).toBe(200);
  return (await pdfText(response.rawPayload)).text;
}

describe('an invoice in a 0-decimal currency (JPY)', () => {
  it('totals 8% tax on ¥1,001 as ¥1,081, stores "1081" and prints ¥1,081', async () => {
    const { owner, customer } = await ownerIn('JPY');
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '1001', '80', '1081') });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<Invoice>();
    expect(invoice).toMatchObject({ subtotal: '1001', taxAmount: '80', totalAmount: '1081', amountPaid: '0', balance: '1081' });
    expect(invoice.items[0]).toMatchObject({ unitPrice: '1001', totalPrice: '1001' });
    expect(await stored(invoice.id)).toMatchObject({ subtotal: '1001', taxAmount: '80', totalAmount: '1081' });
    const text = await pdfOf(owner, invoice.id);
    expect(text).toContain('¥1,081');
    expect(text).not.toContain('1,081.00');
  });

  it('refuses the two-decimal total the old rule gave (1,081.08) and any yen decimals, naming the field', async () => {
    const { owner, customer } = await ownerIn('JPY');
    const old = await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '1001', '80.08', '1081.08') });
    expect(old.statusCode).toBe(400);
    expect(old.json().fields).toMatchObject({ taxAmount: 'JPY amounts have no decimals', totalAmount: 'JPY amounts have no decimals' });
    const half = await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '1000.5', '80', '1080.5') });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'VALIDATION', fields: { 'items.0.unitPrice': 'JPY amounts have no decimals' } });
  });

  it('records payments in whole yen and refuses ¥0.50', async () => {
    const { owner, customer } = await ownerIn('JPY');
    const invoice = (await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '1001', '80', '1081') })).json<Invoice>();
    const refused = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '0.50', paidAt: '2026-11-20', method: 'wire' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ amount: 'JPY amounts have no decimals' });
    const over = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '1082', paidAt: '2026-11-20', method: 'wire' } });
    expect(over.json().message).toMatch(/^Payment exceeds the balance of [¥￥]1,081$/);
    const paid = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '1000', paidAt: '2026-11-20', method: 'wire' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ invoice: { amountPaid: '1000', balance: '81' }, payment: { amount: '1000' } });
    expect(await stored(invoice.id)).toMatchObject({ amountPaid: '1000' });
  });
});

describe('callers that parse with the 2-decimal default (imports, recurring runs, bank matches)', () => {
  it('have their amounts moved into yen, exactly, or refused', async () => {
    const { owner, customer } = await ownerIn('JPY');
    const actor = { organizationId: owner.user.organizationId, userId: owner.user.id };
    const draft = { customerId: customer.id, issueDate: '2026-11-01', dueDate: '2026-12-01', taxAmount: 8000, items: [{ description: 'Work', quantity: '1', unitPrice: 100100 }] };
    const invoice = await createInvoice(t.deps.db, actor, draft, new Date('2026-11-21T15:00:00Z'));
    expect(invoice).toMatchObject({ subtotal: '1001', taxAmount: '80', totalAmount: '1081' });
    await expect(createInvoice(t.deps.db, actor, { ...draft, taxAmount: 8008 })).rejects.toThrow('JPY amounts have no decimals');
    const paid = await recordInvoicePayment(t.deps.db, actor, invoice.id, { amount: 100000, paidAt: '2026-11-20', method: 'wire' }, new Date('2026-11-21T15:00:00Z'));
    expect(paid.invoice).toMatchObject({ amountPaid: '1000', balance: '81' });
  });
});

describe('an invoice in a 3-decimal currency (KWD)', () => {
  it('keeps the third decimal: KWD 1.235 stored, returned and printed as 1.235', async () => {
    const { owner, customer } = await ownerIn('KWD');
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '1.235', '0.099', '1.334') });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<Invoice>();
    // 8% of 1.235 is 0.0988: 0.099 to the fils.
    expect(invoice).toMatchObject({ subtotal: '1.235', taxAmount: '0.099', totalAmount: '1.334', amountPaid: '0.000', balance: '1.334' });
    expect(await stored(invoice.id)).toMatchObject({ subtotal: '1.235', totalAmount: '1.334' });
    const text = (await pdfOf(owner, invoice.id)).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('KWD 1.235');
    expect(text).toContain('KWD 1.334');
    const paid = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '1.334', paidAt: '2026-11-20', method: 'wire' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ invoice: { status: 'paid', amountPaid: '1.334', balance: '0.000' }, payment: { amount: '1.334' } });
    const tooFine = await owner.request({ method: 'PUT', url: `/api/invoices/${invoice.id}`, payload: { notes: 'x', subtotal: '1.2351' } });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().fields).toMatchObject({ subtotal: 'KWD amounts have at most 3 decimals' });
  });

  it('edits an invoice in KWD with its 3 decimals', async () => {
    const { owner, customer } = await ownerIn('KWD');
    const invoice = (await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '1.235', '0.099', '1.334') })).json<Invoice>();
    const edited = await owner.request({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}`,
      payload: { subtotal: '2.470', taxAmount: '0.198', totalAmount: '2.668', items: [{ description: 'Work', quantity: 2, unitPrice: '1.235', totalPrice: '2.470', taxCategory: 'S', taxRate: '8' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ totalAmount: '2.668', items: [{ unitPrice: '1.235', totalPrice: '2.470' }] });
  });
});

describe('an invoice in a 2-decimal currency (USD) keeps its cents', () => {
  it('totals 8% of $10.01 as $10.81 and refuses a third decimal', async () => {
    const { owner, customer } = await ownerIn('USD');
    const response = await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '10.01', '0.80', '10.81') });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ totalAmount: '10.81', amountPaid: '0.00' });
    const refused = await owner.request({ method: 'POST', url: '/api/invoices', payload: onePriced(customer.id, '10.015', '0.80', '10.815') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ 'items.0.unitPrice': 'USD amounts have at most 2 decimals' });
  });
});
