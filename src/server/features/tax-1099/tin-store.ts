import { createHmac } from 'node:crypto';
import type { TaxClassification } from '../../../shared/contracts/tax-1099';
import { type TinType, tinDigits } from '../../../shared/tin';
import { decryptSecret, encryptSecret } from '../../platform/encryption';

/** The columns a TIN is kept in (vendors.tin_*): encrypted, its last four, and a fingerprint to compare. */
export interface StoredTin {
  tinType: TinType;
  tinEncrypted: string;
  tinLast4: string;
  tinFingerprint: string;
}

/**
 * HMAC-SHA256 of the TIN's type and nine digits under a key derived from the encryption key: two
 * vendor records with one TIN have one fingerprint (a payee paid under two names) without the TIN
 * being readable. The type is part of it: SSN 123-45-6789 and EIN 12-3456789 are two taxpayers.
 */
export function tinFingerprint(encryptionKey: Buffer, tinType: TinType, digits: string): string {
  const key = createHmac('sha256', encryptionKey).update('signal-ar:tin-fingerprint:v1').digest();
  return createHmac('sha256', key).update(`${tinType}:${digits}`).digest('hex');
}

/** The stored form of a TIN typed with or without dashes; throws when it is not nine digits (validate first). */
export function storeTin(encryptionKey: Buffer, tinType: TinType, value: string): StoredTin {
  const digits = tinDigits(value);
  if (!digits) throw new Error('A TIN has nine digits');
  return { tinType, tinEncrypted: encryptSecret(encryptionKey, digits), tinLast4: digits.slice(-4), tinFingerprint: tinFingerprint(encryptionKey, tinType, digits) };
}

/** The nine digits, for the filing file and Copy 1/2 only. */
export function readTin(encryptionKey: Buffer, tinEncrypted: string): string {
  return decryptSecret(encryptionKey, tinEncrypted);
}

/** W-9 line 3a and 4 as vendor columns: the LLC letter only for an LLC, the "Other" words only for Other. */
export function classificationColumns(w9: {
  legalName: string | null;
  businessName: string | null;
  taxClassification: TaxClassification | null;
  llcTaxClassification: 'C' | 'S' | 'P' | null;
  otherClassification?: string | null;
  exemptPayeeCode: string | null;
  fatcaExemptionCode: string | null;
}) {
  return {
    legalName: w9.legalName,
    businessName: w9.businessName,
    taxClassification: w9.taxClassification,
    llcTaxClassification: w9.taxClassification === 'llc' ? w9.llcTaxClassification : null,
    otherClassification: w9.taxClassification === 'other' ? (w9.otherClassification ?? null) : null,
    exemptPayeeCode: w9.exemptPayeeCode,
    fatcaExemptionCode: w9.fatcaExemptionCode?.toUpperCase() ?? null,
  };
}
