import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billItems, customers, bills, documents, invoices, vendorHints, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { runDocumentJobsOnce } from './document-jobs';
import { multipartBody } from './multipart-body';
import { type InvoicePdfContent, invoicePdf, sampleInvoice } from './test-files';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

async function processedDocument(user: SignedIn, content: InvoicePdfContent = sampleInvoice, documentType = 'bill') {
  const { payload, headers } = multipartBody([
    { name: 'documentType', value: documentType },
    { name: 'file', fileName: `${content.invoiceNumber}.pdf`, contentType: 'application/pdf', bytes: await invoicePdf(content) },
  ]);
  const uploaded = await user.request({ method: 'POST', url: '/api/documents/upload', payload, headers });
  expect(uploaded.statusCode).toBe(201);
  await runDocumentJobsOnce(t.deps);
  const document = (await user.request({ method: 'GET', url: `/api/documents/${uploaded.json().id}` })).json();
  expect(document.ocrStatus).toBe('completed');
  return document;
}

const createFrom = (user: SignedIn, documentId: string, payload: Record<string, unknown>) =>
  user.request({ method: 'POST', url: `/api/documents/${documentId}/create-transaction`, payload });

describe('creating a bill from a document', () => {
  it('creates the vendor, the bill with one auto-generated line, links both ways and learns the correction', async () => {
    const document = await processedDocument(alice);
    const response = await createFrom(alice, document.id, {
      transactionType: 'bill',
      customizations: {
        vendorName: 'Acme Office Supplies',
        number: 'INV-2026-0042',
        amount: '242.00',
        tax: '22.00',
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        description: `Auto-generated from ${document.fileName}`,
        category: 'Stationery',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ transactionType: 'bill', message: expect.stringContaining('Bill INV-2026-0042') });

    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.id, body.id));
    expect(bill).toMatchObject({ documentId: document.id, billNumber: 'INV-2026-0042', totalAmount: '242.00', taxAmount: '22.00', subtotal: '220.00', billDate: '2026-11-02', dueDate: '2026-12-02' });
    const items = await t.deps.db.select().from(billItems).where(eq(billItems.billId, body.id));
    expect(items).toMatchObject([{ description: `Auto-generated from ${document.fileName}`, unitPrice: '220.00', totalPrice: '220.00' }]);
    const [vendor] = await t.deps.db.select().from(vendors).where(eq(vendors.id, bill?.vendorId ?? ''));
    expect(vendor).toMatchObject({ name: 'Acme Office Supplies', organizationId: alice.user.organizationId, email: 'billing@acme-office.example', paymentMethod: 'check' });

    const linked = (await alice.request({ method: 'GET', url: `/api/documents/${document.id}` })).json();
    expect(linked).toMatchObject({ relatedEntityType: 'bill', relatedEntityId: body.id });

    const [hints] = await t.deps.db.select().from(vendorHints).where(eq(vendorHints.vendorId, vendor?.id ?? ''));
    expect(hints?.hints).toMatchObject({ vendorName: 'Acme Office Supplies', category: 'Stationery' });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, document.id));
    expect(audit.map((row) => row.action)).toContain('document.transaction_created');
  });

  it('refuses a second transaction from the same document with 409', async () => {
    const document = await processedDocument(alice, { ...sampleInvoice, invoiceNumber: 'INV-2026-0050' });
    const payload = {
      transactionType: 'bill',
      customizations: { vendorName: 'Acme Office Supplies', amount: '242.00', dueDate: '2026-12-02', description: 'From a document' },
    };
    expect((await createFrom(alice, document.id, payload)).statusCode).toBe(201);
    const again = await createFrom(alice, document.id, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A bill has already been created from this document');
    const linked = await t.deps.db.select().from(bills).where(eq(bills.documentId, document.id));
    expect(linked).toHaveLength(1);
  });

  it('matches an existing vendor by name and uses the reviewed line items; the learned category is used next time', async () => {
    const before = await t.deps.db.select().from(vendors).where(eq(vendors.organizationId, alice.user.organizationId));
    const document = await processedDocument(alice, { ...sampleInvoice, vendor: 'ACME office supplies', invoiceNumber: 'INV-2026-0060' });
    expect(document.extractedData.vendor.matchedVendorId).toBe(before[0]?.id);
    // The category taught by the first correction is suggested for this vendor's next document.
    expect(document.extractedData.suggestedCategory).toBe('Stationery');
    const response = await createFrom(alice, document.id, {
      transactionType: 'bill',
      customizations: {
        vendorId: document.extractedData.vendor.matchedVendorId,
        amount: '242.00',
        tax: '22.00',
        dueDate: '2026-12-02',
        description: 'Office supplies',
        items: [
          { description: 'Printer paper', quantity: '4', unitPrice: '25.00', totalPrice: '100.00' },
          { description: 'Toner', quantity: '2', unitPrice: '60.00', totalPrice: '120.00' },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const after = await t.deps.db.select().from(vendors).where(eq(vendors.organizationId, alice.user.organizationId));
    expect(after).toHaveLength(before.length);
    const items = await t.deps.db.select().from(billItems).where(eq(billItems.billId, response.json().id));
    expect(items.map((item) => item.description).sort()).toEqual(['Printer paper', 'Toner']);
  });

  it('refuses figures that do not add up, and a missing vendor', async () => {
    const document = await processedDocument(alice, { ...sampleInvoice, invoiceNumber: 'INV-2026-0070' });
    const wrong = await createFrom(alice, document.id, {
      transactionType: 'bill',
      customizations: {
        vendorName: 'Acme',
        amount: '300.00',
        dueDate: '2026-12-02',
        description: 'x',
        items: [{ description: 'Paper', quantity: '1', unitPrice: '100.00', totalPrice: '100.00' }],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ 'customizations.amount': 'Total must equal the line items plus tax' });
    const noVendor = await createFrom(alice, document.id, { transactionType: 'bill', customizations: { amount: '1.00', dueDate: '2026-12-02', description: 'x' } });
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json().fields).toMatchObject({ 'customizations.vendorName': 'Vendor is required' });
    expect((await t.deps.db.select().from(documents).where(eq(documents.id, document.id)))[0]?.relatedEntityId).toBeNull();
  });

  it("hides another organization's document, and its file, behind a 404", async () => {
    const document = await processedDocument(alice, { ...sampleInvoice, invoiceNumber: 'INV-2026-0080' });
    for (const url of [`/api/documents/${document.id}`, `/api/documents/${document.id}/file`]) {
      const response = await bob.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    const create = await createFrom(bob, document.id, {
      transactionType: 'bill',
      customizations: { vendorName: 'Acme', amount: '1.00', dueDate: '2026-12-02', description: 'x' },
    });
    expect(create.statusCode).toBe(404);
    expect((await bob.request({ method: 'DELETE', url: `/api/documents/${document.id}` })).statusCode).toBe(404);
    const list = await bob.request({ method: 'GET', url: '/api/documents' });
    expect(list.json()).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
  });
});

describe('creating an invoice from a document', () => {
  it('requires a customer, then creates a draft invoice and links it', async () => {
    const document = await processedDocument(alice, { ...sampleInvoice, invoiceNumber: 'OUR-0001' }, 'invoice');
    const missing = await createFrom(alice, document.id, {
      transactionType: 'invoice',
      customizations: { amount: '242.00', dueDate: '2026-12-02', description: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ 'customizations.customerId': 'Customer is required' });

    const [globex] = await t.deps.db
      .insert(customers)
      .values({ organizationId: alice.user.organizationId, name: 'Globex', email: 'ap@globex.example' })
      .returning();
    const customerId = globex?.id ?? '';
    const response = await createFrom(alice, document.id, {
      transactionType: 'invoice',
      customizations: { customerId, amount: '242.00', tax: '22.00', issueDate: '2026-11-02', dueDate: '2026-12-02', description: 'Consulting' },
    });
    expect(response.statusCode).toBe(201);
    const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.id, response.json().id));
    expect(invoice).toMatchObject({ invoiceNumber: 'OUR-0001', status: 'draft', totalAmount: '242.00', customerId });
    const linked = (await alice.request({ method: 'GET', url: `/api/documents/${document.id}` })).json();
    expect(linked).toMatchObject({ relatedEntityType: 'invoice', relatedEntityId: invoice?.id });
    // A document that is the source of an invoice stays.
    expect((await alice.request({ method: 'DELETE', url: `/api/documents/${document.id}` })).statusCode).toBe(409);
  });
});
