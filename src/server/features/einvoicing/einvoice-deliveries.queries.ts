import { and, desc, eq } from 'drizzle-orm';
import type { EinvoiceDelivery } from '../../../shared/contracts/einvoice-deliveries';
import type { Database } from '../../db/client';
import { einvoiceDeliveries } from '../../db/schema';
import type { EinvoiceSource } from './build-einvoice-file';

type DeliveryRow = typeof einvoiceDeliveries.$inferSelect;

export function toDelivery(row: DeliveryRow): EinvoiceDelivery {
  return {
    id: row.id,
    documentKind: row.documentKind,
    documentId: row.documentId,
    format: row.format,
    channel: row.channel,
    status: row.status,
    recipient: row.recipient,
    error: row.error,
    attempts: row.attempts,
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The document's deliveries, newest first, scoped by organization. */
export async function findEinvoiceDeliveries(db: Database, organizationId: string, source: EinvoiceSource): Promise<EinvoiceDelivery[]> {
  const rows = await db
    .select()
    .from(einvoiceDeliveries)
    .where(
      and(
        eq(einvoiceDeliveries.organizationId, organizationId),
        eq(einvoiceDeliveries.documentKind, source.kind),
        eq(einvoiceDeliveries.documentId, source.id),
      ),
    )
    .orderBy(desc(einvoiceDeliveries.createdAt))
    .limit(50);
  return rows.map(toDelivery);
}
