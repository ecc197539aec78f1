import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  BankStatementSummary,
  BankTransactionsPage,
  StatementImportResult,
  StatementPreview,
} from '../../../shared/contracts/bank-reconciliation';
import type { BankAccount } from '../../../shared/contracts/bank-accounts';
import { auditLog, bankFeedSettings, bankStatements, bankTransactions } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { multipartBody } from '../documents/multipart-body';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = (name: string) => readFileSync(path.join(here, 'test-files', name));

let testApp: TestApp;
let owner: SignedIn;
let account: BankAccount;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  owner = await signUp(testApp.app);
  // The samples name the account ending in 6789 (ACCOUNT_NUMBER of the bank-account fixtures).
  account = await addBankAccount(owner);
});

function upload(
  as: SignedIn,
  accountId: string,
  fileName: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
  url = `/api/bank-accounts/${accountId}/statements`,
): Promise<LightMyRequestResponse> {
  const body = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', fileName, contentType: 'application/octet-stream', bytes },
  ]);
  return as.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

async function storedLines(bankAccountId = account.id) {
  return testApp.deps.db
    .select()
    .from(bankTransactions)
    .where(eq(bankTransactions.bankAccountId, bankAccountId))
    .orderBy(bankTransactions.postedOn, bankTransactions.bankRef);
}

async function imported(fileName: string, bytes = sample(fileName), fields: Record<string, string> = {}): Promise<StatementImportResult> {
  const response = await upload(owner, account.id, fileName, bytes, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StatementImportResult>();
}

const csvMapping = { date: 0, description: 1, reference: 2, debit: 3, credit: 4, dateFormat: 'DD.MM.YYYY', decimalComma: true, delimiter: ';', hasHeader: true };

describe('POST /api/bank-accounts/{id}/statements, each format', () => {
  it('imports an OFX 2.x file with FITIDs as bank ids and LEDGERBAL as the closing balance', async () => {
    const result = await imported('statement-ofx2.ofx');
    expect(result).toMatchObject({ format: 'ofx', linesInFile: 3, linesAdded: 3, duplicates: 0, closingBalance: '5904.90', openingBalance: null, balanceDifference: null, autoMatched: 0 });
    const lines = await storedLines();
    expect(lines.map((line) => [line.postedOn, line.amount, line.bankRef])).toEqual([
      ['2026-03-02', '1250.00', '202603020001'],
      ['2026-03-03', '-45.10', '202603030002'],
      ['2026-03-04', '-300.00', '202603040003'],
    ]);
    expect(lines[0]?.description).toBe('ACME SUPPLIES LLC ACH CREDIT INV-1002');
    expect(lines[1]?.description).toBe('Office & Paper Co');
    expect(lines[2]?.reference).toBe('1045');
    expect(lines.every((line) => line.statementId === result.statementId && line.status === 'unmatched')).toBe(true);
  });

  it('imports an OFX 1.x SGML (QFX) file with unclosed tags, and reads the ACH return code', async () => {
    const result = await imported('statement-ofx1.qfx');
    expect(result).toMatchObject({ format: 'ofx', linesAdded: 3, closingBalance: '2987.50' });
    const lines = await storedLines();
    expect(lines.map((line) => [line.amount, line.bankRef, line.returnCode])).toEqual([
      ['880.00', 'QFX-7001', null],
      ['-880.00', 'QFX-7002', 'R01'],
      ['-12.50', 'QFX-7003', null],
    ]);
    expect(lines[2]?.description).toBe('MONTHLY SERVICE FEE');
  });

  it('reads an OFX 1.x file whose header says CHARSET:1252 as Latin-1', async () => {
    const text = sample('statement-ofx1.qfx').toString('latin1').replace('BLUE HERON DESIGN', 'CAFÉ MÜLLER');
    await imported('latin1.qfx', Buffer.from(text, 'latin1'));
    expect((await storedLines())[0]?.counterparty).toBe('CAFÉ MÜLLER');
  });

  it('imports camt.053.001.02: booked entries only, AcctSvcrRef ids, the return reason, balances that agree', async () => {
    const result = await imported('statement-camt053-v02.xml');
    expect(result).toMatchObject({ format: 'camt053', linesInFile: 3, linesAdded: 3, openingBalance: '10000.00', closingBalance: '9309.45', balanceDifference: '0.00' });
    const lines = await storedLines();
    expect(lines.map((line) => [line.postedOn, line.amount, line.bankRef, line.returnCode])).toEqual([
      ['2026-03-03', '1500.00', 'CB-20260303-77812', null],
      ['2026-03-10', '-2340.55', 'CB-20260310-90411', null],
      ['2026-03-12', '150.00', 'CB-20260312-00931', 'R03'],
    ]);
    expect(lines[0]).toMatchObject({ description: 'INV-1001 INV-1003', reference: 'E2E-ACME-0303', counterparty: 'Acme Supplies GmbH' });
    // The payment run settled as one debit: one line, no single reference.
    expect(lines[1]).toMatchObject({ description: 'SEPA BATCH PAYMENT RUN 2026-03-10', reference: null });
    const [statement] = await testApp.deps.db.select().from(bankStatements).where(eq(bankStatements.id, result.statementId));
    expect(statement).toMatchObject({ fileAccount: 'DE89370400440532016789', periodStart: '2026-03-03', periodEnd: '2026-03-12', linesAdded: 3 });
  });

  it('imports camt.053.001.08: Sts/Cd, BookgDt/DtTm, Pty names, a structured reference, a debit opening balance', async () => {
    const result = await imported('statement-camt053-v08.xml');
    expect(result).toMatchObject({ format: 'camt053', linesAdded: 2, openingBalance: '-500.00', closingBalance: '4225.25', balanceDifference: '0.00' });
    const lines = await storedLines();
    expect(lines.map((line) => [line.postedOn, line.amount, line.bankRef, line.reference, line.counterparty])).toEqual([
      ['2026-04-01', '4800.00', 'US-4411-0001', 'INV-2040', 'Northwind Traders'],
      ['2026-04-01', '-74.75', 'US-4411-0002', null, null],
    ]);
  });

  it('imports camt.054 notifications, the return reason R02 included', async () => {
    const result = await imported('statement-camt054.xml');
    expect(result).toMatchObject({ format: 'camt054', linesAdded: 2, balanceDifference: null });
    const lines = await storedLines();
    expect(lines.map((line) => [line.amount, line.returnCode, line.counterparty])).toEqual([
      ['-612.40', null, 'Harbor Logistics'],
      ['612.40', 'R02', null],
    ]);
  });

  it('imports BAI2 with 88 continuations of the 03 and 16 records, funds types and type codes', async () => {
    const result = await imported('statement-bai2.txt');
    expect(result).toMatchObject({ format: 'bai2', linesAdded: 4, openingBalance: '5000.00', closingBalance: '7425.50', balanceDifference: '0.00' });
    const lines = await storedLines();
    expect(lines.map((line) => [line.postedOn, line.amount, line.bankRef, line.reference, line.returnCode])).toEqual([
      ['2026-03-15', '2500.00', 'BR-0001', 'INV-1001', null],
      ['2026-03-15', '500.00', 'BR-0002', null, null],
      ['2026-03-15', '-374.50', 'BR-0003', '1046', null],
      ['2026-03-15', '-200.00', 'BR-0004', null, 'R01'],
    ]);
    expect(lines[0]?.description).toBe('PREAUTHORIZED ACH CREDIT ACME SUPPLIES PAYMENT FOR INVOICES INV-1001, INV-1003');
  });

  it('previews a CSV (BOM, semicolons, comma decimals, debit/credit columns), imports it with the mapping and remembers it', async () => {
    const preview = await upload(owner, account.id, 'export.csv', sample('statement-bank-export.csv'), {}, `/api/bank-accounts/${account.id}/statements/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<StatementPreview>();
    expect(body.format).toBe('csv');
    expect(body.csv?.header).toEqual(['Buchungstag', 'Verwendungszweck', 'Referenz', 'Soll', 'Haben']);
    expect(body.csv?.rows[0]).toEqual(['02.03.2026', 'Miete März; Büro', 'RF-1', '1.250,00', '']);
    expect(body.csv).toMatchObject({ remembered: false, mapping: csvMapping });

    // Without a mapping and none remembered, the import asks for one and stores nothing.
    const refused = await upload(owner, account.id, 'export.csv', sample('statement-bank-export.csv'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', fields: { mapping: 'Choose the columns' } });
    expect(await storedLines()).toHaveLength(0);

    const result = await imported('export.csv', sample('statement-bank-export.csv'), { mapping: JSON.stringify(csvMapping) });
    expect(result).toMatchObject({ format: 'csv', linesAdded: 4, closingBalance: null });
    const lines = await storedLines();
    expect(lines.map((line) => [line.postedOn, line.amount, line.description, line.reference])).toEqual([
      ['2026-03-02', '-1250.00', 'Miete März; Büro', 'RF-1'],
      ['2026-03-05', '2480.50', 'Kunde Acme INV-1002', 'RF-2'],
      ['2026-03-05', '-12.90', 'Bankgebühren', 'RF-3'],
      ['2026-03-09', '310.00', 'Zahlung "Nordwind" INV-1010', 'RF-4'],
    ]);
    const [settings] = await testApp.deps.db.select().from(bankFeedSettings).where(eq(bankFeedSettings.bankAccountId, account.id));
    expect(settings?.csvMapping).toMatchObject(csvMapping);
    expect(settings?.lastImportAt).toBeInstanceOf(Date);

    // Next time the remembered mapping is used, and the preview says so.
    const again = await upload(owner, account.id, 'export.csv', sample('statement-bank-export.csv'), {}, `/api/bank-accounts/${account.id}/statements/preview`);
    expect(again.json<StatementPreview>().csv?.remembered).toBe(true);
    const second = await imported('export.csv', sample('statement-bank-export.csv'));
    expect(second).toMatchObject({ linesInFile: 4, linesAdded: 0, duplicates: 4 });
  });
});

describe('re-imports and balances', () => {
  it('adds nothing when the same file is imported again, and audits both imports with their counts', async () => {
    await imported('statement-camt053-v02.xml');
    const second = await imported('statement-camt053-v02.xml');
    expect(second).toMatchObject({ linesInFile: 3, linesAdded: 0, duplicates: 3 });
    expect(await storedLines()).toHaveLength(3);
    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'bank_statement.imported')));
    expect(audits.map((row) => (row.details as { linesAdded: number }).linesAdded).sort()).toEqual([0, 3]);
  });

  it('adds only the new lines of an overlapping file, recognising lines without bank ids by their hash', async () => {
    const header = 'Date,Description,Amount\n';
    const first = `${header}2026-03-01,Coffee,-4.50\n2026-03-01,Coffee,-4.50\n2026-03-02,Deposit INV-1,100.00\n`;
    const overlapping = `${header}2026-03-01,Coffee,-4.50\n2026-03-01,Coffee,-4.50\n2026-03-02,Deposit INV-1,100.00\n2026-03-03,Coffee,-4.50\n2026-03-04,Rent,-900.00\n`;
    const mapping = JSON.stringify({ date: 0, description: 1, amount: 2, dateFormat: 'YYYY-MM-DD' });
    expect(await imported('a.csv', Buffer.from(first), { mapping })).toMatchObject({ linesAdded: 3 });
    expect(await imported('b.csv', Buffer.from(overlapping), { mapping })).toMatchObject({ linesInFile: 5, linesAdded: 2, duplicates: 3 });
    // Two identical coffees on one day stay two lines.
    expect((await storedLines()).map((line) => line.amount)).toEqual(['-4.50', '-4.50', '100.00', '-4.50', '-900.00']);
  });

  it('imports a CSV without a header row when the mapping says so', async () => {
    const csv = '2026-03-01;Coffee;-4,50\n2026-03-02;Deposit;100,00\n';
    const mapping = JSON.stringify({ date: 0, description: 1, amount: 2, dateFormat: 'YYYY-MM-DD', decimalComma: true, delimiter: ';', hasHeader: false });
    expect(await imported('no-header.csv', Buffer.from(csv), { mapping })).toMatchObject({ linesInFile: 2, linesAdded: 2 });
    expect((await storedLines()).map((line) => line.amount)).toEqual(['-4.50', '100.00']);
  });

  it('keeps a closing balance that does not agree with the lines, and the difference', async () => {
    const text = sample('statement-camt053-v02.xml').toString('utf8').replace('<Amt Ccy="EUR">9309.45</Amt>', '<Amt Ccy="EUR">9300.00</Amt>');
    const result = await imported('mismatch.xml', Buffer.from(text));
    expect(result).toMatchObject({ closingBalance: '9300.00', balanceDifference: '9.45', linesAdded: 3 });
    const history = await owner.request({ method: 'GET', url: `/api/bank-accounts/${account.id}/statements` });
    expect(history.statusCode).toBe(200);
    expect(history.json<BankStatementSummary[]>()).toMatchObject([{ fileName: 'mismatch.xml', format: 'camt053', balanceDifference: '9.45', linesAdded: 3, periodEnd: '2026-03-12' }]);
  });
});

describe('bad files', () => {
  it.each([
    ['camt with an entry without its amount', 'statement-camt053-v02.xml', (t: string) => t.replace('<Amt Ccy="EUR">2340.55</Amt>', ''), /Entry 2 \(<Ntry> ending on line \d+\): <Amt> is missing/],
    ['camt cut short', 'statement-camt053-v02.xml', (t: string) => t.slice(0, t.indexOf('<Ntry>', t.indexOf('<Ntry>') + 10)), /not well-formed at line \d+/],
    ['OFX 1.x with a bad amount', 'statement-ofx1.qfx', (t: string) => t.replace('<TRNAMT>-12.50', '<TRNAMT>twelve'), /Transaction 3 \(<STMTTRN> ending on line 62\): <TRNAMT> "twelve" is not an amount/],
    ['OFX 2.x with a bad date', 'statement-ofx2.ofx', (t: string) => t.replace('<DTPOSTED>20260303</DTPOSTED>', '<DTPOSTED>20261303</DTPOSTED>'), /Transaction 2 .*<DTPOSTED> "20261303" is not a date/],
    ['BAI2 with an unknown record', 'statement-bai2.txt', (t: string) => t.replace('16,475,', '17,475,'), /^Line 8 \(record 17\): "17" is not a BAI2 record type/],
    ['BAI2 without its trailer', 'statement-bai2.txt', (t: string) => t.split('\n').slice(0, 9).join('\n'), /ends without its 99 file trailer/],
  ])('refuses %s with a 400 naming where, and stores nothing', async (_label, file, change, message) => {
    const response = await upload(owner, account.id, file, Buffer.from(change(sample(file).toString('utf8'))));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await storedLines()).toHaveLength(0);
    expect(await testApp.deps.db.select().from(bankStatements).where(eq(bankStatements.bankAccountId, account.id))).toHaveLength(0);
  });

  it('refuses a CSV line whose date does not fit the mapping, naming the line', async () => {
    const csv = 'Date,Description,Amount\n2026-03-01,Coffee,-4.50\n03/02/2026,Tea,-3.00\n';
    const response = await upload(owner, account.id, 'x.csv', Buffer.from(csv), { mapping: JSON.stringify({ date: 0, description: 1, amount: 2, dateFormat: 'YYYY-MM-DD' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Line 3: "03/02/2026" is not a date in the format YYYY-MM-DD' });
    expect(await storedLines()).toHaveLength(0);
  });

  it('refuses a file we cannot read at all', async () => {
    const response = await upload(owner, account.id, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/not a statement we can read/);
  });

  it("refuses a file for another account with 409 STATEMENT_OTHER_ACCOUNT, then imports it when confirmed", async () => {
    const other = await addBankAccount(owner, { accountName: 'Payroll', accountNumber: '555500001111' });
    const response = await upload(owner, other.id, 'statement-ofx2.ofx', sample('statement-ofx2.ofx'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'STATEMENT_OTHER_ACCOUNT' });
    expect(response.json<{ message: string }>().message).toContain('ending in 6789, not Payroll (ending in 1111)');
    expect(await storedLines(other.id)).toHaveLength(0);
    const confirmed = await upload(owner, other.id, 'statement-ofx2.ofx', sample('statement-ofx2.ofx'), { confirmAccount: 'true' });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await storedLines(other.id)).toHaveLength(3);
  });

  it('refuses a file over 200,000 lines with 413 and a message', async () => {
    const rows = Array.from({ length: 200_001 }, (_, index) => `2026-01-01,L${index},1.00`).join('\n');
    const response = await upload(owner, account.id, 'big.csv', Buffer.from(`Date,Description,Amount\n${rows}\n`), { mapping: JSON.stringify({ date: 0, description: 1, amount: 2, dateFormat: 'YYYY-MM-DD' }) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file has more than 200,000 lines: split it by date and import the parts' });
    expect(await storedLines()).toHaveLength(0);
  }, 60_000);

  it('refuses a file over 20 MB with 413', async () => {
    const response = await upload(owner, account.id, 'huge.csv', Buffer.alloc(20 * 1024 * 1024 + 10, 0x41));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB: split it by date and import the parts' });
  }, 60_000);
});

describe('tenancy and roles', () => {
  it("hides another workspace's account behind a 404 on import, preview, lines and history", async () => {
    const stranger = await signUp(testApp.app);
    const importResponse = await upload(stranger, account.id, 'statement-ofx2.ofx', sample('statement-ofx2.ofx'));
    expect(importResponse.statusCode).toBe(404);
    const previewResponse = await upload(stranger, account.id, 'x.csv', Buffer.from('a,b\n1,2\n'), {}, `/api/bank-accounts/${account.id}/statements/preview`);
    expect(previewResponse.statusCode).toBe(404);
    for (const url of [`/api/bank-accounts/${account.id}/transactions`, `/api/bank-accounts/${account.id}/statements`]) {
      expect((await stranger.request({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(await storedLines()).toHaveLength(0);
  });
});

describe('GET /api/bank-accounts/{id}/transactions', () => {
  it('pages in SQL, filters by status and search, and counts per status with the unmatched sum', async () => {
    await imported('statement-bai2.txt');
    const all = await owner.request({ method: 'GET', url: `/api/bank-accounts/${account.id}/transactions?limit=2` });
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json<BankTransactionsPage>();
    expect(page).toMatchObject({ total: 4, counts: { unmatched: 4, matched: 0, excluded: 0 }, unmatchedAmount: '2425.50' });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ status: 'unmatched', matches: [], matchedTo: null, locked: false });

    const [line] = await storedLines();
    if (!line) throw new Error('no line');
    await testApp.deps.db.update(bankTransactions).set({ status: 'excluded', resolution: 'excluded' }).where(eq(bankTransactions.id, line.id));
    const excluded = (await owner.request({ method: 'GET', url: `/api/bank-accounts/${account.id}/transactions?status=excluded` })).json<BankTransactionsPage>();
    expect(excluded.total).toBe(1);
    expect(excluded.data.map((row) => row.id)).toEqual([line.id]);
    expect(excluded.counts).toEqual({ unmatched: 3, matched: 0, excluded: 1 });

    const searched = (await owner.request({ method: 'GET', url: `/api/bank-accounts/${account.id}/transactions?search=northwind` })).json<BankTransactionsPage>();
    expect(searched.data.map((row) => row.bankRef)).toEqual(['BR-0002']);
  });
});

describe('API documentation', () => {
  it('lists the statement and line endpoints in /api/docs', async () => {
    const spec = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(spec.paths['/api/bank-accounts/{id}/statements'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/api/bank-accounts/{id}/statements/preview'] ?? {})).toEqual(['post']);
    expect(Object.keys(spec.paths['/api/bank-accounts/{id}/transactions'] ?? {})).toEqual(['get']);
  });
});
