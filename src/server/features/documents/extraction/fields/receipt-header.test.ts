import { describe, expect, it } from 'vitest';
import { tidyOcrLines } from '../ocr/tidy-ocr-lines';
import { receiptLines, receiptText } from '../test-support/receipt-lines';
import { buildDocumentText } from './document-text';
import { correctBusinessWords } from './business-words';
import { vendorFeatureNames } from '../model/vendor-features';
import { findVendor, rankVendorCandidates, withoutRegistration } from './find-vendor';
import { withNameAbove } from './finish-vendor-name';
import { cleanName } from './vendor-rules';
import { sameBusiness } from './same-business';
import { isRegistrationLine } from './legal-entity';
import { findDates } from './parse-date';
import { joinSpacedLetters, trimUnsure } from './name-cells';
import { matchLegalForm } from './vendor-rules';

const vendorOf = (rows: string[]): string | null =>
  findVendor(buildDocumentText(tidyOcrLines(receiptLines(rows)), 'ocr')).name;

describe('the vendor in a receipt header', () => {
  it('takes a shop name that starts with a number, without its registration number', () => {
    expect(
      vendorOf([
        '77 LUCKY GROCER S/B (123456-X)',
        'LOT 12, JALAN CONTOH,',
        '41000 KLANG, SELANGOR',
        'GST ID NO : 000111222333',
      ]),
    ).toBe('77 LUCKY GROCER S/B');
  });

  it('drops a registration number in brackets and what follows it', () => {
    expect(withoutRegistration('KEDAI MAJU {81109-A) i')).toBe('KEDAI MAJU');
    expect(withoutRegistration('ACME TRADING (Co. No: 20154-T)')).toBe('ACME TRADING');
    expect(withoutRegistration('CAFE 1990 (SS2)')).toBe('CAFE 1990 (SS2)');
  });

  it('reads Sdn Bhd and S/B as OCR misreads them', () => {
    expect(vendorOf(['HILLTOP PAPER SUPPLIES SDN EHD', 'NO 3, JALAN BUKIT'])).toBe(
      'HILLTOP PAPER SUPPLIES SDN BHD',
    );
    expect(vendorOf(['RIVERSIDE MOTOR SEN 3HD,', 'NO 9, JALAN SUNGAI'])).toBe(
      'RIVERSIDE MOTOR SDN BHD',
    );
    expect(vendorOf(['DAILY FRESH MART 5/8', 'LOT 4, JALAN IPOH'])).toBe('DAILY FRESH MART S/B');
  });

  it('prefers the company with its number under it to an address line', () => {
    expect(
      vendorOf([
        'Noodle Q',
        'GREENLEAF DINING SDN BHD',
        '(894996-D)',
        'Lot NO : 20, Level UG1, Some Mall',
        'Tax Invoice',
      ]),
    ).toBe('GREENLEAF DINING SDN BHD');
  });

  it('keeps a doubted word at the edge of a name when it spells a business word', () => {
    const [line] = receiptLines(['SYARIKAT MAJU JAYA ~~']);
    const doubted = (line?.words ?? []).map((word, index) => ({
      ...word,
      confidence: index === 0 || index === 3 ? 0.1 : 0.9,
    }));
    expect(trimUnsure(doubted).map((word) => word.text)).toEqual(['SYARIKAT', 'MAJU', 'JAYA']);
    const smudged = doubted.map((word, index) =>
      index === 0 ? { ...word, text: 'SYARIKAI' } : word,
    );
    expect(trimUnsure(smudged).map((word) => word.text)).toEqual(['MAJU', 'JAYA']);
  });

  it('takes the company with its number on its line over a logo read as a word', () => {
    expect(isRegistrationLine('55 FRESH MART S/B (S12345-X)')).toBe(true);
    expect(isRegistrationLine('TEL (03-7781234)')).toBe(false);
    expect(
      vendorOf([
        'POSTA',
        '55 FRESH MART S/B (S12345-X)',
        'LOT 12, JALAN CONTOH,',
        'GST ID NO : 000111222333',
      ]),
    ).toBe('55 FRESH MART S/B');
  });

  it("keeps the shop's heading over the company that owns it, printed under it", () => {
    // The heading printed in large type, the owner in small print.
    const lines = tidyOcrLines(
      receiptLines([
        'SUNRISE STATIONERY SHOP',
        'NO 1, JALAN BESAR',
        'Owned By',
        'SUNRISE SUPPLY SDN BHD (1234567-K)',
      ]),
    ).map((line, index) =>
      index === 0
        ? { ...line, words: line.words.map((word) => ({ ...word, height: word.height * 2.5 })) }
        : line,
    );
    expect(findVendor(buildDocumentText(lines, 'ocr')).name).toBe('SUNRISE STATIONERY SHOP');
    expect(sameBusiness('DIGI TELECOMMUNICATIONS SDN BHD', 'TELECOMMUNICATION SDN. BHD.')).toBe(
      true,
    );
    expect(sameBusiness('MOON CAFE', 'SUNRISE FOODS SDN BHD')).toBe(false);
  });

  it('takes a registered business name over its registration number, past a speck', () => {
    expect(
      vendorOf([
        'StarFuel Kampung Baru 2',
        'LOT PTD 1234',
        'Jalan Contoh 10/10',
        'Maju Fuel Enterprise',
        "'",
        'C0. REG. NO: 001234567-T',
        'GST REG. NO: 000111222333',
      ]),
    ).toBe('Maju Fuel Enterprise');
  });

  it('reads a heading printed letter by letter as one word', () => {
    expect(vendorOf(['S U R I A  BAKERY', 'NO 5, JALAN MAWAR', '43000 KAJANG'])).toBe(
      'SURIA BAKERY',
    );
    // Three capitals in a row are initials, not a spaced word.
    const [initials] = receiptLines(['K L M TRADING']);
    expect(joinSpacedLetters(initials?.words ?? []).map((word) => word.text)).toEqual([
      'K',
      'L',
      'M',
      'TRADING',
    ]);
  });

  it('reads a letter-spaced heading word by word, its short words too, with its legal form', () => {
    const [spaced] = receiptLines(['H U P   S E N G   T R A D I N G']);
    expect(joinSpacedLetters(spaced?.words ?? []).map((word) => word.text)).toEqual([
      'HUP',
      'SENG',
      'TRADING',
    ]);
    const address = ['NO 5, JALAN MAWAR', '43000 KAJANG'];
    expect(vendorOf(['S U N   O R C H I D   B A K E R Y', ...address])).toBe('SUN ORCHID BAKERY');
    expect(
      vendorOf(['M A J U   B I N T A N G   C A F E SDN. BHD.', '(130070-A)', ...address]),
    ).toBe('MAJU BINTANG CAFE SDN. BHD.');
  });

  it('takes "CASH BILL", "OFFICIAL RECEIPT" or "SALES INVOICE" for the title, not a name', () => {
    const top = ['MAJU SINAR STATIONERY (1238255-K)', 'NO 217, JALAN MERDEKA,', '10350 GEORGETOWN'];
    for (const title of ['CASH BILL', 'OFFICIAL RECEIPT', 'SALES INVOICE'])
      expect(vendorOf([...top, title, 'Cashier: AMIR', 'TOTAL 131.80', 'CASH', '150.00'])).toBe(
        'MAJU SINAR STATIONERY',
      );
  });

  it('does not take the town inside the address block for the name', () => {
    const address = [
      'NO 2, JALAN MAWAR,',
      'BUKIT SERAYA,',
      '43000 KAJANG, SELANGOR',
      'TOTAL 12.00',
    ];
    expect(vendorOf(['%% ~~', ...address])).toBeNull();
    expect(vendorOf(['MAJU JAYA STATIONERY', ...address])).toBe('MAJU JAYA STATIONERY');
  });

  it('takes a registered business name over its bare registration number', () => {
    expect(
      vendorOf([
        'Your order number is',
        'KB12 Kopi Bukit Damai',
        'Sinar Kopi Enterprise',
        '001234567-T',
        'GSTID 000111222333',
        'Jalan Contoh 10/10',
      ]),
    ).toBe('Sinar Kopi Enterprise');
  });

  it('takes the name over a bare company number for the issuer, ahead of a bigger logo line', () => {
    // The logo's words printed twice as large as the name.
    const lines = tidyOcrLines(
      receiptLines([
        'Kopi Bukit Damai',
        'SINAR KOPI BISTRO',
        '(001234567-T)',
        'NO 3, JALAN CONTOH 10/10',
      ]),
    ).map((line, index) =>
      index === 0
        ? { ...line, words: line.words.map((word) => ({ ...word, height: word.height * 2 })) }
        : line,
    );
    expect(findVendor(buildDocumentText(lines, 'ocr')).name).toBe('SINAR KOPI BISTRO');
    // Words the engine doubted beside the name stay out of it.
    const doubted = tidyOcrLines(
      receiptLines(['SINAR KOPI BISTRO     eR Ze', '(001234567-T)', 'NO 3, JALAN CONTOH']),
    ).map((line, index) =>
      index === 0
        ? {
            ...line,
            words: line.words.map((word) =>
              /^(?:eR|Ze)$/u.test(word.text) ? { ...word, confidence: 0.2 } : word,
            ),
          }
        : line,
    );
    expect(findVendor(buildDocumentText(doubted, 'ocr')).name).toBe('SINAR KOPI BISTRO');
  });

  it('takes a registered business name at the top over a bigger brand line above it', () => {
    const lines = tidyOcrLines(
      receiptLines(['Bakes And Brews', 'SINAR ENTERPRISE', 'NO 3, JALAN CONTOH', 'TEL 03-1234567']),
    ).map((line, index) =>
      index === 0
        ? { ...line, words: line.words.map((word) => ({ ...word, height: word.height * 2 })) }
        : line,
    );
    expect(findVendor(buildDocumentText(lines, 'ocr')).name).toBe('SINAR ENTERPRISE');
  });

  it('does not take a word of the title printed above the name for the name', () => {
    expect(
      vendorOf(['TAX     INVOICE', 'MAJU JAYA STATIONERY', 'NO 2, JALAN MAWAR', '43000 KAJANG']),
    ).toBe('MAJU JAYA STATIONERY');
  });

  it("does not take a logo's letters read as a short word for the name", () => {
    const address = ['NO. 17, JALAN CONTOH', '81750 MASAI'];
    expect(vendorOf(['Xiq', 'KEDAI RUNCIT MAJU', ...address])).toBe('KEDAI RUNCIT MAJU');
    // A short name printed in capitals is a name.
    expect(vendorOf(['XIQ', ...address])).toBe('XIQ');
  });

  it('does not read a floor ("Level UG1") as a company form', () => {
    expect(matchLegalForm('Lot 20, Level UG1')).toBeNull();
    expect(matchLegalForm('Muster UG (haftungsbeschränkt)')?.text).toBe('UG');
  });
});

describe('dates on receipts', () => {
  it('reads a date that runs into the time after it', () => {
    expect(findDates('25/01/201813:45', 'DMY').map((date) => date.iso)).toEqual(['2018-01-25']);
  });

  it('reads a date with a letter read for a digit', () => {
    const [line] = tidyOcrLines(receiptLines(['Date : 17/06/2C18 7:36:12 PM']));
    expect(receiptText([line?.text ?? '']).lines[0]?.text).toBe('Date : 17/06/2018 7:36:12 PM');
  });

  it('leaves words that only look a little like dates alone', () => {
    const [line] = tidyOcrLines(receiptLines(['REF AB/CD/2018', 'NO 1/2/3']));
    expect(line?.text).toBe('REF AB/CD/2018');
  });
});

describe('business words in a vendor name', () => {
  it('spells a common business word read with one OCR slip right', () => {
    expect(correctBusinessWords('HARBOUR ENTERFRISE')).toBe('HARBOUR ENTERPRISE');
    expect(correctBusinessWords('Lakeside SToTIONERY')).toBe('Lakeside STATIONERY');
    expect(correctBusinessWords('Corner Restauramt')).toBe('Corner Restaurant');
  });

  it('keeps names, plurals and words further off', () => {
    expect(correctBusinessWords('GOLDEN RESTAURANTS')).toBe('GOLDEN RESTAURANTS');
    expect(correctBusinessWords('MERIDIAN TRADERS')).toBe('MERIDIAN TRADERS');
    expect(correctBusinessWords('HARBOUR STATIONERS')).toBe('HARBOUR STATIONERS');
    expect(correctBusinessWords('ENTERTAINMENT CORNER')).toBe('ENTERTAINMENT CORNER');
  });

  it('joins a company name printed over two lines', () => {
    expect(
      vendorOf(['NORTH SOUTH:', 'STATIONERY SDN. BHD', 'CO REG NO : 210038-K', '12, JLN MERANTI']),
    ).toBe('NORTH SOUTH STATIONERY SDN. BHD');
    expect(vendorOf(['KAMPUNG FRESH', 'CO. (M) SDN BHD', '(Company No. 1138254)'])).toBe(
      'KAMPUNG FRESH CO. (M) SDN BHD',
    );
  });

  it('does not join an address above the name', () => {
    expect(
      withNameAbove(receiptLines(['12, JALAN MERANTI', 'TRADING SDN BHD']), 1, 'TRADING SDN BHD'),
    ).toBe('TRADING SDN BHD');
  });
});

describe('the owner named under a shop', () => {
  it('drops "Owned by" and "Dimiliki oleh" before the owner\'s name', () => {
    expect(cleanName('Dimiliki oleh T PLUS F&B SDN. BHD.')).toBe('T PLUS F&B SDN. BHD.');
    expect(cleanName('SANYU STATIONERY SHOP Owned By SANYU SUPPLY SDN BHD')).toBe(
      'SANYU SUPPLY SDN BHD',
    );
  });

  it("marks the owner's name, on the label's line or the line under it", () => {
    const text = buildDocumentText(
      receiptLines(['SANYU STATIONERY SHOP', 'Owned By', 'SANYU SUPPLY SDN BHD', '(123456-X)']),
      'ocr',
    );
    const owner = rankVendorCandidates(text).find((c) => c.name === 'SANYU SUPPLY SDN BHD');
    const shop = rankVendorCandidates(text).find((c) => c.name === 'SANYU STATIONERY SHOP');
    expect(owner?.signals.owner).toBe(1);
    expect(shop?.signals.owner).toBeUndefined();
  });
});

describe('the vendor chosen by a model', () => {
  const text = buildDocumentText(
    receiptLines([
      'SUN MAJU TRADING',
      'NO 5, JALAN BAKTI',
      '',
      '',
      'KEDAI RUNCIT ALIF',
      'TOTAL 1.00',
    ]),
    'ocr',
  );
  // A model that wants the candidate furthest down the page, and nothing else.
  const lowest = {
    features: vendorFeatureNames,
    weights: vendorFeatureNames.map((name) => (name === 'position down the page' ? 20 : 0)),
  };

  it('takes the candidate the model ranks first on a page read by OCR', () => {
    expect(findVendor(text).name).toBe('SUN MAJU TRADING');
    expect(findVendor(text, lowest).name).toBe('KEDAI RUNCIT ALIF');
  });

  it('keeps the rules on a text PDF', () => {
    const pdf = { ...text, source: 'pdf-text' as const };
    expect(findVendor(pdf, lowest).name).toBe('SUN MAJU TRADING');
  });
});
