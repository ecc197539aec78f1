import { z } from 'zod';
import { type Cents, parseMoney } from '../money';

/** An id in a path: a UUID. Anything else is a 404 rather than a database error. */
export const idParam = z.object({ id: z.string() });

/** limit (default 50, at most 200) and offset, for every list endpoint. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A money amount as the API and forms send it (12.5, "12.50"), parsed once to integer cents.
 * At most two decimals; never negative unless `allowNegative`.
 */
export function moneyInput(label = 'Amount', options: { allowNegative?: boolean; required?: string } = {}) {
  const required = options.required ?? `${label} is required`;
  return z
    .union([z.number(), z.string().trim().min(1, required)], {
      error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be a number`),
    })
    .transform((value, ctx): Cents => {
    const cents = parseMoney(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number with at most 2 decimals` });
      return z.NEVER;
    }
    if (cents < 0 && !options.allowNegative) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    if (Math.abs(cents) >= 1e12 * 100) {
      ctx.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A calendar date or timestamp as text ("2026-11-21" or ISO); spec 5: dates typed as text convert. */
export const dateInput = z.coerce.date({ message: 'Invalid date' });

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

/** A record's contract: an object schema, possibly piped into a transform. */
export type RecordContract<Shape extends z.ZodRawShape = z.ZodRawShape> = z.ZodObject<Shape> | z.ZodPipe<z.ZodObject<Shape>, z.ZodType>;

export function fieldNames(schema: RecordContract): string[] {
  return Object.keys(schema instanceof z.ZodPipe ? schema.in.shape : schema.shape);
}
export type PartialBody = Record<string, unknown>;
