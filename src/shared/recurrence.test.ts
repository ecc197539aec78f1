import { describe, expect, it } from 'vitest';
import { addMonthsAnchored, advanceSchedule, daysInMonth, firstRunOnOrAfter, nextRunDay, runDays, runsOn, termDays } from './recurrence';

const monthly = { frequency: 'monthly', anchorDay: 31, endType: 'never' } as const;

describe('nextRunDay', () => {
  it('runs a schedule on the 31st on the last day of shorter months and back on the 31st after', () => {
    expect(runDays(monthly, '2026-01-31', 8)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
    ]);
  });

  it('runs on Feb 29 in a leap year and Feb 28 otherwise', () => {
    expect(nextRunDay('monthly', '2028-01-31', 31)).toBe('2028-02-29');
    expect(nextRunDay('monthly', '2027-01-31', 31)).toBe('2027-02-28');
    expect(nextRunDay('monthly', '2028-01-30', 30)).toBe('2028-02-29');
  });

  it('keeps a schedule on the 29th of February on the last day of February in other years', () => {
    expect(runDays({ frequency: 'annually', anchorDay: 29, endType: 'never' }, '2028-02-29', 6)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2033-02-28',
    ]);
  });

  it('moves quarterly by three months across the year end with the anchor day', () => {
    expect(runDays({ frequency: 'quarterly', anchorDay: 31, endType: 'never' }, '2026-08-31', 5)).toEqual([
      '2026-08-31',
      '2026-11-30',
      '2027-02-28',
      '2027-05-31',
      '2027-08-31',
    ]);
  });

  it('moves annually to the same day next year', () => {
    expect(nextRunDay('annually', '2026-11-24', 24)).toBe('2027-11-24');
    expect(nextRunDay('annually', '2026-12-31', 31)).toBe('2027-12-31');
  });

  it('makes 53 weekly runs over a year from a Thursday, all Thursdays, through the year end and a leap day', () => {
    const days = runDays({ frequency: 'weekly', anchorDay: 1, endType: 'never' }, '2028-01-06', 53);
    expect(days).toHaveLength(53);
    expect(days[0]).toBe('2028-01-06');
    expect(days).toContain('2028-03-02');
    expect(days[52]).toBe('2029-01-04');
    expect(days.every((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 4)).toBe(true);
    expect(new Set(days).size).toBe(53);
  });

  it('crosses December into January for monthly runs', () => {
    expect(addMonthsAnchored('2026-12-15', 1, 15)).toBe('2027-01-15');
    expect(addMonthsAnchored('2026-11-30', 3, 31)).toBe('2027-02-28');
  });

  it('knows the days of each month', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
  });
});

describe('end conditions', () => {
  it('stops after N invoices', () => {
    const timing = { frequency: 'monthly', anchorDay: 5, endType: 'after_count', endAfterCount: 3 } as const;
    expect(runDays(timing, '2026-01-05', 10)).toEqual(['2026-01-05', '2026-02-05', '2026-03-05']);
    expect(advanceSchedule(timing, '2026-02-05', 2)).toEqual({ nextRunDate: '2026-03-05', completed: false });
    expect(advanceSchedule(timing, '2026-03-05', 3)).toEqual({ nextRunDate: null, completed: true });
  });

  it('runs on the end date and not after it', () => {
    const timing = { frequency: 'monthly', anchorDay: 10, endType: 'on_date', endDate: '2026-04-10' } as const;
    expect(runDays(timing, '2026-01-10', 10)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10']);
    expect(runsOn(timing, '2026-04-11', 0)).toBe(false);
    expect(advanceSchedule(timing, '2026-04-10', 4)).toEqual({ nextRunDate: null, completed: true });
  });

  it('never ends without an end condition', () => {
    expect(runsOn({ endType: 'never' }, '2999-12-31', 100_000)).toBe(true);
  });
});

describe('firstRunOnOrAfter', () => {
  it('skips run days before the given day, keeping the anchor', () => {
    expect(firstRunOnOrAfter(monthly, '2026-01-31', '2026-03-01')).toBe('2026-03-31');
    expect(firstRunOnOrAfter(monthly, '2026-01-31', '2026-01-31')).toBe('2026-01-31');
    expect(firstRunOnOrAfter({ frequency: 'weekly', anchorDay: 1, endType: 'never' }, '2026-11-02', '2026-11-24')).toBe('2026-11-30');
  });
});

describe('termDays', () => {
  it('reads the days of payment terms', () => {
    expect(termDays('Net 30')).toBe(30);
    expect(termDays('net_15')).toBe(15);
    expect(termDays('Due on receipt')).toBe(0);
  });
});
