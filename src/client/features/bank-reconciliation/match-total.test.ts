import { describe, expect, it } from 'vitest';
import { matchTotal } from './match-total';

describe('matchTotal', () => {
  it('balances when two invoice parts add up to the deposit exactly', () => {
    expect(matchTotal('1250.00', ['500.00', '750'])).toEqual({
      lineCents: 125_000,
      totalCents: 125_000,
      remainingCents: 0,
      invalid: false,
      balanced: true,
    });
  });

  it('says what is left, or how much is too much, and never balances a cent off', () => {
    expect(matchTotal('1250.00', ['500.00', '749.99'])).toMatchObject({ remainingCents: 1, balanced: false });
    expect(matchTotal('1250.00', ['500.00', '750.01'])).toMatchObject({ remainingCents: -1, balanced: false });
  });

  it('reads a debit by its size', () => {
    expect(matchTotal('-80.10', ['80.1'])).toMatchObject({ lineCents: 8010, balanced: true });
  });

  it('refuses empty, zero, negative and three-decimal parts, and an empty choice', () => {
    for (const bad of ['', '0', '-5.00', '1.005', 'abc']) {
      expect(matchTotal('10.00', ['10.00', bad]), bad).toMatchObject({ invalid: true, balanced: false });
    }
    expect(matchTotal('0.00', [])).toMatchObject({ balanced: false });
  });
});
