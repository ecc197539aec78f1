import { describe, expect, it } from 'vitest';
import { achReturnCodes, achReturnReason, findAchReturnCode } from './ach-return-codes';

describe('ACH return codes', () => {
  it('gives the code with its meaning as a failure reason', () => {
    expect(achReturnReason('R01')).toBe('R01 Insufficient funds');
    expect(achReturnReason('r02')).toBe('R02 Account closed');
    expect(achReturnReason('R29')).toBe('R29 Corporate customer advises not authorized');
    expect(achReturnReason('R99')).toBe('R99 ACH return');
  });

  it('reads the code a statement line names, and only codes of the table', () => {
    expect(findAchReturnCode('ACH RETURN R01 ACME SUPPLY')).toBe('R01');
    expect(findAchReturnCode('RTN/R03 NO ACCOUNT')).toBe('R03');
    expect(findAchReturnCode('return reason r29')).toBe('R29');
    expect(findAchReturnCode('REF R12345 WIRE')).toBeNull();
    expect(findAchReturnCode('R2D2 DROIDS')).toBeNull();
    expect(findAchReturnCode('R18 CODE NOT IN USE')).toBeNull();
    expect(findAchReturnCode('PAYROLL')).toBeNull();
  });

  it('has a meaning for every code it lists', () => {
    for (const [code, meaning] of Object.entries(achReturnCodes)) {
      expect(code).toMatch(/^R\d{2}$/);
      expect(meaning.length).toBeGreaterThan(3);
    }
  });
});
