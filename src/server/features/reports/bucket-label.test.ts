import { describe, expect, it } from 'vitest';
import { bucketLabel } from './report-sql';

describe('bucketLabel', () => {
  it('names a month the period cuts by the days it covers, not by its first day', () => {
    // The period 26 October to 24 November: October is partial, November too.
    expect(bucketLabel('2026-10-01', 'month', '2026-10-26', '2026-11-24')).toBe('Oct 26–31, 2026');
    expect(bucketLabel('2026-11-01', 'month', '2026-10-26', '2026-11-24')).toBe('Nov 1–24, 2026');
  });

  it('names a whole month by its month', () => {
    expect(bucketLabel('2026-02-01', 'month', '2026-01-01', '2026-03-31')).toBe('Feb 2026');
  });

  it('names a week by its days, cut to the period, across months and years', () => {
    expect(bucketLabel('2026-11-02', 'week', '2026-10-26', '2026-11-24')).toBe('Nov 2–8, 2026');
    expect(bucketLabel('2026-10-26', 'week', '2026-10-28', '2026-11-24')).toBe('Oct 28 – Nov 1, 2026');
    expect(bucketLabel('2026-12-28', 'week', '2026-12-01', '2027-01-31')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(bucketLabel('2026-11-23', 'week', '2026-10-26', '2026-11-23')).toBe('Nov 23, 2026');
  });
});
