import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from '../../../shared/aba';
import { type NachaEntry, type NachaOrigin, alpha, buildNachaFile, entryHash, isBlankName, numeric } from './nacha';

const origin: NachaOrigin = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMorgan Chase',
  immediateOrigin: '1123456789',
  immediateOriginName: 'Acme Supplies LLC',
  companyId: '1123456789',
  companyName: 'Acme Supplies LLC',
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

function lines(file: string): string[] {
  expect(file.endsWith('\n')).toBe(true);
  return file.slice(0, -1).split('\n');
}

describe('NACHA fields', () => {
  it('pads and cleans text, refuses numbers that do not fit', () => {
    expect(alpha('Café & Co.', 12)).toBe('CAFE & CO.  ');
    expect(alpha('a<b>"c"', 7)).toBe('A B  C ');
    expect(alpha('toolongvalue', 4)).toBe('TOOL');
    expect(numeric(42, 5)).toBe('00042');
    expect(() => numeric(123456, 5)).toThrow();
    expect(() => numeric('12a', 5)).toThrow();
  });

  it('keeps the last 10 digits of the entry hash', () => {
    expect(entryHash(['021000021', '026009593'])).toBe('0004700961');
    expect(entryHash(Array.from({ length: 200 }, () => '999999999'))).toBe('9999999800');
    expect(entryHash(Array.from({ length: 2000 }, () => '99999999'))).toBe(
      (99_999_999n * 2000n).toString().slice(-10),
    );
  });
});

describe('buildNachaFile', () => {
  const createdAt = new Date('2026-11-21T14:05:00Z');
  const entries = [
    entry(),
    entry({
      routingNumber: '121000248',
      accountNumber: '98765432101234567',
      accountType: 'savings',
      amountCents: 50,
      identification: 'INV-77',
      name: 'Zoë Zimmermann Consulting Group',
    }),
    entry({
      routingNumber: '011000015',
      accountNumber: '4444',
      amountCents: 1_000_000,
      name: 'Jane Doe',
      secCode: 'PPD',
      identification: 'B-9',
    }),
  ];
  const file = buildNachaFile({
    origin,
    entries,
    effectiveDate: '2026-11-23',
    createdAt,
    fileIdModifier: 'B',
  });
  const records = lines(file);

  it('writes 94-character records in whole blocks of 10, padded with 9s', () => {
    for (const line of records) expect(line).toHaveLength(94);
    // 1 file header + 2 batches x (header + control) + 3 entries + 1 file control = 9, padded to 10.
    expect(records).toHaveLength(10);
    expect(records.map((line) => line[0]).join('')).toBe('1566856899');
    expect(records[9]).toBe('9'.repeat(94));
  });

  it('starts with the file header', () => {
    const header = records[0] ?? '';
    expect(header.slice(0, 3)).toBe('101');
    expect(header.slice(3, 13)).toBe(' 021000021');
    expect(header.slice(13, 23)).toBe('1123456789');
    expect(header.slice(23, 29)).toBe('261121');
    expect(header.slice(29, 33)).toBe('1405');
    expect(header.slice(33, 34)).toBe('B');
    expect(header.slice(34, 40)).toBe('094101');
    expect(header.slice(40, 63)).toBe('JPMORGAN CHASE'.padEnd(23));
    expect(header.slice(63, 86)).toBe('ACME SUPPLIES LLC'.padEnd(23));
  });

  it('writes a CCD batch for businesses and a PPD batch for individuals', () => {
    const [ccd, ppd] = [records[1] ?? '', records[5] ?? ''];
    expect(ccd.slice(0, 4)).toBe('5220');
    expect(ccd.slice(4, 20)).toBe('ACME SUPPLIES LL');
    expect(ccd.slice(40, 50)).toBe('1123456789');
    expect(ccd.slice(50, 53)).toBe('CCD');
    expect(ccd.slice(53, 63)).toBe('VENDOR PAY');
    expect(ccd.slice(69, 75)).toBe('261123');
    expect(ccd.slice(78, 79)).toBe('1');
    expect(ccd.slice(79, 87)).toBe('02100002');
    expect(ccd.slice(87, 94)).toBe('0000001');
    expect(ppd.slice(50, 53)).toBe('PPD');
    expect(ppd.slice(87, 94)).toBe('0000002');
  });

  it('writes entry details with transaction code, DFI id, check digit, account, amount and trace', () => {
    const first = records[2] ?? '';
    expect(first.slice(0, 3)).toBe('622');
    expect(first.slice(3, 11)).toBe('02600959');
    expect(first.slice(11, 12)).toBe('3');
    expect(isValidRoutingNumber(first.slice(3, 12))).toBe(true);
    expect(first.slice(12, 29)).toBe('000123456789     ');
    expect(first.slice(29, 39)).toBe('0000012345');
    expect(first.slice(39, 54)).toBe('BILL-1001      ');
    expect(first.slice(54, 76)).toBe('PAPER CO'.padEnd(22));
    expect(first.slice(78, 79)).toBe('0');
    expect(first.slice(79, 94)).toBe('021000020000001');

    const savings = records[3] ?? '';
    expect(savings.slice(0, 3)).toBe('632');
    expect(savings.slice(12, 29)).toBe('98765432101234567');
    expect(savings.slice(29, 39)).toBe('0000000050');
    expect(savings.slice(54, 76)).toBe('ZOE ZIMMERMANN CONSULT');
    expect(savings.slice(79, 94)).toBe('021000020000002');

    const person = records[6] ?? '';
    expect(person.slice(0, 12)).toBe('622011000015');
    expect(person.slice(29, 39)).toBe('0001000000');
    expect(person.slice(79, 94)).toBe('021000020000003');
  });

  it('closes each batch with its count, hash and totals', () => {
    const ccdControl = records[4] ?? '';
    expect(ccdControl.slice(0, 4)).toBe('8220');
    expect(ccdControl.slice(4, 10)).toBe('000002');
    expect(ccdControl.slice(10, 20)).toBe(String(2600959 + 12100024).padStart(10, '0'));
    expect(ccdControl.slice(20, 32)).toBe('000000000000');
    expect(ccdControl.slice(32, 44)).toBe('000000012395');
    expect(ccdControl.slice(44, 54)).toBe('1123456789');
    expect(ccdControl.slice(79, 87)).toBe('02100002');
    expect(ccdControl.slice(87, 94)).toBe('0000001');

    const ppdControl = records[7] ?? '';
    expect(ppdControl.slice(4, 10)).toBe('000001');
    expect(ppdControl.slice(10, 20)).toBe('0001100001');
    expect(ppdControl.slice(32, 44)).toBe('000001000000');
  });

  it('closes the file with batch, block and entry counts, hash and totals', () => {
    const control = records[8] ?? '';
    expect(control.slice(0, 1)).toBe('9');
    expect(control.slice(1, 7)).toBe('000002');
    expect(control.slice(7, 13)).toBe('000001');
    expect(control.slice(13, 21)).toBe('00000003');
    expect(control.slice(21, 31)).toBe(String(2600959 + 12100024 + 1100001).padStart(10, '0'));
    expect(control.slice(31, 43)).toBe('000000000000');
    expect(control.slice(43, 55)).toBe('000001012395');
    expect(control.slice(55, 94)).toBe(' '.repeat(39));
  });

  it('adds blocks as the file grows', () => {
    const many = buildNachaFile({
      origin,
      entries: Array.from({ length: 8 }, () => entry()),
      effectiveDate: '2026-11-23',
      createdAt,
      fileIdModifier: 'A',
    });
    const rows = lines(many);
    // 1 + 1 + 8 + 1 + 1 = 12 records: two blocks, 8 padding records.
    expect(rows).toHaveLength(20);
    expect(rows.slice(12).every((row) => row === '9'.repeat(94))).toBe(true);
    expect(rows[11]?.slice(7, 13)).toBe('000002');
    expect(rows[11]?.slice(1, 7)).toBe('000001');

    const exact = lines(
      buildNachaFile({
        origin,
        entries: Array.from({ length: 6 }, () => entry()),
        effectiveDate: '2026-11-23',
        createdAt,
        fileIdModifier: 'A',
      }),
    );
    expect(exact).toHaveLength(10);
    expect(exact[9]?.[0]).toBe('9');
    expect(exact[9]).not.toBe('9'.repeat(94));
  });
});

describe('buildNachaFile from an ACH profile', () => {
  const createdAt = new Date('2026-11-21T14:05:00Z');
  const build = (overrides: Partial<NachaOrigin>, entries: NachaEntry[]) =>
    lines(
      buildNachaFile({
        origin: { ...origin, ...overrides },
        entries,
        effectiveDate: '2026-11-23',
        createdAt,
        fileIdModifier: 'C',
      }).replace(/\r\n/g, '\n'),
    );

  it('puts the profile immediate destination, origin and names in the file header', () => {
    const [header] = build(
      {
        immediateDestination: '091000019',
        immediateDestinationName: 'Wells Fargo ACH',
        immediateOrigin: 'AB12345678',
        immediateOriginName: 'Acme Payables',
      },
      [entry()],
    );
    expect(header?.slice(3, 13)).toBe(' 091000019');
    expect(header?.slice(13, 23)).toBe('AB12345678');
    expect(header?.slice(33, 34)).toBe('C');
    expect(header?.slice(40, 63)).toBe('WELLS FARGO ACH'.padEnd(23));
    expect(header?.slice(63, 86)).toBe('ACME PAYABLES'.padEnd(23));
  });

  it('closes a balanced batch with an offsetting debit to the company account (service class 200)', () => {
    const records = build({ balanced: true, accountType: 'savings' }, [entry(), entry({ amountCents: 50 })]);
    expect(records.map((line) => line[0]).join('').slice(0, 7)).toBe('1566689');
    expect(records[1]?.slice(0, 4)).toBe('5200');
    const offset = records[4] ?? '';
    expect(offset.slice(0, 3)).toBe('637');
    expect(offset.slice(3, 12)).toBe('021000021');
    expect(offset.slice(12, 29)).toBe('111222333'.padEnd(17));
    expect(offset.slice(29, 39)).toBe('0000012395');
    expect(offset.slice(79, 94)).toBe('021000020000003');
    const control = records[5] ?? '';
    expect(control.slice(0, 10)).toBe('8200000003');
    expect(control.slice(10, 20)).toBe(String(2 * 2600959 + 2100002).padStart(10, '0'));
    expect(control.slice(20, 32)).toBe('000000012395');
    expect(control.slice(32, 44)).toBe('000000012395');
    const fileControl = records[6] ?? '';
    expect(fileControl.slice(13, 21)).toBe('00000003');
    expect(fileControl.slice(31, 43)).toBe(fileControl.slice(43, 55));
  });

  it('writes CCD+ with an 05 addenda naming the bills, indicator 1 and the entry sequence', () => {
    const records = build({}, [entry({ addenda: 'BILLS BILL-1001, BILL-1002' }), entry()]);
    expect(records[2]?.slice(78, 79)).toBe('1');
    const addenda = records[3] ?? '';
    expect(addenda).toHaveLength(94);
    expect(addenda.slice(0, 3)).toBe('705');
    expect(addenda.slice(3, 83)).toBe('BILLS BILL-1001, BILL-1002'.padEnd(80));
    expect(addenda.slice(83, 87)).toBe('0001');
    expect(addenda.slice(87, 94)).toBe('0000001');
    expect(records[4]?.slice(78, 79)).toBe('0');
    // Batch control counts the addenda; the hash only the entries.
    expect(records[5]?.slice(4, 10)).toBe('000003');
    expect(records[5]?.slice(10, 20)).toBe(String(2 * 2600959).padStart(10, '0'));
  });

  it('writes a prenote as a zero-dollar 23 (or 33) entry without addenda', () => {
    const records = build({ balanced: true }, [
      entry({ prenote: true, addenda: 'ignored' }),
      entry({ prenote: true, accountType: 'savings', amountCents: 999 }),
    ]);
    expect(records[2]?.slice(0, 3)).toBe('623');
    expect(records[2]?.slice(29, 39)).toBe('0000000000');
    expect(records[2]?.slice(78, 79)).toBe('0');
    expect(records[3]?.slice(0, 3)).toBe('633');
    expect(records[3]?.slice(29, 39)).toBe('0000000000');
    // Nothing moves money: no offset, credits-only class.
    expect(records[1]?.slice(0, 4)).toBe('5220');
    expect(records[4]?.slice(0, 10)).toBe('8220000002');
  });

  it('ends records with CRLF or LF as the profile says', () => {
    const crlf = buildNachaFile({ origin: { ...origin, lineEnding: 'crlf' }, entries: [entry()], effectiveDate: '2026-11-23', createdAt, fileIdModifier: 'A' });
    expect(crlf.split('\r\n')).toHaveLength(11);
    expect(crlf.endsWith('\r\n')).toBe(true);
    const lf = buildNachaFile({ origin, entries: [entry()], effectiveDate: '2026-11-23', createdAt, fileIdModifier: 'A' });
    expect(lf.includes('\r')).toBe(false);
  });

  it('romanises names instead of dropping letters', () => {
    expect(alpha('Łódź Metals', 22).trim()).toBe('LODZ METALS');
    expect(alpha('Ørsted A/S', 22).trim()).toBe('ORSTED A/S');
    expect(alpha('北京贸易', 22).trim()).toBe('BEIJINGMAOYI');
    expect(alpha('Москва', 22).trim()).toBe('MOSKVA');
    expect(alpha('شركة', 22).trim()).not.toBe('');
    expect(isBlankName('★★★')).toBe(true);
    expect(isBlankName('Łódź')).toBe(false);
  });

  it('refuses a bank-assigned id that is not exactly 10 characters', () => {
    expect(() => build({ companyId: '12345' }, [entry()])).toThrow();
    expect(() => build({ immediateOrigin: '1234567890X' }, [entry()])).toThrow();
  });
});
