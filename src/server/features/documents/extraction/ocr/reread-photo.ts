import type { ExtractedData } from '../../../../../shared/contracts/extracted-data';
import { buildDocumentText, type DocumentText } from '../fields/document-text';
import { findDateFields } from '../fields/find-dates';
import { readFields } from '../fields/read-fields';
import type { VendorHints } from '../learning/vendor-hints';
import { withPictureVendor } from '../pdf/read-pictures';
import type { Box, TextLine, Word } from '../text-line';
import {
  cropImage,
  type GreyImage,
  type PreparedPhoto,
  type QuarterTurns,
} from '../worker/document-worker-client';
import { ocrPage } from './ocr-page';
import { pickNameWords } from './pick-name-words';
import { type OcrLanguages } from './ocr-worker';

// The header block of a receipt or invoice photo: the top of the picture, read again closer.
const headerDepth = 0.28;
const headerFactor = 2;
const headerMaxWidth = 2400;
// Below these, the header's first reading is weak: a vendor guess, or words the engine doubted.
const sureVendor = 0.6;
const sureHeaderWords = 0.75;
// A total the rules only guessed (no total line read) is at most this sure (see read-fields.ts).
const guessedTotal = 0.35;
// The closer reading's name wins a near tie (vendor confidence this close) when its words were
// read this much more surely.
const closeEnough = 0.1;
const clearerWords = 0.15;

export interface PhotoSettings {
  targetLongSide: number;
  minScale: number;
  maxScale: number;
  /** Quarter turns the photo was read turned by (its regions are cut from the turned photo). */
  turn?: QuarterTurns;
}

/** The photo's bytes, and the decoded photo the document worker kept for its regions. */
interface PhotoSource {
  bytes: Buffer;
  photo?: number | undefined;
}

interface Reading {
  document: DocumentText;
  data: ExtractedData;
}

function languagesOf(document: DocumentText): OcrLanguages {
  if (document.language === 'de') return 'deu+eng';
  if (document.language === 'fr') return 'fra+eng';
  return 'eng';
}

/** Mean OCR certainty of the words in the top of the page (1 when there are none). */
export function headerWordConfidence(lines: readonly TextLine[], depth = headerDepth): number {
  const words = lines.filter((line) => line.y < depth).flatMap((line) => line.words);
  if (words.length === 0) return 0;
  return words.reduce((sum, word) => sum + (word.confidence ?? 1), 0) / words.length;
}

/**
 * The header's reading looks weak: no vendor, a vendor the rules are unsure of, or doubtful words
 * in the top of the page. (Measured on half A: this re-reads 31 of 70 photos; re-reading every
 * photo, 61, found no more vendors.)
 */
export function headerIsWeak(reading: Reading): boolean {
  const name = reading.data.vendor.name;
  if (name === null || reading.data.fieldConfidence.vendor < sureVendor) return true;
  return headerWordConfidence(reading.document.lines) < sureHeaderWords;
}

/**
 * A second reading of the photo's header (the top of the picture from the original bytes, drawn
 * twice as large, lines of varying size): its lines replace the header of the first reading and
 * the vendor rules run again; the vendor read more surely wins. Every other field stays.
 */
async function rereadHeader(
  source: PhotoSource,
  settings: PhotoSettings,
  first: Reading,
  hints: readonly VendorHints[],
  known: readonly string[],
): Promise<ExtractedData> {
  const region = await cropImage(source.bytes, {
    ...settings,
    photo: source.photo,
    region: { x: 0, y: 0, width: 1, height: headerDepth },
    factor: headerFactor,
    maxWidth: headerMaxWidth,
  });
  const read = await ocrPage(
    region.png,
    { ...region, page: 1 },
    languagesOf(first.document),
    'columns',
  );
  const place = <T extends { x: number; y: number; width: number; height: number }>(box: T): T => ({
    ...box,
    x: region.x + box.x * region.regionWidth,
    y: region.y + box.y * region.regionHeight,
    width: box.width * region.regionWidth,
    height: box.height * region.regionHeight,
  });
  const header = read.map((line) => ({ ...place(line), words: line.words.map(place) }));
  if (header.length === 0) return first.data;
  const cut = region.y + region.regionHeight;
  const rest = first.document.lines.filter(
    (line) => line.page !== 1 || line.y + line.height / 2 >= cut,
  );
  const merged = [...header, ...rest].sort((a, b) => a.page - b.page || a.y - b.y);
  const again = readFields(buildDocumentText(merged, 'ocr'), hints, known);
  const before = nameCertainty(first.document.lines, first.data.vendor.name, cut);
  const after = nameCertainty(header, again.vendor.name, cut);
  const chosen = chooseHeaderName(first, again, before, after, known);
  const name = chosen.vendor.name;
  if (name === null) return chosen;
  const top = first.document.lines.filter((line) => line.page === 1 && line.y < cut);
  const fromCloser = name === again.vendor.name && name !== first.data.vendor.name;
  const stored = [...known, ...hints.map((hint) => hint.vendorName)];
  const picked = fromCloser
    ? spellHeaderName(name, header, top, stored)
    : spellHeaderName(name, top, header, stored);
  return picked === name ? chosen : { ...chosen, vendor: { ...chosen.vendor, name: picked } };
}

/**
 * Each word of the name as the more plausible of the two readings spelled it (`chosen` the lines
 * of the reading that named it), except a name the organization stores, one of its vendors or a
 * vendor a correction taught: that is kept as stored ("BAKERS CORNER" stays, though "BAKERY" is
 * a common business word).
 */
export function spellHeaderName(
  name: string,
  chosen: readonly TextLine[],
  other: readonly TextLine[],
  stored: readonly string[],
): string {
  return stored.includes(name) ? name : pickNameWords(name, chosen, other);
}

/** The vendor of the first reading or of the closer reading of the header, whichever is surer. */
export function chooseHeaderName(
  first: Reading,
  again: ExtractedData,
  before: number,
  after: number,
  known: readonly string[] = [],
): ExtractedData {
  // The closer reading names one of the organization's vendors and the first reading none.
  const isKnown = (name: string | null) => name !== null && known.includes(name);
  if (isKnown(again.vendor.name) && !isKnown(first.data.vendor.name))
    return withVendorOf(first.data, again);
  // Nearly as sure by the rules, and its words read more surely: the closer reading's name.
  if (
    again.vendor.name !== null &&
    after >= before + clearerWords &&
    again.fieldConfidence.vendor >= first.data.fieldConfidence.vendor - closeEnough
  )
    return withVendorOf(first.data, again);
  if (isFragmentOf(again, first.data)) return first.data;
  // The first reading's name with the word it lost: the fuller name, as sure as the first.
  if (completesName(again, first.data))
    return { ...first.data, vendor: { ...first.data.vendor, name: again.vendor.name } };
  return withPictureVendor(first.data, again);
}

/** The first reading's fields with the closer reading's vendor and its confidence. */
function withVendorOf(first: ExtractedData, again: ExtractedData): ExtractedData {
  return {
    ...first,
    vendor: { ...first.vendor, name: again.vendor.name },
    fieldConfidence: { ...first.fieldConfidence, vendor: again.fieldConfidence.vendor },
    // The overall score weighs the vendor a quarter (see read-fields.ts).
    confidence:
      Math.round(
        (first.confidence + (again.fieldConfidence.vendor - first.fieldConfidence.vendor) * 0.25) *
          100,
      ) / 100,
  };
}

const nameWords = (name: string): number =>
  name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3).length;

/**
 * The closer reading's vendor is a fragment of the first's: fewer words of three characters or
 * more ("Bos" against "THE MARCO POLO KITCH"), and barely surer by the rules.
 */
export function isFragmentOf(again: ExtractedData, first: ExtractedData): boolean {
  return (
    first.vendor.name !== null &&
    again.vendor.name !== null &&
    nameWords(again.vendor.name) < nameWords(first.vendor.name) &&
    again.fieldConfidence.vendor < first.fieldConfidence.vendor + closeEnough
  );
}

// Words the closer reading may add to the first's name: a leading or closing word it lost.
const maxAddedWords = 2;

/**
 * The closer reading's vendor is the first's name with a word or two more at either end, each a
 * word of letters ("SYARIKAT" before "PERNIAGAAN GIN KEE", lost to a bold first letter), and about
 * as sure by the rules: the first reading lost part of the name.
 */
export function completesName(again: ExtractedData, first: ExtractedData): boolean {
  if (first.vendor.name === null || again.vendor.name === null) return false;
  if (again.fieldConfidence.vendor < first.fieldConfidence.vendor - closeEnough) return false;
  const words = (name: string) => name.split(/\s+/u).map(wordKey).filter(Boolean);
  const before = words(first.vendor.name);
  const after = words(again.vendor.name);
  const added = after.length - before.length;
  if (before.length === 0 || added < 1 || added > maxAddedWords) return false;
  const same = (offset: number) => before.every((word, index) => after[offset + index] === word);
  const offset = same(0) ? 0 : same(added) ? added : -1;
  if (offset < 0) return false;
  const extra = offset === 0 ? after.slice(before.length) : after.slice(0, added);
  return extra.every((word) => /^\p{L}{3,}$/u.test(word));
}

const wordKey = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * How surely the OCR engine read a name: the mean certainty of the words of the lines above `cut`
 * that spell the name's words (0 when none does).
 */
export function nameCertainty(
  lines: readonly TextLine[],
  name: string | null,
  cut: number,
): number {
  if (name === null) return 0;
  const keys = new Set(
    name
      .split(/\s+/u)
      .map(wordKey)
      .filter((key) => key.length > 0),
  );
  const words = lines
    .filter((line) => line.page === 1 && line.y < cut)
    .flatMap((line) => line.words)
    .filter((word) => keys.has(wordKey(word.text)));
  if (words.length === 0) return 0;
  return words.reduce((sum, word) => sum + (word.confidence ?? 1), 0) / words.length;
}

/**
 * A second reading of the whole page with another segmentation (lines of varying size), when the
 * first found no date or only guessed the total: a date, and a total read from a total line, are
 * taken from it; nothing else changes.
 */
async function rereadPage(
  image: GreyImage,
  first: Reading,
  data: ExtractedData,
  hints: readonly VendorHints[],
  known: readonly string[],
): Promise<ExtractedData> {
  const lines = await ocrPage(
    image.png,
    { ...image, page: 1 },
    languagesOf(first.document),
    'columns',
  );
  const again = readFields(buildDocumentText(lines, 'ocr'), hints, known);
  let result = data;
  if (data.dates.issueDate === null && again.dates.issueDate !== null) {
    result = {
      ...result,
      dates: { ...result.dates, issueDate: again.dates.issueDate },
      fieldConfidence: { ...result.fieldConfidence, issueDate: again.fieldConfidence.issueDate },
    };
  }
  if (
    data.fieldConfidence.total <= guessedTotal &&
    again.amounts.total !== null &&
    again.fieldConfidence.total > guessedTotal
  ) {
    result = {
      ...result,
      amounts: { ...result.amounts, total: again.amounts.total },
      fieldConfidence: { ...result.fieldConfidence, total: again.fieldConfidence.total },
    };
  }
  return result;
}

// A date line's band: this many line heights above and below it, drawn this much closer.
const bandMargin = 1;
const bandFactor = 2.5;
const bandMaxWidth = 3000;
const maxDateLines = 3;
// A line that may hold the date: a date label (as OCR may misread it), a time of day beside the
// date, or the start of a numeric date.
const dateLinePattern =
  /\b(?:[dDbB8]ate|tarikh|datum|invoice\s*dt)\b|\b\d{1,2}\s*:\s*\d{2}\b|\b\d{1,2}\s*[-/.]\s*\d{1,2}\s*[-/.]/iu;

/** Lines of the first reading that may hold the issue date, top first (at most three). */
export function dateLines(lines: readonly TextLine[]): TextLine[] {
  return lines
    .filter((line) => line.page === 1 && dateLinePattern.test(line.text))
    .slice(0, maxDateLines);
}

/** The words of the lines whose centres lie inside a box (a field's value as read). */
function wordsInside(lines: readonly TextLine[], box: Box): Word[] {
  return lines
    .filter((line) => line.page === box.page)
    .flatMap((line) => line.words)
    .filter((word) => {
      const x = word.x + word.width / 2;
      const y = word.y + word.height / 2;
      return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
    });
}

/** How surely the engine read a value: its least certain word (0 when no word holds it). */
export function valueCertainty(lines: readonly TextLine[], box: Box): number {
  const words = wordsInside(lines, box);
  if (words.length === 0) return 0;
  return Math.min(...words.map((word) => word.confidence ?? 1));
}

interface BandDate {
  value: string;
  confidence: number;
  /** How surely the closer reading's words spell the date (see valueCertainty). */
  certainty: number;
}

/** The issue date read in a closer reading of one line's band of the photo, if any. */
async function readDateBand(
  source: PhotoSource,
  settings: PhotoSettings,
  first: Reading,
  line: TextLine,
): Promise<BandDate | null> {
  const top = Math.max(0, line.y - line.height * bandMargin);
  const bottom = Math.min(1, line.y + line.height * (1 + bandMargin));
  const band = await cropImage(source.bytes, {
    ...settings,
    photo: source.photo,
    region: { x: 0, y: top, width: 1, height: bottom - top },
    factor: bandFactor,
    maxWidth: bandMaxWidth,
  });
  const read = await ocrPage(band.png, { ...band, page: 1 }, languagesOf(first.document), 'block');
  if (read.length === 0) return null;
  // The order the first reading used (the vendor's learnt one, when a hint applied).
  const dateOrder = first.data.layout?.dateOrder ?? first.document.dateOrder;
  const dates = findDateFields({ ...buildDocumentText(read, 'ocr'), dateOrder }, null);
  if (!dates.issue) return null;
  return {
    value: dates.issue.value,
    confidence: dates.issueConfidence,
    certainty: valueCertainty(read, dates.issue.box),
  };
}

/**
 * The issue date from closer readings of the lines that may hold it (each line's band of the
 * original photo, drawn 2.5 times the first reading's size); null when none reads as a date.
 */
async function rereadDateLines(
  source: PhotoSource,
  settings: PhotoSettings,
  first: Reading,
): Promise<BandDate | null> {
  for (const line of dateLines(first.document.lines)) {
    const date = await readDateBand(source, settings, first, line);
    if (date) return date;
  }
  return null;
}

// A date whose least certain word the engine read below this is doubtful: its line is read again
// closer, and the closer reading's date wins when its words are read this much more surely.
// (Measured on half A: 2 of the 65 photos with a date read it this doubtfully, one misread.)
const doubtfulDate = 0.3;
const surerDate = 0.3;

/**
 * The issue date the first reading found, when the engine doubted its digits: the line that
 * holds it, and how surely it was read.
 */
export function doubtfulIssueDate(
  first: Reading,
): { value: string; line: TextLine; certainty: number } | null {
  const dateOrder = first.data.layout?.dateOrder ?? first.document.dateOrder;
  const issue = findDateFields({ ...first.document, dateOrder }, null).issue;
  if (!issue || issue.value !== first.data.dates.issueDate) return null;
  const certainty = valueCertainty(first.document.lines, issue.box);
  if (certainty >= doubtfulDate) return null;
  const centre = issue.box.y + issue.box.height / 2;
  const line = first.document.lines.find(
    (candidate) =>
      candidate.page === issue.box.page &&
      centre >= candidate.y &&
      centre <= candidate.y + candidate.height,
  );
  return line ? { value: issue.value, line, certainty } : null;
}

export interface PhotoReading {
  document: DocumentText;
  data: ExtractedData;
  /** Which second readings ran (for measuring their cost). */
  rereads: ('header' | 'date' | 'page')[];
}

/**
 * Reads a photo's fields from its first OCR reading, then reads again only what came out weak:
 * the header (vendor), else, with no date or only a guessed total, the page with another layout.
 */
export async function rereadWeakFields(
  bytes: Buffer,
  image: PreparedPhoto,
  settings: PhotoSettings,
  first: Reading,
  hints: readonly VendorHints[],
  known: readonly string[],
): Promise<PhotoReading> {
  const source = { bytes, photo: image.photo };
  const rereads: PhotoReading['rereads'] = [];
  let data = first.data;
  if (headerIsWeak(first)) {
    rereads.push('header');
    data = await rereadHeader(source, settings, first, hints, known);
  }
  if (data.dates.issueDate === null) {
    const date = await rereadDateLines(source, settings, first);
    if (date) {
      rereads.push('date');
      data = {
        ...data,
        dates: { ...data.dates, issueDate: date.value },
        fieldConfidence: { ...data.fieldConfidence, issueDate: Math.min(0.6, date.confidence) },
      };
    }
  } else {
    // A date read with doubtful digits ("05/03/2017" for 05/08/2017): its line read closer.
    const doubtful = doubtfulIssueDate(first);
    if (doubtful) {
      rereads.push('date');
      const date = await readDateBand(source, settings, first, doubtful.line);
      if (date && date.value !== doubtful.value && date.certainty >= doubtful.certainty + surerDate)
        data = { ...data, dates: { ...data.dates, issueDate: date.value } };
    }
  }
  // A photo whose header was read again (about a page's worth of OCR) is read whole again only
  // for a guessed total: for a missing date its date lines were read closer already, and the
  // page's reading after both found no date on half A (0 of 3) while making those photos the
  // slowest (three and a half readings of the page instead of two and a half).
  const totalWeak = data.fieldConfidence.total <= guessedTotal;
  const dateWeak = data.dates.issueDate === null && !rereads.includes('header');
  if (totalWeak || dateWeak) {
    rereads.push('page');
    data = await rereadPage(image, first, data, hints, known);
  }
  return { document: first.document, data, rereads };
}
