import { eq } from 'drizzle-orm';
import type { ApplyToVendorResult, VendorFieldChange } from '../../../shared/contracts/tax-1099';
import { taxClassificationLabels } from '../../../shared/contracts/tax-1099';
import { maskTin } from '../../../shared/tin';
import type { Database } from '../../db/client';
import { vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { classificationColumns, readTin, storeTin } from '../tax-1099/tin-store';
import { findVendor } from '../vendors/vendors.queries';
import { lockDocument } from './documents.queries';

type VendorRow = typeof vendors.$inferSelect;
type Updates = Partial<typeof vendors.$inferInsert>;

const labels: Record<string, string> = {
  legalName: 'Legal name (line 1)',
  businessName: 'Business name (line 2)',
  taxClassification: 'Federal tax classification',
  llcTaxClassification: 'LLC tax classification',
  exemptPayeeCode: 'Exempt payee code',
  fatcaExemptionCode: 'FATCA exemption code',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  tin: 'TIN',
};

function shown(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'taxClassification') return taxClassificationLabels[value as keyof typeof taxClassificationLabels] ?? String(value);
  return String(value);
}

/**
 * Fills a vendor's tax fields from a read W-9 document: with `dryRun` only the diff (a TIN shown
 * masked); else the vendor's W-9 fields, its TIN (decrypted from the document and stored again
 * with the vendor's fingerprint) and the W-9 received mark, with an audit row, in one transaction.
 */
export async function applyW9ToVendor(
  db: Database,
  auth: AuthContext,
  documentId: string,
  input: { vendorId: string; dryRun: boolean },
  context: { now: Date; encryptionKey: Buffer },
): Promise<ApplyToVendorResult> {
  return db.transaction(async (tx) => {
    const document = await lockDocument(tx, { organizationId: auth.organizationId, id: documentId });
    if (!document) throw notFound('Document');
    const w9 = document.extractedData?.w9;
    if (document.documentType !== 'w9' || document.ocrStatus !== 'completed' || !w9) {
      throw new AppError('CONFLICT', 'This document is not a W-9 that has been read; only a read W-9 can be applied to a vendor');
    }
    const vendor = await findVendor(tx, auth.organizationId, input.vendorId, { lock: true });
    if (!vendor) throw new AppError('NOT_FOUND', 'Vendor not found', { vendorId: 'Vendor not found' });

    const updates: Updates = {};
    const changes: VendorFieldChange[] = [];
    const set = <K extends keyof VendorRow & keyof Updates>(field: K, value: VendorRow[K] | null) => {
      if (value === null || value === undefined) return;
      if (vendor[field] === value) return;
      changes.push({ field, label: labels[field] ?? field, from: shown(field, vendor[field]), to: shown(field, value) });
      (updates as Record<string, unknown>)[field] = value;
    };
    const read = classificationColumns(w9);
    set('legalName', read.legalName);
    set('businessName', read.businessName);
    set('taxClassification', read.taxClassification);
    set('llcTaxClassification', read.llcTaxClassification);
    set('exemptPayeeCode', read.exemptPayeeCode);
    set('fatcaExemptionCode', read.fatcaExemptionCode);
    set('address', w9.address);
    set('city', w9.city);
    set('state', w9.state);
    set('zipCode', w9.zipCode);
    if (w9.tinEncrypted && w9.tinType && !w9.tinProblem) {
      const stored = storeTin(context.encryptionKey, w9.tinType, readTin(context.encryptionKey, w9.tinEncrypted));
      if (stored.tinFingerprint !== vendor.tinFingerprint || stored.tinType !== vendor.tinType) {
        changes.push({ field: 'tin', label: labels.tin ?? 'TIN', from: maskTin(vendor.tinType, vendor.tinLast4), to: maskTin(stored.tinType, stored.tinLast4) });
        Object.assign(updates, stored);
      }
    }
    if (input.dryRun) return { vendorId: vendor.id, applied: false, changes };

    await tx
      .update(vendors)
      .set({ ...updates, w9ReceivedAt: context.now, w9Source: 'upload', w9DocumentId: document.id, updatedAt: context.now })
      .where(eq(vendors.id, vendor.id));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'vendor.w9_applied',
      entityType: 'vendor',
      entityId: vendor.id,
      // Field names and masked values only: the audit log never holds a whole TIN.
      details: { documentId: document.id, changes },
    });
    return { vendorId: vendor.id, applied: true, changes };
  });
}
