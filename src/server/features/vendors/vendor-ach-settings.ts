import { and, eq } from 'drizzle-orm';
import type { VendorAchSettings, VendorAchSettingsUpdate } from '../../../shared/contracts/ach';
import type { Database } from '../../db/client';
import { vendorAchSettings } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { type VendorRow, findVendor } from './vendors.queries';
import type { VendorActor } from './vendors.service';

export type VendorAchSettingsRow = typeof vendorAchSettings.$inferSelect;

/** The account a prenote tests: routing number and last four digits; null without bank details. */
export function prenoteAccountKey(vendor: Pick<VendorRow, 'routingNumber' | 'accountLast4'>): string | null {
  if (!vendor.routingNumber || !vendor.accountLast4) return null;
  return `${vendor.routingNumber}${vendor.accountLast4}`;
}

export async function findVendorAchSettings(db: Database, organizationId: string, vendorId: string): Promise<VendorAchSettingsRow | null> {
  const [row] = await db
    .select()
    .from(vendorAchSettings)
    .where(and(eq(vendorAchSettings.vendorId, vendorId), eq(vendorAchSettings.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export function toVendorAchSettingsDto(vendorId: string, row: VendorAchSettingsRow | null): VendorAchSettings {
  return {
    vendorId,
    remittanceAddenda: row?.remittanceAddenda ?? false,
    prenote: row?.prenoteStatus != null,
    prenoteStatus: row?.prenoteStatus ?? null,
    prenoteSentOn: row?.prenoteSentOn ?? null,
    prenoteAccountLast4: row?.prenoteAccountKey ? row.prenoteAccountKey.slice(-4) : null,
  };
}

export async function getVendorAchSettings(db: Database, organizationId: string, vendorId: string): Promise<VendorAchSettings> {
  const vendor = await findVendor(db, organizationId, vendorId);
  if (!vendor) throw notFound('Vendor');
  return toVendorAchSettingsDto(vendor.id, await findVendorAchSettings(db, organizationId, vendor.id));
}

/**
 * Turning the prenote on asks for one to the vendor's current account (pending until a file
 * carries it); left on for the same account, a sent prenote stays sent. Off clears it.
 */
export async function saveVendorAchSettings(
  db: Database,
  actor: VendorActor,
  vendorId: string,
  input: VendorAchSettingsUpdate,
): Promise<VendorAchSettings> {
  return db.transaction(async (tx) => {
    const vendor = await findVendor(tx, actor.organizationId, vendorId, { lock: true });
    if (!vendor) throw notFound('Vendor');
    const before = await findVendorAchSettings(tx, actor.organizationId, vendor.id);
    const key = prenoteAccountKey(vendor);
    let prenote: Pick<VendorAchSettingsRow, 'prenoteStatus' | 'prenoteAccountKey' | 'prenoteSentOn'> = {
      prenoteStatus: null,
      prenoteAccountKey: null,
      prenoteSentOn: null,
    };
    if (input.prenote) {
      if (!key) {
        throw new AppError('CONFLICT', `${vendor.name} has no bank account to send a prenote to. Add the vendor's routing and account numbers first.`);
      }
      prenote =
        before?.prenoteStatus && before.prenoteAccountKey === key
          ? { prenoteStatus: before.prenoteStatus, prenoteAccountKey: key, prenoteSentOn: before.prenoteSentOn }
          : { prenoteStatus: 'pending', prenoteAccountKey: key, prenoteSentOn: null };
    }
    const values = { remittanceAddenda: input.remittanceAddenda, ...prenote, updatedAt: new Date() };
    const [row] = await tx
      .insert(vendorAchSettings)
      .values({ vendorId: vendor.id, organizationId: actor.organizationId, ...values })
      .onConflictDoUpdate({ target: vendorAchSettings.vendorId, set: values })
      .returning();
    if (!row) throw notFound('Vendor');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'vendor.ach_settings_updated',
      entityType: 'vendor',
      entityId: vendor.id,
      details: {
        remittanceAddenda: { from: before?.remittanceAddenda ?? false, to: row.remittanceAddenda },
        prenoteStatus: { from: before?.prenoteStatus ?? null, to: row.prenoteStatus },
        accountLast4: vendor.accountLast4,
      },
    });
    return toVendorAchSettingsDto(vendor.id, row);
  });
}

/**
 * Call inside the transaction that changed a vendor's routing or account number (not merely
 * re-sent the same one): a vendor who
 * wanted a prenote needs a new one for the new account, so it goes back to pending. True if it did.
 */
export async function renewPrenoteAfterAccountChange(
  db: Database,
  organizationId: string,
  vendor: Pick<VendorRow, 'id' | 'routingNumber' | 'accountLast4'>,
): Promise<boolean> {
  const settings = await findVendorAchSettings(db, organizationId, vendor.id);
  if (!settings?.prenoteStatus) return false;
  const key = prenoteAccountKey(vendor);
  if (settings.prenoteStatus === 'pending' && settings.prenoteAccountKey === key) return false;
  await db
    .update(vendorAchSettings)
    .set({ prenoteStatus: 'pending', prenoteAccountKey: key, prenoteSentOn: null, updatedAt: new Date() })
    .where(and(eq(vendorAchSettings.vendorId, vendor.id), eq(vendorAchSettings.organizationId, organizationId)));
  return true;
}
