import { addDays, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { seededBillNumber } from './payables';

describe('seeded bill numbers', () => {
  it('are distinct for every vendor and month on every day of a year, also the 1st to the 3rd', () => {
    // The seed's bills are 30 days apart (month * 30 + vendorIndex * 2 + 3 days back); a number by
    // month alone repeated on 2026-12-03 (Oct 1 and Oct 31), and seed:demo stopped.
    for (let offset = 0; offset < 366; offset += 1) {
      const now = addDays(new Date('2026-01-01T12:00:00Z'), offset);
      const numbers = new Set<string>();
      for (let vendorIndex = 0; vendorIndex < 8; vendorIndex += 1) {
        for (let month = 2; month >= 0; month -= 1) {
          numbers.add(seededBillNumber('Pacific Office Supply', subDays(now, month * 30 + vendorIndex * 2 + 3), vendorIndex));
        }
      }
      expect(numbers.size, now.toISOString()).toBe(24);
    }
  });
});
