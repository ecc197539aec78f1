import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One run of text as pdf.js reads it off a page, in points from the page's bottom left. */
export interface TextBox {
  page: number;
  text: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/**
 * The text of every page as boxes: from the baseline's x over the run's width, and from the
 * descender (a fifth of the size below the baseline) to the cap height (0.72 of the size above it).
 * Two lines of one paragraph stay apart with these boxes; two strings printed on the same spot
 * do not. pdf.js reads the file like a viewer, so the test needs no system tool (poppler).
 */
export async function pdfTextBoxes(
  bytes: Buffer | Uint8Array,
): Promise<{ pages: number; boxes: TextBox[] }> {
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const pdf = await getDocument({
    data,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const boxes: TextBox[] = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , scaleY, x, y] = item.transform as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const size = Math.abs(scaleY);
      boxes.push({
        page,
        text: item.str,
        left: x,
        right: x + item.width,
        bottom: y - size * 0.2,
        top: y + size * 0.72,
      });
    }
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, boxes };
}

/** Pairs of text boxes on one page that cover each other by more than half a point both ways. */
export function overlappingText(boxes: TextBox[]): string[] {
  const found: string[] = [];
  const slack = 0.5;
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i] as TextBox;
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j] as TextBox;
      if (a.page !== b.page) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (across > slack && down > slack)
        found.push(`page ${a.page}: "${a.text}" over "${b.text}"`);
    }
  }
  return found;
}

/** The boxes that run off the page: left of 0 or right of `width` points. */
export function textOutside(boxes: TextBox[], width: number): string[] {
  return boxes
    .filter((box) => box.left < 0 || box.right > width)
    .map((box) => `page ${box.page}: "${box.text}" runs off the page`);
}

/** Every run of text in the file, in reading order, joined by spaces, and the number of pages. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<{ text: string; pages: number }> {
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const pdf = await getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { text: parts.join(' '), pages };
}
