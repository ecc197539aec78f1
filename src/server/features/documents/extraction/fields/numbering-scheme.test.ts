import { describe, expect, it } from 'vitest';
import { receiptLines } from '../test-support/receipt-lines';
import { findShapedNumbers, readInShape } from './numbering-scheme';

describe("reading a number in the vendor's numbering scheme", () => {
  it('takes a number already in the shape as it is', () => {
    expect(readInShape('INV-0042', 'AAA-9999')).toBe('INV-0042');
  });

  it('swaps letters and digits that OCR confuses where the shape has the other kind', () => {
    expect(readInShape('INV-2024-OO42', 'AAA-9999-9999')).toBe('INV-2024-0042');
    expect(readInShape('1NV-0042', 'AAA-9999')).toBe('INV-0042');
    expect(readInShape('INV-OO42', 'AAA-9999')).toBeNull(); // two slips in seven characters
    expect(readInShape('lNV-2O24-OO42', 'AAA-9999-9999')).toBeNull(); // three slips
  });

  it('puts back a separator OCR lost or read as another, and the spaces it split the number at', () => {
    expect(readInShape('BLRWFLD2015', 'AAA_AAAA9999')).toBe('BLR_WFLD2015');
    expect(readInShape('BLR-WFLD 2015', 'AAA_AAAA9999')).toBe('BLR_WFLD2015');
    expect(readInShape('BLR_WFLD20155', 'AAA_AAAA9999')).toBeNull(); // a digit too many
  });

  it('refuses characters that are neither of the kind nor a known confusion', () => {
    expect(readInShape('INV-00X2', 'AAA-9999')).toBeNull();
    expect(readInShape('INV-004', 'AAA-9999')).toBeNull();
  });
});

describe('numbers found by the learnt scheme alone', () => {
  const lines = receiptLines(['KEDAI MAJU', 'KM/2024 - 0158 Table 5', 'Tel 03-1234 5678']);

  it('finds a distinctive scheme anywhere, across the words OCR split it into', () => {
    const found = findShapedNumbers(lines, { label: null, box: null, shape: 'AA/9999-9999' });
    expect(found.map((candidate) => candidate.value)).toEqual(['KM/2024-0158']);
  });

  it('trusts a scheme of bare digits only at the place the vendor prints it', () => {
    const shape = '99999999';
    expect(findShapedNumbers(lines, { label: null, box: null, shape })).toEqual([]);
    const receipt = receiptLines(['KEDAI MAJU', '20240158', 'A', 'B', 'C', 'D', 'Tel 12345678']);
    const place = receipt[1]?.words[0];
    if (!place) throw new Error('no word');
    const found = findShapedNumbers(receipt, { label: null, box: { ...place }, shape });
    expect(found.map((candidate) => candidate.value)).toEqual(['20240158']);
  });
});
