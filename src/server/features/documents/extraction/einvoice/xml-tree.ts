import { XMLParser } from 'fast-xml-parser';

/**
 * A namespace-free view of an XML document: e-invoice dialects (ZUGFeRD 1, CII D16B, UBL) use
 * different prefixes for the same local names, so lookups go by local name only.
 */
export interface XmlNode {
  name: string;
  text: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entities are never expanded (billion laughs) and a DOCTYPE is refused before parsing (XXE).
  processEntities: false,
});

/** A DOCTYPE or ENTITY declaration: e-invoices never need one, and it is how XXE and entity bombs start. */
export function hasDoctype(xml: string): boolean {
  return /<!DOCTYPE|<!ENTITY/i.test(xml);
}

type Ordered = Record<string, unknown>;

const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined XML entities and character references, decoded once, never recursively. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return predefined[name.toLowerCase()] ?? whole;
  });
}

function toNodes(items: unknown): XmlNode[] {
  if (!Array.isArray(items)) return [];
  const nodes: XmlNode[] = [];
  for (const item of items as Ordered[]) {
    const name = Object.keys(item).find((key) => key !== ':@');
    if (name === undefined || name === '#text' || name === '?xml' || name === '#comment') continue;
    const content = item[name];
    const attributes: Record<string, string> = {};
    const rawAttributes = item[':@'];
    if (rawAttributes && typeof rawAttributes === 'object') {
      for (const [key, value] of Object.entries(rawAttributes)) attributes[key] = decodeXmlText(String(value));
    }
    const text = Array.isArray(content)
      ? (content as Ordered[])
          .map((part) => ('#text' in part ? decodeXmlText(String(part['#text'])) : ''))
          .join('')
          .trim()
      : '';
    nodes.push({ name, text, attributes, children: toNodes(content) });
  }
  return nodes;
}

/** Parses XML text; returns the root element or null when the text is not XML. */
export function parseXml(xml: string): XmlNode | null {
  if (hasDoctype(xml)) return null;
  try {
    const roots = toNodes(parser.parse(xml));
    return roots[0] ?? null;
  } catch {
    return null;
  }
}

/** Direct children by local name. */
export function childrenNamed(node: XmlNode | null | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((child) => child.name === name) : [];
}

/** Follows a path of child names ("A/B/C"), returning every node reached. */
export function select(node: XmlNode | null | undefined, path: string): XmlNode[] {
  let current: XmlNode[] = node ? [node] : [];
  for (const step of path.split('/')) {
    current = current.flatMap((item) => childrenNamed(item, step));
  }
  return current;
}

export function first(node: XmlNode | null | undefined, path: string): XmlNode | null {
  return select(node, path)[0] ?? null;
}

/** The text of the first node at the path, or null when missing or empty. */
export function textAt(node: XmlNode | null | undefined, path: string): string | null {
  const found = select(node, path).find((item) => item.text !== '');
  return found ? found.text : null;
}

/** Every descendant (depth first, document order) with this local name. */
export function descendants(node: XmlNode | null | undefined, name: string): XmlNode[] {
  if (!node) return [];
  const found: XmlNode[] = [];
  const visit = (current: XmlNode): void => {
    for (const child of current.children) {
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(node);
  return found;
}
