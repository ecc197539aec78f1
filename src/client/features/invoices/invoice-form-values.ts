import { addDaysToDay, dateInputValue } from '@/lib/dates';
import type { Invoice, InvoiceFormValues, InvoiceSettings } from '@shared/contracts/invoices';
import { type Cents, parseMoney, toDecimal } from '@shared/money';
import { computeTotals, type Totals } from '@shared/totals';

export type FormItem = InvoiceFormValues['items'][number];

export const blankItem = (): FormItem => ({ description: '', quantity: '1', unitPrice: '', totalPrice: '0.00' });

/** Spec 9: number 'INV-' + timestamp (until the invoice settings give the next number: settingsDefaults), issued today (the organization's day), due in 30 days, Net 30, draft, one item. */
export function newInvoiceValues(now: Date = new Date(), timeZone?: string): InvoiceFormValues {
  const today = dateInputValue(now, timeZone);
  return {
    customerId: '',
    invoiceNumber: `INV-${now.getTime()}`,
    status: 'draft',
    issueDate: today,
    dueDate: addDaysToDay(today, 30),
    paymentTerms: 'Net 30',
    notes: '',
    vatExemptionReason: '',
    subtotal: '0.00',
    taxAmount: '0.00',
    discountAmount: '0.00',
    totalAmount: '0.00',
    items: [blankItem()],
  };
}

/** The invoice settings' payment terms (the wizard's net_30) as the form's choice and its days. */
const settingsTerms: Record<string, { label: string; days: number }> = {
  due_on_receipt: { label: 'Due on receipt', days: 0 },
  net_15: { label: 'Net 15', days: 15 },
  net_30: { label: 'Net 30', days: 30 },
  net_45: { label: 'Net 45', days: 45 },
  net_60: { label: 'Net 60', days: 60 },
};

/** What a new invoice takes from the organization's invoice settings: its next number and payment terms. */
export function settingsDefaults(settings: InvoiceSettings, issueDate: string): Pick<InvoiceFormValues, 'invoiceNumber' | 'paymentTerms' | 'dueDate'> {
  const terms = settingsTerms[settings.paymentTerms] ?? { label: 'Net 30', days: 30 };
  return { invoiceNumber: settings.nextInvoiceNumber, paymentTerms: terms.label, dueDate: addDaysToDay(issueDate, terms.days) };
}

export function invoiceToValues(invoice: Invoice): InvoiceFormValues {
  return {
    customerId: invoice.customerId,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paymentTerms: invoice.paymentTerms,
    notes: invoice.notes ?? '',
    vatExemptionReason: invoice.vatExemptionReason ?? '',
    subtotal: invoice.subtotal,
    taxAmount: invoice.taxAmount,
    discountAmount: invoice.discountAmount,
    totalAmount: invoice.totalAmount,
    items: invoice.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      taxCategory: item.taxCategory ?? null,
      taxRate: item.taxRate ?? null,
      unitCode: item.unitCode ?? null,
    })),
  };
}

const QUANTITY = /^\d+(\.\d{1,4})?$/;

/** Half-typed input counts as zero in the preview; the contract reports it on submit. */
function cents(value: unknown, currency?: string): Cents {
  if (typeof value !== 'string' && typeof value !== 'number') return 0;
  const parsed = parseMoney(value, { currency });
  return parsed === null || parsed < 0 ? 0 : parsed;
}

function quantity(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return QUANTITY.test(text) ? text : '0';
}

/**
 * The same computeTotals the server runs, over what the form holds right now, in minor units of
 * the organization's currency (its decimals: ¥80 of 8% on ¥1,001, not ¥80.08); default USD.
 */
export function previewTotals(items: readonly Partial<FormItem>[] | undefined, taxAmount: unknown, discountAmount: unknown, currency?: string): Totals {
  return computeTotals({
    items: (items ?? []).map((item) => ({ quantity: quantity(item.quantity), unitPrice: cents(item.unitPrice, currency) })),
    taxAmount: cents(taxAmount, currency),
    discountAmount: cents(discountAmount, currency),
  });
}

export const asDecimal = (value: Cents, currency?: string): string => toDecimal(value, currency);
