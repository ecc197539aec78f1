import { describe, expect, it } from 'vitest';
import { type NachaEntry, type NachaOrigin, buildNachaFile } from './nacha';
import { type NachaRule, checkNachaFile } from './nacha-check';

const origin: NachaOrigin = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMorgan Chase',
  immediateOrigin: '1123456789',
  immediateOriginName: 'Acme Supplies LLC',
  companyId: '1123456789',
  companyName: 'Acme Supplies',
  entryDescription: 'VENDOR PAY',
  routingNumber: '021000021',
  accountNumber: '111222333',
  accountType: 'checking',
  balanced: false,
  lineEnding: 'lf',
};

function entry(overrides: Partial<NachaEntry> = {}): NachaEntry {
  return {
    routingNumber: '026009593',
    accountNumber: '000123456789',
    accountType: 'checking',
    amountCents: 12_345,
    identification: 'BILL-1001',
    name: 'Paper Co',
    secCode: 'CCD',
    ...overrides,
  };
}

const mixed: NachaEntry[] = [
  entry({ addenda: 'BILLS BILL-1001' }),
  entry({ routingNumber: '121000248', accountType: 'savings', amountCents: 50, name: 'Łódź Metals' }),
  entry({ routingNumber: '011000015', secCode: 'PPD', name: 'Jane Doe', addenda: 'BILLS B-9, B-10' }),
  entry({ routingNumber: '011000015', secCode: 'PPD', name: 'Ørsted', prenote: true }),
  entry({ prenote: true, accountType: 'savings' }),
];

function file(overrides: Partial<NachaOrigin> = {}, entries: NachaEntry[] = mixed): string {
  return buildNachaFile({
    origin: { ...origin, ...overrides },
    entries,
    effectiveDate: '2026-11-23',
    createdAt: new Date('2026-11-21T14:05:00Z'),
    fileIdModifier: 'A',
  });
}

const rules = (text: string): NachaRule[] => [...new Set(checkNachaFile(text).map((problem) => problem.rule))];

describe('checkNachaFile on the files our writer makes', () => {
  const cases: [string, string][] = [
    ['unbalanced, LF', file()],
    ['balanced, CRLF', file({ balanced: true, lineEnding: 'crlf' })],
    ['balanced from savings', file({ balanced: true, accountType: 'savings' })],
    ['CCD+ only', file({}, [entry({ addenda: 'BILLS X-1' }), entry({ addenda: 'BILLS X-2' })])],
    ['prenotes only, balanced', file({ balanced: true }, [entry({ prenote: true }), entry({ prenote: true, secCode: 'PPD' })])],
    ['one entry', file({}, [entry()])],
    ['several blocks, two batches', file({ balanced: true }, Array.from({ length: 30 }, (_, i) => entry({ secCode: i % 2 ? 'PPD' : 'CCD', addenda: i % 3 ? undefined : `BILLS N-${i}`, amountCents: 100 + i })))],
  ];
  for (const [name, text] of cases) {
    it(`passes: ${name}`, () => {
      expect(checkNachaFile(text)).toEqual([]);
    });
  }
});

/** The file as records, one changed by `edit`, joined back as the writer joins them. */
function broken(edit: (records: string[]) => string[], text = file()): string {
  const records = text.slice(0, -1).split('\n');
  return `${edit(records).join('\n')}\n`;
}

function put(record: string | undefined, position: number, value: string): string {
  const line = record ?? '';
  return line.slice(0, position - 1) + value + line.slice(position - 1 + value.length);
}

function at(records: string[], type: string, nth = 0): number {
  const indexes = records.flatMap((line, index) => (line[0] === type && line !== '9'.repeat(94) ? [index] : []));
  const index = indexes[nth];
  if (index === undefined) throw new Error(`No record ${type} #${nth}`);
  return index;
}

function change(type: string, position: number, value: string, nth = 0) {
  return (records: string[]) => {
    const copy = [...records];
    const index = at(copy, type, nth);
    copy[index] = put(copy[index], position, value);
    return copy;
  };
}

describe('checkNachaFile on broken files', () => {
  const cases: [string, NachaRule, string][] = [
    ['a 93-character record', 'record-length', broken((r) => r.map((line, i) => (i === 2 ? line.slice(0, 93) : line)))],
    ['an accented letter in a name', 'character-set', broken(change('6', 55, 'É', 0))],
    ['a wrong batch entry hash', 'entry-hash', broken(change('8', 11, '0000000001'))],
    ['a wrong file entry hash', 'entry-hash', broken(change('9', 22, '0000000001'))],
    ['wrong batch credit total', 'totals', broken(change('8', 33, '000000000001'))],
    ['wrong file debit total', 'totals', broken(change('9', 32, '000000000007'))],
    ['a changed amount', 'totals', broken(change('6', 30, '0000099999'))],
    ['a bad block count', 'block-count', broken(change('9', 8, '000005'))],
    ['a missing padding record', 'blocking', broken((r) => r.slice(0, -1))],
    ['padding that is not all 9s', 'padding', broken((r) => [...r.slice(0, -1), '9'.repeat(93) + '8'])],
    ['a wrong batch count', 'batch-count', broken(change('9', 2, '000003'))],
    ['a wrong batch entry count', 'entry-count', broken(change('8', 5, '000009'))],
    ['a wrong file entry count', 'entry-count', broken(change('9', 14, '00000001'))],
    ['an addenda indicator without addenda', 'addenda-indicator', broken(change('6', 79, '1', 1))],
    ['an addenda after an entry whose indicator is 0', 'addenda-indicator', broken(change('6', 79, '0', 0))],
    ['an addenda with the wrong sequence', 'addenda-sequence', broken(change('7', 84, '0002'))],
    ['an addenda with another entry sequence', 'addenda-sequence', broken(change('7', 88, '0000009'))],
    ['an unknown addenda type', 'addenda-type', broken(change('7', 2, '06'))],
    ['a bad routing check digit', 'routing-check-digit', broken(change('6', 12, '4'))],
    ['a bad immediate destination', 'routing-check-digit', broken(change('1', 5, '021000022'))],
    ['a lower-case file id modifier', 'file-id-modifier', broken(change('1', 34, 'a'))],
    ['a descending trace number', 'trace-order', broken(change('6', 88, '0000009', 0))],
    ['a trace from another bank', 'trace-odfi', broken(change('6', 80, '12100024', 0))],
    ['batch numbers out of order', 'batch-number', broken((r) => change('8', 88, '0000003', 1)(change('5', 88, '0000003', 1)(r)))],
    ['batch control with another company id', 'batch-control-mismatch', broken(change('8', 45, '9999999999'))],
    ['batch control with another service class', 'batch-control-mismatch', broken(change('8', 2, '200'))],
    ['a debit in a credits-only batch', 'service-class', broken(change('6', 2, '27', 1))],
    ['a prenote with an amount', 'prenote-amount', broken(change('6', 30, '0000000001', 2))],
    ['a file header not first', 'record-order', broken((r) => [r[1] ?? '', r[0] ?? '', ...r.slice(2)])],
    ['an entry after the batch control', 'record-order', broken((r) => { const c = [...r]; const i = at(c, '8'); return [...c.slice(0, i - 1), c[i] ?? '', c[i - 1] ?? '', ...c.slice(i + 1)]; })],
    ['a file without its file control', 'record-order', broken((r) => r.slice(0, at(r, '9')))],
    ['an unknown record type', 'record-type', broken(change('6', 1, '4', 0))],
    ['a bad record size in the header', 'file-header', broken(change('1', 35, '095'))],
    ['a non-numeric amount', 'numeric-field', broken(change('6', 30, '00000012A5'))],
  ];
  for (const [name, rule, text] of cases) {
    it(`names ${rule} for ${name}`, () => {
      expect(rules(text)).toContain(rule);
    });
  }

  it('reads CRLF files like LF files and reports line numbers', () => {
    const crlf = file({ lineEnding: 'crlf' });
    expect(checkNachaFile(crlf)).toEqual([]);
    const bad = crlf.replace(/\r\n/, '\r\n7'); // a record type 7 at the front of line 2
    const problems = checkNachaFile(bad);
    expect(problems.some((problem) => problem.line === 2)).toBe(true);
  });
});
