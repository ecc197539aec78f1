import { expect } from 'vitest';
import type { AchProfile, AchProfileUpdateInput } from '../../../shared/contracts/ach';
import type { SignedIn } from '../../test/factories';

/** ACH settings a bank would accept, for the account's files to be exportable. */
export async function putAchProfile(
  signedIn: SignedIn,
  bankAccountId: string,
  overrides: Partial<AchProfileUpdateInput> = {},
): Promise<AchProfile> {
  const payload: AchProfileUpdateInput = {
    immediateDestination: '021000021',
    immediateDestinationName: 'JPMORGAN CHASE',
    immediateOrigin: '1123456789',
    immediateOriginName: 'ACME SUPPLIES LLC',
    companyId: '1123456789',
    companyName: 'ACME SUPPLIES',
    entryDescription: 'VENDOR PAY',
    balanced: false,
    lineEnding: 'crlf',
    settlementMode: 'bank_confirmation',
    settlementDays: 1,
    ...overrides,
  };
  const response = await signedIn.request({ method: 'PUT', url: `/api/bank-accounts/${bankAccountId}/ach-profile`, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AchProfile>();
}

/** Exports a run's NACHA file, which sends its pending ACH payments; returns the file. */
export async function exportAchFile(signedIn: SignedIn, paymentRunId: string, confirmRepeat = false): Promise<string> {
  const response = await signedIn.request({
    method: 'GET',
    url: `/api/payment-runs/${paymentRunId}/nacha${confirmRepeat ? '?confirmRepeat=true' : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}
