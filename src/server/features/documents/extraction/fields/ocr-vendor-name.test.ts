import { describe, expect, it } from 'vitest';
import { receiptText } from '../test-support/receipt-lines';
import { findVendor } from './find-vendor';
import { repairOcrName, withDomainStart } from './ocr-vendor-name';

const vendorOf = (rows: string[]): string | null => findVendor(receiptText(rows)).name;

describe('repairing a vendor name read by OCR', () => {
  it('reads a digit or two in a word of capitals as the letters they look like', () => {
    expect(repairOcrName('MAJU B1NTANG M1NI MARKET')).toBe('MAJU BINTANG MINI MARKET');
    expect(repairOcrName('8INTANG 0RCHID CAFE')).toBe('BINTANG ORCHID CAFE');
    // Numbers and names with digits stay.
    expect(repairOcrName('99 SPEED MART')).toBe('99 SPEED MART');
    expect(repairOcrName('7ELEVEN 1919 CAFE A1 B2B 80GSM')).toBe('7ELEVEN 1919 CAFE A1 B2B 80GSM');
  });

  it('reads braces and spaced brackets as brackets', () => {
    expect(repairOcrName('KEDAI MAJU { TAMAN INDAH ) SDN. BHD,')).toBe(
      'KEDAI MAJU (TAMAN INDAH) SDN. BHD,',
    );
    expect(repairOcrName('MAJU CO. {M) SDN BHD')).toBe('MAJU CO. (M) SDN BHD');
  });

  it('drops a garbled word closed by a bracket that was never opened', () => {
    expect(repairOcrName('CONTOH BAKERIES fh) SDN BHD')).toBe('CONTOH BAKERIES SDN BHD');
    expect(repairOcrName('CONTOH (KL) SDN BHD')).toBe('CONTOH (KL) SDN BHD');
  });

  it('reads "SDH" or "SDM" as the legal form "SDN" before BHD or at the end', () => {
    expect(repairOcrName('MAJU (SP) SDH.')).toBe('MAJU (SP) SDN.');
    expect(repairOcrName('MAJU SDM BHD')).toBe('MAJU SDN BHD');
    expect(repairOcrName('SDH MAJU TRADING')).toBe('SDH MAJU TRADING');
  });

  it('reads "C0." or "£0." before "(M) BHD" as "CO."', () => {
    expect(repairOcrName('ZENITH £0. (M) BHD')).toBe('ZENITH CO. (M) BHD');
    expect(repairOcrName('ZENITH C0, (M) SDN BHD')).toBe('ZENITH CO. (M) SDN BHD');
    expect(repairOcrName('ZENITH C0 MART')).toBe('ZENITH C0 MART');
  });
});

describe('a name whose first letters OCR lost', () => {
  it("takes the word's start from the shop's web or mail domain", () => {
    expect(
      vendorOf(['ANDOR TRADING SDN BHD (123456-X)', 'NO 1, JALAN BESAR', 'www.kalandor.com.my']),
    ).toBe('KALANDOR TRADING SDN BHD');
    expect(withDomainStart('Andor Trading', 'orders@kalandor.com')).toBe('Kalandor Trading');
  });

  it('leaves names a domain does not complete, and social media addresses', () => {
    expect(withDomainStart('ANDOR TRADING', 'www.andor.com')).toBe('ANDOR TRADING');
    expect(withDomainStart('ANDOR TRADING', 'www.bigsalandor.com')).toBe('ANDOR TRADING');
    expect(withDomainStart('BOOK CORNER', 'facebook.com/bookcorner')).toBe('BOOK CORNER');
  });
});

describe('the heading of a receipt', () => {
  it('keeps an initial beside "&" and does not take a lone business word as the name', () => {
    expect(
      vendorOf([
        'K & MAJU    RESTAURANT',
        'NO.12, JALAN SS4C/5, PETALING JAYA',
        'BILL NO: 001346013',
        'TOTAL 22.25',
      ]),
    ).toBe('K & MAJU RESTAURANT');
  });

  it('reads the legal name with a repaired legal form', () => {
    expect(
      vendorOf(['CONTOH MAJU (SP) SDH.', 'No. 49, Jalan Dinar', 'GST Reg : 001734164480']),
    ).toBe('CONTOH MAJU (SP) SDN.');
  });
});
