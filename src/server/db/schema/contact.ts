import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Demo and sales requests from the public /demo and /contact pages; no tenant owns them. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    topic: text('topic', { enum: ['demo', 'sales'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    firm: text('firm').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);
