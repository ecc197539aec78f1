import { and, eq, like } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, customers, integrations, invoiceItems, invoices, storedFiles } from '../../../db/schema';
import { type TestApp, createTestApp } from '../../../test/create-test-app';
import { type SignedIn, signUp } from '../../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../../invoices/invoices.fixtures';
import { billPayload, vendorPayload } from '../../bills/payables-fixtures';
import type { Integration, SyncContext } from '../provider';
import { connectors } from './index';
import { encryptIntegrationSecrets } from './integration-secrets';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let customer: { id: string; name: string; email: string };
let invoiceNumber: string;
let billNumber: string;
let vendorName: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
  customer = await createCustomerFor(owner, { name: '=HYPERLINK("http://x")', address: '9 Harbor Rd\nSuite 4', paymentTerms: 'Net 30' });
  // 2 x 50.00 + 1.5 x 20.00 = 130.00; tax 10.40; discount 5.00; total 135.40.
  const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent', notes: 'Thank\tyou\nagain' });
  invoiceNumber = invoice.invoiceNumber;
  await createInvoiceFor(owner, customer.id, { status: 'draft' });
  const paid = await owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '35.40', method: 'check', reference: 'Check 1042', paidAt: '2026-11-20' } });
  expect(paid.statusCode, paid.body).toBe(201);
  const vendor = await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ address: '1 Mill Lane', city: 'Austin', state: 'TX', zipCode: '78701' }) });
  expect(vendor.statusCode, vendor.body).toBe(201);
  vendorName = vendor.json().name;
  // 100.00 + tax 8.25 = 108.25
  const bill = await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendor.json().id, { taxAmount: '8.25', totalAmount: '108.25' }) });
  expect(bill.statusCode, bill.body).toBe(201);
  billNumber = bill.json().billNumber;
});
afterAll(async () => t.close());

async function connect(as: SignedIn, provider: string, settings: Record<string, unknown> = {}): Promise<Integration> {
  const [row] = await t.deps.db
    .insert(integrations)
    .values({ organizationId: as.user.organizationId, provider, settings, connectedBy: as.user.id, secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, {}) })
    .returning();
  if (!row) throw new Error('no integration');
  return row;
}

async function sync(integrationId: string, stale?: Integration) {
  const [fresh] = await t.deps.db.select().from(integrations).where(eq(integrations.id, integrationId));
  const row = stale ?? fresh;
  if (!row) throw new Error('no integration');
  const connector = connectors[row.provider as 'quickbooks_desktop'];
  if (!connector) throw new Error('no connector');
  const context: SyncContext = { deps: t.deps, integration: row, secrets: {}, saveSecrets: async () => {}, now: t.deps.now() };
  return connector.sync(context);
}

const lines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

describe('QuickBooks Desktop IIF export', () => {
  let integration: Integration;
  beforeAll(async () => {
    integration = await connect(owner, 'quickbooks_desktop');
  });

  it('writes customers, vendors, invoices, bills and payments per the IIF rules, line by line', async () => {
    const response = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="signal-ar-all-\d{4}-\d{2}-\d{2}\.iif"/);
    // A file for QuickBooks' importer: the text exactly (no formula guard), quotes dropped (IIF has no quoting).
    const name = '=HYPERLINK(http://x)';
    const n = invoiceNumber;
    expect(lines(response.body)).toEqual([
      '!CUST\tNAME\tBADDR1\tBADDR2\tBADDR3\tBADDR4\tBADDR5\tPHONE1\tEMAIL\tTERMS',
      `CUST\t${name}\t9 Harbor Rd\tSuite 4\tBoston, MA 02110\tUS\t\t\t${customer.email}\tNet 30`,
      '!VEND\tNAME\tADDR1\tADDR2\tADDR3\tADDR4\tADDR5\tPHONE1\tEMAIL\tTAXID',
      `VEND\t${vendorName}\t1 Mill Lane\t\tAustin, TX 78701\tUS\t\t\tbilling@vendor.example\t`,
      '!TRNS\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tDUEDATE',
      '!SPL\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tQNTY\tPRICE',
      '!ENDTRNS',
      // Invoice: +135.40 to A/R = 100.00 + 30.00 sales + 10.40 tax - 5.00 discount.
      `TRNS\tINVOICE\t11/01/2026\tAccounts Receivable\t${name}\t135.40\t${n}\tThank you again\t12/01/2026`,
      `SPL\tINVOICE\t11/01/2026\tSales\t${name}\t-100.00\t${n}\tConsulting\t-2\t50.00`,
      `SPL\tINVOICE\t11/01/2026\tSales\t${name}\t-30.00\t${n}\tSupport hours\t-1.5\t20.00`,
      `SPL\tINVOICE\t11/01/2026\tSales Tax Payable\t${name}\t-10.40\t${n}\tSales tax\t\t`,
      `SPL\tINVOICE\t11/01/2026\tDiscounts Given\t${name}\t5.00\t${n}\tDiscount\t\t`,
      'ENDTRNS',
      // Bill: -108.25 to A/P = 100.00 expense + 8.25 tax.
      `TRNS\tBILL\t11/01/2026\tAccounts Payable\t${vendorName}\t-108.25\t${billNumber}\t\t12/01/2026`,
      `SPL\tBILL\t11/01/2026\tCost of Goods Sold\t${vendorName}\t100.00\t${billNumber}\tPaper\t1\t100.00`,
      `SPL\tBILL\t11/01/2026\tCost of Goods Sold\t${vendorName}\t8.25\t${billNumber}\tTax\t\t`,
      'ENDTRNS',
      `TRNS\tPAYMENT\t11/20/2026\tUndeposited Funds\t${name}\t35.40\tCheck 1042\tPayment for invoice ${n}\t`,
      `SPL\tPAYMENT\t11/20/2026\tAccounts Receivable\t${name}\t-35.40\tCheck 1042\tInvoice ${n}\t\t`,
      'ENDTRNS',
      '',
    ]);
  });

  it('every transaction sums to zero', async () => {
    const response = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export` });
    let sum = 0;
    for (const line of lines(response.body)) {
      const cells = line.split('\t');
      if (cells[0] === 'TRNS' || cells[0] === 'SPL') sum += Math.round(Number(cells[5]) * 100);
      if (cells[0] === 'ENDTRNS') {
        expect(sum).toBe(0);
        sum = 0;
      }
    }
  });

  it('uses the account names of the settings', async () => {
    const custom = await connect(other, 'quickbooks_desktop', { accounts: { income: 'Consulting Income', accountsReceivable: 'A/R' } });
    const customer2 = await createCustomerFor(other);
    await createInvoiceFor(other, customer2.id, { status: 'sent', taxAmount: '0', discountAmount: '0', totalAmount: '130.00' });
    const response = await other.request({ method: 'GET', url: `/api/integrations/${custom.id}/export` });
    const body = lines(response.body);
    expect(body.find((line) => line.startsWith('TRNS\tINVOICE'))?.split('\t')[3]).toBe('A/R');
    expect(body.filter((line) => line.startsWith('SPL\tINVOICE')).map((line) => line.split('\t')[3])).toEqual(['Consulting Income', 'Consulting Income']);
  });

  it('sync exports what changed since the previous sync and stores it for since_last_sync', async () => {
    const before = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?scope=since_last_sync` });
    expect(before.statusCode).toBe(404);
    const first = await sync(integration.id);
    expect(first).toEqual({ customersProcessed: 1, invoicesProcessed: 1, paymentsProcessed: 1, other: { vendors: 1, bills: 1 } });
    const all = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export` });
    const stored = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?scope=since_last_sync` });
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toBe(all.body);

    const added = await createCustomerFor(owner, { name: 'Later Client' });
    const second = await sync(integration.id);
    expect(second).toEqual({ customersProcessed: 1, invoicesProcessed: 0, paymentsProcessed: 0, other: { vendors: 0, bills: 0 } });
    const changes = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?scope=since_last_sync` });
    expect(lines(changes.body)).toEqual([
      '!CUST\tNAME\tBADDR1\tBADDR2\tBADDR3\tBADDR4\tBADDR5\tPHONE1\tEMAIL\tTERMS',
      `CUST\tLater Client\t9 Harbor Rd\t\tBoston, MA 02110\tUS\t\t\t${added.email}\tNet 30`,
      '',
    ]);
    const third = await sync(integration.id);
    expect(third).toEqual({ customersProcessed: 0, invoicesProcessed: 0, paymentsProcessed: 0, other: { vendors: 0, bills: 0 } });
  });

  it('two syncs from the same cursor: one moves it, the other fails with a message and leaves no file', async () => {
    const pair = await signUp(t.app);
    await createCustomerFor(pair);
    const both = await connect(pair, 'quickbooks_desktop');
    // Two schedulers that read the integration (its cursor) at the same moment.
    const results = await Promise.allSettled([sync(both.id, both), sync(both.id, both)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((result) => result.status === 'rejected');
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(/Another sync of this integration ran at the same time/);
    const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, both.id));
    const stored = JSON.parse(row?.cursor ?? '{}') as { lastExport: { files: Record<string, string> } };
    expect(Object.keys(stored.lastExport.files)).toEqual(['signal-ar-export.iif']);
    expect(await t.deps.db.select({ key: storedFiles.key }).from(storedFiles).where(like(storedFiles.key, '%.bin'))).toHaveLength(
      // this integration's file, plus the files other integrations of this test file keep
      (await t.deps.db.select().from(integrations)).filter((integration) => integration.cursor).reduce((sum, integration) => sum + Object.keys((JSON.parse(integration.cursor ?? '{}') as { lastExport: { files: object } }).lastExport.files).length, 0),
    );
  });

  it('reads past one SQL page: 1,201 customers, one header, each once', async () => {
    const big = await signUp(t.app);
    const rows = Array.from({ length: 1201 }, (_, index) => ({ organizationId: big.user.organizationId, name: `Bulk ${String(index).padStart(4, '0')}`, email: `bulk${index}@example.com` }));
    await t.deps.db.insert(customers).values(rows);
    const bulk = await connect(big, 'quickbooks_desktop');
    const response = await big.request({ method: 'GET', url: `/api/integrations/${bulk.id}/export` });
    const body = lines(response.body);
    expect(body.filter((line) => line.startsWith('!CUST'))).toHaveLength(1);
    const names = body.filter((line) => line.startsWith('CUST\t')).map((line) => line.split('\t')[1]);
    expect(names).toHaveLength(1201);
    expect(new Set(names).size).toBe(1201);
    expect(await sync(bulk.id)).toMatchObject({ customersProcessed: 1201 });
  });

  it('refuses the whole export with 409 before the first byte when an invoice or a bill does not balance', async () => {
    const books = await signUp(t.app);
    const client = await createCustomerFor(books);
    await createInvoiceFor(books, client.id, { status: 'sent' });
    const broken = await createInvoiceFor(books, client.id, { status: 'sent' });
    const vendor = await books.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() });
    const bill = await books.request({ method: 'POST', url: '/api/bills', payload: billPayload(vendor.json().id, { taxAmount: '8.25', totalAmount: '108.25' }) });
    expect(bill.statusCode, bill.body).toBe(201);
    const exporter = await connect(books, 'quickbooks_desktop');
    const url = `/api/integrations/${exporter.id}/export`;
    expect((await books.request({ method: 'GET', url })).statusCode).toBe(200);

    // A row written wrong by some older code or by hand: 10.00 more than its lines, tax and discount.
    await t.deps.db.update(invoices).set({ totalAmount: '145.40' }).where(eq(invoices.id, broken.id));
    const refused = await books.request({ method: 'GET', url });
    expect(refused.statusCode).toBe(409);
    const message = `The IIF file was not made: 1 document does not balance (the total is not the lines plus tax less discount): invoice ${broken.invoiceNumber} (off by 10.00). Correct it and export again.`;
    expect(refused.json()).toEqual({ code: 'CONFLICT', message });
    // A sync stores no file and keeps its cursor, with the same message.
    await expect(sync(exporter.id)).rejects.toThrow(message);
    const [unmoved] = await t.deps.db.select().from(integrations).where(eq(integrations.id, exporter.id));
    expect(unmoved?.cursor).toBeNull();

    await t.deps.db.update(bills).set({ totalAmount: '100.00' }).where(eq(bills.id, bill.json().id));
    expect((await books.request({ method: 'GET', url })).json().message).toBe(
      `The IIF file was not made: 2 documents do not balance (the total is not the lines plus tax less discount): invoice ${broken.invoiceNumber} (off by 10.00), bill ${bill.json().billNumber} (off by 8.25). Correct them and export again.`,
    );
    await t.deps.db.update(invoices).set({ totalAmount: '135.40' }).where(eq(invoices.id, broken.id));
    await t.deps.db.update(bills).set({ totalAmount: '108.25' }).where(eq(bills.id, bill.json().id));
    const fixed = await books.request({ method: 'GET', url });
    expect(fixed.statusCode).toBe(200);
    expect(lines(fixed.body).filter((line) => line.startsWith('TRNS\t'))).toHaveLength(3);
  });

  it("another organization's integration, a bad id and a wrong provider are 404s; bad query is 400", async () => {
    expect((await other.request({ method: 'GET', url: `/api/integrations/${integration.id}/export` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: '/api/integrations/not-a-uuid/export' })).statusCode).toBe(404);
    const hooks = await connect(owner, 'webhooks', { url: 'https://example.com/hook' });
    expect((await owner.request({ method: 'GET', url: `/api/integrations/${hooks.id}/export` })).statusCode).toBe(404);
    const bad = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?scope=everything` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});

describe('Xero CSV export', () => {
  let integration: Integration;
  beforeAll(async () => {
    integration = await connect(owner, 'xero_csv');
  });

  it("writes contacts in Xero's contact template, the text exactly (a file for Xero's importer, not a spreadsheet)", async () => {
    const response = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?file=contacts` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const body = lines(response.body);
    expect(body[0]).toBe(
      '*ContactName,AccountNumber,EmailAddress,FirstName,LastName,POAttentionTo,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,PhoneNumber,TaxNumber',
    );
    expect(body).toContain(`"=HYPERLINK(""http://x"")",,${customer.email},,,,9 Harbor Rd,Suite 4,,,Boston,MA,02110,US,,`);
    expect(body).toContain(`${vendorName},,billing@vendor.example,,,,1 Mill Lane,,,,Austin,TX,78701,US,,`);
  });

  it("writes sales invoices in Xero's template: a row per line, discount as a line, tax on the first, US dates", async () => {
    const response = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?file=invoices` });
    const body = lines(response.body);
    expect(body[0]).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,' +
        '*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,' +
        'TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    const contact = `"=HYPERLINK(""http://x"")",${customer.email},9 Harbor Rd,Suite 4,,,Boston,MA,02110,US`;
    expect(body.slice(1)).toEqual([
      `${contact},${invoiceNumber},,11/01/2026,12/01/2026,135.40,,Consulting,2,50.00,,200,Tax on Sales,10.40,,,,,USD,`,
      `${contact},${invoiceNumber},,11/01/2026,12/01/2026,135.40,,Support hours,1.5,20.00,,200,Tax on Sales,,,,,,USD,`,
      `${contact},${invoiceNumber},,11/01/2026,12/01/2026,135.40,,Discount,1,-5.00,,200,Tax on Sales,,,,,,USD,`,
      '',
    ]);
  });

  it("writes bills in Xero's bill template, and DD/MM/YYYY when the settings say so", async () => {
    await t.deps.db.update(integrations).set({ settings: { dateFormat: 'DD/MM/YYYY', purchasesAccountCode: '310' } }).where(eq(integrations.id, integration.id));
    const response = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?file=bills` });
    const body = lines(response.body);
    expect(body[0]).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,' +
        '*InvoiceDate,*DueDate,Total,InventoryItemCode,Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,' +
        'TrackingName2,TrackingOption2,Currency',
    );
    expect(body.slice(1)).toEqual([
      `${vendorName},billing@vendor.example,1 Mill Lane,,,,Austin,TX,78701,US,${billNumber},01/11/2026,01/12/2026,108.25,,Paper,1,100.00,310,Tax on Purchases,8.25,,,,,USD`,
      '',
    ]);
    await t.deps.db.update(integrations).set({ settings: {} }).where(eq(integrations.id, integration.id));
  });

  it('downloads a ZIP of the three files; sync stores the changes', async () => {
    const zip = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const name of ['xero-contacts.csv', 'xero-sales-invoices.csv', 'xero-bills.csv']) expect(zip.rawPayload.includes(Buffer.from(name))).toBe(true);
    const summary = await sync(integration.id);
    expect(summary).toMatchObject({ invoicesProcessed: 1, paymentsProcessed: 0, other: { bills: 1, vendors: 1 } });
    const stored = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?scope=since_last_sync&file=invoices` });
    const live = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?file=invoices` });
    expect(stored.body).toBe(live.body);
    await sync(integration.id);
    const empty = await owner.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?scope=since_last_sync&file=invoices` });
    expect(lines(empty.body)).toHaveLength(2);
  });

  it('refuses bad settings at connect', async () => {
    const connector = connectors.xero_csv;
    await expect(connector?.prepareConnect?.(t.deps, { organizationId: owner.user.organizationId, settings: { dateFormat: 'YYYY-MM-DD' } })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('keeps tenants apart', async () => {
    const rows = await t.deps.db.select().from(integrations).where(and(eq(integrations.organizationId, other.user.organizationId), eq(integrations.provider, 'xero_csv')));
    expect(rows).toHaveLength(0);
    expect((await other.request({ method: 'GET', url: `/api/integrations/${integration.id}/export?file=bills` })).statusCode).toBe(404);
  });
});

describe("files for another system's importer: names exactly as they are", () => {
  let books: SignedIn;
  beforeAll(async () => {
    books = await signUp(t.app);
    for (const name of ['+44 Ltd', 'Łódź Sp. z o.o.', 'Ørsted']) await createCustomerFor(books, { name });
    const consulting = await createCustomerFor(books, { name: '- Consulting', address: 'Ulica\tDługa 5' });
    await createInvoiceFor(books, consulting.id, { status: 'sent' });
  });

  it('IIF: ASCII only, names transliterated, tabs made spaces, never an apostrophe before "+44 Ltd" or "- Consulting"', async () => {
    const iif = await connect(books, 'quickbooks_desktop');
    const response = await books.request({ method: 'GET', url: `/api/integrations/${iif.id}/export` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.every((byte) => byte < 0x80)).toBe(true);
    const body = lines(response.body);
    const names = body.filter((line) => line.startsWith('CUST\t')).map((line) => line.split('\t')[1]);
    expect(names.sort()).toEqual(['+44 Ltd', '- Consulting', 'Lodz Sp. z o.o.', 'Orsted']);
    expect(body.find((line) => line.startsWith('CUST\t- Consulting'))?.split('\t')[2]).toBe('Ulica Dluga 5');
    expect(body.find((line) => line.startsWith('TRNS\tINVOICE'))?.split('\t')[4]).toBe('- Consulting');
    expect(body.filter((line) => line.startsWith('SPL\tINVOICE')).every((line) => line.split('\t')[4] === '- Consulting')).toBe(true);
  });

  it('Xero CSV: "+44 Ltd" and "- Consulting" exact in the contacts and the sales invoices', async () => {
    const xero = await connect(books, 'xero_csv');
    const contacts = lines((await books.request({ method: 'GET', url: `/api/integrations/${xero.id}/export?file=contacts` })).body);
    expect(contacts.filter((line) => /^(\+44 Ltd|- Consulting|Łódź Sp\. z o\.o\.|Ørsted),/.test(line))).toHaveLength(4);
    const invoiceLines = lines((await books.request({ method: 'GET', url: `/api/integrations/${xero.id}/export?file=invoices` })).body).slice(1, -1);
    expect(invoiceLines).toHaveLength(3);
    expect(invoiceLines.every((line) => line.startsWith('- Consulting,'))).toBe(true);
  });
});

describe('Xero CSV export past 500 invoices', () => {
  let big: SignedIn;
  let xero: Integration;
  beforeAll(async () => {
    big = await signUp(t.app);
    const client = await createCustomerFor(big, { name: 'Bulk Client' });
    const organizationId = big.user.organizationId;
    // 1,001 sent invoices of two lines each (10.00 + 5.00), written straight to the tables.
    const rows = await t.deps.db
      .insert(invoices)
      .values(
        Array.from({ length: 1001 }, (_, index) => ({
          organizationId, customerId: client.id, invoiceNumber: `BULK-${String(index + 1).padStart(4, '0')}`, status: 'sent' as const,
          issueDate: '2026-11-01', dueDate: '2026-12-01', subtotal: '15.00', totalAmount: '15.00',
        })),
      )
      .returning({ id: invoices.id, number: invoices.invoiceNumber });
    await t.deps.db.insert(invoiceItems).values(
      rows.flatMap((row) => [
        { organizationId, invoiceId: row.id, position: 0, description: `First line of ${row.number}`, quantity: '1', unitPrice: '10.00', totalPrice: '10.00' },
        { organizationId, invoiceId: row.id, position: 1, description: `Second line of ${row.number}`, quantity: '1', unitPrice: '5.00', totalPrice: '5.00' },
      ]),
    );
    xero = await connect(big, 'xero_csv');
  });

  const invoiceNumbersOf = (csv: string) => lines(csv).slice(1, -1).map((line) => line.split(',')[10]);

  it('splits the sales invoices into files of 500, 500 and 1 in the ZIP, named in order, an invoice never across two files, with a README', async () => {
    const response = await big.request({ method: 'GET', url: `/api/integrations/${xero.id}/export` });
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual([
      'README.txt',
      'xero-contacts.csv',
      'xero-sales-invoices-part-1-of-3.csv',
      'xero-sales-invoices-part-2-of-3.csv',
      'xero-sales-invoices-part-3-of-3.csv',
      'xero-bills.csv',
    ]);
    const parts = await Promise.all(names.filter((name) => name.startsWith('xero-sales-invoices')).map((name) => zip.file(name)?.async('string') ?? ''));
    const numbers = parts.map(invoiceNumbersOf);
    expect(numbers.map((list) => new Set(list).size)).toEqual([500, 500, 1]);
    // Each invoice's two lines in one file; every invoice once, in order.
    expect(numbers.map((list) => list.length)).toEqual([1000, 1000, 2]);
    const all = numbers.flatMap((list) => [...new Set(list)]);
    expect(all).toHaveLength(1001);
    expect(new Set(all).size).toBe(1001);
    for (const part of parts) expect(part.startsWith('\uFEFF*ContactName,EmailAddress,')).toBe(true);
    const readme = (await zip.file('README.txt')?.async('string')) ?? '';
    expect(readme).toContain('sales invoices: 3 files, xero-sales-invoices-part-1-of-3.csv to xero-sales-invoices-part-3-of-3.csv, in order');
    expect(readme).toContain('Xero imports at most 500 invoices or bills');
  });

  it('answers one numbered file with part=, a 409 naming the parts without it, and a 404 past the last', async () => {
    const base = `/api/integrations/${xero.id}/export?file=invoices`;
    const refused = await big.request({ method: 'GET', url: base });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This export has 3 invoices files: Xero imports at most 500 per file. Download the ZIP, or one file with part=1 to 3.');
    const last = await big.request({ method: 'GET', url: `${base}&part=3` });
    expect(last.statusCode).toBe(200);
    expect(last.headers['content-disposition']).toMatch(/filename="xero-sales-invoices-part-3-of-3-all-\d{4}-\d{2}-\d{2}\.csv"/);
    const [number, ...more] = invoiceNumbersOf(last.body);
    expect(number).toMatch(/^BULK-\d{4}$/);
    expect(more).toEqual([number]);
    expect((await big.request({ method: 'GET', url: `${base}&part=4` })).statusCode).toBe(404);
    expect((await big.request({ method: 'GET', url: `${base}&part=0` })).statusCode).toBe(400);
    expect((await big.request({ method: 'GET', url: `/api/integrations/${xero.id}/export?part=1` })).statusCode).toBe(400);
    // Contacts and bills fit one file each: no part needed.
    expect((await big.request({ method: 'GET', url: `/api/integrations/${xero.id}/export?file=contacts` })).statusCode).toBe(200);
  });

  it('a sync stores the numbered files and since_last_sync serves them', async () => {
    await sync(xero.id);
    const stored = await big.request({ method: 'GET', url: `/api/integrations/${xero.id}/export?scope=since_last_sync&file=invoices&part=2` });
    const live = await big.request({ method: 'GET', url: `/api/integrations/${xero.id}/export?file=invoices&part=2` });
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toBe(live.body);
  });
});
