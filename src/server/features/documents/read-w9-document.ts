import type { StoredExtractedData } from '../../../shared/contracts/documents';
import type { ExtractedW9 } from '../../../shared/contracts/tax-1099';
import { tinProblem } from '../../../shared/tin';
import { storeTin } from '../tax-1099/tin-store';
import { readW9, type W9Reading } from './extraction/w9/read-w9';

/** The reading as stored: the TIN encrypted (with its last four and any shape problem), never in clear. */
export function storedW9(reading: W9Reading, encryptionKey: Buffer): ExtractedW9 {
  const { tin, ...fields } = reading;
  if (!tin || !reading.tinType) return { ...fields, tinLast4: null, tinEncrypted: null, tinProblem: tin || reading.tinType ? 'The TIN could not be read' : 'No TIN on the form' };
  const problem = tinProblem(reading.tinType, tin);
  if (problem && tin.length !== 9) return { ...fields, tinLast4: tin.slice(-4) || null, tinEncrypted: null, tinProblem: problem };
  const stored = storeTin(encryptionKey, reading.tinType, tin);
  return { ...fields, tinLast4: stored.tinLast4, tinEncrypted: stored.tinEncrypted, tinProblem: problem };
}

/** A W-9 upload's extractedData: the invoice fields empty, the W-9's in `w9`. */
export async function extractW9Document(bytes: Buffer, mimeType: 'application/pdf' | 'image/jpeg' | 'image/png', encryptionKey: Buffer): Promise<StoredExtractedData> {
  const w9 = storedW9(await readW9({ bytes, mimeType }), encryptionKey);
  const name = w9.businessName ?? w9.legalName;
  return {
    confidence: w9.method === 'acroform' ? 1 : 0.7,
    source: w9.method === 'acroform' ? 'pdf-text' : 'ocr',
    vendor: { name, taxId: null, email: null, matchedVendorId: null },
    amounts: { total: null, subtotal: null, tax: null },
    currency: null,
    dates: { issueDate: null, dueDate: null },
    documentNumbers: { invoiceNumber: null },
    lineItems: [],
    suggestedCategory: null,
    fieldConfidence: { vendor: 0, total: 0, subtotal: 0, tax: 0, currency: 0, issueDate: 0, dueDate: 0, invoiceNumber: 0 },
    w9,
  };
}
