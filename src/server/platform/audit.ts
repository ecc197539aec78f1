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
