import { type ReportPeriod, lastReportDay, rangeDays } from '../../../shared/contracts/reports';
import { calendarDay, toOrganizationDay } from '../../platform/calendar';
import { AppError } from '../../platform/errors';
import { addDays } from './report-sql';

const ROLLING_DAYS: Record<Exclude<ReportPeriod, 'custom'>, number> = {
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
  last_year: 365,
};

/**
 * The first day a custom range may start: the previous period (up to 5 years before it) and the
 * day arithmetic stay in years the database and Date.UTC take as written (a year below 100 is not).
 */
const FIRST_REPORT_DAY = '1900-01-01';

export interface ReportWindow {
  from: string;
  to: string;
  previous: { from: string; to: string };
}

/**
 * The organization's days a period covers, today included: Last 7 Days is today and the six days
 * before it; Last Year the last 365 days. A custom range's dates become the organization's days
 * (docs/decisions/0006) and are checked again here, since a timestamp is only a day once placed
 * in the time zone. The previous period has the same length and ends the day before `from`.
 */
export function resolveReportWindow(
  input: { period: ReportPeriod; from?: string | null; to?: string | null },
  timeZone: string,
  now: Date,
): ReportWindow {
  let from: string;
  let to: string;
  if (input.period === 'custom') {
    if (!input.from || !input.to) {
      throw new AppError('VALIDATION', 'A custom range needs From and To', {
        ...(input.from ? {} : { from: 'From is required for a custom range' }),
        ...(input.to ? {} : { to: 'To is required for a custom range' }),
      });
    }
    from = toOrganizationDay(input.from, timeZone);
    to = toOrganizationDay(input.to, timeZone);
    if (from < FIRST_REPORT_DAY) throw new AppError('VALIDATION', 'From must be in 1900 or later', { from: 'From must be in 1900 or later' });
    if (to < from) throw new AppError('VALIDATION', 'To must be on or after From', { to: 'To must be on or after From' });
    if (to > lastReportDay(from)) throw new AppError('VALIDATION', 'A report covers at most 5 years', { to: 'A report covers at most 5 years' });
  } else {
    to = calendarDay(now, timeZone);
    from = addDays(to, 1 - ROLLING_DAYS[input.period]);
  }
  const length = rangeDays(from, to);
  return { from, to, previous: { from: addDays(from, -length), to: addDays(from, -1) } };
}
