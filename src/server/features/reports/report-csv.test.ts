import { describe, expect, it } from 'vitest';
import type { ReportFigures } from '../../../shared/contracts/reports';
import { toCsvRows } from '../../platform/csv';
import { formatCell, type ReportHeading } from './report-cells';
import { reportCsv, reportCsvPages } from './report-csv';
import { moneyNumFmt } from './report-xlsx';

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

describe('report exports in a 0- and 3-decimal currency', () => {
  const figures = (currency: string, total: string, rows: ReportFigures['tables'][number]['rows']): ReportFigures => ({
    currency,
    summary: [{ label: 'Total outstanding', kind: 'money', value: total }],
    tables: [{ key: 'by_customer', title: 'By customer', columns, rows }],
    chart: null,
  });

  it('writes yen without decimals and dinars with three, as the sums come from the database', async () => {
    const yen = await read(reportCsv({ ...heading, currency: 'JPY', filters: null }, figures('JPY', '1081', [{ customer: 'Tanaka', total: '1081' }, { customer: 'Old row', total: '1081.00' }])));
    expect(yen).toContain('Total outstanding,1081\r\n');
    expect(yen).toContain('Tanaka,1081\r\n');
    expect(yen).toContain('Old row,1081\r\n');
    const dinars = await read(reportCsv({ ...heading, currency: 'KWD', filters: null }, figures('KWD', '2.470', [{ customer: 'Gulf', total: '1.235' }])));
    expect(dinars).toContain('Total outstanding,2.470\r\n');
    expect(dinars).toContain('Gulf,1.235\r\n');
  });

  it("gives spreadsheet amounts the currency's decimals and prints them so in the PDF", () => {
    expect(moneyNumFmt('JPY')).toBe('#,##0');
    expect(moneyNumFmt('USD')).toBe('#,##0.00');
    expect(moneyNumFmt('KWD')).toBe('#,##0.000');
    expect(formatCell('money', '1081', 'JPY')).toBe('¥1,081');
    expect(formatCell('money', '1.235', 'KWD').replace(/\u00a0/g, ' ')).toBe('KWD 1.235');
  });
});
