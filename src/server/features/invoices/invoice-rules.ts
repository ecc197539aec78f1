import { and, eq } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../shared/contracts/invoices';
import { type Cents, formatMoney } from '../../../shared/money';
import { findCurrency } from '../../../shared/currencies';
import type { Totals } from '../../../shared/totals';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { DUE_BEFORE_ISSUE } from '../../../shared/contracts/invoices';
import { organizationTimeZone, toOrganizationDay } from '../../platform/calendar';
import { AppError } from '../../platform/errors';
import { type LineVatInput, requireExemptionReason, totalsWithLineVat } from '../../platform/line-vat';

/** Who makes a change: the signed-in user, or nobody for a provider webhook. */
export interface Actor {
  organizationId: string;
  userId: string | null;
}

/** What creating or editing an invoice needs; the API's InvoiceInput fits, claimed totals are ignored. */
export interface InvoiceDraft {
  customerId: string;
  /** Left out on creation: the organization's next number (invoice-numbering.ts). */
  invoiceNumber?: string;
  status?: InvoiceStatus;
  /** A day or a timestamp (the contract's DateInput); stored as the organization's day. */
  issueDate: string;
  dueDate: string;
  taxAmount?: Cents;
  discountAmount?: Cents;
  notes?: string | null;
  paymentTerms?: string | null;
  /** BT-120: required when a line is exempt, reverse charge, intra-community, export or not subject. */
  vatExemptionReason?: string | null;
  items: readonly ({ description: string; quantity: string | number; unitPrice: Cents } & LineVatInput)[];
}

/**
 * The server's own totals; refuses what the contract refuses, for callers that skip it. Lines with
 * VAT categories give the tax themselves (VAT by rate, shared/vat.ts); otherwise the lump-sum tax stands.
 */
export function invoiceTotals(draft: InvoiceDraft): Totals {
  if (draft.items.length === 0) throw new AppError('VALIDATION', 'At least one item is required', { items: 'At least one item is required' });
  requireExemptionReason(draft.items, draft.vatExemptionReason);
  const totals = totalsWithLineVat(draft.items, draft.taxAmount ?? 0, draft.discountAmount ?? 0);
  if (totals.taxAmount < 0 || totals.discountAmount < 0 || totals.itemTotals.some((total) => total < 0)) {
    throw new AppError('VALIDATION', 'Amounts cannot be negative');
  }
  if (totals.discountAmount > totals.subtotal) {
    throw new AppError('VALIDATION', 'Discount cannot be larger than the subtotal', {
      discountAmount: 'Discount cannot be larger than the subtotal',
    });
  }
  return totals;
}

/** The draft's issue and due days where the organization is; the due day may not come first. */
export async function invoiceDays(db: Database, organizationId: string, draft: InvoiceDraft): Promise<{ issueDate: string; dueDate: string }> {
  const timeZone = await organizationTimeZone(db, organizationId);
  const issueDate = toOrganizationDay(draft.issueDate, timeZone);
  const dueDate = toOrganizationDay(draft.dueDate, timeZone);
  if (dueDate < issueDate) throw new AppError('VALIDATION', DUE_BEFORE_ISSUE, { dueDate: DUE_BEFORE_ISSUE });
  return { issueDate, dueDate };
}

export const numberTaken = () =>
  new AppError('CONFLICT', 'Invoice number already exists', { invoiceNumber: 'Invoice number already exists' });

/** The customer must belong to the organization and be active. */
export async function requireCustomer(db: Database, organizationId: string, customerId: string, currentCustomerId?: string) {
  const [customer] = await db
    .select({ id: customers.id, isActive: customers.isActive })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .limit(1);
  if (!customer) throw new AppError('VALIDATION', 'Customer not found', { customerId: 'Customer not found' });
  // An existing invoice may keep its (since deactivated) customer; new work goes to active ones.
  if (!customer.isActive && customer.id !== currentCustomerId) {
    throw new AppError('VALIDATION', 'This customer is inactive', { customerId: 'This customer is inactive' });
  }
}

/**
 * The status an invoice may have given what has been paid: 'paid' only when nothing is left,
 * and an invoice with payments is neither a draft nor cancelled.
 */
export function settleStatus(requested: InvoiceStatus, total: Cents, paid: Cents): InvoiceStatus {
  if (paid > total) {
    throw new AppError('VALIDATION', 'Total cannot be less than the amount already paid', {
      totalAmount: 'Total cannot be less than the amount already paid',
    });
  }
  if (paid > 0 && paid === total) return 'paid';
  if (requested === 'paid' && total === 0) return 'paid';
  if (requested === 'paid') {
    throw new AppError('VALIDATION', 'Record a payment to mark this invoice as paid', {
      status: 'Record a payment to mark this invoice as paid',
    });
  }
  if (paid > 0 && (requested === 'draft' || requested === 'cancelled')) {
    const message = `An invoice with payments cannot be ${requested === 'draft' ? 'a draft' : 'cancelled'}`;
    throw new AppError('VALIDATION', message, { status: message });
  }
  return requested;
}

/** An amount (minor units of `currency`) written the way that currency usually is, with its decimals. */
export function moneyIn(currency: string, cents: Cents): string {
  const entry = findCurrency(currency);
  return formatMoney(cents, {
    currency,
    locale: entry?.locale ?? 'en-US',
    symbol: entry?.symbol ?? currency,
    position: entry?.position ?? 'before',
  });
}

/** Latin, Greek and Cyrillic letters, spaces, punctuation and currency signs: what the PDF fonts draw (platform/pdf-fonts.ts). */
const PRINTABLE = /^[\u0020-\u024F\u0370-\u03FF\u0400-\u04FF\u2000-\u200A\u2010-\u2027\u202F\u20A0-\u20CF\u2212]*$/u;

/**
 * moneyIn for a PDF: the currency's own way when the fonts can draw it, otherwise (Arabic digits
 * of ar-KW, the full-width yen of ja-JP) the English one: "KWD 1.235", "¥1,081".
 */
export function printedMoneyIn(currency: string, cents: Cents): string {
  const local = moneyIn(currency, cents);
  return PRINTABLE.test(local) ? local : formatMoney(cents, { currency, locale: 'en-US' });
}
