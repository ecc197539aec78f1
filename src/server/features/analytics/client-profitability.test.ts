import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientProfitability, CostSettings } from '../../../shared/contracts/analytics';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { billApprovals, bills, customers, documents, invoices, payments, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addClient, grantClient, signUpFirm } from '../practice/practice.fixtures';
import { addMember } from '../team/team.fixtures';
import { ANALYTICS_NOW, firmInvoice, invoicePayment } from './analytics.fixtures';
import { profitabilityScore, riskScore } from './client-profitability';

let t: TestApp;
let firm: SignedIn;
let bayside: PracticeClient;
let cedar: PracticeClient;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp({ now: ANALYTICS_NOW });
  firm = await signUpFirm(t);
  const db = t.deps.db;
  const org = firm.user.organizationId;
  bayside = await addClient(firm, { businessName: 'Bayside Bakery' });
  cedar = await addClient(firm, { businessName: 'Cedar Dental' });
  await addClient(firm, { businessName: 'Delta Movers' });
  const baysideWs = bayside.organizationId as string;
  const cedarWs = cedar.organizationId as string;

  // The firm's billing of Bayside (period, months=3: 1 January to 18 March 2026).
  const jan = await firmInvoice(db, org, { customerId: bayside.id, issue: '2026-01-10', due: '2026-01-20', cents: 30_000, status: 'paid', paidCents: 30_000, paidAt: at('2026-01-30T15:00:00Z') });
  await invoicePayment(db, org, jan.id, 30_000, at('2026-01-30T15:00:00Z'));
  await firmInvoice(db, org, { customerId: bayside.id, issue: '2026-03-01', due: '2026-03-10', cents: 30_000 });
  await firmInvoice(db, org, { customerId: bayside.id, issue: '2026-03-15', due: '2026-04-14', cents: 20_000 });
  // Before the period: counts in lifetime value only.
  const june = await firmInvoice(db, org, { customerId: bayside.id, issue: '2025-06-10', due: '2025-06-20', cents: 40_000, status: 'paid', paidCents: 40_000, paidAt: at('2025-06-20T15:00:00Z') });
  await invoicePayment(db, org, june.id, 40_000, at('2025-06-20T15:00:00Z'));

  // Work in Bayside's workspace.
  const doc = (organizationId: string, createdAt: Date) => ({
    organizationId,
    fileName: 'bill.pdf',
    storageKey: `x/${createdAt.getTime()}.pdf`,
    fileType: 'application/pdf',
    fileSize: 100,
    documentType: 'bill' as const,
    ocrStatus: 'completed' as const,
    createdAt,
  });
  await db.insert(documents).values([
    ...['2026-01-05', '2026-02-05', '2026-03-05', '2026-03-17'].map((day) => doc(baysideWs, at(`${day}T15:00:00Z`))),
    // 31 December in New York: before the period.
    doc(baysideWs, at('2026-01-01T04:00:00Z')),
    doc(cedarWs, at('2026-02-01T15:00:00Z')),
    doc(cedarWs, at('2026-02-02T15:00:00Z')),
  ]);
  const [buyer] = await db.insert(customers).values({ organizationId: baysideWs, name: 'Cafe Uno', email: 'uno@example.com' }).returning();
  const [mill] = await db.insert(vendors).values({ organizationId: baysideWs, name: 'Flour Mill', email: 'mill@example.com' }).returning();
  if (!buyer || !mill) throw new Error('insert failed');
  const amount = { subtotal: '10.00', totalAmount: '10.00' };
  await db.insert(invoices).values([
    ...['2026-01-12', '2026-02-12', '2026-03-12'].map((day, n) => ({ organizationId: baysideWs, customerId: buyer.id, invoiceNumber: `B-${n}`, status: 'sent' as const, issueDate: day, dueDate: day, ...amount })),
    { organizationId: baysideWs, customerId: buyer.id, invoiceNumber: 'B-draft', status: 'draft' as const, issueDate: '2026-03-12', dueDate: '2026-03-12', ...amount },
  ]);
  const billRows = await db
    .insert(bills)
    .values(
      ['2026-01-08', '2026-01-28', '2026-02-08', '2026-03-02', '2026-03-09'].map((day, n) => ({
        organizationId: baysideWs,
        vendorId: mill.id,
        billNumber: `M-${n}`,
        billDate: day,
        dueDate: day,
        approvalStatus: n === 4 ? ('rejected' as const) : ('approved' as const),
        ...amount,
      })),
    )
    .returning();
  const [first, second] = billRows;
  if (!first || !second) throw new Error('insert failed');
  await db.insert(billApprovals).values([
    { organizationId: baysideWs, billId: first.id, approverId: firm.user.id, round: 1, status: 'approved', approvedAt: at('2026-01-09T15:00:00Z') },
    { organizationId: baysideWs, billId: second.id, approverId: firm.user.id, round: 1, status: 'approved', approvedAt: at('2026-01-29T15:00:00Z') },
    // Still waiting: no decision, no work yet.
    { organizationId: baysideWs, billId: second.id, approverId: firm.user.id, round: 2, status: 'pending' },
  ]);
  await db.insert(payments).values({ organizationId: baysideWs, type: 'bill_payment', referenceId: first.id, amount: '10.00', method: 'ach', status: 'failed', createdAt: at('2026-02-20T15:00:00Z') });
});
afterAll(async () => t.close());

const list = async (member: SignedIn, query = '?months=3') => {
  const response = await member.request({ method: 'GET', url: `/api/analytics/client-profitability${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientProfitability[]>();
};

describe('GET /api/analytics/client-profitability', () => {
  it("sets each client's fees against the work in its workspace, with lifetime value and risk", async () => {
    const [first, second, third] = await list(firm);
    expect(first).toEqual({
      clientId: bayside.id,
      clientName: 'Bayside Bakery',
      serviceLevel: 'standard',
      monthlyFee: '299.00',
      // 300.00 in January and 400.00 in June 2025.
      lifetimeValue: '700.00',
      // Invoiced in the period: 300.00 + 300.00 + 200.00.
      feesInPeriod: '800.00',
      // 4 documents, 3 invoices (the draft is not work), 5 bills, 2 decisions, 1 rejected bill + 1 failed payment.
      work: { documents: 4, invoices: 3, bills: 5, approvals: 2, exceptions: 2 },
      // 4×3 + 3×5 + 5×6 + 2×2 + 2×15 = 12 + 15 + 30 + 4 + 30.
      workMinutes: 91,
      // 91 minutes at 60.00 an hour.
      workCost: '91.00',
      // 50 + 50 × (800 − 91) / 800 = 94.31.
      profitabilityScore: 94,
      // Open 500.00, 300.00 of it past due (due 10 March): 60 × 0.6 = 36; paid 10 days late: 40 × 10/60 = 6.67.
      riskScore: 43,
    });
    // Delta: no fee and no work, 50. Cedar: two documents (6 minutes, 6.00) and no fee, 0.
    expect(second).toMatchObject({ clientName: 'Delta Movers', profitabilityScore: 50, riskScore: 0, workMinutes: 0, lifetimeValue: '0.00' });
    expect(third).toMatchObject({ clientName: 'Cedar Dental', profitabilityScore: 0, workMinutes: 6, workCost: '6.00', work: { documents: 2, invoices: 0, bills: 0, approvals: 0, exceptions: 0 } });
  });

  it("prices the work at the firm's own costs once changed", async () => {
    const defaults = await firm.request({ method: 'GET', url: '/api/analytics/cost-settings' });
    expect(defaults.json<CostSettings>()).toEqual({ documentMinutes: 3, invoiceMinutes: 5, billMinutes: 6, approvalMinutes: 2, exceptionMinutes: 15, hourlyRate: '60.00', isDefault: true });
    const put = await firm.request({
      method: 'PUT',
      url: '/api/analytics/cost-settings',
      payload: { documentMinutes: 30, invoiceMinutes: 5, billMinutes: 6, approvalMinutes: 2, exceptionMinutes: 15, hourlyRate: '120' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<CostSettings>()).toMatchObject({ documentMinutes: 30, hourlyRate: '120.00', isDefault: false });
    // The change of the firm's hourly rate is in its audit trail, who made it, before and after.
    const trail = await firm.request({ method: 'GET', url: '/api/audit-log?action=analytics_costs.updated' });
    expect(trail.json()).toMatchObject([
      {
        actionLabel: 'Cost per item changed',
        user: { id: firm.user.id },
        details: { before: { documentMinutes: 3, hourlyRate: '60.00' }, after: { documentMinutes: 30, hourlyRate: '120.00' } },
      },
    ]);
    const [first] = await list(firm);
    // 4×30 + 15 + 30 + 4 + 30 = 199 minutes at 120.00 an hour = 398.00; 50 + 50 × (800 − 398) / 800 = 75.1.
    expect(first).toMatchObject({ clientName: 'Bayside Bakery', workMinutes: 199, workCost: '398.00', profitabilityScore: 75 });
    await firm.request({ method: 'PUT', url: '/api/analytics/cost-settings', payload: { documentMinutes: 3, invoiceMinutes: 5, billMinutes: 6, approvalMinutes: 2, exceptionMinutes: 15, hourlyRate: '60.00' } });
  });

  it('refuses bad costs with the field named, and changes by anyone but owners and admins (403)', async () => {
    const bad = await firm.request({
      method: 'PUT',
      url: '/api/analytics/cost-settings',
      payload: { documentMinutes: -1, invoiceMinutes: 1.5, billMinutes: 6, approvalMinutes: 2, exceptionMinutes: 601, hourlyRate: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        documentMinutes: 'Minutes per document cannot be negative',
        invoiceMinutes: 'Minutes per invoice must be a whole number of minutes',
        exceptionMinutes: 'Minutes per exception must be at most 600 minutes',
        hourlyRate: 'Hourly rate must be a number with at most 2 decimals',
      },
    });
    const accountant = await addMember(t, firm, 'accountant');
    const payload = { documentMinutes: 1, invoiceMinutes: 1, billMinutes: 1, approvalMinutes: 1, exceptionMinutes: 1, hourlyRate: '1' };
    expect((await accountant.request({ method: 'PUT', url: '/api/analytics/cost-settings', payload })).statusCode).toBe(403);
    // An accountant sees the clients granted to them only.
    expect(await list(accountant)).toEqual([]);
    await grantClient(t, firm, accountant, cedar);
    expect((await list(accountant)).map((row) => row.clientName)).toEqual(['Cedar Dental']);
    expect((await list(await signUpFirm(t), '?months=24'))).toEqual([]);
    expect((await firm.request({ method: 'GET', url: '/api/analytics/client-profitability?months=7' })).statusCode).toBe(400);
  });

  it('answers the top 10 only', async () => {
    const big = await signUpFirm(t);
    for (let n = 0; n < 11; n += 1) await addClient(big, { businessName: `Client ${String(n).padStart(2, '0')}` });
    const rows = await list(big);
    expect(rows).toHaveLength(10);
    // All score 50 with nothing collected: by name.
    expect(rows.map((row) => row.clientName)).toEqual(Array.from({ length: 10 }, (_, n) => `Client ${String(n).padStart(2, '0')}`));
  });
});

describe('the scores', () => {
  it('follow the stated formulas at their edges', () => {
    expect(profitabilityScore(0, 0)).toBe(50);
    expect(profitabilityScore(10_000, 10_000)).toBe(50);
    expect(profitabilityScore(20_000, 10_000)).toBe(75);
    expect(profitabilityScore(10_000, 20_000)).toBe(25);
    expect(profitabilityScore(10_000, 0)).toBe(100);
    expect(profitabilityScore(0, 500)).toBe(0);
    expect(riskScore(0, 0, null)).toBe(0);
    expect(riskScore(10_000, 10_000, 90)).toBe(100);
    expect(riskScore(10_000, 2_500, 30)).toBe(35);
  });
});
