import { XMLBuilder } from 'fast-xml-parser';
import type { Cents } from '../../../shared/money';
import { toDecimal } from '../../../shared/money';
import { normalizeVatRate } from '../../../shared/vat';

/** A node of the XML we write: text, attributes (keys "@_name"), children in schema order, arrays for repeats. */
export type XmlNode = string | { [key: string]: XmlNode | XmlNode[] | null | undefined } | null | undefined;

/** An element the schema demands even when it has nothing to carry: written as <name/>. */
export const EMPTY_ELEMENT = '\u0000empty';

/** Drops absent and empty children, so no empty element is ever written (PEPPOL-EN16931-R008). */
function compact(node: XmlNode | XmlNode[]): XmlNode | XmlNode[] | undefined {
  if (node === null || node === undefined) return undefined;
  if (node === EMPTY_ELEMENT) return '';
  if (typeof node === 'string') return node.trim() === '' ? undefined : node;
  if (Array.isArray(node)) {
    const items = node.map(compact).filter((item) => item !== undefined);
    return items.length ? (items as XmlNode[]) : undefined;
  }
  const result: Record<string, XmlNode | XmlNode[]> = {};
  let children = 0;
  for (const [key, value] of Object.entries(node)) {
    const kept = compact(value);
    if (kept === undefined) continue;
    result[key] = kept;
    if (!key.startsWith('@_')) children += 1;
  }
  return children > 0 ? result : undefined;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  // Escapes &, <, >, " and ' in text and attributes: a customer name is data, never markup.
  processEntities: true,
  suppressEmptyNode: true,
});

export function writeXml(root: string, body: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${String(builder.build({ [root]: compact(body) ?? {} }))}`;
}

/** "1234.50": an amount with exactly two decimals. */
export const amountText = (cents: Cents): string => toDecimal(cents);

/** A VAT rate as written: "19.00". */
export const rateText = (rate: string | null): string | null => (rate === null ? null : normalizeVatRate(rate));

/** An amount element with its currency attribute. */
export const amountWithCurrency = (cents: Cents, currency: string) => ({ '#text': amountText(cents), '@_currencyID': currency });
