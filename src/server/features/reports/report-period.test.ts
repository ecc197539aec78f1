import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { resolveReportWindow } from './report-period';

const NEW_YORK = 'America/New_York';

describe('resolveReportWindow', () => {
  it("counts rolling periods back from the organization's today, today included", () => {
    const now = new Date('2026-03-18T15:00:00Z');
    expect(resolveReportWindow({ period: 'last_7_days' }, NEW_YORK, now)).toEqual({ from: '2026-03-12', to: '2026-03-18', previous: { from: '2026-03-05', to: '2026-03-11' } });
    expect(resolveReportWindow({ period: 'last_90_days' }, NEW_YORK, now)).toMatchObject({ from: '2025-12-19', to: '2026-03-18' });
    expect(resolveReportWindow({ period: 'last_year' }, NEW_YORK, now)).toMatchObject({ from: '2025-03-19', to: '2026-03-18', previous: { from: '2024-03-19', to: '2025-03-18' } });
  });

  it('ends at 00:30 UTC on the day before where the organization still is', () => {
    const now = new Date('2026-11-24T00:30:00Z');
    expect(resolveReportWindow({ period: 'last_30_days' }, NEW_YORK, now)).toMatchObject({ from: '2026-10-25', to: '2026-11-23' });
    expect(resolveReportWindow({ period: 'last_30_days' }, 'Asia/Tokyo', now)).toMatchObject({ from: '2026-10-26', to: '2026-11-24' });
  });

  it('compares a custom month with the same number of days before it, across a leap day', () => {
    expect(resolveReportWindow({ period: 'custom', from: '2028-03-01', to: '2028-03-31' }, NEW_YORK, new Date())).toEqual({
      from: '2028-03-01',
      to: '2028-03-31',
      previous: { from: '2028-01-30', to: '2028-02-29' },
    });
  });

  it('accepts five calendar years and refuses a day more', () => {
    expect(resolveReportWindow({ period: 'custom', from: '2021-03-06', to: '2026-03-05' }, NEW_YORK, new Date()).from).toBe('2021-03-06');
    expect(() => resolveReportWindow({ period: 'custom', from: '2021-03-06', to: '2026-03-06' }, NEW_YORK, new Date())).toThrow(AppError);
    // From a leap day, five years end on 28 February.
    expect(resolveReportWindow({ period: 'custom', from: '2024-02-29', to: '2029-02-28' }, NEW_YORK, new Date()).to).toBe('2029-02-28');
    expect(() => resolveReportWindow({ period: 'custom', from: '2024-02-29', to: '2029-03-01' }, NEW_YORK, new Date())).toThrow(AppError);
  });
});
