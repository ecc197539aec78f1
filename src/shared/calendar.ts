/** "YYYY-MM-DD" and nothing else: a calendar day as the API stores and returns it. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written "YYYY-MM-DD" (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * "YYYY-MM-DD" of the instant `now` in a time zone: the calendar day that due dates, overdue and
 * scheduled payments are compared with. An unknown zone counts as UTC.
 */
export function calendarDay(now: Date, timeZone = 'UTC'): string {
  try {
    let format = dayFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      dayFormats.set(timeZone, format);
    }
    return format.format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (it ran on every request). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** True when `timeZone` is an IANA zone this runtime knows ("America/New_York", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The day `days` banking days after `day` (both "YYYY-MM-DD"): Monday to Friday count, weekends
 * do not (no holiday list is kept yet). Zero days is the day itself.
 */
export function addBankingDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  let left = Math.max(0, Math.trunc(days));
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}
