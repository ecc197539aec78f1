import type { ReportCell, ReportValueKind } from '../../../shared/contracts/reports';
import { centsFromDecimal } from '../../../shared/money';
import { printedMoneyIn } from '../invoices/invoice-rules';

/** What a downloaded report says about itself: whose, which, and which days. */
export interface ReportHeading {
  organizationName: string;
  title: string;
  from: string;
  to: string;
  currency: string;
  filters: string | null;
}

/** A cell as a person reads it (PDF, page): money in the organization's currency. */
export function formatCell(kind: ReportValueKind, value: ReportCell, currency: string): string {
  if (value === null || value === '') return '-';
  switch (kind) {
    case 'money':
      return printedMoneyIn(currency, centsFromDecimal(value, currency));
    case 'percent':
      return `${value}%`;
    case 'days':
      return `${value} d`;
    default:
      return String(value);
  }
}

/** A cell as a number for a spreadsheet (money, counts, percents, days), or null when it is text. */
export function numericCell(kind: ReportValueKind, value: ReportCell): number | null {
  if (value === null || value === '') return null;
  if (kind === 'money' || kind === 'number' || kind === 'percent' || kind === 'days') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** "Revenue Summary 2026-10-26 to 2026-11-24" as a file name. */
export function reportFileName(title: string, from: string, to: string, extension: string): string {
  const safe = `${title} ${from} to ${to}`.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'report'}.${extension}`;
}
