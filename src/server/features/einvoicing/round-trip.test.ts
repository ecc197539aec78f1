import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billItems, bills, invoiceItems, invoices, vendorCredits } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { multipartBody } from '../documents/multipart-body';
import { createBuyer, giveSellerIdentity } from './einvoicing.fixtures';

/*
 * Issue 36's round trip: an invoice sent by organization A, received by organization B, gives a bill
 * with the same lines, taxes and totals to the cent, in every format A can send.
 */

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  seller = await signUp(t.app);
  buyer = await signUp(t.app);
  await giveSellerIdentity(t, seller);
  customerId = await createBuyer(t, seller, { buyerReference: '04011000-12345-34' });
}, 60_000);
afterAll(async () => t.close());

// 3 h x 95.00 + 2 kg x 12.35 at 19 % and 7 %, one zero-rated line, less a 10.00 discount spread over
// the rates: the VAT by rate the server computes (shared/vat.ts) must come back the same.
const lines = [
  { description: 'Consulting', quantity: '3', unitPrice: '95.00', totalPrice: '285.00', taxCategory: 'S', taxRate: '19', unitCode: 'HUR' },
  { description: 'Coffee beans', quantity: '2', unitPrice: '12.35', totalPrice: '24.70', taxCategory: 'S', taxRate: '7', unitCode: 'KGM' },
  { description: 'Export documents', quantity: '1', unitPrice: '15.00', totalPrice: '15.00', taxCategory: 'Z', taxRate: '0', unitCode: null },
];

async function issueInvoice(invoiceNumber: string): Promise<string> {
  // Subtotal 324.70, discount 10.00 shared 8.77 / 0.76 / 0.47: VAT 52.48 + 1.68 + 0 = 54.16.
  const response = await seller.request({
    method: 'POST',
    url: '/api/invoices',
    payload: {
      customerId,
      invoiceNumber,
      status: 'sent',
      issueDate: '2026-11-20',
      dueDate: '2026-12-20',
      subtotal: '324.70',
      discountAmount: '10.00',
      taxAmount: '54.16',
      totalAmount: '368.86',
      paymentTerms: 'Net 30',
      items: lines,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function receive(fileName: string, bytes: Buffer, contentType: string) {
  const { payload, headers } = multipartBody([{ name: 'file', fileName, contentType, bytes }]);
  const response = await buyer.request({ method: 'POST', url: '/api/bills/import-einvoice', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; kind: string; warnings: string[] }>();
}

async function download(kind: 'invoices' | 'credit-notes', id: string, format: string) {
  const response = await seller.request({ method: 'GET', url: `/api/${kind}/${id}/einvoice?format=${format}` });
  expect(response.statusCode, response.body).toBe(200);
  return { bytes: response.rawPayload, contentType: String(response.headers['content-type']).split(';')[0] ?? '' };
}

describe('an invoice sent by one organization and received by another', () => {
  it.each([
    ['ubl', 'RT-UBL-1'],
    ['xrechnung_ubl', 'RT-XRU-1'],
    ['xrechnung_cii', 'RT-XRC-1'],
    ['factur_x', 'RT-FX-1'],
  ])('gives the same lines, VAT and totals to the cent as %s', async (format, number) => {
    const invoiceId = await issueInvoice(number);
    const file = await download('invoices', invoiceId, format);
    const received = await receive(`${number}.${format === 'factur_x' ? 'pdf' : 'xml'}`, file.bytes, file.contentType);
    expect(received).toMatchObject({ kind: 'bill', warnings: [] });

    const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.id, received.id));
    expect(bill).toMatchObject({
      organizationId: buyer.user.organizationId,
      billNumber: number,
      billDate: '2026-11-20',
      dueDate: '2026-12-20',
      subtotal: invoice?.subtotal,
      discountAmount: invoice?.discountAmount,
      taxAmount: invoice?.taxAmount,
      totalAmount: invoice?.totalAmount,
      prepaidAmount: '0.00',
      einvoiceWarnings: [],
    });
    expect(bill?.totalAmount).toBe('368.86');

    const sent = await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.position));
    const got = await t.deps.db.select().from(billItems).where(eq(billItems.billId, received.id)).orderBy(asc(billItems.position));
    const shape = (row: { description: string; quantity: string; unitPrice: string; totalPrice: string; taxCategory: string | null; taxRate: string | null; unitCode: string | null }) => ({
      description: row.description,
      quantity: Number(row.quantity),
      unitPrice: row.unitPrice,
      totalPrice: row.totalPrice,
      taxCategory: row.taxCategory,
      taxRate: row.taxRate,
      unitCode: row.unitCode ?? 'C62',
    });
    expect(got.map(shape)).toEqual(sent.map(shape));
  });

  it('gives a vendor credit of the same amount for a credit note', async () => {
    const invoiceId = await issueInvoice('RT-CN-BASE');
    const created = await seller.request({ method: 'POST', url: `/api/invoices/${invoiceId}/credit-notes`, payload: { whole: true } });
    expect(created.statusCode, created.body).toBe(201);
    const credit = created.json<{ id: string; amount: string }>();
    const file = await download('credit-notes', credit.id, 'ubl');
    const received = await receive('credit.xml', file.bytes, file.contentType);
    expect(received.kind).toBe('vendor_credit');
    const [vendorCredit] = await t.deps.db.select().from(vendorCredits).where(eq(vendorCredits.id, received.id));
    expect(vendorCredit?.amount).toBe('368.86');
    expect(vendorCredit?.organizationId).toBe(buyer.user.organizationId);
  });
});
