import { describe, expect, it } from 'vitest';
import { receiptLines } from '../test-support/receipt-lines';
import { repairAmountWord, tidyOcrLines } from './tidy-ocr-lines';

describe('repairing amounts read by OCR', () => {
  it('reads the ringgit prefix as OCR misreads it', () => {
    expect(repairAmountWord('RH14.00')).toBe('RM14.00');
    expect(repairAmountWord('RK43.40')).toBe('RM43.40');
    expect(repairAmountWord('EM2.50')).toBe('RM2.50');
  });

  it('reads letters in an amount as the digits they look like', () => {
    expect(repairAmountWord('RMS.00')).toBe('RM5.00');
    expect(repairAmountWord('RMO.28')).toBe('RM0.28');
    expect(repairAmountWord('RMZ8.05')).toBe('RM28.05');
    expect(repairAmountWord('1O.50')).toBe('10.50');
  });

  it('leaves words that are not amounts alone', () => {
    for (const word of ['RM', 'RHB', 'ROSE', 'SOLD', 'KMART', 'BOSS', 'RM100.00', '12.50'])
      expect(repairAmountWord(word)).toBe(word);
  });

  it('joins an amount split after its decimal point', () => {
    const [line] = tidyOcrLines(receiptLines(['SUBTOTAL RM53. 60']));
    expect(line?.text).toBe('SUBTOTAL RM53.60');
    expect(line?.words).toHaveLength(2);
  });

  it('puts back a decimal point lost after a currency prefix', () => {
    const [line] = tidyOcrLines(receiptLines(['SubTotal RM8 60']));
    expect(line?.text).toBe('SubTotal RM8.60');
  });

  it('splits a label read glued to its amount, not a currency before one', () => {
    const [line] = tidyOcrLines(receiptLines(['TOTAL PAYABLE211.65']));
    expect(line?.text).toBe('TOTAL PAYABLE 211.65');
    expect(line?.words.map((word) => word.text)).toEqual(['TOTAL', 'PAYABLE', '211.65']);
    expect(tidyOcrLines(receiptLines(['Total: EUR12.50 RM8.60']))[0]?.text).toBe(
      'Total: EUR12.50 RM8.60',
    );
  });

  it('reads the Malaysian company form as OCR misreads it, a 5 for its S too', () => {
    for (const form of ['SDN EHD', 'SON. BHD', 'SEN 3HD', '5DN BHD'])
      expect(tidyOcrLines(receiptLines([`MAJU JAYA ${form}`]))[0]?.text).toMatch(
        /^MAJU JAYA SDN\.? BHD$/u,
      );
  });

  it('keeps a number and a separate two-digit count apart', () => {
    const [line] = tidyOcrLines(receiptLines(['ITEMS 2.        10']));
    expect(line?.text).toBe('ITEMS 2. 10');
  });
});
