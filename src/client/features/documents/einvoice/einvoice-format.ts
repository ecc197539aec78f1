import { findCurrency } from '@shared/currencies';
import { vatCategoryLabels, type VatCategory } from '@shared/einvoice-codes';
import type { EinvoiceAddress } from '@shared/contracts/einvoicing';
import { type Cents, formatMoney, parseMoney } from '@shared/money';

/** An amount in the e-invoice's own currency, through money.ts. */
export function formatEinvoiceMoney(cents: Cents, currency: string): string {
  const known = findCurrency(currency);
  return formatMoney(cents, { currency, locale: known?.locale ?? 'en-US', symbol: known?.symbol ?? currency, position: known?.position ?? 'before' });
}

/**
 * The item net price (BT-146) may carry more than two decimals ("0.125"): such a price is shown as
 * written with the currency code, never rounded; a price in cents is formatted as money.
 */
export function formatNetPrice(price: string, currency: string): string {
  const cents = /^-?\d+(\.\d{1,2})?$/.test(price) ? parseMoney(price) : null;
  return cents === null ? `${price} ${currency}` : formatEinvoiceMoney(cents, currency);
}

/** "Standard rate 19%", "Reverse charge" (no rate for categories without one). */
export function formatVatCategory(category: VatCategory, rate: string | null): string {
  const label = vatCategoryLabels[category] ?? category;
  return rate === null ? label : `${label} ${trimRate(rate)}%`;
}

/** "19.00" -> "19", "7.50" -> "7.5". */
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate;
}

/** The lines of an address as written, the country code last. */
export function addressLines(address: EinvoiceAddress): string[] {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, address.subdivision, address.countryCode].filter((line): line is string => Boolean(line));
}

/** Only the last four characters of an account number are shown: the rest is not needed to check it. */
export function maskAccount(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.length <= 4 ? compact : `•••• ${compact.slice(-4)}`;
}

const typeLabels: Record<string, string> = {
  '380': 'Commercial invoice',
  '381': 'Credit note',
  '384': 'Corrected invoice',
  '389': 'Self-billed invoice',
  '386': 'Prepayment invoice',
  '326': 'Partial invoice',
};

export function einvoiceTypeLabel(typeCode: string): string {
  return typeLabels[typeCode] ?? `Document type ${typeCode}`;
}
