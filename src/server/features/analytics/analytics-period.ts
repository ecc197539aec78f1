import { format, parseISO, subMonths } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { calendarDay } from '../../platform/calendar';
import type { FirmActor } from '../practice/create-client';
import { visibleClients } from '../practice/practice.queries';

/**
 * The analytics period, on the firm's calendar: the `months` calendar months ending with this
 * month, this month counted up to today; the previous period is the `months` months before it,
 * up to the same day of the month (so both have the same length in months).
 */
export interface AnalyticsPeriod {
  months: number;
  today: string;
  monthStart: string;
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** The first day of each month of the period, oldest first. */
  monthStarts: string[];
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

export function analyticsPeriod(now: Date, timeZone: string, months: number): AnalyticsPeriod {
  const today = calendarDay(now, timeZone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const from = day(subMonths(parseISO(monthStart), months - 1));
  const monthStarts = Array.from({ length: months }, (_, index) => day(subMonths(parseISO(monthStart), months - 1 - index)));
  return {
    months,
    today,
    monthStart,
    from,
    to: today,
    previous: { from: day(subMonths(parseISO(from), months)), to: day(subMonths(parseISO(today), months)) },
    monthStarts,
  };
}

/** The ids of the firm's clients this member may see, as a subquery (owners and admins: all; others: granted). */
export const visibleClientIds = (actor: FirmActor): SQL => sql`(select "customers"."id" from "customers" where ${visibleClients(actor)})`;

/** A rate in percent with one decimal; null when the base is zero. */
export function percent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}
