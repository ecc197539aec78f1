import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ocrDigits, ocrPage } from '../ocr/ocr-page';
import type { TextLine, Word } from '../text-line';
import { cleanText, splitCityLine, type W9Reading } from './w9-reading';

/**
 * Reads a scanned or photographed W-9 against the form's layout: each numbered line's label is
 * found in the OCR text and its answer is the text between it and the next label; the marked
 * box of line 3a is the one with the most ink beside its label; the TIN is read again from the
 * digit boxes alone, their borders wiped first (OCR reads a box border as "|", "1" or "]").
 */
export interface GreyPage {
  png: Buffer;
  width: number;
  height: number;
}

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const anchors = {
  line1: /name of ent|entity\/individual|^1\s+name of\b/i,
  line2: /business name|disregarded entity name/i,
  line3a: /check the appropriate box|appropriate box for|federal tax classification|classification of the entity/i,
  line4: /exemptions \(codes/i,
  line5: /address \(?number|number,? street/i,
  line6: /city,? state|and zip code|\bstate,? and\b/i,
  line7: /list account number|\blist( \w+)? number\(s\)/i,
  partOne: /taxpayer identification number \(tin\)/i,
  ssn: /social security number/i,
  ein: /employer ident/i,
  partTwo: /certification$|^part ?i?ll/i,
};

const labelLike = /^(\d|3a|3b|§)?\s*(name of|business name|check the|only one|address \(|city, state|list account|requester|exempt|give form|before you)|owner'?s name on line|whose name is entered|entered on (line )?1|for federal tax|following seven|list account|account number/i;

// Words read with less certainty than this are the rules and box borders read as letters ("EE").
const minConfidence = 0.5;
const labelEnd = /^.*(\b[lf]ine 1\W{0,3}\)\.?|owner'?s name on\W+(\w+ )?1\W{0,3}\)\.?|see instructions\.|\(optional\)|from above[.,]?|zip code|and code)\s*/i;

function findLine(lines: readonly TextLine[], pattern: RegExp, after = 0): TextLine | null {
  return lines.find((line) => line.y >= after && pattern.test(line.text)) ?? null;
}

const centre = (box: { y: number; height: number }) => box.y + box.height / 2;

/** The answer between two labels: lines whose centre lies between them, left of `maxX`, labels left out. */
function textBetween(lines: readonly TextLine[], top: TextLine | null, bottom: TextLine | null, maxX = 1): string | null {
  if (!top) return null;
  const from = top.y + top.height * 0.8;
  const to = bottom ? bottom.y : from + 0.03;
  const parts = lines
    .filter((line) => centre(line) > from && centre(line) < to && !labelLike.test(line.text) && line !== bottom)
    .map((line) => line.words.filter((word) => word.x < maxX && word.x >= top.x - 0.03 && (word.confidence ?? 1) >= minConfidence).map((word) => word.text).join(' '))
    .filter((text) => /[\p{L}\d]/u.test(text));
  // A label's end read on the answer's line (a turned photo): the answer starts after it.
  const text = parts.join(' ').replace(labelEnd, '');
  return cleanText(text.replace(/^[|_—\-=.\s]+|[|_—\-=\s]+$/g, ''));
}

async function decode(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const data = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < data.length; i += 1) data[i] = rgba[i * 4] ?? 255;
  return { data, width: image.width, height: image.height };
}

/** Share of dark pixels in a rectangle given in fractions of the page. */
function inkShare(pixels: Pixels, box: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.round(box.x * pixels.width));
  const y0 = Math.max(0, Math.round(box.y * pixels.height));
  const x1 = Math.min(pixels.width, Math.round((box.x + box.width) * pixels.width));
  const y1 = Math.min(pixels.height, Math.round((box.y + box.height) * pixels.height));
  let dark = 0;
  let all = 0;
  for (let y = y0; y < y1; y += 1)
    for (let x = x0; x < x1; x += 1) {
      all += 1;
      if ((pixels.data[y * pixels.width + x] ?? 255) < 110) dark += 1;
    }
  return all === 0 ? 0 : dark / all;
}

const boxLabels: { classification: W9Reading['taxClassification']; pattern: RegExp; before?: RegExp }[] = [
  { classification: 'individual', pattern: /individual\/?/i },
  { classification: 'c_corporation', pattern: /^corporation/i, before: /[c¢(]$/i },
  { classification: 's_corporation', pattern: /^corporation/i, before: /[s5$]$/i },
  { classification: 'partnership', pattern: /^partnership$/i },
  { classification: 'trust_estate', pattern: /^trus/i },
  { classification: 'llc', pattern: /^llc\.?$/i },
  { classification: 'other', pattern: /^other$/i },
];

/** Line 3a: the label words of the seven boxes (first time each is seen below the 3a label) and the ink left of each. */
function markedClassification(lines: readonly TextLine[], pixels: Pixels, from: TextLine | null, to: TextLine | null): W9Reading['taxClassification'] {
  if (!from) return null;
  const words = lines.filter((line) => line.y > from.y + from.height * 0.5 && (!to || line.y < to.y)).flatMap((line) => line.words.map((word, index) => ({ word, prior: line.words[index - 1] ?? null })));
  const scores: { classification: W9Reading['taxClassification']; ink: number }[] = [];
  for (const option of boxLabels) {
    const found = words.find(({ word, prior }) => {
      if (!option.pattern.test(word.text)) return false;
      if (!option.before) return true;
      return prior !== null && option.before.test(prior.text) && prior.text.length <= 4;
    });
    if (!found) continue;
    // A one-letter prefix ("C corporation") starts the label; the box is left of the whole label.
    const start: Word = option.before && found.prior ? found.prior : found.word;
    const h = Math.max(found.word.height, 0.006);
    const letter = start.text.length > 1 && /[\][|xX]/.test(start.text.slice(0, -1)) ? start.width - h * 0.7 : 0;
    const x = start.x + letter;
    scores.push({ classification: option.classification, ink: inkShare(pixels, { x: x - h * 2.1, y: centre(found.word) - h * 0.8, width: h * 1.8, height: h * 1.6 }) });
  }
  const sorted = [...scores].sort((a, b) => b.ink - a.ink);
  const best = sorted[0];
  const second = sorted[1];
  if (!best || best.ink < 0.08) return null;
  return !second || best.ink > second.ink * 1.25 ? best.classification : null;
}

/** A code written after its label on the same line ("Exempt payee code (if any)  5"). */
function codeAfter(lines: readonly TextLine[], pattern: RegExp, shape: RegExp): string | null {
  for (const line of lines) {
    const index = line.words.findIndex((word, i) => pattern.test(line.words.slice(Math.max(0, i - 3), i + 1).map((w) => w.text).join(' ')));
    if (index < 0) continue;
    const label = line.words[index];
    const nearby = lines.flatMap((other) => other.words).filter((word) => label && word.x > label.x + label.width && Math.abs(centre(word) - centre(label)) < label.height * 1.2);
    const code = nearby.map((word) => word.text.replace(/[^A-Z0-9]/gi, '')).find((text) => shape.test(text));
    return code ?? null;
  }
  return null;
}

/** What the TIN boxes below one label hold: the digits chosen and the glyphs found, in groups split by the dashes' gaps. */
export interface DigitBoxes {
  digits: string;
  glyphs: number;
  groups: number[];
}

const noDigits: DigitBoxes = { digits: '', glyphs: 0, groups: [] };

/** Glyph counts split where the gap between two glyphs is much wider than the usual one (a dash between box groups). */
function glyphGroups(glyphs: readonly { from: number; to: number }[]): number[] {
  if (glyphs.length === 0) return [];
  const gaps = glyphs.slice(1).map((glyph, index) => glyph.from - (glyphs[index]?.to ?? glyph.from));
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  const groups = [1];
  for (const gap of gaps) {
    if (gap > usual * 1.8 && gap > 4) groups.push(1);
    else groups[groups.length - 1] = (groups.at(-1) ?? 0) + 1;
  }
  return groups;
}

/**
 * More glyphs than the nine boxes hold: a border's remnant is among them. Digits sit one per box,
 * evenly spaced within a group, so the glyphs dropped are those whose leaving makes the spacing
 * of the rest most even (a remnant sits half a box off the grid).
 */
export function dropOffGrid<T extends { from: number; to: number }>(glyphs: readonly T[], keep = 9): T[] {
  let kept = [...glyphs];
  const unevenness = (set: readonly T[]) => {
    const centres = set.map((glyph) => (glyph.from + glyph.to) / 2);
    const gaps = centres.slice(1).map((c, i) => c - (centres[i] ?? c));
    const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
    // Gaps within a group only: a dash's gap is wider by design.
    return gaps.filter((gap) => gap < usual * 1.6).reduce((sum, gap) => sum + (gap - usual) ** 2, 0);
  };
  while (kept.length > keep) {
    let best = kept;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let i = 0; i < kept.length; i += 1) {
      const without = kept.filter((_, j) => j !== i);
      const score = unevenness(without);
      if (score < bestScore) {
        bestScore = score;
        best = without;
      }
    }
    kept = best;
  }
  return kept;
}

/**
 * Chooses among the readings of one group of TIN boxes: a TIN is exactly nine digits, so a
 * reading with nine is taken first (the whole-block reading, then the digit-only line); else,
 * when exactly nine glyphs were found, each glyph read alone; else the reading nearest nine.
 */
export function chooseTinDigits(readings: { line: string; block: string; perGlyph: string | null }, glyphs: number): string {
  if (readings.block.length === 9) return readings.block;
  if (readings.line.length === 9) return readings.line;
  if (glyphs === 9 && readings.perGlyph?.length === 9) return readings.perGlyph;
  const nearest = [readings.line, readings.block, readings.perGlyph ?? ''].filter((text) => text.length > 0).sort((a, b) => Math.abs(a.length - 9) - Math.abs(b.length - 9));
  return nearest[0] ?? '';
}

/** Black glyph columns (their rows in `band`) drawn again on white, `gap` apart, as a PNG. */
async function drawGlyphs(dark: Uint8Array, wipe: Uint8Array, width: number, height: number, band: { top: number; bottom: number }, glyphs: readonly { from: number; to: number }[], gap: number): Promise<{ png: Buffer; width: number; height: number }> {
  const outWidth = glyphs.reduce((sum, glyph) => sum + glyph.to - glyph.from + gap, gap);
  const canvas = createCanvas(outWidth, height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(outWidth, height);
  image.data.fill(255);
  let at = gap;
  for (const glyph of glyphs) {
    for (let x = glyph.from; x < glyph.to; x += 1)
      for (let y = band.top; y < band.bottom; y += 1) {
        if (!dark[y * width + x] || wipe[y * width + x]) continue;
        const i = (y * outWidth + at + x - glyph.from) * 4;
        image.data[i] = 0;
        image.data[i + 1] = 0;
        image.data[i + 2] = 0;
      }
    at += glyph.to - glyph.from + gap;
  }
  context.putImageData(image, 0, 0);
  // Drawn twice as large: the boxes' digits are 15-20 px tall on the page, and tesseract reads
  // digits alone best at 30 px or more.
  const large = createCanvas(outWidth * 2, height * 2);
  const largeContext = large.getContext('2d');
  largeContext.drawImage(canvas, 0, 0, outWidth * 2, height * 2);
  return { png: await large.encode('png'), width: outWidth * 2, height: height * 2 };
}

/**
 * The digits in the TIN boxes below a label: the region cropped, box borders wiped, the glyphs
 * left drawn again alone and read three ways (a digit-only line, a whole block, each glyph alone);
 * the box structure (nine digits) chooses among them.
 */
async function readDigitBoxes(pixels: Pixels, label: TextLine, bottom: number, page: number): Promise<DigitBoxes> {
  const x0 = Math.max(0, Math.floor((label.x - 0.01) * pixels.width));
  const x1 = Math.min(pixels.width, Math.ceil((label.x + 0.36) * pixels.width));
  const y0 = Math.max(0, Math.floor((label.y + label.height) * pixels.height));
  const y1 = Math.min(pixels.height, Math.ceil(bottom * pixels.height));
  const width = x1 - x0;
  const height = y1 - y0;
  if (width < 10 || height < 5) return noDigits;
  const dark = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) dark[y * width + x] = (pixels.data[(y + y0) * pixels.width + x + x0] ?? 255) < 140 ? 1 : 0;
  const wipe = wipeBorders(dark, width, height, Math.max(10, Math.round(label.height * pixels.height * 1.6)));
  // A digit is about a label line tall or a little more.
  const band = digitBand(dark, wipe, width, height, label.height * pixels.height);
  const found = glyphColumns(dark, wipe, width, height, label.height * pixels.height * 0.6, band);
  if (found.length === 0) return noDigits;
  // Ten or eleven glyphs where nine boxes are: the off-grid ones are what is left of borders.
  const glyphs = found.length > 9 && found.length <= 11 ? dropOffGrid(found) : found;
  // The digits drawn again alone, evenly spaced on white: what is left of a border is no glyph.
  const gap = Math.round(height * 0.4);
  const strip = await drawGlyphs(dark, wipe, width, height, band, glyphs, gap);
  const lines = await ocrPage(strip.png, { width: strip.width, height: strip.height, page });
  const block = lines.map((line) => line.text).join(' ').replace(/[oOD]/g, '0').replace(/[Ss]/g, '5').replace(/\D/g, '');
  const line = (await ocrDigits(strip.png, 'line')).map((symbol) => symbol.digit).join('');
  let perGlyph: string | null = null;
  if (glyphs.length === 9 && line.length !== 9 && block.length !== 9) {
    const read: string[] = [];
    for (const glyph of glyphs) {
      const one = await drawGlyphs(dark, wipe, width, height, band, [glyph], gap);
      const best = (await ocrDigits(one.png, 'char')).sort((a, b) => b.confidence - a.confidence)[0];
      read.push(best?.digit ?? '');
    }
    perGlyph = read.join('');
  }
  return { digits: chooseTinDigits({ line, block, perGlyph }, glyphs.length), glyphs: glyphs.length, groups: glyphGroups(glyphs) };
}

/**
 * A box border is a run of dark pixels longer than a digit is tall: marks every such run down
 * each column and along each row (a turned page's border leans, so a column counts the ink of
 * its neighbours two either side), with two pixels either side.
 */
function wipeBorders(dark: Uint8Array, width: number, height: number, run: number): Uint8Array {
  const wipe = new Uint8Array(width * height);
  const inkNear = (x: number, y: number, alongRows: boolean) => {
    for (let d = -2; d <= 2; d += 1) {
      const px = alongRows ? x : x + d;
      const py = alongRows ? y + d : y;
      if (px >= 0 && px < width && py >= 0 && py < height && dark[py * width + px]) return true;
    }
    return false;
  };
  const mark = (x: number, y: number) => {
    for (let dy = -2; dy <= 2; dy += 1)
      for (let dx = -2; dx <= 2; dx += 1) {
        const px = x + dx;
        const py = y + dy;
        if (px >= 0 && px < width && py >= 0 && py < height) wipe[py * width + px] = 1;
      }
  };
  for (let x = 0; x < width; x += 1) {
    let length = 0;
    for (let y = 0; y <= height; y += 1) {
      if (y < height && inkNear(x, y, false)) length += 1;
      else {
        if (length >= run) for (let k = y - length; k < y; k += 1) if (dark[k * width + x]) mark(x, k);
        length = 0;
      }
    }
  }
  for (let y = 0; y < height; y += 1) {
    let length = 0;
    for (let x = 0; x <= width; x += 1) {
      if (x < width && inkNear(x, y, true)) length += 1;
      else {
        if (length >= run * 1.5) for (let k = x - length; k < x; k += 1) if (dark[y * width + k]) mark(k, y);
        length = 0;
      }
    }
  }
  return wipe;
}

/**
 * The band of rows the digits are in: the window a digit's height and a half tall with the most
 * ink left after the wipe. Crumbs of a rule above or below it (a faint rule the wipe missed in
 * pieces) would join every column into one glyph.
 */
function digitBand(dark: Uint8Array, wipe: Uint8Array, width: number, height: number, digitHeight: number): { top: number; bottom: number } {
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (dark[y * width + x] && !wipe[y * width + x]) rows[y] = (rows[y] ?? 0) + 1;
  const window = Math.min(height, Math.max(3, Math.round(digitHeight * 1.5)));
  let sum = 0;
  for (let y = 0; y < window; y += 1) sum += rows[y] ?? 0;
  let best = { top: 0, sum };
  for (let y = window; y < height; y += 1) {
    sum += (rows[y] ?? 0) - (rows[y - window] ?? 0);
    if (sum > best.sum) best = { top: y - window + 1, sum };
  }
  // A little room either side: the band's edges cut no digit.
  const pad = Math.round(digitHeight * 0.25);
  return { top: Math.max(0, best.top - pad), bottom: Math.min(height, best.top + window + pad) };
}

/** Runs of columns with ink left after the wipe (within the digits' band), kept when tall enough to be a digit. */
function glyphColumns(dark: Uint8Array, wipe: Uint8Array, width: number, height: number, minHeight: number, band: { top: number; bottom: number }): { from: number; to: number }[] {
  const glyphs: { from: number; to: number }[] = [];
  let from = -1;
  let top = height;
  let low = 0;
  for (let x = 0; x <= width; x += 1) {
    let ink = false;
    if (x < width)
      for (let y = band.top; y < band.bottom; y += 1)
        if (dark[y * width + x] && !wipe[y * width + x]) {
          ink = true;
          top = Math.min(top, y);
          low = Math.max(low, y);
        }
    if (ink && from < 0) from = x;
    if (!ink && from >= 0) {
      // A border's remnant is as tall as the box, taller than any digit (minHeight is 0.6 of a label line).
      if (low - top >= minHeight && low - top <= minHeight * 2.6 && x - from >= 2) glyphs.push({ from, to: x });
      from = -1;
      top = height;
      low = 0;
    }
  }
  return glyphs;
}

/**
 * Which boxes hold the TIN: the group whose glyphs fall like the form's boxes (SSN 3-2-4, EIN
 * 2-7) first, then the one with most of nine glyphs; the empty group has none or a border's crumbs.
 */
export function pickTinType(ssn: DigitBoxes, ein: DigitBoxes): 'ssn' | 'ein' | null {
  const shaped = (boxes: DigitBoxes, groups: number[]) => boxes.groups.length === groups.length && boxes.groups.every((count, index) => count === groups[index]);
  const ssnShaped = shaped(ssn, [3, 2, 4]);
  const einShaped = shaped(ein, [2, 7]);
  if (ssnShaped !== einShaped) return ssnShaped ? 'ssn' : 'ein';
  if (Math.max(ssn.glyphs, ein.glyphs) < 5) return ein.digits.length > 0 ? 'ein' : ssn.digits.length > 0 ? 'ssn' : null;
  const distance = (boxes: DigitBoxes) => Math.abs(boxes.glyphs - 9) + (boxes.digits.length === 9 ? 0 : 0.5);
  return distance(ein) <= distance(ssn) ? 'ein' : 'ssn';
}

/** The W-9 read from an OCR'd page image and the page's OCR lines. */
export async function readW9FromOcr(page: GreyPage & { page: number }, lines: readonly TextLine[]): Promise<W9Reading> {
  const pixels = await decode(page.png);
  const line1 = findLine(lines, anchors.line1);
  const line2 = findLine(lines, anchors.line2);
  const line3a = findLine(lines, anchors.line3a);
  const line4 = findLine(lines, anchors.line4);
  const line5 = findLine(lines, anchors.line5);
  const line6 = findLine(lines, anchors.line6, line5?.y ?? 0);
  const line7 = findLine(lines, anchors.line7);
  const requester = lines.flatMap((line) => line.words).find((word) => /^requester/i.test(word.text)) ?? null;
  const ssnLabel = findLine(lines, anchors.ssn, line7?.y ?? 0);
  const einLabel = findLine(lines, anchors.ein);
  const partTwo = findLine(lines, anchors.partTwo, einLabel?.y ?? 0);

  // The SSN label shares its line with the Part I text: its place is its own words'.
  const ssnWords = ssnLabel?.words.filter((word) => /social|security|number/i.test(word.text)).slice(-3) ?? [];
  const ssnBox = ssnWords.length > 0 ? { ...ssnLabel, x: ssnWords[0]?.x ?? 0, y: Math.min(...ssnWords.map((w) => w.y)), height: Math.max(...ssnWords.map((w) => w.height)) } : null;
  const ssn = ssnBox && ssnLabel ? await readDigitBoxes(pixels, ssnBox as TextLine, einLabel ? einLabel.y - einLabel.height * 1.5 : ssnBox.y + 0.04, page.page) : noDigits;
  const ein = einLabel ? await readDigitBoxes(pixels, einLabel, partTwo ? partTwo.y - 0.003 : einLabel.y + 0.04, page.page) : noDigits;
  const tinType = pickTinType(ssn, ein);
  const tin = tinType === 'ein' ? ein.digits : tinType === 'ssn' ? ssn.digits : null;

  const classification = markedClassification(lines, pixels, line3a, line4 ?? line5);
  const llcLine = lines.find((line) => /^\W{0,4}llc\b/i.test(line.words.find((w) => /llc/i.test(w.text))?.text ?? '') && /tax classification/i.test(line.text));
  const llcLetter = classification === 'llc' && llcLine ? codeAfter(lines, /partnership\)/i, /^[CSP]$/) : null;
  const addressRight = requester ? requester.x - 0.01 : 1;
  return {
    method: 'ocr',
    legalName: textBetween(lines, line1, line2),
    businessName: textBetween(lines, line2, line3a),
    taxClassification: classification,
    llcTaxClassification: llcLetter === 'C' || llcLetter === 'S' || llcLetter === 'P' ? llcLetter : null,
    exemptPayeeCode: codeAfter(lines, /payee code \(if any\)?/i, /^([1-9]|1[0-3])$/),
    fatcaExemptionCode: codeAfter(lines, /fatca reporting code|reporting code \(if/i, /^[A-M]$/),
    address: textBetween(lines, line5, line6, addressRight),
    ...splitCityLine(textBetween(lines, line6, line7, addressRight)),
    tinType,
    tin: tin || null,
    signedOn: null,
  };
}
