import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Money as the database keeps it: plain numeric, so a 0-, 2- or 3-decimal currency (JPY, USD, KWD)
 * keeps its own scale. Every value is written through toDecimal(minor, currency) and read through
 * centsFromDecimal(text, currency) (src/shared/money.ts), so its scale is the currency's exponent
 * and SQL sums keep it. SQL that computes an amount rounds in TypeScript or to the currency's scale.
 * Zero defaults are '0.00' (exact in any currency; USD rows read back as before).
 */
export const money = (name: string) => numeric(name);

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
