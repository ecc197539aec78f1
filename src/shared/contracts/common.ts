import { z } from 'zod';
import { isCalendarDay, isTimeZone } from '../calendar';
import { type Cents, currencyExponent, decimalsMessage, parseMoney } from '../money';

/** An id in a path: a UUID. Anything else is a 404 rather than a database error. */
export const idParam = z.object({ id: z.string() });

/** limit (default 50, at most 200) and offset, for every list endpoint. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A list filtered by a customer counts its matches only this far past the page's first row (issue
 * 33): counting every match of a large filtered set grows with the records, the page does not.
 * When there are more, X-Total-Count is that bound and TOTAL_CAPPED_HEADER says "true": the pager
 * shows "of 1000+" and pages on. Other lists count exactly (summary tables, or a search's bitmap).
 */
export const LIST_COUNT_CAP = 1000;
export const TOTAL_CAPPED_HEADER = 'X-Total-Count-Capped';

/**
 * A money amount as the API and forms send it (12.5, "12.50"), parsed once to integer minor units
 * of `currency` (default USD: cents). At most the currency's decimals ("JPY amounts have no
 * decimals"); never negative unless `allowNegative`. Endpoints whose amounts are in the
 * organization's currency take the body loosely (`currencyBody`) and parse it in the service with
 * the contract built for that currency, since only the server knows the organization.
 */
export function moneyInput(label = 'Amount', options: { allowNegative?: boolean; required?: string; currency?: string } = {}) {
  const required = options.required ?? `${label} is required`;
  return z
    .union([z.number(), z.string().trim().min(1, required)], {
      error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be a number`),
    })
    .transform((value, ctx): Cents => {
    const cents = parseMoney(value, { currency: options.currency });
    if (cents === null) {
      const tooPrecise = options.currency !== undefined && parseMoney(value, { round: true }) !== null;
      const message = tooPrecise ? decimalsMessage(options.currency) : options.currency === undefined ? `${label} must be a number with at most 2 decimals` : `${label} must be a number`;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (cents < 0 && !options.allowNegative) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    if (Math.abs(cents) >= 1e12 * 10 ** currencyExponent(options.currency)) {
      ctx.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    return cents;
  });
}

/**
 * A date as the API takes it: a day, or an instant that stands for the day it is where the
 * organization is. The server turns either into that day with `toOrganizationDay`
 * (src/server/platform/calendar.ts); only the server knows the organization's time zone.
 */
export type DateInput = string;

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

/** A `DateInput` that is already a day ("2026-11-21"), as forms send it. */
export function isDay(value: DateInput): boolean {
  return isCalendarDay(value);
}

/**
 * Every date field of the API: "2026-11-21", or a full ISO 8601 timestamp with its offset
 * ("2026-11-21T00:30:00Z", "2026-11-21T09:30:00+09:00"). A day is kept as it is; a timestamp is
 * kept as the instant (normalised to UTC) for the server to place in the organization's day.
 * Impossible days (2026-02-30) and text ("yesterday") are refused with "Invalid date".
 */
export function dateInput(label: string) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((value, ctx): DateInput => {
      if (isCalendarDay(value)) return value;
      const match = TIMESTAMP.exec(value);
      const instant = match ? new Date(value) : null;
      if (!match || !instant || !isCalendarDay(match[1] ?? '') || Number.isNaN(instant.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Invalid date' });
        return z.NEVER;
      }
      return instant.toISOString();
    });
}

/** An optional date field: absent stays undefined (an update keeps the stored day), '' or null clear it. */
export function optionalDateInput(label: string) {
  return z
    .union([z.literal(''), z.null(), dateInput(label)])
    .optional()
    .transform((value): DateInput | null | undefined => (value === undefined ? undefined : value || null));
}

/** True when both are days and `later` comes before `earlier`; a timestamp is compared by the server once it is a day. */
export function daysOutOfOrder(earlier: DateInput, later: DateInput): boolean {
  return isDay(earlier) && isDay(later) && later < earlier;
}

/**
 * The browser's IANA time zone, sent at registration to become the organization's calendar. A
 * zone this server does not know is left out (the organization keeps the default) rather than
 * refusing the account.
 */
export const timeZoneInput = z
  .string()
  .trim()
  .max(100)
  .transform((value) => (isTimeZone(value) ? value : undefined))
  .optional();

export const roles = ['owner', 'admin', 'accountant', 'approver', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** A quantity: positive, at most 4 decimals, kept as exact decimal text ("1.5"). */
export const quantityInput = z
  .union([z.number(), z.string().trim().min(1, 'Quantity is required')], {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'Quantity is required' : 'Quantity must be a number'),
  })
  .transform((value, ctx): string => {
    const text = typeof value === 'number' ? String(value) : value;
    if (!/^\d+(\.\d{1,4})?$/.test(text) || Number(text) <= 0 || Number(text) >= 1e8) {
      ctx.addIssue({ code: 'custom', message: 'Quantity must be a positive number with at most 4 decimals' });
      return z.NEVER;
    }
    return text;
  });

/**
 * The body of a PUT: any subset of a record's fields. Every update in the API is partial: a field
 * left out keeps its stored value. The server lays the body over the stored record and checks the
 * merged whole with the record's full contract, inside the update's transaction.
 */
export function partialBody<Shape extends z.ZodRawShape>(schema: RecordContract<Shape>) {
  const shape = Object.fromEntries(fieldNames(schema).map((key) => [key, z.unknown().optional()]));
  return z
    .object(shape as { [K in keyof Shape]: z.ZodOptional<z.ZodUnknown> })
    .describe('A partial update: fields left out keep their stored value; the merged record is checked as a whole.');
}

/**
 * The body of a POST whose amounts are in the organization's currency: every field of the record,
 * unchecked here; the service parses it with the contract built for that currency (amounts with up
 * to 3 decimals for KWD, none for JPY), so the messages and the 400 are the contract's own.
 */
export function currencyBody<Shape extends z.ZodRawShape>(schema: RecordContract<Shape>) {
  const shape = Object.fromEntries(fieldNames(schema).map((key) => [key, z.unknown().optional()]));
  return z
    .object(shape as { [K in keyof Shape]: z.ZodOptional<z.ZodUnknown> })
    .describe("Checked by the server with the organization's currency: amounts have that currency's decimals (JPY none, USD 2, KWD 3).");
}

/** A record's contract: an object schema, possibly piped into a transform. */
export type RecordContract<Shape extends z.ZodRawShape = z.ZodRawShape> = z.ZodObject<Shape> | z.ZodPipe<z.ZodObject<Shape>, z.ZodType>;

export function fieldNames(schema: RecordContract): string[] {
  return Object.keys(schema instanceof z.ZodPipe ? schema.in.shape : schema.shape);
}
export type PartialBody = Record<string, unknown>;
