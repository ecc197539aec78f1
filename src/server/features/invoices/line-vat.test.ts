import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/contracts/invoices';
import { billItems, invoiceItems } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { billPayload, vendorPayload } from '../bills/payables-fixtures';
import { runDueSchedules } from '../recurring-invoices/generate-recurring-invoices';
import { invoicePayload, ownerWithCustomer } from './invoices.fixtures';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
});
afterAll(async () => t.close());

/** 100.00 at 19% and 50.00 at 7%, discount 15.00 spread 10.00 / 5.00: VAT 17.10 + 3.15 = 20.25, total 155.25. */
const twoRates = {
  subtotal: '150.00',
  taxAmount: '20.25',
  discountAmount: '15.00',
  totalAmount: '155.25',
  items: [
    { description: 'Consulting', quantity: 1, unitPrice: 100, totalPrice: 100, taxCategory: 'S', taxRate: '19', unitCode: 'HUR' },
    { description: 'Books', quantity: 2, unitPrice: 25, totalPrice: 50, taxCategory: 'S', taxRate: 7 },
  ],
};

const postInvoice = (overrides: Record<string, unknown>) => owner.request({ method: 'POST', url: '/api/invoices', payload: invoicePayload(customer.id, overrides) });

describe('invoices with VAT by line', () => {
  it('stores and returns each line’s category, rate and unit, and the tax by rate', async () => {
    const response = await postInvoice(twoRates);
    expect(response.statusCode, response.body).toBe(201);
    const invoice: Invoice = response.json();
    expect(invoice).toMatchObject({ subtotal: '150.00', taxAmount: '20.25', discountAmount: '15.00', totalAmount: '155.25', vatExemptionReason: null });
    expect(invoice.items.map((item) => [item.taxCategory, item.taxRate, item.unitCode])).toEqual([
      ['S', '19.00', 'HUR'],
      ['S', '7.00', null],
    ]);
    const rows = await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id)).orderBy(invoiceItems.position);
    expect(rows.map((row) => [row.taxCategory, row.taxRate, row.unitCode])).toEqual([
      ['S', '19.00', 'HUR'],
      ['S', '7.00', null],
    ]);
    const detail: Invoice = (await owner.request({ method: 'GET', url: `/api/invoices/${invoice.id}` })).json();
    expect(detail.items).toEqual(invoice.items);
    // The list page's stored item JSON (migration 0016) carries the same VAT detail.
    const list: Invoice[] = (await owner.request({ method: 'GET', url: '/api/invoices' })).json();
    expect(list.find((row) => row.id === invoice.id)?.items).toEqual(invoice.items);
  });

  it('keeps the VAT lines on an update that leaves the items out, and recomputes the tax on a new discount', async () => {
    const invoice: Invoice = (await postInvoice(twoRates)).json();
    // Discount 0: VAT 19.00 + 3.50 = 22.50.
    const response = await owner.request({ method: 'PUT', url: `/api/invoices/${invoice.id}`, payload: { discountAmount: '0', taxAmount: '22.50', totalAmount: '172.50' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ taxAmount: '22.50', totalAmount: '172.50' });
    expect(response.json().items.map((item: { taxRate: string }) => item.taxRate)).toEqual(['19.00', '7.00']);
  });

  it('refuses mixed lines, a tax that is not the VAT by rate, and exempt lines without a reason, naming the field', async () => {
    const mixed = await postInvoice({ ...twoRates, items: [twoRates.items[0], { description: 'Books', quantity: 2, unitPrice: 25, totalPrice: 50 }] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields).toHaveProperty(['items.1.taxCategory']);
    const wrongTax = await postInvoice({ ...twoRates, taxAmount: '20.00', totalAmount: '155.00' });
    expect(wrongTax.statusCode).toBe(400);
    expect(wrongTax.json().fields).toHaveProperty('taxAmount');
    const reverseCharge = {
      subtotal: '100.00',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '100.00',
      items: [{ description: 'Consulting', quantity: 1, unitPrice: 100, totalPrice: 100, taxCategory: 'AE', taxRate: '0' }],
    };
    const noReason = await postInvoice(reverseCharge);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('vatExemptionReason');
    const withReason = await postInvoice({ ...reverseCharge, vatExemptionReason: 'Reverse charge' });
    expect(withReason.statusCode, withReason.body).toBe(201);
    expect(withReason.json()).toMatchObject({ vatExemptionReason: 'Reverse charge', taxAmount: '0.00' });
  });

  it('keeps a lump-sum tax exactly as before when no line has a category', async () => {
    const response = await postInvoice({});
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ taxAmount: '10.40', totalAmount: '135.40' });
    expect(response.json().items[0]).toMatchObject({ taxCategory: null, taxRate: null, unitCode: null });
  });
});

describe('credit notes of an invoice with VAT lines', () => {
  it('copies the lines’ VAT, takes the tax by rate for chosen lines, and needs a category for an amount', async () => {
    const invoice: Invoice = (await postInvoice({ ...twoRates, status: 'sent' })).json();
    const first = invoice.items[0];
    if (!first) throw new Error('invoice without items');
    const chosen = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/credit-notes`, payload: { items: [{ invoiceItemId: first.id, quantity: 1 }] } });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const creditId = chosen.json().id as string;
    const credit = (await owner.request({ method: 'GET', url: `/api/credit-notes/${creditId}` })).json();
    // 100.00 less its 10.00 discount share, VAT 19% of 90.00 = 17.10.
    expect(credit).toMatchObject({ subtotal: '90.00', taxAmount: '17.10', amount: '107.10' });
    expect(credit.items[0]).toMatchObject({ taxCategory: 'S', taxRate: '19.00', unitCode: 'HUR' });

    const noCategory = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/credit-notes`, payload: { amount: '10.00' } });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().fields).toHaveProperty('taxCategory');
    const amount = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/credit-notes`, payload: { amount: '10.00', taxCategory: 'S', taxRate: '7' } });
    expect(amount.statusCode, amount.body).toBe(201);
    const amountCredit = (await owner.request({ method: 'GET', url: `/api/credit-notes/${amount.json().id as string}` })).json();
    expect(amountCredit).toMatchObject({ subtotal: '10.00', taxAmount: '0.70', amount: '10.70' });
    expect(amountCredit.items[0]).toMatchObject({ taxCategory: 'S', taxRate: '7.00' });
  });
});

describe('bills with VAT by line', () => {
  it('stores and returns the lines’ VAT and refuses a tax that does not match', async () => {
    const vendorId = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Papier GmbH' }) })).json().id as string;
    const items = [
      { description: 'Paper', quantity: 1, unitPrice: '100.00', totalPrice: '100.00', taxCategory: 'S', taxRate: '19', unitCode: 'KGM' },
      { description: 'Delivery', quantity: 1, unitPrice: '10.00', totalPrice: '10.00', taxCategory: 'Z', taxRate: '0' },
    ];
    const wrong = await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendorId, { subtotal: '110.00', taxAmount: '20.90', totalAmount: '130.90', items }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('taxAmount');
    const response = await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendorId, { subtotal: '110.00', taxAmount: '19.00', totalAmount: '129.00', items }) });
    expect(response.statusCode, response.body).toBe(201);
    const bill = (await owner.request({ method: 'GET', url: `/api/bills/${response.json().id as string}` })).json();
    expect(bill).toMatchObject({ taxAmount: '19.00', totalAmount: '129.00' });
    expect(bill.items.map((item: { taxCategory: string; taxRate: string; unitCode: string }) => [item.taxCategory, item.taxRate, item.unitCode])).toEqual([
      ['S', '19.00', 'KGM'],
      ['Z', '0.00', null],
    ]);
    const rows = await t.deps.db.select().from(billItems).where(eq(billItems.billId, bill.id)).orderBy(billItems.position);
    expect(rows.map((row) => row.taxCategory)).toEqual(['S', 'Z']);
  });
});

describe('recurring schedules with VAT by line', () => {
  it('keeps the lines’ VAT and gives it, with the exemption reason, to the invoices they make', async () => {
    const response = await owner.request({
      method: 'POST',
      url: '/api/recurring-invoices',
      payload: {
        customerId: customer.id,
        frequency: 'monthly',
        startDate: '2026-11-21',
        taxAmount: '19.00',
        discountAmount: '0',
        vatExemptionReason: 'Export outside the EU',
        items: [
          { description: 'Hosting', quantity: 1, unitPrice: 100, taxCategory: 'S', taxRate: '19', unitCode: 'MON' },
          { description: 'Shipping abroad', quantity: 1, unitPrice: 20, taxCategory: 'G', taxRate: '0' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ taxAmount: '19.00', totalAmount: '139.00', vatExemptionReason: 'Export outside the EU' });
    expect(response.json().items[0]).toMatchObject({ taxCategory: 'S', taxRate: '19.00', unitCode: 'MON' });
    const missingReason = await owner.request({
      method: 'POST',
      url: '/api/recurring-invoices',
      payload: { customerId: customer.id, frequency: 'monthly', startDate: '2026-11-21', items: [{ description: 'Export', quantity: 1, unitPrice: 20, taxCategory: 'G', taxRate: '0' }] },
    });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().fields).toHaveProperty('vatExemptionReason');

    expect(await runDueSchedules(t.deps, { now: new Date('2026-11-21T15:00:00Z'), organizationIds: [owner.user.organizationId] })).toMatchObject({ generated: 1 });
    const invoices: Invoice[] = (await owner.request({ method: 'GET', url: '/api/invoices?status=draft&limit=100' })).json();
    const made = invoices.find((invoice) => invoice.items.some((item) => item.description === 'Hosting'));
    expect(made).toMatchObject({ taxAmount: '19.00', totalAmount: '139.00', vatExemptionReason: 'Export outside the EU' });
    expect(made?.items.map((item) => [item.taxCategory, item.taxRate, item.unitCode])).toEqual([
      ['S', '19.00', 'MON'],
      ['G', '0.00', null],
    ]);
  });
});
