import { format, parseISO } from 'date-fns';
import type { ReportCell, ReportPeriod, ReportStatus, ReportValueKind } from '@shared/contracts/reports';
import { reportPeriodLabels } from '@shared/contracts/reports';
import type { BadgeVariant } from '@/components/ui/badge';

export const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');

/** A report cell as text; money through the page's money format in the report's currency. */
export function formatReportCell(kind: ReportValueKind, value: ReportCell, money: (amount: string | number) => string, key?: string): string {
  if (value === null || value === '') return '—';
  switch (kind) {
    case 'money':
      return money(value);
    case 'percent':
      return `${value}%`;
    case 'days':
      return `${value} days`;
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return String(value);
      // Month rows carry the month's first day.
      return key === 'month' ? format(parseISO(value), 'MMM yyyy') : day(value);
    default:
      return String(value);
  }
}

export function periodText(report: { period: ReportPeriod; from: string; to: string }): string {
  return `${reportPeriodLabels[report.period]} · ${day(report.from)} – ${day(report.to)}`;
}

export const statusVariant: Record<ReportStatus, BadgeVariant> = { ready: 'success', generating: 'warning', failed: 'destructive' };
