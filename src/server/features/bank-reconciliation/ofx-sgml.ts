import type { OfxHandlers } from './parse-ofx';
import { StatementFormatError, type StatementSource, readText } from './parsed-statement';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&nbsp;': ' ' };

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|apos|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * OFX 1.x (SGML): a header of KEY:VALUE lines, then tags where a leaf's value runs to the next tag
 * and its end tag is optional (<TRNAMT>-12.50 on its own line). No library reads this streaming
 * (see docs/decisions/0011), so it is tokenized here: an element with a value is a leaf and closed
 * at once; an element without one is an aggregate, closed by its </NAME>.
 */
export async function walkOfxSgml(source: StatementSource, handlers: OfxHandlers, encoding: 'utf8' | 'latin1' = 'utf8'): Promise<void> {
  const path: string[] = [];
  let buffer = '';
  let line = 1;
  let started = false;
  let lastLeaf: string | null = null;

  const handleTag = (tag: string, value: string) => {
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim().toUpperCase();
      if (name === lastLeaf) {
        lastLeaf = null;
        return;
      }
      const at = path.lastIndexOf(name);
      if (at === -1) throw new StatementFormatError(`Line ${line}: </${name}> closes an element that is not open`);
      // Aggregates left open inside it were leaves without a value; close them on the way out.
      while (path.length > at) {
        const closing = path[path.length - 1] ?? '';
        handlers.close(closing, '', path, line);
        path.pop();
      }
      lastLeaf = null;
      return;
    }
    const name = tag.trim().split(/\s/)[0]?.toUpperCase() ?? '';
    if (!/^[A-Z0-9._]+$/.test(name)) throw new StatementFormatError(`Line ${line}: <${tag}> is not an OFX tag`);
    path.push(name);
    handlers.open?.(name, path);
    const text = decode(value).trim();
    if (text !== '') {
      handlers.close(name, text, path, line);
      path.pop();
      lastLeaf = name;
    } else {
      lastLeaf = null;
    }
  };

  for await (const chunk of readText(source, encoding)) {
    buffer += chunk;
    if (!started) {
      const at = buffer.indexOf('<');
      if (at === -1) continue;
      line += countLines(buffer.slice(0, at));
      buffer = buffer.slice(at);
      started = true;
    }
    // Handle each tag whose value is complete (the next "<" has arrived).
    let position = 0;
    for (;;) {
      const close = buffer.indexOf('>', position);
      if (close === -1) break;
      const next = buffer.indexOf('<', close);
      if (next === -1) break;
      const tag = buffer.slice(position + 1, close);
      const value = buffer.slice(close + 1, next);
      if (tag.includes('<')) throw new StatementFormatError(`Line ${line}: a tag is not closed with ">"`);
      handleTag(tag, value);
      line += countLines(value);
      position = next;
    }
    buffer = buffer.slice(position);
    if (buffer.length > 100_000) throw new StatementFormatError(`Line ${line}: a value is longer than 100,000 characters`);
  }
  if (buffer.trim() !== '') {
    const close = buffer.indexOf('>');
    if (!buffer.startsWith('<') || close === -1) throw new StatementFormatError(`Line ${line}: the file ends inside a tag`);
    handleTag(buffer.slice(1, close), buffer.slice(close + 1));
  }
  if (path.length > 0) throw new StatementFormatError(`Line ${line}: the file ends before </${path[path.length - 1] ?? ''}>`);
}

function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}
