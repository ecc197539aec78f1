import { describe, expect, it } from 'vitest';
import { substringDistance } from '../fields/ocr-distance';
import { matchKnownVendor } from './match-known-vendor';

const known = [
  'Old Mill Kopi House Sdn Bhd',
  'Sunrise Stationery & Books',
  'Bright Lamp Trading',
  'AEON',
];

describe("matching a reading to the organization's vendors", () => {
  it('finds a vendor read with OCR slips in the name', () => {
    expect(
      matchKnownVendor(known, { name: 'Gld Mill Kopi House Sdn Bhd', headerLines: [] }),
    ).toEqual({ name: 'Old Mill Kopi House Sdn Bhd', similarity: 0.94 });
  });

  it('finds a vendor in the header when the name read was something else', () => {
    expect(
      matchKnownVendor(known, {
        name: 'EHSAN',
        headerLines: ['SUNR1SE STATI0NERY & B00KS', 'NO 5, JALAN MAWAR'],
      })?.name,
    ).toBe('Sunrise Stationery & Books');
  });

  it('proposes nothing when no vendor is close enough', () => {
    expect(
      matchKnownVendor(known, { name: 'Bright Star Motors', headerLines: ['Jalan Terang 4'] }),
    ).toBeNull();
  });

  it('asks a short name to match closely: one OCR slip, not another letter', () => {
    expect(matchKnownVendor(known, { name: null, headerLines: ['AXON MALL'] })).toBeNull();
    expect(matchKnownVendor(known, { name: null, headerLines: ['AEDN MALL'] })?.name).toBe('AEON');
  });

  it('prefers, among names the header prints as plainly, the one the reader chose', () => {
    const vendors = ['Golden Harbour Restaurants Sdn Bhd', 'Kopi Lane Restaurants Sdn Bhd'];
    const headerLines = [
      'Kopi Lane Restaurants Sdn Bhd',
      '(formerly known as Golden Harbour Restaurants Sdn Bhd)',
    ];
    expect(
      matchKnownVendor(vendors, { name: 'Kopi Lane Restaurants Sdn Bhd', headerLines })?.name,
    ).toBe('Kopi Lane Restaurants Sdn Bhd');
    // With no name read, the longer of two equal matches.
    expect(matchKnownVendor(vendors, { name: null, headerLines })?.name).toBe(
      'Golden Harbour Restaurants Sdn Bhd',
    );
  });

  it('weighs OCR-confusable characters lightly', () => {
    expect(substringDistance('BOOKS', 'xxB00KSyy')).toBeCloseTo(0.7);
    expect(substringDistance('BOOKS', 'xxBXXKSyy')).toBe(2);
  });
});

describe('a known vendor whose words the header prints out of order', () => {
  it('finds every word of the name among the header words, with OCR slips', () => {
    expect(
      matchKnownVendor(['Syarikat Maju Jaya Sdn Bhd', 'Maju Hardware'], {
        name: 'MAJU JAYA',
        headerLines: ['TERE MAJU JAYA', 'sYARIKAT', '(81109-A)'],
      })?.name,
    ).toBe('Syarikat Maju Jaya Sdn Bhd');
  });

  it('does not propose a vendor when one of its words is missing', () => {
    expect(
      matchKnownVendor(['Syarikat Maju Jaya Sdn Bhd'], {
        name: 'MAJU JAYA',
        headerLines: ['MAJU JAYA', 'NO 290, JALAN AIR PANAS'],
      }),
    ).toBeNull();
  });
});
