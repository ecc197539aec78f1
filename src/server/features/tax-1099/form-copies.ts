import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatTin } from '../../../shared/tin';
import type { Database } from '../../db/client';
import { organizations, tax1099Forms, vendors } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { type Form1099Copy, type Form1099Page, renderForms1099Pdf } from './form-1099-pdf';
import { readTin } from './tin-store';

export type IssuedFormRow = typeof tax1099Forms.$inferSelect;

/** The payer block of every copy: the organization's name, address, phone and EIN (never truncated). */
export async function payerOf(db: Database, organizationId: string): Promise<Form1099Page['payer']> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw notFound('Organization');
  const cityLine = [org.city, [org.state, org.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const taxDigits = (org.taxId ?? '').replace(/\D/g, '');
  return {
    name: org.name,
    lines: [org.address, cityLine, org.phone].filter((line): line is string => Boolean(line)),
    tin: taxDigits.length === 9 ? formatTin('ein', taxDigits) : (org.taxId ?? ''),
  };
}

/** The latest version of each (vendor, form type) issued for the year, optionally of some vendors only. */
export async function latestForms(db: Database, organizationId: string, year: number, vendorIds?: readonly string[]): Promise<IssuedFormRow[]> {
  const rows = await db
    .select()
    .from(tax1099Forms)
    .where(
      and(
        eq(tax1099Forms.organizationId, organizationId),
        eq(tax1099Forms.taxYear, year),
        vendorIds ? inArray(tax1099Forms.vendorId, vendorIds.length ? [...vendorIds] : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(desc(tax1099Forms.version));
  const seen = new Set<string>();
  return rows
    .filter((row) => {
      const key = `${row.vendorId}:${row.formType}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.recipient.name.localeCompare(b.recipient.name, 'en', { sensitivity: 'base' }) || a.formType.localeCompare(b.formType));
}

/** "XXX-XX-6789" or "XX-XXX6789": the truncated TIN the IRS allows on the recipient's copy. */
export function truncatedTin(type: 'ssn' | 'ein' | null, last4: string | null): string {
  if (!last4) return '';
  return type === 'ein' ? `XX-XXX${last4}` : `XXX-XX-${last4}`;
}

/**
 * The pages of a copy of issued forms. Copy B shows the recipient's TIN truncated; Copies A, 1 and
 * 2 show it whole, read from the vendor's encrypted TIN, which must still be the TIN the form was
 * issued with.
 */
export async function formPages(
  db: Database,
  encryptionKey: Buffer,
  organizationId: string,
  forms: readonly IssuedFormRow[],
  copy: Form1099Copy,
): Promise<Form1099Page[]> {
  if (forms.length === 0) return [];
  const payer = await payerOf(db, organizationId);
  const vendorRows = await db
    .select({ id: vendors.id, tinType: vendors.tinType, tinEncrypted: vendors.tinEncrypted, tinLast4: vendors.tinLast4 })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), inArray(vendors.id, [...new Set(forms.map((f) => f.vendorId))])));
  const byId = new Map(vendorRows.map((v) => [v.id, v]));
  return forms.map((form) => {
    let recipientTin = truncatedTin(form.recipient.tinType, form.recipient.tinLast4);
    if (copy !== 'B') {
      const vendor = byId.get(form.vendorId);
      if (!vendor?.tinEncrypted || vendor.tinLast4 !== form.recipient.tinLast4 || !vendor.tinType) {
        throw new AppError('CONFLICT', `The TIN of ${form.recipient.name} changed since the form was issued: issue a corrected form first`);
      }
      recipientTin = formatTin(vendor.tinType, readTin(encryptionKey, vendor.tinEncrypted));
    }
    return {
      formType: form.formType,
      taxYear: form.taxYear,
      corrected: form.corrected,
      copy,
      payer,
      recipient: form.recipient,
      recipientTin,
      accountNumber: form.vendorId.replace(/-/g, '').slice(0, 20),
      amounts: form.amounts,
    };
  });
}

/** One vendor's latest issued forms of the year as one PDF of the copy asked for. */
export async function vendorFormPdf(
  db: Database,
  encryptionKey: Buffer,
  organizationId: string,
  vendorId: string,
  year: number,
  copy: Form1099Copy,
): Promise<{ pdf: Buffer; fileName: string }> {
  const [vendor] = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, vendorId)))
    .limit(1);
  if (!vendor) throw notFound('Vendor');
  const forms = await latestForms(db, organizationId, year, [vendorId]);
  if (forms.length === 0) throw new AppError('CONFLICT', `No 1099 has been issued to ${vendor.name} for ${year}: issue the forms first`);
  const pages = await formPages(db, encryptionKey, organizationId, forms, copy);
  return { pdf: await renderForms1099Pdf(pages, `1099 ${year} ${vendor.name} Copy ${copy}`), fileName: form1099FileName(vendor.name, year, copy) };
}

/** "1099-2026-Jane-Smith-copy-B.pdf": safe in a header and on disk. */
export function form1099FileName(name: string, year: number, copy: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `1099-${year}-${safe ? `${safe}-` : ''}copy-${copy}.pdf`;
}
