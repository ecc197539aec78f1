import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PredictiveInsights } from '../../../shared/contracts/analytics';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { documents } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { addClient, signUpFirm } from '../practice/practice.fixtures';
import { syncPracticeFeeSchedule } from '../recurring-invoices/practice-fee-schedule';
import { ANALYTICS_NOW, firmInvoice, invoicePayment, shapeClient } from './analytics.fixtures';

let t: TestApp;
let firm: SignedIn;
let larry: PracticeClient;
let sam: PracticeClient;
let bea: PracticeClient;
const at = (day: string) => new Date(`${day}T16:00:00Z`);
const doc = (organizationId: string, day: string, n: number) => ({
  organizationId,
  fileName: `d${n}.pdf`,
  storageKey: `x/${day}-${n}.pdf`,
  fileType: 'application/pdf',
  fileSize: 100,
  documentType: 'bill' as const,
  ocrStatus: 'completed' as const,
  createdAt: at(day),
});

beforeAll(async () => {
  t = await createTestApp({ now: ANALYTICS_NOW });
  firm = await signUpFirm(t);
  const db = t.deps.db;
  const org = firm.user.organizationId;
  larry = await addClient(firm, { businessName: 'Late Larry' });
  sam = await addClient(firm, { businessName: 'Stalled Sam' });
  bea = await addClient(firm, { businessName: 'Busy Bea' });
  // Today is 18 March 2026: the last 90 days are 19 December to 18 March, the 90 before 20 September to 18 December.
  // Larry paid 2 and 4 days late before, 15 and 17 days late lately: 13 days worse.
  for (const [due, paid] of [
    ['2025-10-01', '2025-10-03'],
    ['2025-11-01', '2025-11-05'],
    ['2026-01-01', '2026-01-16'],
    ['2026-02-01', '2026-02-18'],
  ] as const) {
    const row = await firmInvoice(db, org, { customerId: larry.id, issue: due, due, cents: 29_900, status: 'paid', paidCents: 29_900, paidAt: at(paid) });
    await invoicePayment(db, org, row.id, 29_900, at(paid));
  }
  // Open 300.00 due 25 March against a credit limit of 100.00.
  await firmInvoice(db, org, { customerId: larry.id, issue: '2026-03-10', due: '2026-03-25', cents: 30_000 });
  await shapeClient(db, larry.id, { customer: { creditLimit: '100.00', onboardingStatus: 'completed' }, workflow: { status: 'completed' } });
  // Larry's workspace: 10 documents in October, 2 in March (80% fewer).
  const larryWs = larry.organizationId as string;
  await db.insert(documents).values([...Array.from({ length: 10 }, (_, n) => doc(larryWs, '2025-10-15', n)), doc(larryWs, '2026-03-02', 10), doc(larryWs, '2026-03-03', 11)]);
  // Sam: onboarding at step 2, untouched since 16 February (30 days).
  await shapeClient(db, sam.id, { customer: { onboardingStatus: 'in_progress' }, workflow: { status: 'in_progress', currentStep: 2, updatedAt: at('2026-02-16') } });
  // Bea: standard, 299.00 monthly since January 2025, 160 documents in February: 53.3 a month over 3 months.
  await shapeClient(db, bea.id, { customer: { onboardingStatus: 'completed', relationshipStartDate: '2025-01-01', billingFrequency: 'monthly' }, workflow: { status: 'completed' } });
  await db.insert(documents).values(Array.from({ length: 160 }, (_, n) => doc(bea.organizationId as string, '2026-02-10', n)));
  // Larry and Bea are active, so billed from today as activation does; Sam, still onboarding, is not (docs/decisions/0010).
  for (const client of [larry, bea]) await db.transaction((tx) => syncPracticeFeeSchedule(tx, { organizationId: org, userId: firm.user.id }, client.id, ANALYTICS_NOW));
});
afterAll(async () => t.close());

const insights = async (query = '?months=3') => {
  const response = await firm.request({ method: 'GET', url: `/api/analytics/predictive-insights${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PredictiveInsights>();
};

describe('GET /api/analytics/predictive-insights', () => {
  it('ranks churn risk with its two largest factors in words', async () => {
    const body = await insights();
    expect(body.clientChurnRisk).toEqual([
      {
        clientId: larry.id,
        clientName: 'Late Larry',
        // 30 × 0.8 = 24, credit limit 20, lateness 13.
        riskScore: 57,
        riskFactors: [
          'Activity down 80%: 2 invoices and documents in 90 days, 10 before (+24)',
          'Open balance 300.00 is over the credit limit of 100.00 (+20)',
        ],
      },
      // 30 days idle: 15 points.
      { clientId: sam.id, clientName: 'Stalled Sam', riskScore: 15, riskFactors: ['Onboarding stalled at step 2 for 30 days (+15)'] },
    ]);
  });

  it('lists growth opportunities by the rules, largest value first', async () => {
    const body = await insights();
    expect(body.growthOpportunities).toEqual([
      // 12 × 299.00 at risk, probability = churn risk.
      { type: 'retention', clientId: larry.id, clientName: 'Late Larry', probability: 57, opportunity: 'Retention call: churn risk 57', potentialValue: '3588.00' },
      // 12 × 299.00 less 10%.
      { type: 'cross-sell', clientId: bea.id, clientName: 'Busy Bea', probability: 30, opportunity: 'Offer annual billing (10% off), paid in advance', potentialValue: '3229.20' },
      // 12 × (499.00 − 299.00); 50 × 53.3 / 50 = 53.
      { type: 'upsell', clientId: bea.id, clientName: 'Busy Bea', probability: 53, opportunity: 'Upgrade to premium: 53 items a month against 50 typical for standard', potentialValue: '2400.00' },
    ]);
    // Over 12 months the same 160 documents are 13.3 a month: no upsell.
    expect((await insights('?months=12')).growthOpportunities.map((entry) => entry.type)).toEqual(['retention', 'cross-sell']);
  });

  it("forecasts the firm's receivables by month and week", async () => {
    const body = await insights();
    expect(body.asOf).toBe('2026-03-18');
    // Larry paid on average (2 + 4 + 15 + 17) / 4 = 9.5 days late, rounded to 10: the 300.00 due 25 March is expected 4 April;
    // every invoice due by today was paid, so the current bucket's share is 1.
    expect(body.cashFlowForecast.map((m) => [m.month, m.from, m.to, m.projectedInflow, m.projectedOutflow, m.netCashFlow, m.confidence])).toEqual([
      ['2026-03', '2026-03-19', '2026-03-31', '0.00', '0.00', '0.00', 38],
      ['2026-04', '2026-04-01', '2026-04-30', '300.00', '0.00', '300.00', 33],
      // Each active client's practice fee schedule (299.00 monthly from today, Net 30): the run of 18 April is expected
      // 18 May plus 10 days late (Larry's own; Bea has no paid invoice, so the firm's 9.5): 2 × 299.00 on 28 May.
      ['2026-05', '2026-05-01', '2026-05-31', '598.00', '0.00', '598.00', 28],
    ]);
    expect(body.weeklyForecast).toHaveLength(13);
    // 2 April to 8 April holds 4 April.
    expect(body.weeklyForecast[2]).toEqual({ weekStart: '2026-04-02', weekEnd: '2026-04-08', projectedInflow: '300.00', projectedOutflow: '0.00', netCashFlow: '300.00' });
    expect(body.weeklyForecast[10]).toMatchObject({ weekStart: '2026-05-28', weekEnd: '2026-06-03', projectedInflow: '598.00' });
    expect(body.basedOnData).toMatchObject({ paidInvoices: 4, organizationDaysLate: 9.5 });
    expect((await insights('?months=24')).cashFlowForecast).toHaveLength(24);
  });
});
