import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../shared/contracts/imports';
import { auditLog, billItems, bills, customers, externalRecords, invoiceItems, invoices, users, type vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';
import { addClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { runImportCommitJobs } from './commit-import-job';
import { commitImportRequest, csvFile, uploadImport, xlsxFile, zerosZip } from './imports.fixtures';
import { importDepsOf } from './imports.routes';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const CUSTOMER_HEADER = ['Name', 'Email', 'Phone', 'City'];
function customerRows(count: number, tag = uniqueName('c')) {
  return Array.from({ length: count }, (_, index) => [`Customer ${tag} ${index + 1}`, `${tag}.${index + 1}@example.com`, '555-0100', 'Portland']);
}

async function preview(as: SignedIn, options: Parameters<typeof uploadImport>[1]): Promise<ImportPreview> {
  const response = await uploadImport(as, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportPreview>();
}

async function readBack(as: SignedIn, id: string): Promise<ImportPreview> {
  const response = await as.request({ method: 'GET', url: `/api/imports/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

/** Commits as the page does: the request queues the job, the job writes, the import is read back. */
async function commit(as: SignedIn, id: string): Promise<ImportPreview> {
  const response = await commitImportRequest(as, id);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toMatchObject({ id, status: 'committing', rowsDone: 0, commitError: null });
  expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
  const done = await readBack(as, id);
  expect(done.status, done.commitError ?? '').toBe('committed');
  return done;
}

async function organizationOf(as: SignedIn): Promise<string> {
  const [row] = await t.deps.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, as.user.id));
  if (!row?.organizationId) throw new Error('no organization');
  return row.organizationId;
}

async function countRows(table: typeof customers | typeof invoices | typeof vendors | typeof bills | typeof externalRecords, organizationId: string): Promise<number> {
  const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

describe('customer imports', () => {
  it('previews a CSV with the mapping guessed, the first rows mapped and a bad email reported with its row number', async () => {
    const rows = customerRows(12);
    rows[4] = ['Bad Email Ltd', 'not-an-email', '555-0101', 'Salem'];
    const body = await preview(owner, { entity: 'customers', bytes: csvFile([CUSTOMER_HEADER, ...rows]), fileName: 'customers.csv' });
    expect(body).toMatchObject({ entity: 'customers', template: 'generic', fileName: 'customers.csv', status: 'preview', rowCount: 12, columns: CUSTOMER_HEADER });
    expect(body.mapping).toEqual({ name: 'Name', email: 'Email', phone: 'Phone', city: 'City' });
    expect(body.fields.find((field) => field.field === 'email')).toEqual({ field: 'email', label: 'Email', required: true });
    expect(body.previewRows).toHaveLength(10);
    expect(body.previewRows[0]).toEqual({ row: 2, values: { name: rows[0]?.[0], email: rows[0]?.[1], phone: '555-0100', city: 'Portland' } });
    // The header is row 1, so the fifth data row is row 6.
    expect(body.errors).toEqual([{ row: 6, field: 'email', message: 'Invalid email address' }]);
    expect(body.errorCount).toBe(1);
    expect(body.summary).toEqual({ created: 11, matched: 0 });

    const refused = await commitImportRequest(owner, body.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: 'Fix the errors in the file and upload it again before importing' });
    expect(await countRows(customers, await organizationOf(owner))).toBe(0);
  });

  it('commits a clean file as a job, refuses a second commit with 409, and the same file again creates nothing twice', async () => {
    const as = await signUp(t.app);
    const organizationId = await organizationOf(as);
    const file = csvFile([CUSTOMER_HEADER, ...customerRows(20)]);
    const first = await preview(as, { entity: 'customers', bytes: file });
    expect(first.errors).toEqual([]);
    const [a, b] = await Promise.all([commitImportRequest(as, first.id), commitImportRequest(as, first.id)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([202, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: 'This import is being committed' });
    // Queued, not written: the request answered before any record.
    expect(await readBack(as, first.id)).toMatchObject({ status: 'committing', rowsDone: 0, rowCount: 20, result: null });
    expect(await countRows(customers, organizationId)).toBe(0);
    expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
    expect(await readBack(as, first.id)).toMatchObject({ status: 'committed', rowsDone: 20, result: { created: 20, matched: 0, customersCreated: 20 } });
    const afterCommit = await commitImportRequest(as, first.id);
    expect(afterCommit.statusCode).toBe(409);
    expect(afterCommit.json()).toMatchObject({ code: 'CONFLICT', message: 'This import has already been committed' });
    expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(0);
    expect(await countRows(customers, organizationId)).toBe(20);
    expect(await countRows(externalRecords, organizationId)).toBe(20);

    const again = await preview(as, { entity: 'customers', bytes: file });
    expect(again.summary).toEqual({ created: 0, matched: 20 });
    expect((await commit(as, again.id)).result).toEqual({ created: 0, matched: 20 });
    expect(await countRows(customers, organizationId)).toBe(20);

    const list = await as.request({ method: 'GET', url: '/api/imports?limit=1' });
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toMatchObject([{ id: again.id, status: 'committed', rowCount: 20, result: { created: 0, matched: 20 } }]);
    const stored = await as.request({ method: 'GET', url: `/api/imports/${first.id}` });
    expect(stored.json()).toMatchObject({ status: 'committed', result: { created: 20 } });
  });

  it('skips a customer already present by email or by name, and refuses a file that names one twice', async () => {
    const as = await signUp(t.app);
    const existing = await as.request({ method: 'POST', url: '/api/customers', payload: { name: 'Harbor Foods', email: 'ap@harbor.example' } });
    expect(existing.statusCode).toBe(201);
    const body = await preview(as, {
      entity: 'customers',
      bytes: csvFile([
        ['name', 'email'],
        ['HARBOR FOODS', 'other@harbor.example'],
        ['Harbor Foods Two', 'AP@harbor.example'],
        ['New One', 'new@one.example'],
      ]),
    });
    expect(body.summary).toEqual({ created: 1, matched: 2 });
    const twice = await preview(as, { entity: 'customers', bytes: csvFile([['name', 'email'], ['A', 'a@x.example'], ['B', 'A@X.example']]) });
    expect(twice.errors).toEqual([{ row: 3, field: 'email', message: 'Duplicate of row 2' }]);
  });

  it('keeps a formula-looking cell as plain text', async () => {
    const as = await signUp(t.app);
    const body = await preview(as, { entity: 'customers', bytes: csvFile([['name', 'email'], ['=HYPERLINK("http://evil.example","Click")', 'formula@x.example']]) });
    await commit(as, body.id);
    const [row] = await t.deps.db.select({ name: customers.name }).from(customers).where(eq(customers.email, 'formula@x.example'));
    expect(row?.name).toBe('=HYPERLINK("http://evil.example","Click")');
  });

  it('reads a CSV saved by Excel on Windows (Windows-1252) as well as UTF-8', async () => {
    const as = await signUp(t.app);
    const bytes = Buffer.from('name,email\r\nCaf\xe9 M\xfcller,cafe@x.example\r\n', 'latin1');
    const body = await preview(as, { entity: 'customers', bytes });
    expect(body.previewRows[0]?.values.name).toBe('Café Müller');
  });

  it('reads semicolon and tab separated files and a byte order mark, with row numbers as in a comma file', async () => {
    const as = await signUp(t.app);
    const semicolon = Buffer.from('\uFEFFName;Email;Phone;City\r\n"Dupont; Fils";dupont@x.example;555-0100;Lyon\r\nBad;not-an-email;;Nice\r\n', 'utf8');
    const semi = await preview(as, { entity: 'customers', bytes: semicolon });
    expect(semi.columns).toEqual(CUSTOMER_HEADER);
    expect(semi.previewRows[0]).toEqual({ row: 2, values: { name: 'Dupont; Fils', email: 'dupont@x.example', phone: '555-0100', city: 'Lyon' } });
    expect(semi.errors).toEqual([{ row: 3, field: 'email', message: 'Invalid email address' }]);
    const tab = await preview(as, { entity: 'customers', bytes: Buffer.from('Name\tEmail\tPhone\tCity\nAcme, Inc.\tacme@x.example\t555-0100\tPortland\n', 'utf8') });
    expect(tab.previewRows[0]).toEqual({ row: 2, values: { name: 'Acme, Inc.', email: 'acme@x.example', phone: '555-0100', city: 'Portland' } });
    await commit(as, tab.id);
    const [row] = await t.deps.db.select({ name: customers.name }).from(customers).where(eq(customers.email, 'acme@x.example'));
    expect(row?.name).toBe('Acme, Inc.');
  });

  it('uses the mapping given, and PUT .../mapping changes it and answers the new preview', async () => {
    const as = await signUp(t.app);
    const file = csvFile([['Client', 'Mail', 'Other mail'], ['Kite Co', 'bad', 'kite@co.example']]);
    const first = await preview(as, { entity: 'customers', bytes: file, mapping: { name: 'Client', email: 'Mail' } });
    expect(first.errors).toEqual([{ row: 2, field: 'email', message: 'Invalid email address' }]);
    const missing = await preview(as, { entity: 'customers', bytes: file, mapping: { name: 'Client', email: 'Nope' } });
    expect(missing.errors).toEqual([{ row: 1, field: 'email', message: 'Column "Nope" is not in the file' }]);
    const remapped = await as.request({ method: 'PUT', url: `/api/imports/${first.id}/mapping`, payload: { mapping: { name: 'Client', email: 'Other mail' } } });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json()).toMatchObject({ id: first.id, errors: [], errorCount: 0, mapping: { name: 'Client', email: 'Other mail' } });
    expect((await commit(as, first.id)).result).toMatchObject({ created: 1 });
  });
});

describe('invoice and bill imports', () => {
  it("imports Xero's template from an .xlsx: lines grouped by number, a new customer created, an existing one matched by name, DD/MM dates", async () => {
    const as = await signUp(t.app);
    const organizationId = await organizationOf(as);
    const acme = await as.request({ method: 'POST', url: '/api/customers', payload: { name: 'Acme Corp', email: 'ap@acme.example' } });
    const header = ['*ContactName', 'EmailAddress', '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', '*Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'TaxAmount'];
    const bytes = await xlsxFile([
      header,
      ['acme corp', '', 'X-100', 'PO 7', '25/10/2026', '24/11/2026', 1237.5, 'Design work', 10, 100, '200', 'Tax on Sales', 25],
      ['Acme Corp', '', 'X-100', '', '', '', '', 'Hosting', 1.5, '$75.00', '200', 'Tax on Sales', 0],
      ['Bayside Bakery', 'bills@bayside.example', 'X-101', '', '02/11/2026', '02/12/2026', 60, 'Bread course', 2, 30, '200', 'Tax Exempt', ''],
    ]);
    const body = await preview(as, { entity: 'invoices', template: 'xero', bytes, fileName: 'xero-invoices.xlsx' });
    expect(body.errors).toEqual([]);
    expect(body).toMatchObject({ rowCount: 3, dateFormat: 'DD/MM/YYYY', dateFormatSource: 'values', summary: { created: 2, matched: 0, newCustomers: 1 } });
    expect(body.previewRows[0]?.values).toMatchObject({ invoiceNumber: 'X-100', quantity: '10', unitPrice: '100', issueDate: '25/10/2026' });

    expect((await commit(as, body.id)).result).toEqual({ created: 2, matched: 0, customersCreated: 1, invoicesCreated: 2 });
    const stored = await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, organizationId)).orderBy(invoices.invoiceNumber);
    expect(stored.map((row) => [row.invoiceNumber, row.status, row.issueDate, row.dueDate, row.subtotal, row.taxAmount, row.totalAmount, row.notes])).toEqual([
      ['X-100', 'draft', '2026-10-25', '2026-11-24', '1112.50', '25.00', '1137.50', 'PO 7'],
      ['X-101', 'draft', '2026-11-02', '2026-12-02', '60.00', '0.00', '60.00', null],
    ]);
    expect(stored[0]?.customerId).toBe(acme.json<{ id: string }>().id);
    const lines = await t.deps.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, stored[0]?.id ?? '')).orderBy(invoiceItems.position);
    expect(lines.map((line) => [line.description, line.quantity, line.unitPrice, line.totalPrice])).toEqual([
      ['Design work', '10.0000', '100.00', '1000.00'],
      ['Hosting', '1.5000', '75.00', '112.50'],
    ]);
    const [bayside] = await t.deps.db.select().from(customers).where(and(eq(customers.organizationId, organizationId), eq(customers.email, 'bills@bayside.example')));
    expect(bayside?.name).toBe('Bayside Bakery');
    const audits = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'invoice.created')));
    expect(audits).toHaveLength(2);

    const again = await preview(as, { entity: 'invoices', template: 'xero', bytes, fileName: 'xero-invoices.xlsx' });
    expect(again.summary).toEqual({ created: 0, matched: 2, newCustomers: 0 });
  });

  it('reads date cells and formula results of an .xlsx, and refuses a committed import a new mapping', async () => {
    const as = await signUp(t.app);
    const bytes = await xlsxFile([
      ['invoiceNumber', 'customerName', 'customerEmail', 'issueDate', 'dueDate', 'description', 'quantity', 'unitPrice'],
      ['D-1', 'Date Co', 'date@x.example', new Date(Date.UTC(2026, 9, 5)), new Date(Date.UTC(2026, 10, 4)), 'Work', 3, { formula: 'G2*4', result: 12.5 }],
    ]);
    const body = await preview(as, { entity: 'invoices', bytes, fileName: 'dates.xlsx' });
    expect(body.errors).toEqual([]);
    expect(body.previewRows[0]?.values).toMatchObject({ issueDate: '2026-10-05', dueDate: '2026-11-04', quantity: '3', unitPrice: '12.5' });
    await commit(as, body.id);
    const [row] = await t.deps.db.select({ issueDate: invoices.issueDate, totalAmount: invoices.totalAmount }).from(invoices).where(eq(invoices.invoiceNumber, 'D-1'));
    expect(row).toEqual({ issueDate: '2026-10-05', totalAmount: '37.50' });
    const remap = await as.request({ method: 'PUT', url: `/api/imports/${body.id}/mapping`, payload: { dateFormat: 'DD/MM/YYYY' } });
    expect(remap.statusCode).toBe(409);
  });

  it("reads QuickBooks Online's invoice CSV in MM/DD/YYYY, checks line amounts and refuses a customer it cannot create", async () => {
    const as = await signUp(t.app);
    await as.request({ method: 'POST', url: '/api/customers', payload: { name: 'Acme Corp', email: 'ap@acme.example' } });
    const header = ['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate', 'ItemDescription', 'ItemQuantity', 'ItemRate', 'ItemAmount'];
    const body = await preview(as, {
      entity: 'invoices',
      template: 'quickbooks_online',
      bytes: csvFile([
        header,
        ['1001', 'Acme Corp', '11/02/2026', '12/02/2026', 'Audit', '2', '1,250.00', '2,500.00'],
        ['1002', 'Acme Corp', '11/02/2026', '12/02/2026', 'Review', '3', '10.00', '31.00'],
        ['1003', 'Unknown LLC', '11/02/2026', '12/02/2026', 'Tax return', '1', '400', '400'],
        ['1004', 'Acme Corp', '11/31/2026', '12/02/2026', 'Bookkeeping', '1', '-5', ''],
      ]),
    });
    // 11/31/2026 can only be month first: the file's own dates confirm the template's format.
    expect(body.dateFormat).toBe('MM/DD/YYYY');
    expect(body.dateFormatSource).toBe('values');
    expect(body.errors).toEqual([
      { row: 3, field: 'lineAmount', message: 'Total price must equal quantity times unit price' },
      { row: 4, field: 'customerEmail', message: 'Customer "Unknown LLC" is not in your customers: add a customerEmail column to create it, or import customers first' },
      { row: 5, field: 'unitPrice', message: 'Unit price cannot be negative' },
      { row: 5, field: 'issueDate', message: 'Invalid date "11/31/2026"' },
    ]);
    expect(body.summary).toEqual({ created: 1, matched: 0, newCustomers: 0 });
  });

  it('refuses invoices for an inactive customer in the preview, as the create route would', async () => {
    const as = await signUp(t.app);
    const created = await as.request({ method: 'POST', url: '/api/customers', payload: { name: 'Sleepy Co', email: 'sleepy@x.example' } });
    await as.request({ method: 'PUT', url: `/api/customers/${created.json<{ id: string }>().id}`, payload: { isActive: false } });
    const body = await preview(as, {
      entity: 'invoices',
      bytes: csvFile([
        ['invoiceNumber', 'customerName', 'issueDate', 'dueDate', 'description', 'unitPrice'],
        ['Z-1', 'sleepy co', '2026-11-01', '2026-11-30', 'Work', '10'],
      ]),
    });
    expect(body.errors).toEqual([{ row: 2, field: 'customerName', message: 'Customer "Sleepy Co" is inactive' }]);
  });

  it('still skips, without an error, invoices already imported for a customer deactivated since', async () => {
    const as = await signUp(t.app);
    const file = csvFile([
      ['invoiceNumber', 'customerName', 'customerEmail', 'issueDate', 'dueDate', 'description', 'unitPrice'],
      ['Y-1', 'Later Co', 'later@x.example', '2026-11-01', '2026-11-30', 'Work', '10'],
    ]);
    await commit(as, (await preview(as, { entity: 'invoices', bytes: file })).id);
    const [customer] = await t.deps.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'later@x.example'));
    await as.request({ method: 'PUT', url: `/api/customers/${customer?.id ?? ''}`, payload: { isActive: false } });
    const again = await preview(as, { entity: 'invoices', bytes: file });
    expect(again).toMatchObject({ errors: [], summary: { created: 0, matched: 1 } });
  });

  it('refuses two new customers with one email, which the commit could not create', async () => {
    const as = await signUp(t.app);
    const body = await preview(as, {
      entity: 'invoices',
      bytes: csvFile([
        ['invoiceNumber', 'customerName', 'customerEmail', 'issueDate', 'dueDate', 'description', 'unitPrice'],
        ['S-1', 'Shared One', 'shared@x.example', '2026-11-01', '2026-11-30', 'Work', '10'],
        ['S-2', 'Shared Two', 'SHARED@x.example', '2026-11-01', '2026-11-30', 'Work', '10'],
      ]),
    });
    expect(body.errors).toEqual([{ row: 3, field: 'customerEmail', message: 'Customer "Shared Two" has the email of another new customer on row 2' }]);
  });

  it('reports ambiguous dates in a file of our template until a date format is chosen', async () => {
    const as = await signUp(t.app);
    const rows = [
      ['invoiceNumber', 'customerName', 'customerEmail', 'issueDate', 'dueDate', 'description', 'unitPrice'],
      ['G-1', 'Gale Ltd', 'gale@x.example', '03/04/2026', '2026-05-04', 'Work', '10'],
    ];
    const ambiguous = await preview(as, { entity: 'invoices', bytes: csvFile(rows) });
    expect(ambiguous.errors).toEqual([{ row: 2, field: 'issueDate', message: 'Ambiguous date "03/04/2026": choose the file\'s date format (MM/DD/YYYY or DD/MM/YYYY)' }]);
    const chosen = await as.request({ method: 'PUT', url: `/api/imports/${ambiguous.id}/mapping`, payload: { dateFormat: 'DD/MM/YYYY' } });
    expect(chosen.json()).toMatchObject({ errors: [], dateFormat: 'DD/MM/YYYY', dateFormatSource: 'chosen' });
    await commit(as, ambiguous.id);
    const [row] = await t.deps.db.select({ issueDate: invoices.issueDate }).from(invoices).where(eq(invoices.invoiceNumber, 'G-1'));
    expect(row?.issueDate).toBe('2026-04-03');
    const mixed = await preview(as, { entity: 'invoices', bytes: csvFile([...rows, ['G-2', 'Gale Ltd', '', '25/04/2026', '04/26/2026', 'Work', '10']]) });
    expect(mixed.errors[0]).toEqual({ row: 1, field: 'issueDate', message: 'The file mixes DD/MM/YYYY and MM/DD/YYYY dates: choose the date format' });
  });

  it("imports QuickBooks Online's bill file (amounts only) as received bills that go through approval as usual", async () => {
    const as = await signUp(t.app);
    const organizationId = await organizationOf(as);
    const vendor = await as.request({ method: 'POST', url: '/api/vendors', payload: { name: 'Office Supply Co', email: 'ap@office.example', paymentMethod: 'check' } });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const body = await preview(as, {
      entity: 'bills',
      template: 'quickbooks_online',
      bytes: csvFile([
        ['Bill No', 'Vendor', 'Bill Date', 'Due Date', 'Memo', 'Account', 'Line Description', 'Line Amount', 'Line Tax Amount'],
        ['B-1', 'Office Supply Co', '11/01/2026', '12/01/2026', 'Paper', 'Supplies', 'Paper', '$250.00', '0'],
        ['B-1', 'Office Supply Co', '', '', '', 'Supplies', 'Toner', '1,100.10', '10.00'],
      ]),
    });
    expect(body.errors).toEqual([]);
    expect((await commit(as, body.id)).result).toEqual({ created: 1, matched: 0, billsCreated: 1 });
    const [bill] = await t.deps.db.select().from(bills).where(eq(bills.organizationId, organizationId));
    expect(bill).toMatchObject({ billNumber: 'B-1', status: 'received', billDate: '2026-11-01', subtotal: '1350.10', taxAmount: '10.00', totalAmount: '1360.10', userId: as.user.id });
    expect(await t.deps.db.select().from(billItems).where(eq(billItems.billId, bill?.id ?? ''))).toHaveLength(2);
  });

  it('writes nothing when one record fails during the commit (an invoice number taken meanwhile)', async () => {
    const as = await signUp(t.app);
    const organizationId = await organizationOf(as);
    const file = csvFile([
      ['invoiceNumber', 'customerName', 'customerEmail', 'issueDate', 'dueDate', 'description', 'quantity', 'unitPrice'],
      ['R-1', 'River Co', 'river@x.example', '2026-11-01', '2026-12-01', 'One', '1', '10'],
      ['R-2', 'Lake Co', 'lake@x.example', '2026-11-01', '2026-12-01', 'Two', '1', '20'],
    ]);
    const body = await preview(as, { entity: 'invoices', bytes: file });
    expect(body.summary).toEqual({ created: 2, matched: 0, newCustomers: 2 });
    // Another writer takes R-2 between the check and the insert: the database refuses it as a duplicate.
    await t.deps.db.execute(sql`
      create or replace function race_r2() returns trigger language plpgsql as $$
      begin
        if new.invoice_number = 'R-2' then
          raise exception 'duplicate key value violates unique constraint "invoices_org_number_key"' using errcode = 'unique_violation', constraint = 'invoices_org_number_key';
        end if;
        return new;
      end $$`);
    await t.deps.db.execute(sql`create trigger race_r2 before insert on invoices for each row execute function race_r2()`);
    try {
      expect((await commitImportRequest(as, body.id)).statusCode).toBe(202);
      expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(1);
      expect(await readBack(as, body.id)).toMatchObject({ status: 'failed', commitError: 'Row 3: Invoice number already exists', rowsDone: 0, result: null });
      expect(await countRows(invoices, organizationId)).toBe(0);
      expect(await countRows(customers, organizationId)).toBe(0);
      expect(await countRows(externalRecords, organizationId)).toBe(0);
      // The refusal is for good: the job is done, not retried.
      expect(await runImportCommitJobs(importDepsOf(t.deps))).toBe(0);
    } finally {
      await t.deps.db.execute(sql`drop trigger race_r2 on invoices`);
    }
    expect((await commit(as, body.id)).result).toEqual({ created: 2, matched: 0, customersCreated: 2, invoicesCreated: 2 });
    expect(await countRows(invoices, organizationId)).toBe(2);
  });

  it('imports vendors with our template; a vendor without bank details pays by check', async () => {
    const as = await signUp(t.app);
    const body = await preview(as, {
      entity: 'vendors',
      bytes: csvFile([
        ['name', 'email', 'paymentMethod', 'bankName', 'routingNumber', 'accountNumber'],
        ['Paper Co', 'ap@paper.example', '', '', '', ''],
        ['Wire Co', 'ap@wire.example', 'ACH', 'First Bank', '011000015', '123456789'],
        ['Broken Co', 'ap@broken.example', 'ach', '', '', ''],
      ]),
    });
    expect(body.errors).toEqual([
      { row: 4, field: 'bankName', message: 'Bank name is required' },
      { row: 4, field: 'routingNumber', message: 'Routing number is required' },
      { row: 4, field: 'accountNumber', message: 'Account number is required' },
    ]);
  });
});

describe('import limits and access', () => {
  it('refuses a file over 10 MB with 413 and one over 50,000 rows with 400', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const tooLarge = await uploadImport(owner, { entity: 'customers', bytes: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File too large: Please upload a file smaller than 10MB.' });
    const lines = ['name,email', ...Array.from({ length: 50_001 }, (_, index) => `N${index},n${index}@x.example`)];
    const tooMany = await uploadImport(owner, { entity: 'customers', bytes: Buffer.from(lines.join('\n')) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Too many rows: a file can hold at most 50,000 rows. Split it into smaller files.');
    const atLimit = await uploadImport(owner, { entity: 'customers', bytes: Buffer.from(lines.slice(0, 50_001).join('\n')) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json()).toMatchObject({ rowCount: 50_000, errorCount: 0, summary: { created: 50_000 } });
  });

  it('refuses a CSV or .xlsx of more than 500 columns, or a line of more than 100,000 characters, with 400, and an .xlsx zip bomb with 413', async () => {
    const message = 'The file has more than 500 columns: remove the columns you do not import and upload it again';
    const commas = await uploadImport(owner, { entity: 'customers', bytes: Buffer.from(`name,email\nA,a@x.example${','.repeat(2_000_000)}\n`) });
    expect(commas.statusCode).toBe(400);
    expect(commas.json()).toMatchObject({ code: 'VALIDATION', message, fields: { file: message } });
    const wide = Array.from({ length: 501 }, (_, index) => `c${index}`);
    const sheet = await uploadImport(owner, { entity: 'customers', bytes: await xlsxFile([wide, wide]), fileName: 'wide.xlsx' });
    expect(sheet.statusCode).toBe(400);
    expect(sheet.json()).toMatchObject({ code: 'VALIDATION', message });
    const atLimit = await uploadImport(owner, { entity: 'customers', bytes: await xlsxFile([['name', 'email', ...wide.slice(2, 500)], ['A', 'a@x.example']]), fileName: 'ok.xlsx' });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const long = await uploadImport(owner, { entity: 'customers', bytes: Buffer.from(`name,email\n${'A'.repeat(100_001)},a@x.example\n`) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Line 2 is longer than 100,000 characters: check the file is a CSV of one record per line');
    const bomb = await uploadImport(owner, { entity: 'customers', bytes: await zerosZip(200 * 1024 * 1024), fileName: 'bomb.xlsx' });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The Excel file is too large when unpacked (over 100 MB): save it as a smaller file or as CSV.' });
    const longCell = await uploadImport(owner, { entity: 'customers', bytes: await xlsxFile([['name', 'email'], ['A'.repeat(100_001), 'a@x.example']]), fileName: 'long.xlsx' });
    expect(longCell.json().message).toBe('Line 2 is longer than 100,000 characters: check the file is a CSV of one record per line');
  });

  it('refuses an unknown entity, template or date format, and a file that is not CSV or XLSX', async () => {
    const file = csvFile([['name', 'email'], ['A', 'a@x.example']]);
    expect((await uploadImport(owner, { entity: 'payments', bytes: file })).json()).toMatchObject({ code: 'VALIDATION', fields: { entity: 'Entity must be customers, vendors, invoices or bills' } });
    expect((await uploadImport(owner, { entity: 'customers', template: 'sage', bytes: file })).statusCode).toBe(400);
    expect((await uploadImport(owner, { entity: 'customers', dateFormat: 'D.M.Y', bytes: file })).statusCode).toBe(400);
    const text = await uploadImport(owner, { entity: 'customers', bytes: file, fileName: 'customers.txt' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Invalid file type: Please upload a .csv or .xlsx file.');
    const fakeXlsx = await uploadImport(owner, { entity: 'customers', bytes: Buffer.from('PK\u0003\u0004garbage'), fileName: 'x.xlsx' });
    expect(fakeXlsx.statusCode).toBe(400);
  });

  it("hides another organization's import behind a 404", async () => {
    const body = await preview(owner, { entity: 'customers', bytes: csvFile([CUSTOMER_HEADER, ...customerRows(1)]) });
    const other = await signUp(t.app);
    expect((await other.request({ method: 'GET', url: `/api/imports/${body.id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'PUT', url: `/api/imports/${body.id}/mapping`, payload: { dateFormat: 'DD/MM/YYYY' } })).statusCode).toBe(404);
    expect((await commitImportRequest(other, body.id)).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/imports' })).json()).toEqual([]);
  });

  it('refuses viewers and approvers', async () => {
    const file = csvFile([CUSTOMER_HEADER, ...customerRows(1)]);
    for (const role of ['viewer', 'approver'] as const) {
      const member = await signUp(t.app);
      await t.deps.db.update(users).set({ role }).where(eq(users.id, member.user.id));
      expect((await uploadImport(member, { entity: 'customers', bytes: file })).statusCode).toBe(403);
      expect((await member.request({ method: 'GET', url: '/api/imports' })).statusCode).toBe(403);
    }
  });

  it("lets a firm member import into a client's workspace, not the firm's", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    if (!client.organizationId) throw new Error('client without workspace');
    const firmCustomersBefore = await countRows(customers, firm.user.homeOrganizationId);
    await openWorkspace(firm, client.organizationId);
    const body = await preview(firm, { entity: 'customers', bytes: csvFile([CUSTOMER_HEADER, ...customerRows(3)]) });
    await commit(firm, body.id);
    expect(await countRows(customers, client.organizationId)).toBe(3);
    expect(await countRows(customers, firm.user.homeOrganizationId)).toBe(firmCustomersBefore);
    await openWorkspace(firm, firm.user.homeOrganizationId);
    expect((await firm.request({ method: 'GET', url: `/api/imports/${body.id}` })).statusCode).toBe(404);
  });

  it("downloads each template's header row and an example row", async () => {
    const response = await owner.request({ method: 'GET', url: '/api/imports/templates/xero/invoices.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, example] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.startsWith('*ContactName,EmailAddress,')).toBe(true);
    expect(example?.split(',')).toHaveLength(header?.split(',').length ?? 0);
    expect((await owner.request({ method: 'GET', url: '/api/imports/templates/sage/invoices.csv' })).statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: '/api/imports/templates/generic/payments.csv' })).statusCode).toBe(400);
  });
});
