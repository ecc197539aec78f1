import { describe, expect, it } from 'vitest';
import type { ReportFigures } from '../../../shared/contracts/reports';
import { toCsvRows } from '../../platform/csv';
import type { ReportHeading } from './report-cells';
import { reportCsv, reportCsvPages } from './report-csv';

async function read(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

const heading: ReportHeading = { organizationName: '@Northwind', title: 'Invoice Aging', from: '2026-02-17', to: '2026-03-18', currency: 'USD', filters: 'Status: sent' };
const columns = [
  { key: 'customer', label: 'Customer', kind: 'text' as const },
  { key: 'total', label: 'Total', kind: 'money' as const },
];

function figuresWith(rows: ReportFigures['tables'][number]['rows']): ReportFigures {
  return {
    currency: 'USD',
    summary: [
      { label: 'Total outstanding', kind: 'money', value: '1700.00' },
      { label: 'Change', kind: 'percent', value: -12.5 },
    ],
    tables: [{ key: 'by_customer', title: 'By customer', columns, rows }],
    chart: null,
  };
}

describe('reportCsv', () => {
  it('streams the bytes the in-memory writer gave: one byte order mark, CRLF, formulas neutralised, negative amounts kept as exact decimals', async () => {
    const figures = figuresWith([
      { customer: 'Acme Corp', total: '1150.00' },
      { customer: '=HYPERLINK("http://evil.example","Click")', total: '200.00' },
      { customer: '-Minus Ltd', total: '-50.00' },
      { customer: 'No total', total: null },
    ]);
    const streamed = await read(reportCsv(heading, figures));
    expect(streamed).toBe(
      '\uFEFF' +
        'Invoice Aging\r\n' +
        "Organization,'@Northwind\r\n" +
        'From,2026-02-17\r\n' +
        'To,2026-03-18\r\n' +
        'Currency,USD\r\n' +
        'Filters,Status: sent\r\n' +
        '\r\n' +
        'Figure,Value\r\n' +
        'Total outstanding,1700.00\r\n' +
        'Change,-12.5\r\n' +
        '\r\n' +
        'By customer\r\n' +
        'Customer,Total\r\n' +
        'Acme Corp,1150.00\r\n' +
        `"'=HYPERLINK(""http://evil.example"",""Click"")",200.00\r\n` +
        "'-Minus Ltd,-50.00\r\n" +
        'No total,\r\n',
    );
    // The same bytes as the whole file written at once, as the download was before it streamed.
    expect(streamed).toBe(toCsvRows([...reportCsvPages(heading, figures)].flat(), { purpose: 'spreadsheet' }));
  });

  it('writes a table longer than one page without a second byte order mark or a missing row', async () => {
    const rows = Array.from({ length: 1203 }, (_, index) => ({ customer: `Client ${index + 1}`, total: '1.00' }));
    const lines = (await read(reportCsv({ ...heading, filters: null }, figuresWith(rows)))).split('\r\n');
    expect(lines.filter((line) => line.includes('\uFEFF'))).toHaveLength(1);
    // 5 heading lines, blank, Figure header, 2 figures, blank, title, column header: the table starts on line 13.
    expect(lines[12]).toBe('Client 1,1.00');
    expect(lines[12 + 1202]).toBe('Client 1203,1.00');
    expect(lines.slice(12, 12 + 1203).every((line, index) => line === `Client ${index + 1},1.00`)).toBe(true);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(12 + 1203 + 1);
  });
});
