import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { guessTinType, tinDigits } from '../../../shared/tin';
import type { Database } from '../../db/client';
import { vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { storeTin } from './tin-store';

const BATCH = 200;

/**
 * A start step (issue 32): every plain vendors.tax_id left from before the TIN was kept encrypted
 * moves into the tin_* columns and the plain column is cleared. A value that is no nine-digit TIN
 * (a foreign tax number, a typo) is dropped from the plain column too and named in an audit row by
 * its last four characters, so no whole TIN stays readable. A vendor that already has an encrypted
 * TIN keeps it. Batches of 200, each in its own transaction, each row updated only while its
 * tax_id is still the value read: a restart part way through, or two processes at once, carry on
 * where it stopped. Returns how many vendors moved and how many values were dropped.
 */
export async function encryptLegacyTins(db: Database, encryptionKey: Buffer): Promise<{ moved: number; dropped: number }> {
  let moved = 0;
  let dropped = 0;
  for (;;) {
    const rows = await db
      .select({ id: vendors.id, organizationId: vendors.organizationId, taxId: vendors.taxId, tinEncrypted: vendors.tinEncrypted })
      .from(vendors)
      .where(isNotNull(vendors.taxId))
      .orderBy(vendors.id)
      .limit(BATCH);
    if (rows.length === 0) return { moved, dropped };
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const legacy = row.taxId ?? '';
        const type = guessTinType(legacy) ?? (tinDigits(legacy) ? 'ein' : null);
        const keep = type !== null && !row.tinEncrypted;
        const [updated] = await tx
          .update(vendors)
          .set({ ...(keep && type ? storeTin(encryptionKey, type, legacy) : {}), taxId: null })
          .where(and(eq(vendors.id, row.id), eq(vendors.taxId, legacy)))
          .returning({ id: vendors.id });
        if (!updated) continue;
        if (keep) {
          moved += 1;
        } else if (!type) {
          dropped += 1;
          await writeAudit(tx, {
            organizationId: row.organizationId,
            userId: null,
            action: 'vendor.legacy_tax_id_dropped',
            entityType: 'vendor',
            entityId: row.id,
            details: { reason: 'Not a nine-digit EIN or SSN', last4: legacy.replace(/\s/g, '').slice(-4) },
          });
        }
      }
    });
  }
}

/** Whether any plain vendor tax ID is left (the start step's work, for a health check or a test). */
export async function legacyTinsLeft(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vendors).where(isNotNull(vendors.taxId));
  return row?.n ?? 0;
}
