import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { organizations } from '../db/schema';

/**
 * "YYYY-MM-DD" of `now` in a time zone: the calendar day that due dates, overdue and scheduled
 * payments are compared with. An unknown zone counts as UTC.
 */
export function calendarDay(now: Date, timeZone = 'UTC'): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Today in the organization's own time zone. */
export async function organizationToday(
  db: Database,
  organizationId: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return calendarDay(now, row?.timeZone ?? 'UTC');
}

/**
 * The same day as an SQL date, for queries that compare many rows with their own organization's
 * today (`organizationId` may be a column, as in the payment scheduler across organizations).
 */
export function organizationTodaySql(organizationId: string | AnyPgColumn, now: Date): SQL {
  return sql`(select (${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date from ${organizations} where ${organizations.id} = ${organizationId})`;
}
