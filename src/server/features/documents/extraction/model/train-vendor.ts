import { buildDocumentText, type DocumentText } from '../fields/document-text';
import { findVendor, rankVendorCandidates } from '../fields/find-vendor';
import { finishedName } from '../fields/finish-vendor-name';
import {
  type FitOptions,
  defaultFitOptions,
  fitRanker,
  type RankerWeights,
  type TrainingGroup,
} from './ranker';
import { type TrainingDocument, vendorKey } from './train-total';
import { vendorFeatureNames, vendorFeatures } from './vendor-features';
import { vendorIsRight } from './vendor-label';

/**
 * A document as the vendor's model learns from it: its OCR lines and its true vendor. The model
 * learns from the photos alone: the synthetic receipts' headers (one size of type, no logos)
 * made it choose worse on photos it had not seen (257 right in 375 against 264 without them).
 */
export interface VendorTrainingDocument {
  file: string;
  vendor: string | null;
  lines: TrainingDocument['lines'];
}

const textOf = (document: VendorTrainingDocument): DocumentText =>
  buildDocumentText(document.lines, 'ocr');

/**
 * One group per labelled document: its name candidates, right where the name the reader would
 * give for it (finishedName) is the vendor by the eval sets' rule.
 */
export function vendorTrainingGroups(
  documents: readonly VendorTrainingDocument[],
): TrainingGroup[] {
  const perVendor = new Map<string, number>();
  for (const document of documents)
    if (document.vendor)
      perVendor.set(
        vendorKey(document.vendor),
        (perVendor.get(vendorKey(document.vendor)) ?? 0) + 1,
      );
  return documents.flatMap((document) => {
    const truth = document.vendor;
    if (!truth) return [];
    const text = textOf(document);
    const candidates = rankVendorCandidates(text);
    return [
      {
        rows: vendorFeatures(text, candidates),
        correct: candidates.map((candidate) =>
          vendorIsRight([truth], finishedName(text, candidate)),
        ),
        // Each vendor counts once: the pool holds up to 9 receipts of one shop, whose one layout
        // would otherwise teach as much as 9 shops.
        weight: 1 / (perVendor.get(vendorKey(truth)) ?? 1),
      },
    ];
  });
}

export function trainVendorModel(
  documents: readonly VendorTrainingDocument[],
  options: FitOptions = defaultFitOptions,
): RankerWeights {
  return fitRanker(vendorFeatureNames, vendorTrainingGroups(documents), options);
}

/** How often the reader's vendor (with this model, or the hand-written rules) is right. */
export function vendorAccuracy(
  model: RankerWeights | null,
  documents: readonly VendorTrainingDocument[],
): number {
  return documents.filter((document) => {
    if (!document.vendor) return false;
    const name = findVendor(textOf(document), model).name;
    return name !== null && vendorIsRight([document.vendor], name);
  }).length;
}

/**
 * The vendor model's accuracy on photos it was not fitted on (each of `folds` parts read by a
 * model fitted on the others), beside the hand-written rules, and how many photos have a right
 * name among their candidates (the most any choice can reach).
 */
export function crossValidateVendor(
  documents: readonly VendorTrainingDocument[],
  folds = 5,
  options: FitOptions = defaultFitOptions,
): { documents: number; covered: number; model: number; rules: number } {
  const labelled = documents.filter((document) => document.vendor !== null);
  // A vendor's documents are all in one part: a part's shops are shops the model has not seen.
  const vendors = [...new Set(labelled.map((document) => vendorKey(document.vendor ?? '')))];
  const partOf = new Map(vendors.map((key, index) => [key, index % folds]));
  const parts = Array.from({ length: folds }, (_, fold) =>
    labelled.filter((document) => partOf.get(vendorKey(document.vendor ?? '')) === fold),
  );
  let model = 0;
  for (const [fold, part] of parts.entries()) {
    const fitted = trainVendorModel(parts.filter((_, other) => other !== fold).flat(), options);
    model += vendorAccuracy(fitted, part);
  }
  const covered = vendorTrainingGroups(labelled).filter((group) =>
    group.correct.some(Boolean),
  ).length;
  return { documents: labelled.length, covered, model, rules: vendorAccuracy(null, labelled) };
}
