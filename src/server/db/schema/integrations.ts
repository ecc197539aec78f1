import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';

export const syncFrequencyValues = ['real_time', 'hourly', 'daily', 'weekly'] as const;
export const syncDirectionValues = ['bidirectional', 'to_platform', 'from_platform'] as const;
export const integrationStatusValues = ['connected', 'pending_authorization', 'disconnected'] as const;
export const integrationSyncStatusValues = ['queued', 'running', 'succeeded', 'failed'] as const;
export const importEntityValues = ['customers', 'vendors', 'invoices', 'bills'] as const;
/** committing: queued or running as a job (issue 33); failed: the job gave up, nothing was written. */
export const importStatusValues = ['preview', 'committing', 'committed', 'failed'] as const;
export const webhookDeliveryStatusValues = ['pending', 'succeeded', 'failed'] as const;

/**
 * A provider connected by an organization (spec practice 2.8, 3.4; issue 14): one row per
 * organization and provider. `provider` is an id of the catalogue in
 * src/server/features/integrations. Secrets (a webhook's signing secret, OAuth tokens) are kept
 * encrypted with platform/encryption.ts, never in `settings`.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status', { enum: integrationStatusValues }).notNull().default('connected'),
    syncFrequency: text('sync_frequency', { enum: syncFrequencyValues }).notNull().default('daily'),
    syncDirection: text('sync_direction', { enum: syncDirectionValues }).notNull().default('bidirectional'),
    /** Provider settings that are not secret: a webhook's URL and events, an API tenant id. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Encrypted JSON of the provider's secrets (platform/encryption.ts). */
    secretsEncrypted: text('secrets_encrypted'),
    /** Where an incremental sync or event feed resumes (e.g. the last audit row sent as a webhook). */
    cursor: text('cursor'),
    connectedBy: uuid('connected_by'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integrations_org_provider_idx').on(t.organizationId, t.provider),
    index('integrations_next_sync_idx').on(t.status, t.nextSyncAt),
  ],
);

/**
 * One sync of an integration: manual ('Sync') or scheduled by its frequency. A scheduled sync's
 * `slot` (the period it belongs to, e.g. 2026-11-24T13 for hourly) is unique per integration, so
 * two schedulers or a retry after a crash never run the same period twice.
 */
export const integrationSyncs = pgTable(
  'integration_syncs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['manual', 'scheduled'] }).notNull(),
    slot: text('slot'),
    status: text('status', { enum: integrationSyncStatusValues }).notNull().default('queued'),
    customersProcessed: integer('customers_processed').notNull().default(0),
    invoicesProcessed: integer('invoices_processed').notNull().default(0),
    paymentsProcessed: integer('payments_processed').notNull().default(0),
    /** Other records a provider moved (vendors, bills, webhook deliveries), by kind. */
    otherProcessed: jsonb('other_processed').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    requestedBy: uuid('requested_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integration_syncs_slot_idx').on(t.integrationId, t.slot),
    index('integration_syncs_integration_created_idx').on(t.integrationId, t.createdAt),
    index('integration_syncs_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * Which record of ours an outside record is: (source, entity, external id) -> our id, per
 * organization. Imports match on it (importing the same file twice creates nothing twice) and
 * API connectors keep their mapping in it.
 */
export const externalRecords = pgTable(
  'external_records',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** A provider id, or 'import' for CSV and Excel files. */
    source: text('source').notNull(),
    /** customer, vendor, invoice, bill or payment. */
    entity: text('entity').notNull(),
    externalId: text('external_id').notNull(),
    internalId: uuid('internal_id').notNull(),
    /** The provider's version of the record when last synced (e.g. Xero's UpdatedDateUTC). */
    externalVersion: text('external_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('external_records_key_idx').on(t.organizationId, t.source, t.entity, t.externalId),
    index('external_records_internal_idx').on(t.organizationId, t.entity, t.internalId),
  ],
);

/**
 * An uploaded CSV or Excel file of customers, vendors, invoices or bills (issue 14): parsed and
 * checked into a preview with per-row errors; committed all at once, or not at all.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: importEntityValues }).notNull(),
    /** generic, quickbooks_online or xero: whose column template the file follows. */
    template: text('template').notNull().default('generic'),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** Where the uploaded file is kept (platform/storage.ts) until it is committed. */
    storageKey: text('storage_key'),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: importStatusValues }).notNull().default('preview'),
    rowCount: integer('row_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The per-row errors of the preview: [{ row, field, message }]. */
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    /** What the commit did: created, matched (already there) by kind. */
    result: jsonb('result').$type<Record<string, number>>(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /** The commit job's progress (issue 33): rows done of rowCount; shown while status is committing. */
    rowsDone: integer('rows_done').notNull().default(0),
    /** Why the commit job failed (status failed). */
    commitError: text('commit_error'),
  },
  (t) => [index('imports_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One event to deliver to a webhook integration, and its delivery log: attempts, the last HTTP
 * status or error, and when it succeeded. (integration, event) is unique, so an event is queued
 * once however often the feed is read.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: webhookDeliveryStatusValues }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.integrationId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_integration_created_idx').on(t.integrationId, t.createdAt),
  ],
);
