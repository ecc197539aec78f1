import { endOfMonth, format, max, min, parseISO } from 'date-fns';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportCell, ReportColumn, ReportTable } from '../../../shared/contracts/reports';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';

/** Rows of a raw statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}

/** What every report query receives: the organization, its time zone and the period (its days, both included). */
export interface ReportScope {
  organizationId: string;
  timeZone: string;
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** The user's role and id, for a firm's clients an accountant may only see when granted. */
  userId: string | null;
  role: string;
}

/** The first instant of `day` where the organization is. */
export const dayStart = (day: string, timeZone: string): SQL => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
/** The first instant of the day after `day`: periods are [start of from, start of the day after to). */
export const dayEnd = (day: string, timeZone: string): SQL => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** A decimal the database summed ("1234.5", null) as the API's money text ("1234.50"). */
export function money(value: string | number | null | undefined): string {
  return toDecimal(centsFromDecimal(value ?? 0));
}

/** A count or average the database gave as text or number; null stays null. */
export function numberOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Percent change rounded to one decimal, in SQL; null when the previous amount is zero. */
export const percentChangeSql = (current: SQL, previous: SQL): SQL =>
  sql`round((${current} - ${previous}) * 100.0 / nullif(${previous}, 0), 1)`;

export function table(key: string, title: string, columns: ReportColumn[], rows: Record<string, ReportCell>[]): ReportTable {
  return { key, title, columns, rows };
}

/** Adds `days` to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A month or week row's label, said as the days it covers within the period: a whole month is
 * "Nov 2026", a month the period cuts is "Oct 26–31, 2026" (never "2026-10-01", which reads as one
 * day or as the whole month); a week is its days, "Nov 2–8, 2026", cut to the period too.
 */
export function bucketLabel(bucketStart: string, unit: 'month' | 'week', from: string, to: string): string {
  const start = parseISO(bucketStart);
  const end = unit === 'month' ? endOfMonth(start) : parseISO(addDays(bucketStart, 6));
  const first = max([start, parseISO(from)]);
  const last = min([end, parseISO(to)]);
  if (unit === 'month' && first.getTime() === start.getTime() && format(last, 'yyyy-MM-dd') === format(end, 'yyyy-MM-dd')) return format(start, 'MMM yyyy');
  if (format(first, 'yyyy-MM-dd') === format(last, 'yyyy-MM-dd')) return format(first, 'MMM d, yyyy');
  if (format(first, 'yyyy') !== format(last, 'yyyy')) return `${format(first, 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
  if (format(first, 'MM') !== format(last, 'MM')) return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
  return `${format(first, 'MMM d')}–${format(last, 'd, yyyy')}`;
}
