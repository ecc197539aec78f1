import type { CashFlowDay, DashboardStats } from '../../../shared/contracts/dashboard';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { notFound } from '../../platform/errors';
import { selectCashInBank } from '../bank-reconciliation/reconciliation.queries';
import { selectCalendarBounds, selectCashFlow, selectDashboardStats } from './dashboard.queries';

const decimal = (value: string) => toDecimal(centsFromDecimal(value));

/** Percent change with one decimal; null when there is nothing to compare with. */
export function percentChange(currentCents: number, previousCents: number): number | null {
  if (previousCents === 0) return null;
  return Math.round(((currentCents - previousCents) * 1000) / previousCents) / 10;
}

export async function getDashboardStats(db: Database, organizationId: string, now: Date): Promise<DashboardStats> {
  const [row, cash] = await Promise.all([selectDashboardStats(db, organizationId, now), selectCashInBank(db, organizationId)]);
  if (!row) throw notFound('Organization');
  return {
    totalRevenue: decimal(row.total_revenue),
    lastMonthRevenue: decimal(row.last_month_revenue),
    lastMonthFrom: row.last_month_from,
    lastMonthTo: row.last_month_to,
    revenueChangePercent: percentChange(centsFromDecimal(row.total_revenue), centsFromDecimal(row.last_month_revenue)),
    outstandingInvoices: decimal(row.outstanding_invoices),
    invoicesPending: Number(row.invoices_pending),
    billsToPay: decimal(row.bills_to_pay),
    billsDueThisWeek: Number(row.bills_due_this_week),
    processedPayments: Number(row.processed_payments),
    processedAmount: decimal(row.processed_amount),
    activeWorkflows: Number(row.active_workflows),
    cashInBank: cash.cash === null ? null : toDecimal(cash.cash),
    cashAccounts: cash.accounts,
    cashReconciledAccounts: cash.reconciledAccounts,
    activeRecurringSchedules: Number(row.active_recurring_schedules),
    recurringInvoicesThisMonth: Number(row.recurring_invoices_this_month),
    remindersSentThisMonth: Number(row.reminders_sent_this_month),
  };
}

export async function getCashFlow(db: Database, organizationId: string, now: Date, days: number): Promise<CashFlowDay[]> {
  const bounds = await selectCalendarBounds(db, organizationId, now);
  if (!bounds) throw notFound('Organization');
  const rows = await selectCashFlow(db, organizationId, bounds, days);
  return rows.map((row) => ({ date: row.day, income: decimal(row.income), expense: decimal(row.expense) }));
}
