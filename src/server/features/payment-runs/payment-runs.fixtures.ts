import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ScheduleResult } from '../../../shared/contracts/payment-runs';
import type { Database } from '../../db/client';
import { bills } from '../../db/schema';
import type { SignedIn } from '../../test/factories';
import { billOf, vendorPayload } from '../bills/payables-fixtures';

/** Vendor account numbers used by the payment tests (never to appear in a JSON body). */
export const VENDOR_ACCOUNT = '000555666777';

export async function createVendor(
  signedIn: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const response = await signedIn.request({
    method: 'POST',
    url: '/api/vendors',
    payload: vendorPayload({ accountNumber: VENDOR_ACCOUNT, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; name: string }>();
}

export async function createBill(
  signedIn: SignedIn,
  vendorId: string,
  total: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; billNumber: string }> {
  const response = await signedIn.request({
    method: 'POST',
    url: '/api/bills',
    payload: billOf(vendorId, total, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; billNumber: string }>();
}

/** The approval state a bill is left in by the approvals feature (pending or rejected). */
export async function setApproval(
  db: Database,
  billId: string,
  approvalStatus: 'pending' | 'approved' | 'rejected',
): Promise<void> {
  await db.update(bills).set({ approvalStatus }).where(eq(bills.id, billId));
}

export async function schedule(signedIn: SignedIn, payload: Record<string, unknown>) {
  return signedIn.request({ method: 'POST', url: '/api/payments/schedule', payload });
}

export async function scheduleOk(
  signedIn: SignedIn,
  payload: Record<string, unknown>,
): Promise<ScheduleResult> {
  const response = await schedule(signedIn, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ScheduleResult>();
}
