import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDecimal } from '../../../shared/money';
import { bills, customers, payments, recurringInvoiceItems, recurringInvoices, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { ANALYTICS_NOW, firmInvoice, invoicePayment } from './analytics.fixtures';
import { seedPaymentHistory } from './backtest-history';
import { collectedIn, forecastCashFlow, meanAbsolutePercentageError } from './cash-flow-forecast';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: ANALYTICS_NOW });
});
afterAll(async () => t.close());

const scopeOf = (organizationId: string) => ({ organizationId, timeZone: 'America/New_York', customerFilter: sql`true` });
const at = (day: string) => new Date(`${day}T16:00:00Z`);

describe('forecastCashFlow', () => {
  it('weights a balance by its bucket share in exact cents: 0.45 × 7/10 is 0.32 (float arithmetic gave 0.31)', async () => {
    const db = t.deps.db;
    const org = (await signUp(t.app)).user.organizationId;
    const [customer] = await db.insert(customers).values({ organizationId: org, name: 'Seven in Ten', email: 's@example.com' }).returning();
    if (!customer) throw new Error('insert failed');
    // Ten invoices due by 15 January: seven paid on their due day, three never (90+ days past due, a share of 0).
    for (let n = 0; n < 7; n += 1) {
      const due = `2025-12-${String(n + 1).padStart(2, '0')}`;
      await firmInvoice(db, org, { customerId: customer.id, issue: '2025-11-01', due, cents: 1_000, status: 'paid', paidCents: 1_000, paidAt: at(due) });
    }
    for (let n = 0; n < 3; n += 1) await firmInvoice(db, org, { customerId: customer.id, issue: '2025-05-01', due: `2025-06-0${n + 1}`, cents: 1_000 });
    // Open and current: 0.45 due 10 February, the customer pays on time.
    await firmInvoice(db, org, { customerId: customer.id, issue: '2026-01-11', due: '2026-02-10', cents: 45 });

    const forecast = await forecastCashFlow(db, scopeOf(org), '2026-01-15', 3);
    expect(forecast.bucketShares.current).toBe(0.7);
    expect(forecast.months.map((m) => toDecimal(m.inflow))).toEqual(['0.00', '0.32', '0.00']);
  });

  it('shifts open invoices by their customer’s lateness, weights them by aging bucket and adds schedules and bills', async () => {
    const db = t.deps.db;
    const org = (await signUp(t.app)).user.organizationId;
    const [a, b] = await db
      .insert(customers)
      .values([
        { organizationId: org, name: 'Always Ten Late', email: 'a@example.com' },
        { organizationId: org, name: 'Barely Known', email: 'b@example.com' },
      ])
      .returning();
    if (!a || !b) throw new Error('insert failed');
    // A: three invoices paid 10 days late each.
    for (const due of ['2025-10-01', '2025-11-01', '2025-12-01']) {
      const paidDay = `${due.slice(0, 8)}11`;
      const row = await firmInvoice(db, org, { customerId: a.id, issue: '2025-09-01', due, cents: 10_000, status: 'paid', paidCents: 10_000, paidAt: at(paidDay) });
      await invoicePayment(db, org, row.id, 10_000, at(paidDay));
    }
    // B: one invoice paid 20 days late: fewer than 3, so B gets the organization's (10 + 10 + 10 + 20) / 4 = 12.5, rounded to 13.
    const bPaid = await firmInvoice(db, org, { customerId: b.id, issue: '2025-11-10', due: '2025-12-10', cents: 10_000, status: 'paid', paidCents: 10_000, paidAt: at('2025-12-30') });
    await invoicePayment(db, org, bPaid.id, 10_000, at('2025-12-30'));
    // Open on 15 January: A's 1000.00 due 20 January (current) expected 30 January; B's 500.00 due 10 February (current) expected 23 February;
    // B's 400.00 due 15 November, 61 days past due (61-90).
    await firmInvoice(db, org, { customerId: a.id, issue: '2025-12-21', due: '2026-01-20', cents: 100_000 });
    await firmInvoice(db, org, { customerId: b.id, issue: '2026-01-11', due: '2026-02-10', cents: 50_000 });
    await firmInvoice(db, org, { customerId: b.id, issue: '2025-10-16', due: '2025-11-15', cents: 40_000 });
    // Issued after the forecast day: not known then.
    await firmInvoice(db, org, { customerId: a.id, issue: '2026-01-16', due: '2026-02-15', cents: 70_000 });
    // A monthly schedule for A: 300.00, next run 1 February, Net 15: expected 1 Feb + 15 + 10 = 26 Feb, then 26 March; 1 April is past the horizon.
    const [schedule] = await db
      .insert(recurringInvoices)
      .values({ organizationId: org, customerId: a.id, frequency: 'monthly', startDate: '2025-12-01', anchorDay: 1, nextRunDate: '2026-02-01', paymentTerms: 'Net 15' })
      .returning();
    if (!schedule) throw new Error('insert failed');
    await db.insert(recurringInvoiceItems).values({ organizationId: org, recurringInvoiceId: schedule.id, description: 'Bookkeeping', quantity: '1', unitPrice: '300.00', totalPrice: '300.00' });
    // Bills: 250.00 due 5 March; 100.00 due 20 March with a payment scheduled 2 February; a paid bill.
    const [vendor] = await db.insert(vendors).values({ organizationId: org, name: 'Paper', email: 'paper@example.com' }).returning();
    if (!vendor) throw new Error('insert failed');
    const money = (cents: number) => ({ subtotal: toDecimal(cents), totalAmount: toDecimal(cents) });
    const billRows = await db
      .insert(bills)
      .values([
        { organizationId: org, vendorId: vendor.id, billNumber: 'P-1', billDate: '2026-01-05', dueDate: '2026-03-05', ...money(25_000) },
        { organizationId: org, vendorId: vendor.id, billNumber: 'P-2', billDate: '2026-01-05', dueDate: '2026-03-20', status: 'scheduled', ...money(10_000) },
        { organizationId: org, vendorId: vendor.id, billNumber: 'P-3', billDate: '2026-01-05', dueDate: '2026-02-20', status: 'paid', ...money(9_000) },
      ])
      .returning();
    await db.insert(payments).values({ organizationId: org, type: 'bill_payment', referenceId: billRows[1]?.id as string, amount: '100.00', method: 'ach', status: 'pending', scheduledDate: '2026-02-02' });

    const forecast = await forecastCashFlow(db, scopeOf(org), '2026-01-15', 3);
    // Reached each bucket by 15 January: current 5 (4 paid), 1-30 5 (4 paid), 31-60 only B's 400.00 (unpaid), 61-90 the same, 90+ none.
    expect(forecast.bucketShares).toEqual({ current: 0.8, '1-30': 0.8, '31-60': 0, '61-90': 0, '90+': 1 });
    expect(forecast.organizationDaysLate).toBe(12.5);
    expect(forecast.paidInvoices).toBe(4);
    expect(forecast.months.map((m) => [m.from, m.to, toDecimal(m.inflow), toDecimal(m.outflow)])).toEqual([
      // 1000.00 × 0.8 on 30 January.
      ['2026-01-16', '2026-01-31', '800.00', '0.00'],
      // 500.00 × 0.8 on 23 February + 300.00 × 0.8 on 26 February; the bill payment scheduled 2 February.
      ['2026-02-01', '2026-02-28', '640.00', '100.00'],
      // 300.00 × 0.8 on 26 March; the bill due 5 March.
      ['2026-03-01', '2026-03-31', '240.00', '250.00'],
    ]);
    // min(90, 30 + 2 × 4 paid) = 38, less 5 a month.
    expect(forecast.confidence).toEqual([38, 33, 28]);
    expect(forecast.weeks).toHaveLength(13);
    const week = (from: string) => forecast.weeks.find((w) => w.from === from);
    expect(week('2026-01-16')).toMatchObject({ to: '2026-01-22', inflow: 0, outflow: 0 });
    // 30 January and 2 February.
    expect(week('2026-01-30')).toMatchObject({ to: '2026-02-05', inflow: 80_000, outflow: 10_000 });
    // 23 and 26 February.
    expect(week('2026-02-20')).toMatchObject({ inflow: 40_000 + 24_000 });
  });

  it('backtests: as of a past day it forecasts what was then collected within 20% a month', async () => {
    const db = t.deps.db;
    const org = (await signUp(t.app)).user.organizationId;
    await seedPaymentHistory(db, org, { customerCount: 16, firstMonth: '2024-09', months: 19, today: '2026-03-18' });
    const asOf = '2025-11-15';
    const forecast = await forecastCashFlow(db, scopeOf(org), asOf, 3);
    const actual = await collectedIn(db, scopeOf(org), forecast.months, asOf);
    expect(forecast.months.map((m) => m.from)).toEqual(['2025-11-16', '2025-12-01', '2026-01-01']);
    const mape = meanAbsolutePercentageError(
      forecast.months.map((m) => m.inflow),
      actual,
    );
    console.log(`forecast backtest as of ${asOf}: forecast ${forecast.months.map((m) => toDecimal(m.inflow)).join(', ')}; collected ${actual.map((cents) => toDecimal(cents)).join(', ')}; MAPE ${mape}%`);
    expect(mape).not.toBeNull();
    expect(mape as number).toBeLessThan(20);
  });

  it('computes the mean absolute percentage error over the months with collections', () => {
    expect(meanAbsolutePercentageError([110, 80, 5], [100, 100, 0])).toBe(15);
    expect(meanAbsolutePercentageError([1], [0])).toBeNull();
  });
});
