import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDocumentText } from '../fields/document-text';
import { rankVendorCandidates } from '../fields/find-vendor';
import { receiptLines } from '../test-support/receipt-lines';
import { modelFileText } from './train-total';
import { trainVendorModel, vendorTrainingGroups } from './train-vendor';
import { readTrainingText, vendorModelFile } from './training-text';
import { vendorFeatureNames, vendorFeatures } from './vendor-features';

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

describe('training the vendor model', () => {
  const documents = readTrainingText();

  it('is deterministic: the same documents give the same weights, bit for bit', () => {
    const subset = documents.slice(0, 60);
    const options = { l2: 0.02, iterations: 10 };
    const first = modelFileText(trainVendorModel(subset, options));
    const second = modelFileText(trainVendorModel(subset, options));
    expect(sha256(second)).toBe(sha256(first));
    expect(JSON.parse(first).weights.some((weight: number) => weight !== 0)).toBe(true);
  });

  it('has committed the weights that npm run train:documents writes', () => {
    const committed = readFileSync(vendorModelFile);
    expect(sha256(modelFileText(trainVendorModel(documents)))).toBe(sha256(committed));
  }, 60_000);

  it('marks as right the candidates whose finished name is the labelled vendor', () => {
    const lines = receiptLines([
      'SUN MAJU TRADING',
      'NO 5, JALAN BAKTI',
      'CASH SALE',
      'TOTAL 10.00',
    ]);
    const [group] = vendorTrainingGroups([{ file: 'a', vendor: 'SUN MAJU TRADING', lines }]);
    const names = rankVendorCandidates(buildDocumentText(lines, 'ocr')).map((c) => c.name);
    expect(group?.correct).toEqual(names.map((name) => name === 'SUN MAJU TRADING'));
    expect(group?.correct.filter(Boolean)).toHaveLength(1);
  });

  it('gives one feature row per candidate, as many values as the model has names', () => {
    const text = buildDocumentText(
      receiptLines(['SUN MAJU SDN BHD (12345-X)', 'THANK YOU PLEASE COME AGAIN']),
      'ocr',
    );
    const candidates = rankVendorCandidates(text);
    const rows = vendorFeatures(text, candidates);
    expect(rows).toHaveLength(candidates.length);
    for (const row of rows) expect(row).toHaveLength(vendorFeatureNames.length);
  });
});
