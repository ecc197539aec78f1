import { XMLParser } from 'fast-xml-parser';

/*
 * Test support: a small reader of written XML, independent of the writers (no shared code), so a
 * writer mistake cannot pass its own test. Paths are local element names joined by "/", from the
 * root's children: "ExchangedDocument/ID"; "@attr" reads an attribute of the last element.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
});

export interface XmlDoc {
  rootName: string;
  /** Every value at the path, in document order. */
  all(path: string): string[];
  /** The first value at the path, or null. */
  at(path: string): string | null;
  /** The element nodes at the path, each readable with its own paths. */
  nodes(path: string): XmlDoc[];
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']);
  return null;
}

function wrap(rootName: string, root: Node): XmlDoc {
  const walk = (path: string): unknown[] => {
    let current: unknown[] = [root];
    for (const step of path.split('/')) {
      const next: unknown[] = [];
      for (const node of current) {
        if (!node || typeof node !== 'object') continue;
        const value = (node as Node)[step];
        if (value === undefined) continue;
        if (Array.isArray(value)) next.push(...value);
        else next.push(value);
      }
      current = next;
    }
    return current;
  };
  return {
    rootName,
    all: (path) => walk(path).map(textOf).filter((value): value is string => value !== null),
    at: (path) => {
      const [first] = walk(path).map(textOf).filter((value) => value !== null);
      return first ?? null;
    },
    nodes: (path) => walk(path).filter((node): node is Node => Boolean(node) && typeof node === 'object').map((node) => wrap(rootName, node)),
  };
}

export function readXml(xml: string): XmlDoc {
  const parsed = parser.parse(xml) as Node;
  const rootName = Object.keys(parsed).find((key) => !key.startsWith('?')) ?? '';
  const rootValue = parsed[rootName];
  const root = (Array.isArray(rootValue) ? rootValue[0] : rootValue) as Node;
  return wrap(rootName, root);
}

/** "1234.50" -> 123450, refusing anything that is not exactly two decimals (BR-DEC). */
export function cents(text: string | null): number {
  if (text === null || !/^-?\d+\.\d{2}$/.test(text)) throw new Error(`Not an amount with two decimals: ${String(text)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction);
  return negative ? -value : value;
}
