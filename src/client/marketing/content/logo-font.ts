/**
 * A tiny geometric capital font for the logo wordmarks, so every logo has exact, font-free
 * measurements. Glyphs are stroked centre-lines (stroke 10, round caps and joins) inside a box
 * 60 units tall: with the 5-unit inset, ink touches exactly y=0 (cap line) and y=60 (baseline).
 */
export const capHeight = 60;
export const strokeWidth = 10;
export const letterSpacing = 8;

interface Glyph {
  width: number;
  strokes: [number, number][][];
}

const glyphs: Record<string, Glyph> = {
  ' ': { width: 16, strokes: [] },
  A: {
    width: 40,
    strokes: [
      [
        [5, 55],
        [5, 20],
        [20, 5],
        [35, 20],
        [35, 55],
      ],
      [
        [5, 36],
        [35, 36],
      ],
    ],
  },
  C: {
    width: 40,
    strokes: [
      [
        [35, 5],
        [15, 5],
        [5, 15],
        [5, 45],
        [15, 55],
        [35, 55],
      ],
    ],
  },
  E: {
    width: 36,
    strokes: [
      [
        [31, 5],
        [5, 5],
        [5, 55],
        [31, 55],
      ],
      [
        [5, 30],
        [25, 30],
      ],
    ],
  },
  G: {
    width: 40,
    strokes: [
      [
        [35, 5],
        [15, 5],
        [5, 15],
        [5, 45],
        [15, 55],
        [35, 55],
        [35, 32],
        [22, 32],
      ],
    ],
  },
  I: {
    width: 10,
    strokes: [
      [
        [5, 5],
        [5, 55],
      ],
    ],
  },
  L: {
    width: 34,
    strokes: [
      [
        [5, 5],
        [5, 55],
        [29, 55],
      ],
    ],
  },
  M: {
    width: 50,
    strokes: [
      [
        [5, 55],
        [5, 5],
        [25, 32],
        [45, 5],
        [45, 55],
      ],
    ],
  },
  N: {
    width: 40,
    strokes: [
      [
        [5, 55],
        [5, 5],
        [35, 55],
        [35, 5],
      ],
    ],
  },
  O: {
    width: 40,
    strokes: [
      [
        [15, 5],
        [25, 5],
        [35, 15],
        [35, 45],
        [25, 55],
        [15, 55],
        [5, 45],
        [5, 15],
        [15, 5],
      ],
    ],
  },
  P: {
    width: 38,
    strokes: [
      [
        [5, 55],
        [5, 5],
        [25, 5],
        [33, 13],
        [33, 24],
        [25, 32],
        [5, 32],
      ],
    ],
  },
  R: {
    width: 38,
    strokes: [
      [
        [5, 55],
        [5, 5],
        [25, 5],
        [33, 13],
        [33, 24],
        [25, 32],
        [5, 32],
      ],
      [
        [18, 32],
        [33, 55],
      ],
    ],
  },
  S: {
    width: 38,
    strokes: [
      [
        [33, 5],
        [13, 5],
        [5, 13],
        [5, 22],
        [13, 30],
        [25, 30],
        [33, 38],
        [33, 47],
        [25, 55],
        [5, 55],
      ],
    ],
  },
  U: {
    width: 40,
    strokes: [
      [
        [5, 5],
        [5, 45],
        [15, 55],
        [25, 55],
        [35, 45],
        [35, 5],
      ],
    ],
  },
};

/** Width of a word in font units (= pixels at the 60 px cap height). */
export function measureText(text: string): number {
  const letters = [...text.toUpperCase()];
  const widths = letters.map((letter) => glyphFor(letter).width);
  return (
    widths.reduce((sum, width) => sum + width, 0) + letterSpacing * Math.max(letters.length - 1, 0)
  );
}

/** SVG path data for a word whose cap line starts at (x, y). */
export function textPath(text: string, x: number, y: number): string {
  let cursor = x;
  const parts: string[] = [];
  for (const letter of text.toUpperCase()) {
    const glyph = glyphFor(letter);
    for (const stroke of glyph.strokes) {
      parts.push(
        stroke
          .map(([gx, gy], index) => `${index === 0 ? 'M' : 'L'}${cursor + gx} ${y + gy}`)
          .join(' '),
      );
    }
    cursor += glyph.width + letterSpacing;
  }
  return parts.join(' ');
}

function glyphFor(letter: string): Glyph {
  const glyph = glyphs[letter];
  if (!glyph) throw new Error(`The logo font has no glyph for "${letter}"`);
  return glyph;
}
