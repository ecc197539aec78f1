import { type Cents, parseMoney } from '../../../../../shared/money';
import type { FieldPreference } from '../fields/candidate';
import { buildDocumentText } from '../fields/document-text';
import { gatherTotalEvidence, readFields } from '../fields/read-fields';
import { tidyOcrLines } from '../ocr/tidy-ocr-lines';
import { receiptLines } from '../test-support/receipt-lines';
import type { TextLine } from '../text-line';
import { makeSyntheticReceipts } from './synthetic-receipts';
import {
  type FitOptions,
  defaultFitOptions,
  fitRanker,
  rank,
  type RankerWeights,
  type TrainingGroup,
} from './ranker';
import { totalFeatureNames, type TotalOption, totalOptions } from './total-features';

/** A labelled document as the model learns from it: its OCR lines and its true total. */
export interface TrainingDocument {
  file: string;
  /** The vendor's name as labelled: documents of one vendor teach what a correction gives. */
  vendor: string | null;
  total: Cents | null;
  lines: TextLine[];
}

// Made-up receipts added to the photos' text: German and French layouts and slips the pool has
// none of. Seed 2: the synthetic eval (eval:synthetic) reads seed 1, which stays unseen.
const syntheticTraining = { count: 500, seed: 2, noise: 0.03, style: 'all' } as const;

/** The synthetic receipts the model is fitted on besides the photos, labelled by construction. */
export function syntheticTrainingDocuments(): TrainingDocument[] {
  return makeSyntheticReceipts(syntheticTraining).map((receipt, index) => ({
    file: `synthetic-${index + 1}`,
    vendor: null,
    total: parseMoney(receipt.total),
    // Tidied as the OCR engine's lines are (ocr/ocr-page.ts).
    lines: tidyOcrLines(receiptLines(receipt.rows)),
  }));
}

/** Which documents count as one vendor's in training and in the learning eval. */
export const vendorKey = (name: string): string =>
  name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function optionsOf(document: TrainingDocument, preference: FieldPreference | null): TotalOption[] {
  const text = buildDocumentText(document.lines, 'ocr');
  return totalOptions(text, gatherTotalEvidence(text, preference).evidence);
}

/** Where the right total was printed on a document, as a correction of it would teach. */
function taughtPreference(document: TrainingDocument): FieldPreference | null {
  const right = optionsOf(document, null).find((option) => option.value === document.total);
  return right?.box ? { label: right.label, box: right.box } : null;
}

/**
 * The training groups: each document once as read with nothing learnt, and once more after the
 * previous document of the same vendor was corrected (its total's place and label as the
 * vendor's preference), so the model learns what a correction is worth.
 */
export function totalTrainingGroups(documents: readonly TrainingDocument[]): TrainingGroup[] {
  const groups: TrainingGroup[] = [];
  const lastOfVendor = new Map<string, TrainingDocument>();
  for (const document of documents) {
    if (document.total === null) continue;
    const group = (options: TotalOption[]): TrainingGroup => ({
      rows: options.map((option) => option.features),
      correct: options.map((option) => option.value === document.total),
    });
    groups.push(group(optionsOf(document, null)));
    const key = document.vendor ? vendorKey(document.vendor) : '';
    const previous = key ? lastOfVendor.get(key) : undefined;
    const preference = previous ? taughtPreference(previous) : null;
    if (preference) groups.push(group(optionsOf(document, preference)));
    if (key) lastOfVendor.set(key, document);
  }
  return groups;
}

export function trainTotalModel(
  documents: readonly TrainingDocument[],
  options: FitOptions = defaultFitOptions,
): RankerWeights {
  return fitRanker(totalFeatureNames, totalTrainingGroups(documents), options);
}

/** How often the right total is among the options, and how often the model ranks it first. */
export function totalAccuracy(
  model: RankerWeights,
  groups: readonly TrainingGroup[],
): { groups: number; covered: number; right: number } {
  let covered = 0;
  let right = 0;
  for (const group of groups) {
    if (!group.correct.some(Boolean)) continue;
    covered += 1;
    const probabilities = rank(model.weights, group.rows);
    const best = probabilities.indexOf(Math.max(...probabilities));
    if (group.correct[best]) right += 1;
  }
  return { groups: groups.length, covered, right };
}

/** The model file's text: one weight per line, named, so a change reads well in a diff. */
export function modelFileText(model: RankerWeights): string {
  return `${JSON.stringify(model, null, 2)}\n`;
}

/**
 * The model's accuracy on documents it was not fitted on: each of `folds` parts (every k-th
 * document) is ranked by a model fitted on the others and the synthetic receipts, on its first readings (nothing learnt),
 * beside the hand-written rules on the same readings.
 */
export function crossValidateTotal(
  documents: readonly TrainingDocument[],
  folds = 5,
  options: FitOptions = defaultFitOptions,
): { documents: number; model: number; rules: number } {
  const labelled = documents.filter((document) => document.total !== null);
  const parts = Array.from({ length: folds }, (_, fold) =>
    labelled.filter((_, index) => index % folds === fold),
  );
  const synthetic = syntheticTrainingDocuments();
  let model = 0;
  for (const [fold, part] of parts.entries()) {
    const fitted = trainTotalModel(
      [...parts.filter((_, other) => other !== fold).flat(), ...synthetic],
      options,
    );
    // First readings: without the vendor, no correction is learnt from a previous document.
    const firstReadings = totalTrainingGroups(
      part.map((document) => ({ ...document, vendor: null })),
    );
    model += totalAccuracy(fitted, firstReadings).right;
  }
  const rules = labelled.filter((document) => {
    const read = readFields(buildDocumentText(document.lines, 'pdf-text')).amounts.total;
    return read !== null && parseMoney(read) === document.total;
  }).length;
  return { documents: labelled.length, model, rules };
}
