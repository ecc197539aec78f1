import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccount } from '../../../shared/contracts/bank-accounts';
import type { Report, ReportFigures } from '../../../shared/contracts/reports';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { overlappingText, pdfTextBoxes, textOutside } from '../../test/pdf-layout';
import { addBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { seedStatement } from '../bank-reconciliation/reconciliation.fixtures';

const NOW = new Date('2026-03-18T15:00:00Z');
const FEBRUARY = { type: 'bank_reconciliation', period: 'custom', from: '2026-02-01', to: '2026-02-28' };
const INJECTION = '=HYPERLINK("http://evil.example","Click")';
let t: TestApp;
let owner: SignedIn;
let operating: BankAccount;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  owner = await signUp(t.app);
  operating = await addBankAccount(owner, { accountName: 'Operating', accountNumber: '000111222333' });
  await addBankAccount(owner, { accountName: 'Savings', accountNumber: '000444555666' });
  await seedStatement(t.deps.db, { organizationId: owner.user.organizationId, bankAccountId: operating.id }, {
    opening: '1000.00',
    periodStart: '2026-01-01',
    lines: [
      { day: '2026-01-20', amount: '200.00', status: 'matched' },
      { day: '2026-01-25', amount: '-50.00' },
      { day: '2026-02-03', amount: '500.00', status: 'matched' },
      { day: '2026-02-10', amount: '-120.50', status: 'matched' },
      { day: '2026-02-12', amount: '75.25', description: INJECTION },
      { day: '2026-02-20', amount: '-30.00', status: 'excluded' },
      { day: '2026-03-02', amount: '40.00' },
    ],
  });
  // Another workspace's lines never show.
  const stranger = await signUp(t.app);
  const theirs = await addBankAccount(stranger);
  await seedStatement(t.deps.db, { organizationId: stranger.user.organizationId, bankAccountId: theirs.id }, { opening: '5.00', lines: [{ day: '2026-02-05', amount: '999.00' }] });
});
afterAll(async () => t.close());

async function generate(): Promise<Report & { figures: ReportFigures }> {
  const response = await owner.request({ method: 'POST', url: '/api/reports/generate', payload: FEBRUARY });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const summary = (figures: ReportFigures) => Object.fromEntries(figures.summary.map((figure) => [figure.label, figure.value]));

describe('Bank Reconciliation report', () => {
  it('gives each account its opening, cleared, uncleared and closing for the period, and lists the uncleared lines', async () => {
    const report = await generate();
    expect(report).toMatchObject({ name: 'Bank Reconciliation', category: 'financial', status: 'ready' });
    // Operating: opening 1000 + January's 200 - 50 = 1150; cleared 500 - 120.50 - 30; uncleared 75.25.
    expect(summary(report.figures)).toEqual({ Accounts: 2, Opening: '1150.00', Cleared: '349.50', Uncleared: '75.25', Closing: '1574.75', 'Uncleared lines': 1 });
    const byAccount = report.figures.tables.find((table) => table.key === 'by_account');
    expect(byAccount?.rows).toEqual([
      { account: 'Operating ••••2333', opening: '1150.00', cleared: '349.50', uncleared: '75.25', closing: '1574.75', uncleared_lines: 1, last_reconciled: null },
      { account: 'Savings ••••5666', opening: '0.00', cleared: '0.00', uncleared: '0.00', closing: '0.00', uncleared_lines: 0, last_reconciled: null },
    ]);
    const lines = report.figures.tables.find((table) => table.key === 'uncleared_lines');
    expect(lines?.rows).toEqual([{ posted_on: '2026-02-12', account: 'Operating ••••2333', description: INJECTION, reference: null, amount: '75.25' }]);
  });

  it('opens the period on the last reconciliation before it', async () => {
    // The bank said 1,180.00 on January 31 (the books accepted a difference): February opens there.
    const reconciled = await owner.request({ method: 'POST', url: `/api/bank-accounts/${operating.id}/reconciliations`, payload: { throughDate: '2026-01-31', statementBalance: '1180.00' } });
    expect(reconciled.statusCode, reconciled.body).toBe(201);
    const report = await generate();
    expect(summary(report.figures)).toMatchObject({ Opening: '1180.00', Closing: '1604.75' });
    expect(report.figures.tables.find((table) => table.key === 'by_account')?.rows[0]).toMatchObject({ last_reconciled: '2026-01-31' });
  });

  it('downloads as CSV and XLSX with the description neutralised, and as a PDF whose texts do not overlap', async () => {
    const report = await generate();
    const csv = await owner.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=csv` });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows).toContain('Account,Opening,Cleared,Uncleared,Closing,Uncleared lines,Reconciled through');
    expect(rows).toContain(`2026-02-12,Operating ••••2333,"'=HYPERLINK(""http://evil.example"",""Click"")",,75.25`);

    const xlsx = await owner.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=xlsx` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Uncleared lines');
    const cells: unknown[] = [];
    sheet?.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)));
    expect(cells).toContain(`'${INJECTION}`);
    expect(cells.some((value) => typeof value === 'object' && value !== null && 'formula' in value)).toBe(false);

    const pdf = await owner.request({ method: 'GET', url: `/api/reports/${report.id}/download?format=pdf` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { boxes } = await pdfTextBoxes(pdf.rawPayload);
    expect(overlappingText(boxes)).toEqual([]);
    expect(textOutside(boxes, 842)).toEqual([]);
    expect(boxes.map((box) => box.text).join(' ')).toContain('Bank Reconciliation');
  });
});
