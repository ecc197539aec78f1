import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { EinvoiceParty } from '../../../../shared/contracts/einvoicing';
import type { Database } from '../../../db/client';
import { vendors } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import { findVendorByName } from '../../vendors/vendors.queries';

type VendorRow = typeof vendors.$inferSelect;

/** A vendor created from an e-invoice without a contact email: accepted by the vendor form, plainly not a mailbox. */
export const PLACEHOLDER_VENDOR_EMAIL = 'no-email@example.com';

const compact = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * The organization's vendor for an e-invoice's seller: by VAT id (BT-31), then electronic address
 * (BT-34, the Peppol id), then name without case or punctuation. Active vendors first.
 */
export async function matchVendor(tx: Database, organizationId: string, seller: EinvoiceParty): Promise<VendorRow | null> {
  if (seller.vatId) {
    const [row] = await tx
      .select()
      .from(vendors)
      .where(and(eq(vendors.organizationId, organizationId), sql`upper(regexp_replace(${vendors.vatId}, '[\\s.-]', '', 'g')) = ${compact(seller.vatId)}`))
      .orderBy(desc(vendors.isActive), asc(vendors.createdAt))
      .limit(1);
    if (row) return row;
  }
  if (seller.electronicAddress) {
    const [row] = await tx
      .select()
      .from(vendors)
      .where(
        and(
          eq(vendors.organizationId, organizationId),
          eq(vendors.electronicAddressScheme, seller.electronicAddress.scheme),
          sql`lower(${vendors.electronicAddress}) = ${seller.electronicAddress.value.toLowerCase()}`,
        ),
      )
      .orderBy(desc(vendors.isActive), asc(vendors.createdAt))
      .limit(1);
    if (row) return row;
  }
  for (const name of [seller.name, seller.tradingName]) {
    if (!name) continue;
    const row = await findVendorByName(tx, organizationId, name);
    if (row) return row;
  }
  return null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A new vendor with the seller's tax identity and address; paid by check until its bank details are approved. */
export async function createVendorFromSeller(tx: Database, actor: { organizationId: string; userId: string | null }, seller: EinvoiceParty, now: Date): Promise<VendorRow> {
  const email = seller.contact?.email && EMAIL_SHAPE.test(seller.contact.email) ? seller.contact.email : PLACEHOLDER_VENDOR_EMAIL;
  const addressLine = [seller.address.line1, seller.address.line2].filter(Boolean).join(', ');
  const [row] = await tx
    .insert(vendors)
    .values({
      organizationId: actor.organizationId,
      userId: actor.userId,
      name: (seller.tradingName ?? seller.name).slice(0, 200) || 'Unnamed vendor',
      legalName: seller.name || null,
      email,
      phone: seller.contact?.phone?.slice(0, 50) ?? null,
      address: addressLine || null,
      city: seller.address.city,
      state: seller.address.subdivision,
      zipCode: seller.address.postalCode,
      country: seller.address.countryCode || 'US',
      vatId: seller.vatId,
      companyId: seller.companyId,
      electronicAddressScheme: seller.electronicAddress?.scheme ?? null,
      electronicAddress: seller.electronicAddress?.value ?? null,
      paymentMethod: 'check',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('vendor insert returned nothing');
  await writeAudit(tx, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: 'vendor.created',
    entityType: 'vendor',
    entityId: row.id,
    details: { name: row.name, source: 'einvoice', vatId: row.vatId, electronicAddress: row.electronicAddress },
  });
  return row;
}
