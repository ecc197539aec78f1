import { SaxesParser } from 'saxes';
import { StatementFormatError, type StatementSource, readText } from './parsed-statement';

export interface XmlHandlers {
  /** An element opened; `path` is the names from the root, namespace prefixes dropped. */
  open?: (name: string, path: readonly string[]) => void;
  /** An element closed with its own text (trimmed; "" for an aggregate). */
  close: (name: string, text: string, path: readonly string[], line: number) => void;
}

/**
 * Walks an XML file with saxes, chunk by chunk, so a 100,000-entry statement is never one string.
 * A file that is not well-formed stops with its line and column.
 */
export async function walkXml(source: StatementSource, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  let text = '';
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    path.push(name);
    text = '';
    handlers.open?.(name, path);
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('cdata', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    handlers.close(name, text.trim(), path, parser.line);
    path.pop();
    text = '';
  });
  try {
    for await (const chunk of readText(source)) {
      parser.write(chunk);
      if (failure) break;
    }
    if (!failure) parser.close();
  } catch (error) {
    if (error instanceof StatementFormatError) throw error;
    failure ??= error as Error;
  }
  if (failure) throw new StatementFormatError(`The XML is not well-formed at line ${parser.line}: ${describe(failure)}`);
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** saxes prefixes "file:line:column: "; the line is said once, in our words. */
function describe(error: Error): string {
  return error.message.replace(/^[^:]*:\d+:\d+:\s*/, '');
}
