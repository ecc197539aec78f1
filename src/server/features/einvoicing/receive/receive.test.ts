import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billItems, bills, documents, vendorBankChanges, vendorCredits, vendors } from '../../../db/schema';
import { decryptSecret } from '../../../platform/encryption';
import { type TestApp, createTestApp } from '../../../test/create-test-app';
import { type SignedIn, signUp } from '../../../test/factories';
import { multipartBody } from '../../documents/multipart-body';
import { vendorPayload } from '../../bills/payables-fixtures';

const fixture = (name: string): Buffer => readFileSync(path.join(__dirname, 'test-data', name));

let t: TestApp;
let owner: SignedIn;
let ciiBillId: string;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const importFile = (who: SignedIn, fileName: string, bytes: Buffer) => {
  const { payload, headers } = multipartBody([{ name: 'file', fileName, contentType: 'application/xml', bytes }]);
  return who.request({ method: 'POST', url: '/api/bills/import-einvoice', payload, headers });
};

describe('importing a UBL invoice with two VAT rates', () => {
  it('creates an exact draft bill for a new vendor with its tax identity, and proposes its IBAN for approval', async () => {
    const response = await importFile(owner, 'inv-7.xml', fixture('ubl-invoice-two-rates.xml'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ kind: 'bill', number: 'INV-7', vendorCreated: true, warnings: [] });
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.id, body.id));
    expect(bill).toMatchObject({
      status: 'received',
      billDate: '2026-11-10',
      dueDate: '2026-12-10',
      subtotal: '173.00',
      taxAmount: '24.71',
      totalAmount: '197.71',
      prepaidAmount: '0.00',
      paymentTerms: '30 days net',
      paymentIbanLast4: '3000',
      paymentBic: 'COBADEFFXXX',
      paymentReference: 'INV-7 / 4711',
      approvalStatus: 'not_required',
      documentId: body.documentId,
      notes: 'Thank you & see you soon',
    });
    expect(decryptSecret(t.deps.config.encryptionKey, bill?.paymentIbanEncrypted ?? '')).toBe('DE89370400440532013000');
    const items = await t.deps.db.select().from(billItems).where(eq(billItems.billId, body.id)).orderBy(billItems.position);
    expect(items.map((item) => [item.description, item.quantity, item.unitPrice, item.totalPrice, item.taxCategory, item.taxRate, item.unitCode])).toEqual([
      ['Toner cartridge', '3.0000', '35.00', '105.00', 'S', '19.00', 'H87'],
      ['Printed brochures', '400.0000', '0.17', '68.00', 'S', '7.00', 'C62'],
    ]);
    const [vendor] = await t.deps.db.select().from(vendors).where(eq(vendors.id, body.vendorId));
    expect(vendor).toMatchObject({
      name: 'Nordlicht Bürobedarf',
      legalName: 'Nordlicht Bürobedarf GmbH',
      vatId: 'DE123456789',
      companyId: 'HRB 12345',
      electronicAddressScheme: '0088',
      electronicAddress: '4012345000009',
      email: 'billing@nordlicht.example',
      country: 'DE',
      city: 'Hamburg',
      ibanEncrypted: null,
    });
    const [document] = await t.deps.db.select().from(documents).where(eq(documents.id, body.documentId));
    expect(document).toMatchObject({ fileType: 'application/xml', relatedEntityType: 'bill', relatedEntityId: body.id });
    const changes = (await owner.request({ method: 'GET', url: `/api/vendors/${body.vendorId}/bank-changes` })).json();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ status: 'pending', ibanLast4: '3000', bic: 'COBADEFFXXX', billNumber: 'INV-7', currentIbanLast4: null });
    const billChanges = (await owner.request({ method: 'GET', url: `/api/bills/${body.id}/bank-changes` })).json();
    expect(billChanges.map((change: { id: string }) => change.id)).toEqual([changes[0].id]);
    const shown = (await owner.request({ method: 'GET', url: `/api/bills/${body.id}` })).json();
    expect(shown).toMatchObject({
      einvoiceWarnings: [],
      prepaidAmount: '0.00',
      discountAmount: '0.00',
      paymentTerms: '30 days net',
      paymentIbanLast4: '3000',
      paymentBic: 'COBADEFFXXX',
      paymentReference: 'INV-7 / 4711',
    });
    expect(shown).not.toHaveProperty('paymentIbanEncrypted');
  });

  it('refuses the same invoice again with 409 and the existing bill, creating nothing', async () => {
    const before = await t.deps.db.select().from(documents);
    const response = await importFile(owner, 'inv-7.xml', fixture('ubl-invoice-two-rates.xml'));
    expect(response.statusCode).toBe(409);
    const [existing] = await t.deps.db.select().from(bills).where(eq(bills.billNumber, 'INV-7'));
    expect(response.json().fields.existingId).toBe(existing?.id);
    expect(await t.deps.db.select().from(documents)).toHaveLength(before.length);
  });

  it('approving the bank change writes the IBAN onto the vendor with an audit row', async () => {
    const [change] = await t.deps.db.select().from(vendorBankChanges).where(eq(vendorBankChanges.status, 'pending'));
    const response = await owner.request({ method: 'POST', url: `/api/vendor-bank-changes/${change?.id}/approve` });
    expect(response.statusCode).toBe(200);
    const [vendor] = await t.deps.db.select().from(vendors).where(eq(vendors.id, change?.vendorId ?? ''));
    expect(vendor?.ibanLast4).toBe('3000');
    expect(vendor?.bic).toBe('COBADEFFXXX');
    expect(decryptSecret(t.deps.config.encryptionKey, vendor?.ibanEncrypted ?? '')).toBe('DE89370400440532013000');
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, vendor?.id ?? ''), eq(auditLog.action, 'vendor.bank_change_approved')));
    expect(audits).toHaveLength(1);
    const again = await owner.request({ method: 'POST', url: `/api/vendor-bank-changes/${change?.id}/reject` });
    expect(again.statusCode).toBe(409);
  });
});

describe('importing a UBL credit note', () => {
  it('creates a vendor credit for the vendor matched by VAT id, linked to the credited bill', async () => {
    const response = await importFile(owner, 'cn-3.xml', fixture('ubl-credit-note.xml'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ kind: 'vendor_credit', number: 'CN-3', vendorCreated: false });
    const [credit] = await t.deps.db.select().from(vendorCredits).where(eq(vendorCredits.id, body.id));
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.billNumber, 'INV-7'));
    expect(credit).toMatchObject({ amount: '41.65', creditDate: '2026-11-12', documentId: body.documentId, billId: bill?.id, vendorId: bill?.vendorId });
  });
});

describe('importing a CII invoice with an allowance, a charge and a prepaid amount', () => {
  it('keeps a 0.125 price line exact, turns the charge into a line, the allowance into the discount, and subtracts the prepaid amount from what is due', async () => {
    const response = await importFile(owner, 'factur-x.xml', fixture('cii-allowance-charge-prepaid.xml'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    ciiBillId = body.id;
    expect(body.warnings).toEqual([]);
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.id, body.id));
    expect(bill).toMatchObject({ subtotal: '106.50', discountAmount: '10.00', taxAmount: '18.34', totalAmount: '114.84', prepaidAmount: '50.00', dueDate: '2026-11-19', paymentIbanLast4: '2051', paymentReference: 'FX-2026-88' });
    const items = await t.deps.db.select().from(billItems).where(eq(billItems.billId, body.id)).orderBy(billItems.position);
    expect(items.map((item) => [item.description, item.quantity, item.unitPrice, item.totalPrice, item.unitCode])).toEqual([
      ['Screws M4 (12 H87 x 0.125)', '1.0000', '1.50', '1.50', 'H87'],
      ['Installation - On site, two hours', '2.0000', '50.00', '100.00', 'HUR'],
      ['Charge: Freight', '1.0000', '5.00', '5.00', 'C62'],
    ]);
    const shown = (await owner.request({ method: 'GET', url: `/api/bills/${body.id}` })).json();
    expect(shown).toMatchObject({ amountDue: '64.84', prepaidAmount: '50.00', discountAmount: '10.00', paymentIbanLast4: '2051', paymentReference: 'FX-2026-88' });
    const [vendor] = await t.deps.db.select().from(vendors).where(eq(vendors.id, body.vendorId));
    expect(vendor).toMatchObject({ vatId: 'DE987654321', electronicAddressScheme: '9930', companyId: 'CHE-109.322.551', email: 'rechnung@schraubwerk.example' });
  });

  it('keeps its allowance and total when the bill is edited later', async () => {
    const response = await owner.request({ method: 'PUT', url: `/api/bills/${ciiBillId}`, payload: { notes: 'Checked against the delivery note' } });
    expect(response.statusCode, response.body).toBe(200);
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.id, ciiBillId));
    expect(bill).toMatchObject({ notes: 'Checked against the delivery note', subtotal: '106.50', discountAmount: '10.00', taxAmount: '18.34', totalAmount: '114.84' });
  });
});

describe('a received invoice whose totals do not add up', () => {
  it('is kept with EN 16931 warnings and waits for approval instead of being payable', async () => {
    const broken = fixture('cii-allowance-charge-prepaid.xml')
      .toString('utf8')
      .replace('<ram:ID>FX-2026-88</ram:ID>', '<ram:ID>FX-2026-89</ram:ID>')
      .replace('<ram:GrandTotalAmount>114.84</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>124.84</ram:GrandTotalAmount>');
    const response = await importFile(owner, 'broken.xml', Buffer.from(broken));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.warnings.map((warning: string) => warning.split(':')[0])).toEqual(['BR-CO-15', 'BR-CO-16']);
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.id, body.id));
    expect(bill?.einvoiceWarnings).toEqual(body.warnings);
    expect(bill?.approvalStatus).toBe('pending');
    const shown = (await owner.request({ method: 'GET', url: `/api/bills/${body.id}` })).json();
    expect(shown.payable).toBe(false);
    expect(shown.einvoiceWarnings).toEqual(body.warnings);
  });
});

describe('matching the vendor', () => {
  it('finds an existing vendor by its Peppol id, and another by name without case', async () => {
    const other = await signUp(t.app);
    const byPeppol = (await other.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Hamburg Supplies' }) })).json();
    await t.deps.db.update(vendors).set({ electronicAddressScheme: '0088', electronicAddress: '4012345000009' }).where(eq(vendors.id, byPeppol.id));
    const first = (await importFile(other, 'inv-7.xml', fixture('ubl-invoice-two-rates.xml'))).json();
    expect(first).toMatchObject({ vendorId: byPeppol.id, vendorCreated: false });

    const byName = (await other.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'SCHRAUBWERK AG' }) })).json();
    const second = (await importFile(other, 'fx.xml', fixture('cii-allowance-charge-prepaid.xml'))).json();
    expect(second).toMatchObject({ vendorId: byName.id, vendorCreated: false });
  });

  it('rejecting a bank change leaves the vendor as it was, with an audit row', async () => {
    const [change] = (await owner.request({ method: 'GET', url: `/api/bills/${ciiBillId}/bank-changes` })).json();
    expect(change).toMatchObject({ status: 'pending', ibanLast4: '2051', bic: 'BYLADEM1001' });
    const response = await owner.request({ method: 'POST', url: `/api/vendor-bank-changes/${change.id}/reject` });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('rejected');
    const [after] = await t.deps.db.select().from(vendors).where(eq(vendors.id, change.vendorId));
    expect(after?.ibanEncrypted).toBeNull();
    expect(after?.ibanLast4).toBeNull();
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, change.vendorId), eq(auditLog.action, 'vendor.bank_change_rejected')));
    expect(audits).toHaveLength(1);
  });
});

describe('another organization', () => {
  it('sees 404 for bank changes, vendors and documents that are not its own', async () => {
    const stranger = await signUp(t.app);
    const [change] = await t.deps.db.select().from(vendorBankChanges).limit(1);
    expect((await stranger.request({ method: 'POST', url: `/api/vendor-bank-changes/${change?.id}/approve` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/vendors/${change?.vendorId}/bank-changes` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/documents/${change?.documentId}/einvoice` })).statusCode).toBe(404);
  });
});

describe('unsafe and oversized files', () => {
  it.each(['xxe.xml', 'billion-laughs.xml'])('refuses %s without expanding any entity', async (name) => {
    const response = await importFile(owner, name, fixture(name));
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('root:');
    expect(response.json().message).toMatch(/DOCTYPE/);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from('<?xml version="1.0"?><Invoice>'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20), Buffer.from('</Invoice>')]);
    const response = await importFile(owner, 'big.xml', big);
    expect(response.statusCode).toBe(413);
  });

  it('refuses XML that is not an e-invoice', async () => {
    const response = await importFile(owner, 'note.xml', Buffer.from('<?xml version="1.0"?><note>hello</note>'));
    expect(response.statusCode).toBe(400);
  });
});
