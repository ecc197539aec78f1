import { describe, expect, it } from 'vitest';
import { ordinal } from './ordinal';

describe('ordinal', () => {
  it('says 1st, 2nd, 3rd and 92nd, not "1th" or "92th"', () => {
    expect([1, 2, 3, 4, 21, 22, 23, 50, 92, 99].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '21st', '22nd', '23rd', '50th', '92nd', '99th']);
  });

  it('says 11th, 12th and 13th (and 111th)', () => {
    expect([11, 12, 13, 111, 112].map(ordinal)).toEqual(['11th', '12th', '13th', '111th', '112th']);
  });
});
