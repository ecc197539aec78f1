import { type VatCategory, vatCategories } from '../../../../shared/einvoice-codes';
import type { EinvoiceAddress } from '../../../../shared/contracts/einvoicing';
import { type Cents, parseMoney } from '../../../../shared/money';
import { einvoiceDate } from '../../documents/extraction/einvoice/einvoice-values';
import { first, textAt, type XmlNode } from '../../documents/extraction/einvoice/xml-tree';

/** An amount element's text in cents (EN 16931 amounts have at most two decimals; more are rounded half up). */
export function cents(raw: string | null | undefined): Cents {
  if (!raw) return 0;
  return parseMoney(raw.trim(), { round: true }) ?? 0;
}

/** A decimal kept exactly as text ("12.500" -> "12.5", "3" -> "3"); null when it is not a decimal. */
export function decimalText(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(raw.trim());
  if (!match || (match[2] === '' && !match[3])) return null;
  const int = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (match[3] ?? '').replace(/0+$/, '');
  const sign = match[1] === '-' && (int !== '0' || frac !== '') ? '-' : '';
  return frac ? `${sign}${int}.${frac}` : `${sign}${int}`;
}

/** A VAT category code (BT-151, BT-118); an unknown code reads as standard rate when it has a rate, else not subject. */
export function vatCategory(raw: string | null | undefined, rate: string | null): VatCategory {
  const code = (raw ?? '').trim().toUpperCase();
  if ((vatCategories as readonly string[]).includes(code)) return code as VatCategory;
  return rate !== null && Number(rate) > 0 ? 'S' : 'O';
}

export function isoDate(raw: string | null | undefined, format?: string): string | null {
  return einvoiceDate(raw, format);
}

/** A CII date element: its DateTimeString child with format 102, or its own text. */
export function ciiDate(node: XmlNode | null): string | null {
  if (!node) return null;
  const inner = first(node, 'DateTimeString');
  return einvoiceDate(inner?.text ?? node.text, inner?.attributes.format ?? node.attributes.format);
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/** An IBAN without spaces, upper case, when the text has an IBAN's shape. */
export function asIban(raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  return IBAN_SHAPE.test(compact) ? compact : null;
}

export function cleanText(raw: string | null | undefined): string | null {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

export function address(fields: { line1: string | null; line2: string | null; city: string | null; postalCode: string | null; subdivision: string | null; countryCode: string | null }): EinvoiceAddress {
  return {
    line1: cleanText(fields.line1),
    line2: cleanText(fields.line2),
    city: cleanText(fields.city),
    postalCode: cleanText(fields.postalCode),
    subdivision: cleanText(fields.subdivision),
    countryCode: (cleanText(fields.countryCode) ?? '').toUpperCase(),
  };
}

/** The first amount among nodes in the document currency (BT-110 may repeat in the VAT accounting currency). */
export function amountInCurrency(nodes: XmlNode[], currency: string): Cents {
  const preferred = nodes.find((node) => !node.attributes.currencyID || node.attributes.currencyID === currency);
  return cents((preferred ?? nodes[0])?.text);
}

export { textAt };
