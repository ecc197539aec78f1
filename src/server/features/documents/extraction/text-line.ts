/**
 * The common shape every reader (PDF text layer, OCR) produces: lines of words with positions as
 * fractions of the page (origin top-left), so field rules and learned layouts work on both.
 */
export interface Box {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Word extends Box {
  text: string;
  /** OCR certainty 0..1; text-layer words are certain. */
  confidence?: number;
}

export interface TextLine extends Box {
  text: string;
  words: Word[];
}

/** Smallest box around several boxes of one page. */
export function unionBox(boxes: readonly Box[]): Box {
  const first = boxes[0];
  if (!first) return { page: 1, x: 0, y: 0, width: 0, height: 0 };
  let x0 = first.x;
  let y0 = first.y;
  let x1 = first.x + first.width;
  let y1 = first.y + first.height;
  for (const box of boxes) {
    x0 = Math.min(x0, box.x);
    y0 = Math.min(y0, box.y);
    x1 = Math.max(x1, box.x + box.width);
    y1 = Math.max(y1, box.y + box.height);
  }
  return { page: first.page, x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Groups words into lines: words whose vertical centres are close (within half the word height)
 * belong together; each line is sorted left to right and joined with single spaces.
 */
export function groupWordsIntoLines(words: readonly Word[]): TextLine[] {
  const sorted = [...words]
    .filter((word) => word.text.trim() !== '')
    .sort((a, b) => a.page - b.page || a.y + a.height / 2 - (b.y + b.height / 2));
  const groups: Word[][] = [];
  for (const word of sorted) {
    const centre = word.y + word.height / 2;
    const group = groups.find((candidate) => {
      const head = candidate[0];
      if (!head || head.page !== word.page) return false;
      const box = unionBox(candidate);
      const boxCentre = box.y + box.height / 2;
      return Math.abs(boxCentre - centre) < Math.min(box.height, word.height) * 0.5;
    });
    if (group) group.push(word);
    else groups.push([word]);
  }
  return groups
    .map((group) => {
      const ordered = [...group].sort((a, b) => a.x - b.x);
      return {
        ...unionBox(ordered),
        text: ordered.map((w) => w.text.trim()).join(' '),
        words: ordered,
      };
    })
    .sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
}
