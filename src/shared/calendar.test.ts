import { describe, expect, it } from 'vitest';
import { addBankingDays } from './calendar';

describe('addBankingDays', () => {
  it('counts weekdays only, so a Friday plus one banking day is the Monday', () => {
    expect(addBankingDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday -> Monday
    expect(addBankingDays('2026-11-18', 2)).toBe('2026-11-20'); // Wednesday -> Friday
    expect(addBankingDays('2026-11-19', 3)).toBe('2026-11-24'); // Thursday -> Tuesday
  });

  it('starts counting from a weekend day on the next Monday, and zero days is the day itself', () => {
    expect(addBankingDays('2026-11-21', 1)).toBe('2026-11-23'); // Saturday -> Monday
    expect(addBankingDays('2026-11-21', 0)).toBe('2026-11-21');
  });

  it('crosses month and year ends', () => {
    expect(addBankingDays('2026-12-31', 2)).toBe('2027-01-04'); // Thursday -> Monday
  });
});
