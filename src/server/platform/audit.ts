import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  organizationId: string;
  userId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details?: Record<string, unknown>;
}

/**
 * Call inside the transaction that makes the change, so both land or neither does. The time is
 * the statement's (clock_timestamp), not the transaction's start: rows written by one transaction
 * (created, then sent) keep the order they happened in when a history reads them back.
 */
export async function writeAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {}, createdAt: sql`clock_timestamp()` });
}
