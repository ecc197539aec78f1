import { z } from 'zod';
import { daysOutOfOrder, isDay, optionalDateInput } from './common';

/** The six reports of spec 2.13 and the Bank Reconciliation (issue 30), with the name and the type (the page's report-type filter). */
export const reportTypes = ['revenue_summary', 'client_profitability', 'invoice_aging', 'payment_trends', 'client_onboarding', 'vendor_spending', 'bank_reconciliation'] as const;
export type ReportType = (typeof reportTypes)[number];

export const reportCategories = ['financial', 'operational', 'client', 'vendor'] as const;
export type ReportCategory = (typeof reportCategories)[number];

export const reportCatalogue: Record<ReportType, { name: string; category: ReportCategory; description: string }> = {
  revenue_summary: { name: 'Revenue Summary', category: 'financial', description: 'Invoiced, collected and outstanding, by month and by customer' },
  client_profitability: { name: 'Client Profitability', category: 'client', description: 'Revenue, days to pay and open balance per client, ranked' },
  invoice_aging: { name: 'Invoice Aging', category: 'operational', description: 'Open receivables by days past due, per customer' },
  payment_trends: { name: 'Payment Trends', category: 'financial', description: 'Payments in and out over time and by method' },
  client_onboarding: { name: 'Client Onboarding', category: 'client', description: 'Clients started and completed, and where onboarding stalls' },
  vendor_spending: { name: 'Vendor Spending', category: 'vendor', description: 'Spend per vendor from bills, with the change on the previous period' },
  bank_reconciliation: { name: 'Bank Reconciliation', category: 'financial', description: 'Per bank account: opening, cleared, uncleared and closing, with the uncleared lines' },
};

export const reportPeriods = ['last_7_days', 'last_30_days', 'last_90_days', 'last_year', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const defaultReportPeriod: ReportPeriod = 'last_30_days';

export const reportPeriodLabels: Record<ReportPeriod, string> = {
  last_7_days: 'Last 7 Days',
  last_30_days: 'Last 30 Days',
  last_90_days: 'Last 90 Days',
  last_year: 'Last Year',
  custom: 'Custom Range',
};

/** The last day a report starting on `from` may cover: five calendar years, less a day. */
export function lastReportDay(from: string): string {
  const [year, month, day] = from.split('-').map(Number);
  const end = new Date(Date.UTC((year ?? 0) + 5, (month ?? 1) - 1, day ?? 1) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** Invoice statuses (revenue summary) and bill statuses (vendor spending). */
export const reportFilterStatuses = ['draft', 'sent', 'paid', 'overdue', 'cancelled', 'received', 'scheduled'] as const;

/**
 * More Filters: a customer (revenue, profitability, aging), a vendor (vendor spending) and a status
 * (of the invoices or bills the report reads). The organization has one currency, so every amount
 * is in it and there is no currency filter to choose.
 */
export const reportFiltersSchema = z.object({
  customerId: z.string().uuid('Choose a customer from the list').optional(),
  vendorId: z.string().uuid('Choose a vendor from the list').optional(),
  status: z.enum(reportFilterStatuses, { message: 'Unknown status' }).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** Which filters each report reads; the others are refused rather than silently ignored. */
export const reportFilterKeys: Record<ReportType, readonly (keyof ReportFilters)[]> = {
  revenue_summary: ['customerId', 'status'],
  client_profitability: ['customerId'],
  invoice_aging: ['customerId'],
  payment_trends: [],
  client_onboarding: [],
  vendor_spending: ['vendorId', 'status'],
  bank_reconciliation: [],
};

const periodFields = {
  period: z.enum(reportPeriods, { message: 'Unknown period' }).default(defaultReportPeriod),
  from: optionalDateInput('From'),
  to: optionalDateInput('To'),
};

type PeriodFields = { period: ReportPeriod; from?: string | null; to?: string | null };

/** A custom range needs both days in order and at most five years; the server checks again once both are the organization's days. */
function checkPeriod(value: PeriodFields, ctx: z.RefinementCtx) {
  if (value.period !== 'custom') return;
  if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'From is required for a custom range' });
  if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is required for a custom range' });
  if (!value.from || !value.to) return;
  if (daysOutOfOrder(value.from, value.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
  else if (isDay(value.from) && isDay(value.to) && value.to > lastReportDay(value.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most 5 years' });
  }
}

/** Days from `from` to `to`, both included. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** POST /api/reports/generate (spec 3, Report request: type and period). */
export const generateReportSchema = z
  .object({
    type: z.enum(reportTypes, { message: 'Unknown report type' }),
    ...periodFields,
    filters: reportFiltersSchema.default({}),
  })
  .superRefine((value, ctx) => {
    checkPeriod(value, ctx);
    const allowed = reportFilterKeys[value.type];
    for (const key of Object.keys(value.filters) as (keyof ReportFilters)[]) {
      if (value.filters[key] !== undefined && !allowed.includes(key)) {
        ctx.addIssue({ code: 'custom', path: ['filters', key], message: `${reportCatalogue[value.type].name} cannot be filtered by ${key}` });
      }
    }
  });
export type GenerateReportInput = z.input<typeof generateReportSchema>;
export type GenerateReportRequest = z.output<typeof generateReportSchema>;

/** GET /api/reports/export-all: every report of one period in a ZIP. */
export const exportAllQuery = z.object(periodFields).superRefine(checkPeriod);

export const reportDownloadFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ReportDownloadFormat = (typeof reportDownloadFormats)[number];
export const reportDownloadQuery = z.object({ format: z.enum(reportDownloadFormats, { message: 'Format must be csv, xlsx or pdf' }).default('csv') });

/** How a cell is shown and exported: money is decimal text ("123.45"), a date "YYYY-MM-DD". */
export type ReportValueKind = 'text' | 'money' | 'number' | 'percent' | 'days' | 'date';
export type ReportCell = string | number | null;

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportValueKind;
}

export interface ReportTable {
  key: string;
  title: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
}

export interface ReportFigure {
  label: string;
  kind: ReportValueKind;
  value: ReportCell;
}

/** A report's figures: headline numbers, tables, and which table and columns the chart draws. */
export interface ReportFigures {
  currency: string;
  summary: ReportFigure[];
  tables: ReportTable[];
  chart: { table: string; x: string; series: string[]; kind: 'bar' | 'line' } | null;
  /** The period before, of the same length, where a report compares against it. */
  previous?: { from: string; to: string };
}

export const reportStatuses = ['generating', 'ready', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export interface Report {
  id: string;
  type: ReportType;
  name: string;
  category: ReportCategory;
  period: ReportPeriod;
  from: string;
  to: string;
  filters: ReportFilters;
  status: ReportStatus;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Only in GET /api/reports/{id} and the generate answer, once ready. */
  figures?: ReportFigures | null;
}

/** A report in Recent Reports (GET /api/reports): who generated it, by name; null once that user is gone. */
export interface ReportListItem extends Report {
  generatedBy: string | null;
}
