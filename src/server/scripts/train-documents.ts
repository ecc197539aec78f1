/**
 * Trains the document reader's ranking models and writes their weights into the repo.
 *
 * Usage: npm run train:documents -- [--read] [--ocr-cache] [folder]
 *   (no flag)   fits on the committed OCR text of the training pool (model/training/), so anyone
 *               gets the committed weights bit for bit (a test checks it)
 *   --read      first reads every photo of the training pool (default ../shared/eval/training)
 *               by OCR, as the product reads an upload's whole page, and rewrites that text
 *   --ocr-cache with --read: reuse OCR output from .cache/ocr (developers only)
 *   --cross-validate  also prints the accuracy on documents the models were not fitted on (5
 *               folds; for the vendor, each shop's receipts in one fold), beside the hand-written
 *               rules on the same readings. The rules' side reads with the model files as loaded
 *               at start: after a change of the features, train once without it first.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseMoney } from '../../shared/money';
import { readWholePhoto, shutdownExtraction } from '../features/documents/extraction';
import { prepareImageForOcr } from '../features/documents/extraction/ocr/prepare-image';
import { useOcrCache } from '../features/documents/extraction/ocr/ocr-cache';
import { releasePhoto } from '../features/documents/extraction/worker/document-worker-client';
import {
  crossValidateTotal,
  modelFileText,
  syntheticTrainingDocuments,
  totalAccuracy,
  totalTrainingGroups,
  trainTotalModel,
  type TrainingDocument,
} from '../features/documents/extraction/model/train-total';
import {
  readTrainingText,
  totalModelFile,
  trainingTextFile,
  vendorModelFile,
  writeTrainingText,
} from '../features/documents/extraction/model/training-text';
import {
  crossValidateVendor,
  trainVendorModel,
  vendorAccuracy,
} from '../features/documents/extraction/model/train-vendor';

const truthEntry = z.object({
  file: z.string(),
  vendor: z.string().nullable(),
  total: z.number().nullable(),
  annotated: z.array(z.string()),
});

async function readPool(folder: string): Promise<TrainingDocument[]> {
  const truth = z
    .array(truthEntry)
    .parse(JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')));
  const documents: TrainingDocument[] = [];
  try {
    for (const [index, entry] of truth.entries()) {
      const file = [path.join(folder, 'docs', entry.file), path.join(folder, entry.file)].find(
        existsSync,
      );
      if (!file) throw new Error(`${entry.file} is not in ${folder}`);
      const bytes = readFileSync(file);
      let image = await prepareImageForOcr(bytes, true);
      try {
        const read = await readWholePhoto(bytes, image);
        image = read.image;
        documents.push({
          file: entry.file,
          vendor: entry.annotated.includes('vendor') ? entry.vendor : null,
          total:
            entry.annotated.includes('total') && entry.total !== null
              ? parseMoney(entry.total, { round: true })
              : null,
          lines: read.document.lines,
        });
      } finally {
        await releasePhoto(image.photo);
      }
      if ((index + 1) % 25 === 0) console.log(`read ${index + 1} of ${truth.length}`);
    }
  } finally {
    await shutdownExtraction();
  }
  return documents;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith('--')) ?? '/work/shared/eval/training';
  if (args.includes('--read')) {
    if (args.includes('--ocr-cache')) useOcrCache(path.resolve('.cache/ocr'));
    const documents = await readPool(folder);
    writeTrainingText(documents);
    console.log(`wrote the OCR text of ${documents.length} documents to ${trainingTextFile}`);
  }
  const documents = readTrainingText();
  const started = performance.now();
  const synthetic = syntheticTrainingDocuments();
  const model = trainTotalModel([...documents, ...synthetic]);
  writeFileSync(totalModelFile, modelFileText(model));
  const fit = totalAccuracy(model, totalTrainingGroups(documents));
  console.log(
    `total model: ${documents.length} photos and ${synthetic.length} synthetic receipts; on the photos, ${fit.groups} groups (with a correction learnt ` +
      `from the vendor's previous document where there is one); the right total is an option in ` +
      `${fit.covered}, ranked first in ${fit.right} (${((100 * fit.right) / Math.max(1, fit.covered)).toFixed(1)}% ` +
      `of those, on the data it was fitted on); ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`wrote ${totalModelFile}`);
  const vendorStarted = performance.now();
  const vendor = trainVendorModel(documents);
  writeFileSync(vendorModelFile, modelFileText(vendor));
  const labelled = documents.filter((document) => document.vendor !== null).length;
  console.log(
    `vendor model: ${labelled} photos with a labelled vendor; the reader's name is right for ` +
      `${vendorAccuracy(vendor, documents)} with the model (on the data it was fitted on), ` +
      `${vendorAccuracy(null, documents)} with the hand-written rules; ` +
      `${((performance.now() - vendorStarted) / 1000).toFixed(1)} s`,
  );
  console.log(`wrote ${vendorModelFile}`);
  if (args.includes('--cross-validate')) {
    const check = crossValidateTotal(documents);
    const share = (right: number) =>
      `${right}/${check.documents} (${((100 * right) / check.documents).toFixed(1)}%)`;
    console.log(
      `total, first readings, 5-fold cross-validation: model ${share(check.model)}, ` +
        `hand-written rules ${share(check.rules)}`,
    );
    const vendorCheck = crossValidateVendor(documents);
    const vendorShare = (right: number) =>
      `${right}/${vendorCheck.documents} (${((100 * right) / vendorCheck.documents).toFixed(1)}%)`;
    console.log(
      `vendor, 5-fold cross-validation: model ${vendorShare(vendorCheck.model)}, hand-written ` +
        `rules ${vendorShare(vendorCheck.rules)}; a right name is among the candidates for ` +
        `${vendorShare(vendorCheck.covered)}`,
    );
  }
}

await main();
