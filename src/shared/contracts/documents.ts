import { z } from 'zod';
import { daysOutOfOrder, dateInput, moneyInput, optionalDateInput, pageQuery } from './common';
import { type ExtractedData, extractedData } from './extracted-data';
import { lineItemSchema } from './line-items';
import { multiplyCents, sumCents } from '../money';
import type { ExtractedW9 } from './tax-1099';

/**
 * Bills, invoices, receipts and W-9s are uploaded on the Documents page and read (OCR). Bank
 * statements, business licenses and operating agreements are compliance documents a firm
 * collects while onboarding a client; they are stored in the client's Documents, never read.
 */
export const readableDocumentTypes = ['invoice', 'bill', 'receipt', 'w9'] as const;
export const documentTypes = [...readableDocumentTypes, 'bank_statement', 'business_license', 'operating_agreement'] as const;
export type DocumentType = (typeof documentTypes)[number];
export type ReadableDocumentType = (typeof readableDocumentTypes)[number];
export const ocrStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type OcrStatus = (typeof ocrStatuses)[number];

/** Spec 5 and 9: document upload rules, with the spec's messages (shared by server and client). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** application/xml: a UBL or CII e-invoice (issue 36), read exactly, never by OCR. */
export const uploadMimeTypes = ['application/pdf', 'image/jpeg', 'image/png', 'application/xml'] as const;
export type UploadMimeType = (typeof uploadMimeTypes)[number];
export const uploadAccept = '.pdf,.jpg,.jpeg,.png,.xml';
export const uploadMessages = {
  fileRequired: 'File is required',
  invalidType: 'Invalid file type: Please upload a PDF, JPEG, or PNG file.',
  tooLarge: 'File too large: Please upload a file smaller than 10MB.',
} as const;

export const documentTypeSchema = z.enum(documentTypes, { message: 'Invalid document type' });

/** The text fields sent with the file in the multipart upload (the Documents page reads what it uploads). */
export const uploadFieldsSchema = z.object({ documentType: z.enum(readableDocumentTypes, { message: 'Invalid document type' }) });

/** Spec 5: the file checks the browser makes before sending (the server checks the bytes again). */
export function uploadProblem(file: { name: string; size: number } | null): string | null {
  if (!file) return uploadMessages.fileRequired;
  const name = file.name.toLowerCase();
  if (!uploadAccept.split(',').some((extension) => name.endsWith(extension))) return uploadMessages.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (file.size === 0) return uploadMessages.fileRequired;
  return null;
}

export const documentListQuery = pageQuery.extend({ documentType: documentTypeSchema.optional() });
export type DocumentListQuery = z.infer<typeof documentListQuery>;

/** extractedData as stored: the extractor's reading plus the vendor it matched in this organization. */
export const storedExtractedData = extractedData.extend({
  vendor: extractedData.shape.vendor.extend({ matchedVendorId: z.string().nullable().optional() }),
});
export type StoredExtractedData = ExtractedData & {
  vendor: ExtractedData['vendor'] & { matchedVendorId?: string | null };
  /** A W-9's fields (documentType 'w9'); its TIN only encrypted, and stripped from every response. */
  w9?: ExtractedW9;
};

export interface DocumentDto {
  id: string;
  userId: string | null;
  fileName: string;
  fileUrl: string;
  fileType: string;
  fileSize: number;
  documentType: DocumentType;
  ocrStatus: OcrStatus;
  extractedData: StoredExtractedData | null;
  relatedEntityType: 'bill' | 'invoice' | null;
  relatedEntityId: string | null;
  processingError: string | null;
  processedAt: string | null;
  createdAt: string;
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * The reviewed fields from the create-from-document dialog (spec 3, Create-from-document request).
 * Amounts leave this schema as cents.
 */
export const documentCustomizationsSchema = z.object({
  vendorId: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid({ message: 'Invalid vendor' }).optional()),
  vendorName: optionalText(200, 'Vendor name'),
  customerId: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid({ message: 'Customer is required' }).optional()),
  number: optionalText(50, 'Number'),
  amount: moneyInput('Total', { required: 'Total is required' }),
  tax: z.preprocess((value) => (value === '' || value === null ? undefined : value), moneyInput('Tax').optional()),
  issueDate: optionalDateInput('Issue date').transform((value) => value || undefined),
  dueDate: dateInput('Due date'),
  description: z.string().trim().min(1, 'Description is required').max(500, 'Description must be at most 500 characters'),
  category: optionalText(100, 'Category'),
  items: z.array(lineItemSchema).max(500, 'At most 500 items').optional(),
});
export type DocumentCustomizations = z.infer<typeof documentCustomizationsSchema>;

export const createTransactionSchema = z
  .object({
    transactionType: z.enum(['bill', 'invoice'], { message: 'Transaction type must be bill or invoice' }),
    customizations: documentCustomizationsSchema,
  })
  .superRefine((value, ctx) => {
    const c = value.customizations;
    if (value.transactionType === 'bill' && !c.vendorId && !c.vendorName) {
      ctx.addIssue({ code: 'custom', path: ['customizations', 'vendorName'], message: 'Vendor is required' });
    }
    if (value.transactionType === 'invoice' && !c.customerId) {
      ctx.addIssue({ code: 'custom', path: ['customizations', 'customerId'], message: 'Customer is required' });
    }
    if ((c.tax ?? 0) > c.amount) {
      ctx.addIssue({ code: 'custom', path: ['customizations', 'tax'], message: 'Tax cannot be larger than the total' });
    }
    c.items?.forEach((item, index) => {
      if (multiplyCents(item.unitPrice, item.quantity) !== item.totalPrice) {
        ctx.addIssue({ code: 'custom', path: ['customizations', 'items', index, 'totalPrice'], message: 'Total price must equal quantity times unit price' });
      }
    });
    if (c.items && c.items.length > 0 && sumCents(c.items.map((item) => item.totalPrice)) + (c.tax ?? 0) !== c.amount) {
      ctx.addIssue({ code: 'custom', path: ['customizations', 'amount'], message: 'Total must equal the line items plus tax' });
    }
    if (c.issueDate && daysOutOfOrder(c.issueDate, c.dueDate)) {
      ctx.addIssue({ code: 'custom', path: ['customizations', 'dueDate'], message: 'Due date cannot be before the issue date' });
    }
  });
export type CreateTransactionInput = z.infer<typeof createTransactionSchema>;
export type CreateTransactionRequest = z.input<typeof createTransactionSchema>;

export interface CreateTransactionResult {
  message: string;
  transactionType: 'bill' | 'invoice';
  id: string;
}
