import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TextLine, Word } from '../text-line';
import type { TrainingDocument } from './train-total';

/** The OCR text of the training pool's photos, committed so the weights can be rebuilt anywhere. */
export const trainingTextFile = path.join(import.meta.dirname, 'training', 'receipt-text.json.gz');
export const totalModelFile = path.join(import.meta.dirname, 'total-model.json');

// Positions are fractions of the page: five decimals is a tenth of a pixel on a 2,600 px scan.
const round = (value: number, decimals = 5): number => Number(value.toFixed(decimals));

function compactWord(word: Word): Word {
  return {
    page: word.page,
    x: round(word.x),
    y: round(word.y),
    width: round(word.width),
    height: round(word.height),
    text: word.text,
    ...(word.confidence === undefined ? {} : { confidence: round(word.confidence, 3) }),
  };
}

function compactLine(line: TextLine): TextLine {
  return {
    page: line.page,
    x: round(line.x),
    y: round(line.y),
    width: round(line.width),
    height: round(line.height),
    text: line.text,
    words: line.words.map(compactWord),
  };
}

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
