import { z } from 'zod';

/**
 * What document extraction reads from an uploaded bill, invoice or receipt (spec 3, extractedData).
 * Amounts are exact decimal strings ("123.45"), dates are calendar dates ("2026-11-21").
 */
const decimal = z.string().regex(/^-?\d+\.\d{2}$/, 'Expected a decimal amount like 123.45');
const quantity = z.string().regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal quantity');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date like 2026-11-21');
const share = z.number().min(0).max(1);

export const extractionSources = ['einvoice', 'pdf-text', 'ocr'] as const;

/** A box on a page, as fractions of the page width and height (0..1, origin top-left). */
export const layoutBox = z.object({
  page: z.number().int().min(1),
  x: share,
  y: share,
  width: share,
  height: share,
});
export type LayoutBox = z.infer<typeof layoutBox>;

/** A box plus the label printed next to the value ("Total TTC", "Invoice No"). */
export const layoutField = layoutBox.extend({ label: z.string().nullable() });
export type LayoutField = z.infer<typeof layoutField>;

export const extractedLineItem = z.object({
  description: z.string(),
  quantity: quantity.nullable(),
  unitPrice: decimal.nullable(),
  totalPrice: decimal.nullable(),
});
export type ExtractedLineItem = z.infer<typeof extractedLineItem>;

export const fieldConfidence = z.object({
  vendor: share,
  total: share,
  subtotal: share,
  tax: share,
  currency: share,
  issueDate: share,
  dueDate: share,
  invoiceNumber: share,
});
export type FieldConfidence = z.infer<typeof fieldConfidence>;

export const extractedData = z.object({
  confidence: share,
  source: z.enum(extractionSources),
  vendor: z.object({
    name: z.string().nullable(),
    taxId: z.string().nullable(),
    email: z.string().nullable(),
  }),
  amounts: z.object({
    total: decimal.nullable(),
    subtotal: decimal.nullable(),
    tax: decimal.nullable(),
  }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  dates: z.object({
    issueDate: isoDate.nullable(),
    dueDate: isoDate.nullable(),
  }),
  documentNumbers: z.object({
    invoiceNumber: z.string().nullable(),
  }),
  lineItems: z.array(extractedLineItem),
  suggestedCategory: z.string().nullable(),
  fieldConfidence,
  /**
   * Where the chosen total and invoice number sit, and the other values that were considered,
   * so a user's correction can be traced back to a position and label for that vendor.
   */
  layout: z
    .object({
      total: layoutField.nullable(),
      invoiceNumber: layoutField.nullable(),
      totalCandidates: z.array(layoutField.extend({ value: decimal })),
      invoiceNumberCandidates: z.array(layoutField.extend({ value: z.string() })),
      /** The dates considered for the issue date (absent in documents read before it existed). */
      issueDateCandidates: z.array(layoutField.extend({ value: z.string() })).optional(),
      /** The names the vendor was read under (the issuer as printed, the name chosen). */
      vendorNames: z.array(z.string()).optional(),
      /** The day/month order the document's numeric dates were read in. */
      dateOrder: z.enum(['DMY', 'MDY']).optional(),
    })
    .optional(),
});
export type ExtractedData = z.infer<typeof extractedData>;
