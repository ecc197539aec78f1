import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportFigures } from '../../../shared/contracts/reports';
import { toCsvRows } from '../../platform/csv';
import { customers as customerRows, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { pdfText } from '../../test/pdf-layout';
import { addMember } from '../team/team.fixtures';
import { reportCsvPages } from './report-csv';
import { INJECTION_NAME, REPORTS_NOW, seedLedger, seedManyCustomers } from './reports.fixtures';

let t: TestApp;
let owner: SignedIn;
let aging: Report;
let revenue: Report;
beforeAll(async () => {
  t = await createTestApp({ now: REPORTS_NOW });
  owner = await signUp(t.app);
  await t.deps.db.update(organizations).set({ name: 'Northwind Bookkeeping LLC' }).where(eq(organizations.id, owner.user.organizationId));
  await seedLedger(t.deps.db, owner.user.organizationId);
  aging = (await owner.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'invoice_aging' } })).json<Report>();
  revenue = (
    await owner.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'revenue_summary', period: 'custom', from: '2026-03-01', to: '2026-03-31' } })
  ).json<Report>();
});
afterAll(async () => t.close());

const download = (report: Report, format: string) =>
  owner.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=${format}` });


describe('report downloads', () => {
  it('writes the CSV with the heading, figures and tables, and neutralises a formula in a name', async () => {
    const response = await download(aging, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Invoice-Aging-2026-02-17-to-2026-03-18.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['Invoice Aging', 'Organization,Northwind Bookkeeping LLC', 'From,2026-02-17', 'To,2026-03-18', 'Currency,USD']);
    expect(lines).toContain('Total outstanding,1700.00');
    expect(lines).toContain('Customer,Current,1-30 days,31-60 days,61-90 days,90+ days,Total');
    expect(lines).toContain('Acme Corp,750.00,0.00,400.00,0.00,0.00,1150.00');
    // The injection cell comes out as text: an apostrophe first, quoted because of its quotes and comma.
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",0.00,0.00,0.00,0.00,200.00,200.00`);
    // Streamed, the download has the bytes of the whole file written at once from the stored figures.
    const stored = (await owner.request({ method: 'GET', url: `/api/reports/${aging.id}` })).json<Report & { figures: ReportFigures }>();
    const heading = { organizationName: 'Northwind Bookkeeping LLC', title: 'Invoice Aging', from: '2026-02-17', to: '2026-03-18', currency: 'USD', filters: null };
    expect(response.body).toBe(toCsvRows([...reportCsvPages(heading, stored.figures)].flat(), { purpose: 'spreadsheet' }));
  });

  it('writes the XLSX with a frozen header row, number and date cells, widths and a neutralised name', async () => {
    const response = await download(revenue, 'xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'By month', 'By customer']);

    const summary = workbook.getWorksheet('Summary');
    const summaryRows = new Map<string, ExcelJS.CellValue>();
    summary?.eachRow((row) => summaryRows.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(summaryRows.get('Organization')).toBe('Northwind Bookkeeping LLC');
    expect(summaryRows.get('From')).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(summaryRows.get('Invoiced')).toBe(1200);
    expect(summaryRows.get('Collected')).toBe(750);
    expect(summaryRows.get('Collected change')).toBe(650);

    const months = workbook.getWorksheet('By month');
    expect(months?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(months?.getRow(1).values).toEqual([undefined, 'Month', 'Invoiced', 'Collected']);
    // A month row names the days it covers (the whole of March here), never its first day alone.
    expect(months?.getRow(2).getCell(1).value).toBe('Mar 2026');
    expect(months?.getRow(2).getCell(2).value).toBe(1200);
    expect(months?.getRow(2).getCell(2).numFmt).toBe('#,##0.00');

    const customers = workbook.getWorksheet('By customer');
    expect(customers?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(customers?.getColumn(1).width).toBeGreaterThanOrEqual(INJECTION_NAME.length);
    const names = [2, 3, 4].map((row) => customers?.getRow(row).getCell(1).value);
    expect(names).toEqual(['Acme Corp', 'Globex', `'${INJECTION_NAME}`]);
    expect(customers?.getRow(2).getCell(5).value).toBe(1150);
    expect(customers?.getRow(4).getCell(1).formula).toBeUndefined();
  });

  it('still neutralises "+44 Ltd" and "- Consulting" in the CSV and the XLSX: they are files for a spreadsheet', async () => {
    const phone = await signUp(t.app);
    const org = phone.user.organizationId;
    await t.deps.db.update(organizations).set({ name: '+44 Ltd' }).where(eq(organizations.id, org));
    await seedManyCustomers(t.deps.db, org, 1);
    await t.deps.db.update(customerRows).set({ name: '- Consulting' }).where(and(eq(customerRows.organizationId, org), eq(customerRows.name, 'Customer 001')));
    const report = (await phone.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'invoice_aging' } })).json<Report>();
    const csv = await phone.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=csv` });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain("Organization,'+44 Ltd");
    expect(lines.some((line) => line.startsWith("'- Consulting,"))).toBe(true);
    const xlsx = await phone.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=xlsx` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const summary = new Map<string, ExcelJS.CellValue>();
    workbook.getWorksheet('Summary')?.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(summary.get('Organization')).toBe("'+44 Ltd");
    const names: ExcelJS.CellValue[] = [];
    workbook.worksheets.at(-1)?.eachRow((row) => names.push(row.getCell(1).value));
    expect(names).toContain("'- Consulting");
  });

  it("writes the PDF with the organization's name, the period, the figures and page numbers", async () => {
    const response = await download(aging, 'pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(response.rawPayload);
    expect(text).toContain('Northwind Bookkeeping LLC');
    expect(text).toContain('Invoice Aging');
    expect(text).toContain('Period: 2026-02-17 to 2026-03-18 (USD)');
    expect(text).toContain('$1,700.00');
    expect(text).toContain('$1,150.00');
    expect(text).toContain(INJECTION_NAME);
    expect(text).toContain(`Page 1 of ${pages}`);
  });

  it('numbers every page of a long report', async () => {
    const many = await signUp(t.app);
    await seedManyCustomers(t.deps.db, many.user.organizationId, 80);
    const report = (await many.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'invoice_aging' } })).json<Report>();
    const response = await many.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=pdf` });
    const { text, pages } = await pdfText(response.rawPayload);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
  });

  it('lets a viewer open and download reports but not generate one (a stored row is a write)', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const generated = await viewer.request({ method: 'POST', url: '/api/reports/generate', payload: { type: 'invoice_aging' } });
    expect(generated.statusCode).toBe(403);
    const csv = await viewer.request({ method: 'GET', url: `/api/reports/${aging.id}/download?format=csv` });
    expect(csv.body.split('\r\n')).toContain('Total outstanding,1700.00');
    expect((await viewer.request({ method: 'GET', url: `/api/reports/${aging.id}` })).statusCode).toBe(200);
  });

  it('refuses an unknown format', async () => {
    const response = await download(aging, 'docx');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.format).toBe('Format must be csv, xlsx or pdf');
  });
});

describe('GET /api/reports/export-all', () => {
  it('zips every report of the period as CSV, XLSX and PDF', async () => {
    const response = await owner.request({ method: 'GET', url: '/api/reports/export-all?period=custom&from=2026-03-01&to=2026-03-31' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(21);
    expect(names).toContain('Vendor-Spending-2026-03-01-to-2026-03-31.xlsx');
    const csv = await zip.file('Vendor-Spending-2026-03-01-to-2026-03-31.csv')?.async('string');
    expect(csv?.split('\r\n')).toContain('Total spend,1700.00');
    const revenueCsv = await zip.file('Revenue-Summary-2026-03-01-to-2026-03-31.csv')?.async('string');
    expect(revenueCsv?.split('\r\n')).toContain('Collected,750.00');
  });

  it('refuses a bad period', async () => {
    const response = await owner.request({ method: 'GET', url: '/api/reports/export-all?period=custom&from=2026-03-05&to=2026-03-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.to).toBe('To must be on or after From');
  });
});
