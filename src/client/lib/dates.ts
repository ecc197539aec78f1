import { addDays, format, parseISO } from 'date-fns';
import { calendarDay } from '@shared/calendar';

/**
 * "YYYY-MM-DD" of `date`: the value of an `<input type="date">`. With the organization's time
 * zone it is the organization's day (the one the server compares with); without, the browser's.
 */
export function dateInputValue(date: Date = new Date(), timeZone?: string): string {
  return timeZone ? calendarDay(date, timeZone) : format(date, 'yyyy-MM-dd');
}

/** The day `days` after a "YYYY-MM-DD" day (calendar arithmetic, no time zone involved). */
export function addDaysToDay(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** The browser's IANA time zone, sent at registration to become the organization's. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
