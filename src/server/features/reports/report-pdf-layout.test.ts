import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Report, type ReportFigures, reportTypes } from '../../../shared/contracts/reports';
import { customers, organizations, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { overlappingText, pdfTextBoxes, textOutside } from '../../test/pdf-layout';
import { firmInvoice } from '../analytics/analytics.fixtures';
import { addClient, signUpFirm } from '../practice/practice.fixtures';
import { reportPdf } from './report-pdf';
import { REPORTS_NOW, seedLedger } from './reports.fixtures';

// A4 landscape is 842 points wide.
const PAGE_WIDTH = 842;
const LONG =
  'Greater Metropolitan Regional Dental and Orthodontic Associates of the Pacific Northwest, Professional Corporation';

let t: TestApp;
let firm: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: REPORTS_NOW });
  firm = await signUpFirm(t);
  const db = t.deps.db;
  const org = firm.user.organizationId;
  await db
    .update(organizations)
    .set({ name: `${LONG} Bookkeeping and Advisory Services` })
    .where(eq(organizations.id, org));
  await seedLedger(db, org);
  // Every customer and vendor of the ledger gets a name that cannot fit its column.
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.organizationId, org));
  for (const row of rows)
    await db
      .update(customers)
      .set({ name: `${row.name} ${LONG}` })
      .where(eq(customers.id, row.id));
  const supplierRows = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(eq(vendors.organizationId, org));
  for (const row of supplierRows)
    await db
      .update(vendors)
      .set({ name: `${row.name} ${LONG}` })
      .where(eq(vendors.id, row.id));
  for (const prefix of ['Bayside', 'Cedar']) {
    const client = await addClient(firm, { businessName: `${prefix} ${LONG}` });
    await firmInvoice(db, org, {
      customerId: client.id,
      issue: '2026-03-05',
      due: '2026-04-04',
      cents: 29_900,
    });
  }
});
afterAll(async () => t.close());

async function expectLaidOut(bytes: Buffer, expected: string[] = []) {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { boxes } = await pdfTextBoxes(bytes);
  expect(overlappingText(boxes)).toEqual([]);
  expect(textOutside(boxes, PAGE_WIDTH)).toEqual([]);
  // Wrapped, not cut: every long text can still be read whole, line after line.
  const text = boxes
    .map((box) => box.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  for (const phrase of expected) expect(text).toContain(phrase);
}

describe('report PDFs with long text', () => {
  it('wraps long labels, headers and cells and moves each row down by its tallest cell', async () => {
    const figures: ReportFigures = {
      currency: 'USD',
      summary: [
        {
          label: 'Revenue invoiced to clients on their agreed service level this period',
          kind: 'money',
          value: '123456789.12',
        },
        { label: 'Short', kind: 'number', value: 3 },
        {
          label: 'Average number of days between the invoice date and the final payment',
          kind: 'days',
          value: 12.5,
        },
        { label: 'Collection rate', kind: 'percent', value: 97.5 },
        {
          label: 'A fifth figure on a second row whose label also runs over two lines or more',
          kind: 'money',
          value: '1.00',
        },
      ],
      tables: [
        {
          key: 'long',
          title: `Clients ranked by the fee billed, with the work done in each client's own workspace: ${LONG}`,
          columns: [
            { key: 'rank', label: 'Rank', kind: 'number' },
            { key: 'name', label: 'Client', kind: 'text' },
            { key: 'a', label: 'Fee billed to the client', kind: 'money' },
            { key: 'b', label: 'Average days to pay an invoice', kind: 'days' },
            { key: 'c', label: 'Documents read by the reader', kind: 'number' },
            { key: 'd', label: 'Invoices', kind: 'number' },
            { key: 'e', label: 'Bills', kind: 'number' },
            { key: 'f', label: 'Fee per item processed', kind: 'money' },
            { key: 'source', label: 'Source of the industry average used here', kind: 'text' },
          ],
          rows: Array.from({ length: 40 }, (_, index) => ({
            rank: index + 1,
            name: index % 3 === 0 ? `${LONG} ${index}` : `Client ${index}`,
            a: '1234567.89',
            b: 31.5,
            c: 1200,
            d: 14,
            e: 9,
            f: '12.34',
            source:
              index % 2 === 0
                ? 'Atradius Payment Practices Barometer, USA, June 2020: average days sales outstanding of US businesses surveyed'
                : 'Stated norm, not survey data',
          })),
        },
      ],
      chart: null,
    };
    const heading = {
      organizationName: `${LONG} Bookkeeping`,
      title: 'Client Profitability',
      from: '2026-03-01',
      to: '2026-03-31',
      currency: 'USD',
      filters: `Clients: ${LONG}`,
    };
    const stream = await reportPdf(heading, figures);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    await expectLaidOut(Buffer.concat(chunks), [
      'Average days to pay an invoice',
      'Source of the industry average used here',
      'Atradius Payment Practices Barometer, USA, June 2020: average days sales outstanding of US businesses surveyed',
      `${LONG} 39`,
      'Average number of days between the invoice date and the final payment',
    ]);
  });

  it.each(reportTypes)(
    "keeps every text of the firm's %s PDF clear of the others",
    async (type) => {
      const generated = await firm.request({
        method: 'POST',
        url: '/api/reports/generate',
        payload: { type, period: 'custom', from: '2026-02-01', to: '2026-03-31' },
      });
      expect(generated.statusCode, generated.body).toBe(201);
      const report = generated.json<Report>();
      const response = await firm.request({
        method: 'GET',
        url: `/api/reports/${report.id}/download?format=pdf`,
      });
      expect(response.statusCode).toBe(200);
      await expectLaidOut(response.rawPayload, [LONG]);
    },
  );
});
