import { randomBytes } from 'node:crypto';
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

let lastMs = 0;
let sequence = 0;

/**
 * A time-ordered id (UUID version 7, RFC 9562, with a 12-bit counter within a millisecond): ids
 * written one after another by this process compare in that order, so rows that share a
 * created_at (one clock tick) still read back in the order they were written.
 */
export function timeOrderedId(now = Date.now()): string {
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = 0;
    }
  } else {
    sequence = 0;
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Call inside the transaction that makes the change, so both land or neither does. The time is
 * the statement's (clock_timestamp), not the transaction's start, and the id is time-ordered: rows
 * written by one transaction (created, then sent) keep their order when a history reads them back.
 */
export async function writeAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await writeAudits(tx, [entry]);
}

/** writeAudit for many changes in one insert (a batch of recurring runs), in the order given. */
export async function writeAudits(tx: Database, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(auditLog)
    .values(entries.map((entry) => ({ ...entry, id: timeOrderedId(), details: entry.details ?? {}, createdAt: sql`clock_timestamp()` })));
}
