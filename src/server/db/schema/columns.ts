import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** numeric(14,2): money as the database keeps it; read and written through src/shared/money.ts. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
