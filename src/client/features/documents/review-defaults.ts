import { toNestErrors } from '@hookform/resolvers';
import { addDaysToDay } from '@/lib/dates';
import type { FieldError, Resolver } from 'react-hook-form';
import { type CreateTransactionRequest, type DocumentDto, createTransactionSchema } from '@shared/contracts/documents';
import { multiplyCents, parseMoney, sumCents, toDecimal } from '@shared/money';

export interface ReviewItem {
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
}

export interface ReviewValues {
  transactionType: 'bill' | 'invoice';
  customizations: {
    vendorId: string;
    vendorName: string;
    customerId: string;
    number: string;
    amount: string;
    tax: string;
    issueDate: string;
    dueDate: string;
    description: string;
    category: string;
    items: ReviewItem[];
  };
}

const cents = (value: string | null | undefined): number | null => (value ? parseMoney(value) : null);

/** The line's total (quantity x unit price) as a decimal, or '' while either is unreadable. */
export function lineTotal(quantity: string, unitPrice: string): string {
  const unit = cents(unitPrice);
  if (unit === null || !/^\d+(\.\d+)?$/.test(quantity.trim())) return '';
  return toDecimal(multiplyCents(unit, quantity.trim()));
}

/** Sum of the line totals plus tax, as a decimal, or null when a figure is unreadable. */
export function itemsTotal(items: readonly ReviewItem[], tax: string): string | null {
  const totals = items.map((item) => cents(item.totalPrice));
  const taxCents = tax.trim() === '' ? 0 : cents(tax);
  if (taxCents === null || totals.some((value) => value === null)) return null;
  return toDecimal(sumCents(totals.map((value) => value ?? 0)) + taxCents);
}

/**
 * The dialog's starting values from what was extracted. Extracted line items are offered only when
 * they add up (with tax) to the extracted total; otherwise the bill gets one line
 * 'Auto-generated from <file name>'.
 */
/** `today` is the organization's day ("YYYY-MM-DD"): a document without dates is due 30 days after it. */
export function reviewDefaults(document: DocumentDto, transactionType: 'bill' | 'invoice', today: string): ReviewValues {
  const data = document.extractedData;
  const total = data?.amounts.total ?? '';
  const tax = data?.amounts.tax ?? '';
  const issueDate = data?.dates.issueDate ?? '';
  const due = data?.dates.dueDate ?? addDaysToDay(issueDate || today, 30);
  const candidates: ReviewItem[] = (data?.lineItems ?? []).flatMap((item) => {
    const quantity = item.quantity ?? '1';
    const unitPrice = item.unitPrice ?? item.totalPrice;
    if (!unitPrice) return [];
    const totalPrice = lineTotal(quantity, unitPrice);
    return totalPrice === '' ? [] : [{ description: item.description, quantity, unitPrice, totalPrice }];
  });
  const itemsMatch = candidates.length > 0 && total !== '' && itemsTotal(candidates, tax) === toDecimal(parseMoney(total) ?? -1);
  return {
    transactionType,
    customizations: {
      vendorId: data?.vendor.matchedVendorId ?? '',
      vendorName: data?.vendor.name ?? '',
      customerId: '',
      number: data?.documentNumbers.invoiceNumber ?? '',
      amount: total,
      tax,
      issueDate,
      dueDate: due,
      description: `Auto-generated from ${document.fileName}`,
      category: data?.suggestedCategory ?? '',
      items: itemsMatch ? candidates : [],
    },
  };
}

/** What is sent: the reviewed values, with the fields of the other transaction type left out. */
export function toRequest(values: ReviewValues): CreateTransactionRequest {
  const c = values.customizations;
  const shared = {
    number: c.number,
    amount: c.amount,
    tax: c.tax,
    issueDate: c.issueDate,
    dueDate: c.dueDate,
    description: c.description,
    category: c.category,
    items: c.items.length > 0 ? c.items : undefined,
  };
  return values.transactionType === 'bill'
    ? { transactionType: 'bill', customizations: { ...shared, vendorId: c.vendorId, vendorName: c.vendorName } }
    : { transactionType: 'invoice', customizations: { ...shared, customerId: c.customerId } };
}

/** Validates with the same contract the server uses, on the request the dialog will send. */
export const reviewResolver: Resolver<ReviewValues> = async (values, _context, options) => {
  const parsed = createTransactionSchema.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    flat[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};
