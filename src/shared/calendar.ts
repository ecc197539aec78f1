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

/** The n-th (1-based) given weekday (0 Sunday .. 6 Saturday) of a month, or the last one when n is -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return isoDay(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(year, month, 0));
  const back = (lastDate.getUTCDay() - weekday + 7) % 7;
  return isoDay(year, month, lastDate.getUTCDate() - back);
}

function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The days the Federal Reserve's ACH operator does not settle in `year` (federalreserve.gov,
 * "K.8 Holidays Observed by the Federal Reserve System"): eleven holidays; one that falls on a
 * Sunday is observed the Monday after, one that falls on a Saturday is not moved (the Fed is open
 * that Friday).
 */
export function federalReserveHolidays(year: number): Set<string> {
  const fixed = [
    [1, 1], // New Year's Day
    [6, 19], // Juneteenth National Independence Day
    [7, 4], // Independence Day
    [11, 11], // Veterans Day
    [12, 25], // Christmas Day
  ].map(([month, day]) => {
    const date = new Date(Date.UTC(year, (month ?? 1) - 1, day));
    return date.getUTCDay() === 0 ? isoDay(year, month ?? 1, (day ?? 1) + 1) : date.toISOString().slice(0, 10);
  });
  return new Set([
    ...fixed,
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
  ]);
}

const holidayYears = new Map<number, Set<string>>();

/** Monday to Friday and not a Federal Reserve holiday: a day ACH entries settle. */
export function isBankingDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  const weekday = at.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = at.getUTCFullYear();
  let holidays = holidayYears.get(year);
  if (!holidays) {
    holidays = federalReserveHolidays(year);
    holidayYears.set(year, holidays);
  }
  return !holidays.has(day);
}

/**
 * The day `days` banking days after `day` (both "YYYY-MM-DD"): Monday to Friday count, weekends
 * and Federal Reserve holidays do not. Zero days is the day itself.
 */
export function addBankingDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  let left = Math.max(0, Math.trunc(days));
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (isBankingDay(at.toISOString().slice(0, 10))) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}
