import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Box, TextLine, Word } from '../text-line';
import type { TrainingDocument } from './train-total';

/** The OCR text of the training pool's photos, committed so the weights can be rebuilt anywhere. */
export const trainingTextFile = path.join(import.meta.dirname, 'training', 'receipt-text.json.gz');
export const totalModelFile = path.join(import.meta.dirname, 'total-model.json');
export const vendorModelFile = path.join(import.meta.dirname, 'vendor-model.json');

// Positions are fractions of the page: five decimals is a tenth of a pixel on a 2,600 px scan.
const round = (value: number, decimals = 5): number => Number(value.toFixed(decimals));

const compactBox = (box: Box): Box => ({
  page: box.page,
  x: round(box.x),
  y: round(box.y),
  width: round(box.width),
  height: round(box.height),
});

const compactWord = (word: Word): Word => ({
  ...compactBox(word),
  text: word.text,
  ...(word.confidence === undefined ? {} : { confidence: round(word.confidence, 3) }),
});

const compactLine = (line: TextLine): TextLine => ({
  ...compactBox(line),
  text: line.text,
  words: line.words.map(compactWord),
});

/** Writes the documents' text (rounded as read back, so training reads what it would have). */
export function writeTrainingText(documents: readonly TrainingDocument[]): void {
  const compact = documents.map((document) => ({
    ...document,
    lines: document.lines.map(compactLine),
  }));
  writeFileSync(trainingTextFile, gzipSync(JSON.stringify(compact), { level: 9 }));
}

export function readTrainingText(file = trainingTextFile): TrainingDocument[] {
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as TrainingDocument[];
}
