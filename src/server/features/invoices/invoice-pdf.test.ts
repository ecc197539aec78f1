import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, invoices, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { overlappingText, pdfText, pdfTextBoxes } from '../../test/pdf-layout';
import { createCustomerFor, createInvoiceFor, ownerWithCustomer } from './invoices.fixtures';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string; name: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
  await t.deps.db
    .update(organizations)
    .set({ name: 'Northwind Bookkeeping LLC', address: '500 Pine St', city: 'Portland', state: 'OR', zipCode: '97204' })
    .where(eq(organizations.id, owner.user.organizationId));
});
afterAll(async () => t.close());


describe('invoice PDF', () => {
  it('serves the invoice as a PDF attachment with the seller, customer, number, items and totals', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { invoiceNumber: 'INV-2026/0042', notes: 'Wire to account 123' });
    await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '35.40', paidAt: '2026-11-20', method: 'check' } });
    const response = await owner.request({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-2026-0042.pdf"');
    const text = (await pdfText(response.rawPayload)).text;
    for (const expected of ['Northwind Bookkeeping LLC', '500 Pine St', 'INV-2026/0042', customer.name, 'Consulting', 'Support hours', '1.5', '$130.00', '$10.40', '-$5.00', '$135.40', '$35.40', '$100.00', 'Nov 1, 2026', 'Dec 1, 2026', 'Net 30', 'Wire to account 123']) {
      expect(text).toContain(expected);
    }
  });

  it('formats amounts in the organization currency', async () => {
    const { owner: euro, customer: c } = await ownerWithCustomer(t);
    await t.deps.db.update(organizations).set({ currency: 'EUR' }).where(eq(organizations.id, euro.user.organizationId));
    const invoice = await createInvoiceFor(euro, c.id);
    const response = await euro.request({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
    const text = (await pdfText(response.rawPayload)).text;
    expect(text).toContain('135,40');
    expect(text).toContain('€');
  });
});

describe('sending an invoice', () => {
  it('mails the PDF to the customer and marks a draft as sent with an audit row', async () => {
    const recipient = await createCustomerFor(owner, { email: 'ap@recipient.example' });
    const invoice = await createInvoiceFor(owner, recipient.id, { invoiceNumber: 'INV-SEND-1' });
    const before = readOutbox(t).length;
    const response = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/send` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'sent' });
    const mails = readOutbox(t);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1) ?? '';
    expect(mail).toContain('To: ap@recipient.example');
    expect(mail).toContain('Subject: Invoice INV-SEND-1 from Northwind Bookkeeping LLC');
    expect(mail).toMatch(/Content-Type: application\/pdf; name=INV-SEND-1\.pdf/);
    expect(mail).toContain('Content-Disposition: attachment; filename=INV-SEND-1.pdf');
    const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe('sent');
    expect(row?.sentAt?.toISOString()).toBe('2026-11-21T15:00:00.000Z');
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['invoice.created', 'invoice.emailed', 'invoice.sent']);
  });

  it('sends a paid invoice again without changing its status, and refuses a cancelled one', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '135.40', paidAt: '2026-11-20', method: 'wire' } });
    const again = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/send` });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('paid');
    const cancelled = await createInvoiceFor(owner, customer.id, { status: 'cancelled' });
    const before = readOutbox(t).length;
    const refused = await owner.request({ method: 'POST', url: `/api/invoices/${cancelled.id}/send` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A cancelled invoice cannot be sent');
    expect(readOutbox(t)).toHaveLength(before);
  });
});

describe('invoice PDF with long text', () => {
  it('wraps a long number, terms, names and notes without printing text over text', async () => {
    const long = 'Greater Metropolitan Regional Dental and Orthodontic Associates of the Pacific Northwest';
    const { owner: seller, customer: c } = await ownerWithCustomer(t);
    await t.deps.db.update(organizations).set({ name: `${long} Bookkeeping` }).where(eq(organizations.id, seller.user.organizationId));
    await t.deps.db.update(customers).set({ name: `${long} Professional Corporation` }).where(eq(customers.id, c.id));
    const invoice = await createInvoiceFor(seller, c.id, {
      invoiceNumber: 'INV-2026-PACIFIC-NORTHWEST-DENTAL-QUARTERLY-000042',
      paymentTerms: 'Net 45, two percent off if paid within ten days',
      notes: `Please quote the invoice number on your remittance. ${long}. `.repeat(6),
    });
    const response = await seller.request({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
    expect(response.statusCode).toBe(200);
    const { boxes } = await pdfTextBoxes(response.rawPayload);
    expect(overlappingText(boxes)).toEqual([]);
    const text = boxes.map((box) => box.text).join(' ');
    expect(text.replace(/\s+/g, ' ')).toContain('two percent off if paid within ten days');
  });
});
