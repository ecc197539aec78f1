import { expect } from 'vitest';
import type { SignedIn } from '../../test/factories';

/** Exports a run's NACHA file, which sends its pending ACH payments; returns the file. */
export async function exportAchFile(signedIn: SignedIn, paymentRunId: string): Promise<string> {
  const response = await signedIn.request({
    method: 'GET',
    url: `/api/payment-runs/${paymentRunId}/nacha`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}
