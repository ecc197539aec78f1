/**
 * NACHA ACH return reason codes (Nacha Operating Rules, Appendix Four) with their meanings, as a
 * failed payment's failureReason shows them: "R01 Insufficient funds".
 */
export const achReturnCodes = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R04: 'Invalid account number',
  R05: 'Unauthorized debit to consumer account',
  R06: 'Returned per ODFI request',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises not authorized',
  R11: 'Customer advises entry not in accordance with the terms of the authorization',
  R12: 'Account sold to another DFI',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen',
  R17: 'File record edit criteria',
  R20: 'Non-transaction account',
  R21: 'Invalid company identification',
  R22: 'Invalid individual ID number',
  R23: 'Credit entry refused by receiver',
  R24: 'Duplicate entry',
  R29: 'Corporate customer advises not authorized',
  R31: 'Permissible return entry',
  R33: 'Return of XCK entry',
} as const;

export type AchReturnCode = keyof typeof achReturnCodes;

export function isAchReturnCode(code: string): code is AchReturnCode {
  return Object.prototype.hasOwnProperty.call(achReturnCodes, code);
}

/** "R01 Insufficient funds"; an unknown code is kept as given. */
export function achReturnReason(code: string): string {
  const upper = code.trim().toUpperCase();
  return isAchReturnCode(upper) ? `${upper} ${achReturnCodes[upper]}` : `${upper} ACH return`;
}

/**
 * The return code a statement line names ("RETURN R01", "ACH RTN R29 NOT AUTH"), or null. Only
 * codes in the table count, so "R2D2" or a reference like "R12345" is not read as a return.
 */
export function findAchReturnCode(text: string): AchReturnCode | null {
  for (const match of text.toUpperCase().matchAll(/(?:^|[^A-Z0-9])(R\d{2})(?![0-9])/g)) {
    const code = match[1] ?? '';
    if (isAchReturnCode(code)) return code;
  }
  return null;
}
