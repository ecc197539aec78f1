import type { FastifyInstance } from 'fastify';
import type { User } from '../../../shared/contracts/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { type SignedIn, asUser, sessionCookie, uniqueName } from '../../test/factories';

/** Test data for the payables tests (vendors, bills, approvals). */
export const ROUTING = '021000021';

export function vendorPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Vendor ${uniqueName('v')}`,
    email: 'billing@vendor.example',
    paymentMethod: 'ach',
    bankName: 'First Bank',
    accountNumber: '000123456789',
    routingNumber: ROUTING,
    ...overrides,
  };
}

export function billPayload(vendorId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vendorId,
    billNumber: `BILL-${uniqueName('n')}`,
    billDate: '2026-11-01',
    dueDate: '2026-12-01',
    subtotal: '100.00',
    taxAmount: '0',
    totalAmount: '100.00',
    items: [{ description: 'Paper', quantity: 1, unitPrice: '100.00', totalPrice: '100.00' }],
    ...overrides,
  };
}

/** A bill payload whose single item makes the given total. */
export function billOf(vendorId: string, total: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return billPayload(vendorId, {
    subtotal: total,
    totalAmount: total,
    items: [{ description: 'Services', quantity: 1, unitPrice: total, totalPrice: total }],
    ...overrides,
  });
}

let cachedHash: Promise<string> | null = null;

/** A second member of the owner's organization, signed in through POST /api/login. */
export async function addMember(
  app: FastifyInstance,
  db: Database,
  organizationId: string,
  overrides: Partial<{ role: 'owner' | 'admin' | 'accountant' | 'approver' | 'viewer'; approvalLimit: string | null; firstName: string; lastName: string }> = {},
): Promise<SignedIn> {
  cachedHash ??= hashPassword('member-password');
  const username = uniqueName('member');
  await db.insert(users).values({
    organizationId,
    username,
    email: `${username}@example.com`,
    passwordHash: await cachedHash,
    firstName: overrides.firstName ?? 'Mia',
    lastName: overrides.lastName ?? 'Member',
    role: overrides.role ?? 'approver',
    approvalLimit: overrides.approvalLimit === undefined ? null : overrides.approvalLimit,
  });
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'member-password' } });
  if (response.statusCode !== 200) throw new Error(`login failed ${response.statusCode}: ${response.body}`);
  const cookie = sessionCookie(response);
  return { user: response.json<User>(), cookie, request: asUser(app, cookie) };
}
