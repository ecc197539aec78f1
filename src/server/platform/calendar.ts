import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { calendarDay, isCalendarDay } from '../../shared/calendar';
import type { DateInput } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { organizations } from '../db/schema';
import { AppError } from './errors';

export { calendarDay } from '../../shared/calendar';

/** The organization's IANA time zone (organizations.time_zone); UTC when it cannot be found. */
export async function organizationTimeZone(db: Database, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.timeZone ?? 'UTC';
}

/** Today in the organization's own time zone. */
export async function organizationToday(db: Database, organizationId: string, now: Date): Promise<string> {
  return calendarDay(now, await organizationTimeZone(db, organizationId));
}

/**
 * The one rule for a date the API receives (`dateInput` in the contracts): a day stays that day;
 * a timestamp becomes the day it is, at that instant, where the organization is.
 */
export function toOrganizationDay(value: DateInput, timeZone: string): string {
  if (isCalendarDay(value)) return value;
  const instant = new Date(value);
  // The contract has refused this already; a caller that skipped it gets the same answer.
  if (Number.isNaN(instant.getTime())) throw new AppError('VALIDATION', 'Invalid date');
  return calendarDay(instant, timeZone);
}

/** The same for an optional field: absent and cleared stay as they are. */
export function toOptionalOrganizationDay<T extends null | undefined>(value: DateInput | T, timeZone: string): string | T {
  return value === null || value === undefined ? value : toOrganizationDay(value, timeZone);
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((local - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** Noon of `day` where the organization is: a stored instant that reads as that day there. */
export function middayOf(day: string, timeZone: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  try {
    return new Date(noonUtc.getTime() - offsetMinutes(noonUtc, timeZone) * 60_000);
  } catch {
    return noonUtc;
  }
}

/**
 * The same day as an SQL date, for queries that compare many rows with their own organization's
 * today (`organizationId` may be a column, as in the payment scheduler across organizations).
 */
export function organizationTodaySql(organizationId: string | AnyPgColumn, now: Date): SQL {
  return sql`(select (${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date from ${organizations} where ${organizations.id} = ${organizationId})`;
}
