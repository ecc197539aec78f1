import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { documentTypes, ocrStatuses, type StoredExtractedData } from '../../../shared/contracts/documents';
import type { VendorHints } from '../../features/documents/extraction';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';

export const relatedEntityTypes = ['bill', 'invoice'] as const;

/**
 * An uploaded bill, invoice, receipt or W-9 (spec 3, Document). The bytes live in the file store
 * under `storageKey`; `fileName` is the client's name, kept only for display and downloads.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    documentType: text('document_type', { enum: documentTypes }).notNull(),
    ocrStatus: text('ocr_status', { enum: ocrStatuses }).notNull().default('pending'),
    extractedData: jsonb('extracted_data').$type<StoredExtractedData>(),
    relatedEntityType: text('related_entity_type', { enum: relatedEntityTypes }),
    relatedEntityId: uuid('related_entity_id'),
    processingError: text('processing_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_org_created_idx').on(t.organizationId, t.createdAt),
    index('documents_org_type_created_idx').on(t.organizationId, t.documentType, t.createdAt),
  ],
);

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The background job queue (platform/jobs.ts). Claimed with FOR UPDATE SKIP LOCKED so two server
 * processes never take the same job; a 'running' job whose lock is stale is taken again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.kind, t.status, t.runAt),
    index('jobs_running_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** What the extractor learned from corrections to one vendor's documents (VendorHints as JSON). */
export const vendorHints = pgTable(
  'vendor_hints',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    hints: jsonb('hints').$type<VendorHints>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vendor_hints_org_vendor_key').on(t.organizationId, t.vendorId)],
);
