import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { toDecimal } from '../src/shared/money';
import type { Database } from '../src/server/db/client';
import { organizations } from '../src/server/db/schema';
import { seedPaymentHistory } from '../src/server/features/analytics/backtest-history';
import { collectedIn, forecastCashFlow, meanAbsolutePercentageError } from '../src/server/features/analytics/cash-flow-forecast';

/**
 * The cash-flow forecast's backtest (issue 14): 60 customers with 19 months of invoices and their
 * own payment habits, the forecast run as of 15 November 2025 for 3 months, set against what was
 * collected of the invoices open then. Prints the forecast, the collections and the mean
 * absolute percentage error per month; asserts nothing (the test asserts under 20%).
 */
export async function benchForecastBacktest(db: Database): Promise<void> {
  const started = performance.now();
  const [organization] = await db.insert(organizations).values({ name: 'Backtest Books' }).returning();
  if (!organization) throw new Error('no organization');
  await seedPaymentHistory(db, organization.id, { customerCount: 60, firstMonth: '2024-09', months: 19, today: '2026-03-18', seed: 2026 });
  const scope = { organizationId: organization.id, timeZone: 'America/New_York', customerFilter: sql`true` };
  const asOf = '2025-11-15';
  const forecast = await forecastCashFlow(db, scope, asOf, 3);
  const actual = await collectedIn(db, scope, forecast.months, asOf);
  console.log(`\nforecast backtest as of ${asOf} (60 customers, ${forecast.paidInvoices} paid invoices before it)`);
  forecast.months.forEach((month, index) => {
    console.log(`  ${month.from}..${month.to}  forecast ${toDecimal(month.inflow).padStart(12)}  collected ${toDecimal(actual[index] ?? 0).padStart(12)}`);
  });
  const mape = meanAbsolutePercentageError(forecast.months.map((month) => month.inflow), actual);
  console.log(`  mean absolute percentage error: ${mape === null ? 'n/a' : `${mape}%`} (${Math.round(performance.now() - started)} ms)`);
}
