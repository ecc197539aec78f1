import { describe, expect, it } from 'vitest';
import { addBankingDays, federalReserveHolidays, isBankingDay } from './calendar';

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
    expect(addBankingDays('2026-12-30', 1)).toBe('2026-12-31'); // Wednesday -> Thursday
    expect(addBankingDays('2026-12-31', 2)).toBe('2027-01-05'); // Thursday -> (New Year's Day) -> Tuesday
  });

  it("skips the Federal Reserve's holidays: Thanksgiving, and a Sunday holiday observed on Monday", () => {
    expect(addBankingDays('2026-11-25', 1)).toBe('2026-11-27'); // Wednesday -> (Thanksgiving) -> Friday
    expect(addBankingDays('2027-07-02', 1)).toBe('2027-07-06'); // Friday -> (July 4 is a Sunday, observed Monday 5) -> Tuesday
    expect(isBankingDay('2027-07-05')).toBe(false);
  });
});

describe('federalReserveHolidays', () => {
  it("lists 2026's eleven holidays as the Federal Reserve publishes them", () => {
    expect([...federalReserveHolidays(2026)].sort()).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-04',
      '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
  });

  it('does not move a Saturday holiday (the Fed is open the Friday before)', () => {
    expect(federalReserveHolidays(2026).has('2026-07-03')).toBe(false); // July 4, 2026 is a Saturday
    expect(isBankingDay('2026-07-03')).toBe(true);
  });
});
