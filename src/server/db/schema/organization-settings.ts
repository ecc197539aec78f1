import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * How an organization numbers and prices its invoices: an invoice created without a number gets
 * prefix + nextNumber, and nextNumber moves on. An organization without a row uses the defaults.
 */
export const invoiceSettings = pgTable('invoice_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('INV'),
  nextNumber: integer('next_number').notNull().default(1000),
  /** net_15, net_30, net_45, net_60 or due_on_receipt (spec practice 3.1). */
  paymentTerms: text('payment_terms').notNull().default('net_30'),
  currency: text('currency').notNull().default('USD'),
  updatedAt: updatedAt(),
});

/** Payment reminders and recurring invoices of one organization (spec practice 3.1). */
export const automationSettings = pgTable('automation_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  sendReminders: boolean('send_reminders').notNull().default(true),
  /** Days after the due date on which a reminder goes out. */
  reminderDays: integer('reminder_days').array().notNull().default([7, 14, 30]),
  autoRecurring: boolean('auto_recurring').notNull().default(false),
  /** weekly, monthly, quarterly or annually; null while recurring invoices are off. */
  recurringFrequency: text('recurring_frequency'),
  updatedAt: updatedAt(),
});
