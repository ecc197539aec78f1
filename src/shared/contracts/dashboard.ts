import { z } from 'zod';

/** GET /api/dashboard/stats: SQL aggregates for the signed-in organization; amounts are decimal text. */
export interface DashboardStats {
  /** glossary.totalRevenue: completed invoice payments this calendar month, up to today. */
  totalRevenue: string;
  /** The same over the same days of last month (its first day to today's day of the month, or its last when shorter). */
  lastMonthRevenue: string;
  /** The days lastMonthRevenue covers (YYYY-MM-DD, both included). */
  lastMonthFrom: string;
  lastMonthTo: string;
  /** Change against the same days of last month in percent, one decimal; null when they had no revenue. */
  revenueChangePercent: number | null;
  /** Open balance of sent and overdue invoices. */
  outstandingInvoices: string;
  invoicesPending: number;
  /** glossary.billsToPay: bills not yet paid, a rejected bill left out. */
  billsToPay: string;
  billsDueThisWeek: number;
  /** Completed payments (in and out) this calendar month: how many (the transactions), and their total. */
  processedPayments: number;
  processedAmount: string;
  activeWorkflows: number;
  /** glossary.cashInBank: reconciled bank balances where there are some, else live-feed balances; null without either. */
  cashInBank: string | null;
  /** The active accounts counted in cashInBank, and how many of them by their reconciled balance. */
  cashAccounts: number;
  cashReconciledAccounts: number;
  /** Recurring invoice schedules with status active. */
  activeRecurringSchedules: number;
  /** Invoices made by a recurring schedule this month (the organization's month). */
  recurringInvoicesThisMonth: number;
  /** Payment reminders mailed this month (the organization's month). */
  remindersSentThisMonth: number;
}

export const cashFlowDays = [7, 30, 90] as const;

export const cashFlowQuery = z.object({
  days: z.coerce
    .number()
    .refine((value): value is (typeof cashFlowDays)[number] => (cashFlowDays as readonly number[]).includes(value), {
      message: 'Days must be 7, 30 or 90',
    })
    .default(7),
});

/** One day of money in (completed invoice payments) and out (completed bill payments). */
export interface CashFlowDay {
  date: string;
  income: string;
  expense: string;
}
