import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { VendorTaxProfile, W9Request, W9RequestStatus, vendorTaxProfileUpdate } from '../../../shared/contracts/tax-1099';
import { guessTinType, isMaskedTin, maskTin, tinProblem } from '../../../shared/tin';
import type { Database } from '../../db/client';
import { vendorW9Requests, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { findVendor, type VendorRow } from '../vendors/vendors.queries';
import { classificationColumns, readTin, storeTin } from './tin-store';

type W9RequestRow = typeof vendorW9Requests.$inferSelect;
type TaxProfileUpdate = z.output<typeof vendorTaxProfileUpdate>;

/** A request's state as a user reads it: answered, withdrawn by a newer one, past its 30 days, or out. */
export function w9RequestStatus(row: W9RequestRow, now: Date): W9RequestStatus {
  if (row.completedAt) return 'completed';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.mailStatus === 'failed') return 'failed';
  return 'sent';
}

export function toW9RequestDto(row: W9RequestRow, vendorName: string, now: Date): W9Request {
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName,
    email: row.email,
    includePayment: row.includePayment,
    status: w9RequestStatus(row, now),
    sentAt: row.sentAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A vendor's W-9 requests, newest first. */
export async function findW9Requests(db: Database, organizationId: string, vendorId: string, limit = 50): Promise<W9RequestRow[]> {
  return db
    .select()
    .from(vendorW9Requests)
    .where(and(eq(vendorW9Requests.organizationId, organizationId), eq(vendorW9Requests.vendorId, vendorId)))
    .orderBy(desc(vendorW9Requests.createdAt), desc(vendorW9Requests.id))
    .limit(limit);
}

export function toTaxProfile(row: VendorRow, lastRequest: W9Request | null): VendorTaxProfile {
  return {
    legalName: row.legalName,
    businessName: row.businessName,
    taxClassification: row.taxClassification,
    llcTaxClassification: row.llcTaxClassification,
    otherClassification: row.otherClassification,
    exemptPayeeCode: row.exemptPayeeCode,
    fatcaExemptionCode: row.fatcaExemptionCode,
    tinType: row.tinType,
    tinMasked: maskTin(row.tinType, row.tinLast4),
    tinLast4: row.tinLast4,
    w9ReceivedAt: row.w9ReceivedAt?.toISOString() ?? null,
    w9Source: row.w9Source,
    w9DocumentId: row.w9DocumentId,
    form1099Box: row.form1099Box,
    isAttorney: row.isAttorney,
    form1099EmailConsentAt: row.form1099EmailConsentAt?.toISOString() ?? null,
    lastRequest,
  };
}

export async function getTaxProfile(db: Database, organizationId: string, vendorId: string, now: Date): Promise<VendorTaxProfile> {
  const row = await findVendor(db, organizationId, vendorId);
  if (!row) throw notFound('Vendor');
  const [last] = await findW9Requests(db, organizationId, vendorId, 1);
  return toTaxProfile(row, last ? toW9RequestDto(last, row.name, now) : null);
}

const PROFILE_FIELDS = [
  'legalName',
  'businessName',
  'taxClassification',
  'llcTaxClassification',
  'otherClassification',
  'exemptPayeeCode',
  'fatcaExemptionCode',
  'tinType',
  'tinFingerprint',
  'form1099Box',
  'isAttorney',
] as const;

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: message });
}

/**
 * A user types in or corrects a vendor's tax fields (issue 32). A typed TIN is checked for its
 * shape and stored encrypted; blank keeps the stored one. Typing a TIN counts as a W-9 taken in
 * by hand (w9Source 'manual', received now) unless a submitted form or applied upload is on file:
 * those stay the record of where the W-9 came from. The audit row names the fields, never the TIN.
 */
export async function updateTaxProfile(
  db: Database,
  encryptionKey: Buffer,
  actor: { organizationId: string; userId: string },
  vendorId: string,
  input: TaxProfileUpdate,
  now: Date,
): Promise<VendorTaxProfile> {
  const typed = input.tin && !isMaskedTin(input.tin) ? input.tin : null;
  const tinType = input.tinType ?? (typed ? guessTinType(typed) : null);
  if (typed) {
    if (!tinType) throw fieldError('tinType', 'Choose SSN or EIN');
    const problem = tinProblem(tinType, typed);
    if (problem) throw fieldError('tin', problem);
  }
  if (input.exemptPayeeCode && !/^([1-9]|1[0-3])$/.test(input.exemptPayeeCode)) throw fieldError('exemptPayeeCode', 'The exempt payee code is 1 to 13');
  if (input.fatcaExemptionCode && !/^[A-Ma-m]$/.test(input.fatcaExemptionCode)) {
    throw fieldError('fatcaExemptionCode', 'The FATCA exemption code is a letter A to M');
  }
  if (input.taxClassification === 'llc' && !input.llcTaxClassification) {
    throw fieldError('llcTaxClassification', 'An LLC enters its tax classification (C, S or P)');
  }
  return db.transaction(async (tx) => {
    const before = await findVendor(tx, actor.organizationId, vendorId, { lock: true });
    if (!before) throw notFound('Vendor');
    const manualW9 = typed !== null && (before.w9Source === null || before.w9Source === 'manual');
    const [row] = await tx
      .update(vendors)
      .set({
        ...classificationColumns(input),
        form1099Box: input.form1099Box,
        isAttorney: input.isAttorney,
        // A TIN type without a typed TIN corrects the stored one's type: the digits stay, the
        // fingerprint (which includes the type) is made again.
        ...(typed && tinType
          ? { ...storeTin(encryptionKey, tinType, typed), taxId: null }
          : before.tinEncrypted && tinType && tinType !== before.tinType
            ? storeTin(encryptionKey, tinType, readTin(encryptionKey, before.tinEncrypted))
            : {}),
        ...(manualW9 ? { w9Source: 'manual' as const, w9ReceivedAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(vendors.organizationId, actor.organizationId), eq(vendors.id, vendorId)))
      .returning();
    if (!row) throw notFound('Vendor');
    const changed = PROFILE_FIELDS.filter((key) => before[key] !== row[key]).map((key) => (key === 'tinFingerprint' ? 'tin' : key));
    if (changed.length > 0) {
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'vendor.tax_profile_updated',
        entityType: 'vendor',
        entityId: row.id,
        details: { changed, tinLast4: { from: before.tinLast4, to: row.tinLast4 }, ...(manualW9 ? { w9Source: 'manual' } : {}) },
      });
    }
    const [last] = await findW9Requests(tx, actor.organizationId, vendorId, 1);
    return toTaxProfile(row, last ? toW9RequestDto(last, row.name, now) : null);
  });
}
