import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueApproval, QueuePayment } from '../../../shared/contracts/practice-queue';
import { clientOnboardingWorkflows, customers } from '../../db/schema';
import { signUpFirm } from '../../features/practice/practice.fixtures';
import { addMember } from '../../features/team/team.fixtures';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { seedPractice } from './practice';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterAll(async () => t.close());

describe('the demo practice seed', () => {
  it('gives the firm eight clients at every onboarding stage and bills from two of them waiting for the owner', async () => {
    const firm = await signUpFirm(t);
    const bookkeeper = await addMember(t, firm, 'accountant');
    const clients = await seedPractice({ db: t.deps.db, organizationId: firm.user.homeOrganizationId, userId: firm.user.id, now: t.deps.now(), config: t.deps.config }, bookkeeper.user.id);
    expect(clients).toHaveLength(8);

    const rows = await t.deps.db
      .select({ name: customers.name, status: customers.onboardingStatus, isActive: customers.isActive, level: customers.serviceLevel, frequency: customers.billingFrequency, activatedAt: customers.activatedAt, step: clientOnboardingWorkflows.currentStep })
      .from(customers)
      .innerJoin(clientOnboardingWorkflows, eq(clientOnboardingWorkflows.customerId, customers.id))
      .where(eq(customers.organizationId, firm.user.homeOrganizationId));
    const count = (predicate: (row: (typeof rows)[number]) => boolean) => rows.filter(predicate).length;
    expect(count((row) => row.status === 'pending')).toBe(1);
    expect(rows.filter((row) => row.status === 'in_progress').map((row) => row.step).sort()).toEqual([2, 4]);
    expect(count((row) => row.status === 'completed' && row.isActive)).toBe(4);
    expect(count((row) => !row.isActive)).toBe(1);
    expect(new Set(rows.map((row) => row.level))).toEqual(new Set(['basic', 'standard', 'premium', 'enterprise']));
    expect(new Set(rows.map((row) => row.frequency))).toEqual(new Set(['monthly', 'quarterly', 'annually']));
    const activationMonths = new Set(rows.flatMap((row) => (row.activatedAt ? [row.activatedAt.toISOString().slice(0, 7)] : [])));
    expect(activationMonths.size).toBeGreaterThanOrEqual(4);

    const approvals = (await firm.request({ method: 'GET', url: '/api/practice/queue' })).json<QueueApproval[]>();
    expect(new Set(approvals.map((row) => row.clientName))).toEqual(new Set(['Bayside Bakery', 'Summit Dental Studio']));
    expect(approvals).toHaveLength(4);
    const payments = (await firm.request({ method: 'GET', url: '/api/practice/queue?kind=payments' })).json<QueuePayment[]>();
    expect(payments.find((row) => row.status === 'scheduled')).toMatchObject({ clientName: 'Bayside Bakery', billNumber: 'VDC-22810', method: 'ach' });

    // The bookkeeper reaches the clients granted to them; the deactivated client is nobody's to open.
    const theirs = (await bookkeeper.request({ method: 'GET', url: '/api/workspaces' })).json<{ clients: { name: string }[] }>();
    expect(theirs.clients.map((client) => client.name)).toEqual(['Bayside Bakery', 'Ironclad Builders', 'Summit Dental Studio']);
    const owners = (await firm.request({ method: 'GET', url: '/api/workspaces' })).json<{ clients: { name: string }[] }>();
    expect(owners.clients.map((client) => client.name)).not.toContain('Old Mill Hardware');
    expect(owners.clients).toHaveLength(7);
  });
});
