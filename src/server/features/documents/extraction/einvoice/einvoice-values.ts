import type {
  ExtractedData,
  ExtractedLineItem,
} from '../../../../../shared/contracts/extracted-data';
import { parseMoney, toDecimal } from '../../../../../shared/money';

/** XML amounts are plain decimals ("1021.91", "100"); more than two decimals are rounded. */
export function einvoiceAmount(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cents = parseMoney(raw.trim(), { round: true });
  return cents === null ? null : toDecimal(cents);
}

export function einvoiceQuantity(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const match = /^(-?\d+)(?:\.(\d*?))0*$/.exec(raw.trim()) ?? /^(-?\d+)$/.exec(raw.trim());
  if (!match) return null;
  return match[2] ? `${match[1]}.${match[2]}` : (match[1] ?? null);
}

/** CII date format 102 is YYYYMMDD; UBL and newer profiles use ISO dates. */
export function einvoiceDate(
  raw: string | null | undefined,
  format: string | undefined,
): string | null {
  if (!raw) return null;
  const text = raw.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact && (format === undefined || format === '102'))
    return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
}

interface EinvoiceFields {
  vendorName: string | null;
  taxId: string | null;
  email: string | null;
  total: string | null;
  subtotal: string | null;
  tax: string | null;
  currency: string | null;
  issueDate: string | null;
  dueDate: string | null;
  invoiceNumber: string | null;
  lineItems: ExtractedLineItem[];
}

/** Values read from structured XML are exact: confidence 1 for each field that is present. */
export function einvoiceResult(fields: EinvoiceFields): ExtractedData {
  const sure = (value: string | null): number => (value === null ? 0 : 1);
  const clean = (value: string | null): string | null => value?.replace(/\s+/g, ' ').trim() || null;
  const lineItems = fields.lineItems
    .map((item) => ({ ...item, description: item.description.replace(/\s+/g, ' ').trim() }))
    .filter((item) => item.description !== '' || item.totalPrice !== null);
  const currency = fields.currency && /^[A-Z]{3}$/.test(fields.currency) ? fields.currency : null;
  return {
    confidence: fields.total !== null ? 1 : 0.5,
    source: 'einvoice',
    vendor: {
      name: clean(fields.vendorName),
      taxId: clean(fields.taxId),
      email: clean(fields.email),
    },
    amounts: { total: fields.total, subtotal: fields.subtotal, tax: fields.tax },
    currency,
    dates: { issueDate: fields.issueDate, dueDate: fields.dueDate },
    documentNumbers: { invoiceNumber: clean(fields.invoiceNumber) },
    lineItems,
    suggestedCategory: null,
    fieldConfidence: {
      vendor: sure(fields.vendorName),
      total: sure(fields.total),
      subtotal: sure(fields.subtotal),
      tax: sure(fields.tax),
      currency: sure(currency),
      issueDate: sure(fields.issueDate),
      dueDate: sure(fields.dueDate),
      invoiceNumber: sure(fields.invoiceNumber),
    },
  };
}
