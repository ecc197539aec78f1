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

/** Call inside the transaction that makes the change, so both land or neither does. */
export async function writeAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

/** writeAudit for many changes made in one statement's worth of work (a batch of recurring runs). */
export async function writeAudits(tx: Database, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(entries.map((entry) => ({ ...entry, details: entry.details ?? {} })));
}
