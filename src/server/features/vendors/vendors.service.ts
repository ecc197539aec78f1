import { and, eq } from 'drizzle-orm';
import type { PartialBody } from '../../../shared/contracts/common';
import { needsBankDetails, type Vendor, type VendorInput, vendorUpdateSchema } from '../../../shared/contracts/vendors';
import type { Database } from '../../db/client';
import { vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { guessTinType } from '../../../shared/tin';
import { decryptSecret, encryptSecret, lastFour } from '../../platform/encryption';
import { AppError, notFound } from '../../platform/errors';
import { mergeUpdate, storedFields } from '../../platform/partial-update';
import { type StoredTin, storeTin } from '../tax-1099/tin-store';
import { renewPrenoteAfterAccountChange } from './vendor-ach-settings';
import { type VendorRow, countVendorBills, findVendor, toVendorDto, vendorHasBills } from './vendors.queries';

export interface VendorActor {
  organizationId: string;
  userId: string;
}

const ACCOUNT_REQUIRED = 'Account number is required';

/**
 * Column values for a request. Bank details are kept only for ach and wire, wire instructions
 * only for wire; a blank account number leaves the stored one (undefined = unchanged).
 */
function vendorValues(input: VendorInput, encryptionKey: Buffer) {
  const bank = needsBankDetails(input.paymentMethod);
  const values = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    country: input.country,
    paymentMethod: input.paymentMethod,
    bankName: bank ? input.bankName : null,
    routingNumber: bank ? input.routingNumber : null,
    wireInstructions: input.paymentMethod === 'wire' ? input.wireInstructions : null,
    isActive: input.isActive,
    accountNumberEncrypted: undefined as string | null | undefined,
    accountLast4: undefined as string | null | undefined,
    ...typedTin(input.taxId, encryptionKey),
  };
  if (!bank) {
    values.accountNumberEncrypted = null;
    values.accountLast4 = null;
  } else if (input.accountNumber) {
    values.accountNumberEncrypted = encryptSecret(encryptionKey, input.accountNumber);
    values.accountLast4 = lastFour(input.accountNumber);
  }
  return values;
}

/**
 * A Tax ID typed on the vendor form, stored as the W-9 TIN (encrypted, its type guessed from its
 * shape, the legacy plain column cleared); none typed leaves the stored TIN as it is.
 */
function typedTin(taxId: string | null, encryptionKey: Buffer): Partial<StoredTin> & { taxId?: null } {
  const type = taxId ? guessTinType(taxId) : null;
  if (!taxId || !type) return {};
  return { ...storeTin(encryptionKey, type, taxId), taxId: null };
}

/** What changed, for the audit row; bank details are named, never written out. */
function changedFields(before: VendorRow, after: VendorRow): string[] {
  const keys = ['name', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country', 'tinFingerprint', 'paymentMethod', 'bankName', 'routingNumber', 'accountNumberEncrypted', 'wireInstructions', 'isActive'] as const;
  const names: Partial<Record<(typeof keys)[number], string>> = { accountNumberEncrypted: 'accountNumber', tinFingerprint: 'taxId' };
  return keys.filter((key) => before[key] !== after[key]).map((key) => names[key] ?? key);
}

/** A new routing number or a different account number; the same number typed again is no change. */
function accountChanged(before: VendorRow, after: VendorRow, typed: string | null | undefined, encryptionKey: Buffer): boolean {
  if (before.routingNumber !== after.routingNumber) return true;
  if (before.accountNumberEncrypted === after.accountNumberEncrypted) return false;
  if (!before.accountNumberEncrypted || !typed) return true;
  return decryptSecret(encryptionKey, before.accountNumberEncrypted) !== typed;
}

export async function createVendor(db: Database, actor: VendorActor, input: VendorInput, encryptionKey: Buffer): Promise<Vendor> {
  if (needsBankDetails(input.paymentMethod) && !input.accountNumber) {
    throw new AppError('VALIDATION', ACCOUNT_REQUIRED, { accountNumber: ACCOUNT_REQUIRED });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vendors)
      .values({ ...vendorValues(input, encryptionKey), organizationId: actor.organizationId, userId: actor.userId })
      .returning();
    if (!row) throw new Error('vendor insert returned nothing');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'vendor.created',
      entityType: 'vendor',
      entityId: row.id,
      details: { name: row.name, paymentMethod: row.paymentMethod, accountLast4: row.accountLast4, tinLast4: row.tinLast4 },
    });
    return toVendorDto(row);
  });
}

/** Bank detail changes are audited: redirecting a vendor's payments is the classic payables fraud. */
export async function updateVendor(db: Database, actor: VendorActor, id: string, body: PartialBody, encryptionKey: Buffer): Promise<Vendor> {
  return db.transaction(async (tx) => {
    const before = await findVendor(tx, actor.organizationId, id, { lock: true });
    if (!before) throw notFound('Vendor');
    // The account number is never read back: left out (or blank), the stored one stays.
    // Likewise the TIN: the legacy plain column is never merged back in.
    const input = mergeUpdate(vendorUpdateSchema, { ...storedFields(before, vendorUpdateSchema), taxId: null }, body);
    const values = vendorValues(input, encryptionKey);
    if (needsBankDetails(input.paymentMethod) && !input.accountNumber && !before.accountNumberEncrypted) {
      throw new AppError('VALIDATION', ACCOUNT_REQUIRED, { accountNumber: ACCOUNT_REQUIRED });
    }
    const [row] = await tx
      .update(vendors)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(vendors.organizationId, actor.organizationId), eq(vendors.id, id)))
      .returning();
    if (!row) throw notFound('Vendor');
    const changed = changedFields(before, row);
    if (accountChanged(before, row, input.accountNumber, encryptionKey)) {
      await renewPrenoteAfterAccountChange(tx, actor.organizationId, row);
    }
    if (changed.length > 0) {
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'vendor.updated',
        entityType: 'vendor',
        entityId: row.id,
        details: { changed, accountLast4: { from: before.accountLast4, to: row.accountLast4 } },
      });
    }
    return toVendorDto(row, await countVendorBills(tx, actor.organizationId, row.id));
  });
}

const hasBills = () => new AppError('CONFLICT', 'This vendor has bills and cannot be deleted. Deactivate it instead.');

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Bills keep their vendor: a vendor with bills is deactivated, never deleted. */
export async function deleteVendor(db: Database, actor: VendorActor, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const vendor = await findVendor(tx, actor.organizationId, id);
      if (!vendor) throw notFound('Vendor');
      if (await vendorHasBills(tx, actor.organizationId, id)) throw hasBills();
      await tx.delete(vendors).where(and(eq(vendors.organizationId, actor.organizationId), eq(vendors.id, id)));
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'vendor.deleted',
        entityType: 'vendor',
        entityId: id,
        details: { name: vendor.name },
      });
    });
  } catch (error) {
    // A bill created between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw hasBills();
    throw error;
  }
}
