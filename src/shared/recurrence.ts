/**
 * When a recurring invoice schedule runs (issue 12): pure day arithmetic on "YYYY-MM-DD" days, which
 * are already the organization's days (the server turns "now" into one with organizationToday).
 * A monthly schedule keeps its anchor day: one on the 31st runs on the last day of shorter months
 * (Feb 28, or Feb 29 in a leap year) and goes back to the 31st when the month has one.
 */
export const recurrenceFrequencies = ['weekly', 'monthly', 'quarterly', 'annually'] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];

export const recurrenceEndTypes = ['never', 'after_count', 'on_date'] as const;
export type RecurrenceEndType = (typeof recurrenceEndTypes)[number];

const monthsPerRun: Record<Exclude<RecurrenceFrequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, annually: 12 };

function parts(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) throw new Error(`not a day: ${day}`);
  return { year, month, date };
}

function format(year: number, month: number, date: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Days in a month (1-12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day of the month a schedule keeps: the start date's. */
export function anchorDayOf(startDate: string): number {
  return parts(startDate).date;
}

/** `day` plus whole days. */
export function addDays(day: string, days: number): string {
  const { year, month, date } = parts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The anchor day in the month `months` after the month of `day`, or that month's last day when it is shorter. */
export function addMonthsAnchored(day: string, months: number, anchorDay: number): string {
  const { year, month } = parts(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(anchorDay, daysInMonth(targetYear, targetMonth)));
}

/** The run day after `runDay`: a week later, or the anchor day one, three or twelve months later. */
export function nextRunDay(frequency: RecurrenceFrequency, runDay: string, anchorDay: number): string {
  if (frequency === 'weekly') return addDays(runDay, 7);
  return addMonthsAnchored(runDay, monthsPerRun[frequency], anchorDay);
}

export interface RecurrenceEnd {
  endType: RecurrenceEndType;
  endAfterCount?: number | null;
  endDate?: string | null;
}

/**
 * Whether a schedule that has made `generatedCount` invoices still runs on `runDay`: "after N"
 * stops once N are made; "on a date" runs on that date and not after it.
 */
export function runsOn(end: RecurrenceEnd, runDay: string, generatedCount: number): boolean {
  if (end.endType === 'after_count') return generatedCount < (end.endAfterCount ?? 0);
  if (end.endType === 'on_date') return end.endDate ? runDay <= end.endDate : true;
  return true;
}

export interface ScheduleTiming extends RecurrenceEnd {
  frequency: RecurrenceFrequency;
  anchorDay: number;
}

/**
 * After a run on `runDay` that brought the count to `generatedCount`: the next run day, or null and
 * completed when the end condition says there is none.
 */
export function advanceSchedule(timing: ScheduleTiming, runDay: string, generatedCount: number): { nextRunDate: string | null; completed: boolean } {
  const next = nextRunDay(timing.frequency, runDay, timing.anchorDay);
  return runsOn(timing, next, generatedCount) ? { nextRunDate: next, completed: false } : { nextRunDate: null, completed: true };
}

/**
 * The first run day on or after `from` for a schedule starting on `startDate` (a schedule created
 * or resumed with its start in the past picks up from `from` rather than from the start).
 */
export function firstRunOnOrAfter(timing: ScheduleTiming, startDate: string, from: string): string {
  let day = startDate;
  // Bounded: at most one step per week between the two days.
  while (day < from) day = nextRunDay(timing.frequency, day, timing.anchorDay);
  return day;
}

/** The run days of a schedule from its start, up to `limit` of them (for previews and tests). */
export function runDays(timing: ScheduleTiming, startDate: string, limit: number): string[] {
  const days: string[] = [];
  let day: string | null = startDate;
  while (day !== null && days.length < limit && runsOn(timing, day, days.length)) {
    days.push(day);
    day = nextRunDay(timing.frequency, day, timing.anchorDay);
  }
  return days;
}

/** Days of "Net 30"-style payment terms; "Due on receipt" and anything unknown is 0. */
export function termDays(paymentTerms: string): number {
  const match = /(\d{1,3})/.exec(paymentTerms);
  return match ? Number(match[1]) : 0;
}
