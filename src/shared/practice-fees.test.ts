import { describe, expect, it } from 'vitest';
import { billingPeriodName, feeLineForPeriod } from './practice-fees';

describe('the period a fee invoice bills', () => {
  it('names the month, the quarter or the year of the run day', () => {
    expect(billingPeriodName('monthly', '2026-12-01')).toBe('December 2026');
    expect(billingPeriodName('monthly', '2027-01-31')).toBe('January 2027');
    expect(billingPeriodName('quarterly', '2027-01-15')).toBe('Q1 2027');
    expect(billingPeriodName('quarterly', '2027-03-31')).toBe('Q1 2027');
    expect(billingPeriodName('quarterly', '2027-04-01')).toBe('Q2 2027');
    expect(billingPeriodName('quarterly', '2026-12-31')).toBe('Q4 2026');
    expect(billingPeriodName('annually', '2027-06-30')).toBe('2027');
  });

  it("puts the period in place of the schedule's 'per month', or after a line without it", () => {
    expect(feeLineForPeriod('Standard service, per month', 'monthly', '2026-12-01')).toBe('Standard service, December 2026');
    expect(feeLineForPeriod('Premium service, per quarter', 'quarterly', '2027-02-10')).toBe('Premium service, Q1 2027');
    expect(feeLineForPeriod('Basic service, per year', 'annually', '2027-01-01')).toBe('Basic service, 2027');
    expect(feeLineForPeriod('Bookkeeping fee', 'monthly', '2026-12-01')).toBe('Bookkeeping fee, December 2026');
  });
});
