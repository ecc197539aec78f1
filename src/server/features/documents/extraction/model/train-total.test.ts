import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelFileText, syntheticTrainingDocuments, trainTotalModel } from './train-total';
import { readTrainingText, totalModelFile } from './training-text';

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

describe('training the total model', () => {
  const documents = readTrainingText();

  it('is deterministic: the same documents give the same weights, bit for bit', () => {
    const subset = documents.slice(0, 40);
    const options = { l2: 0.02, iterations: 10 };
    const first = modelFileText(trainTotalModel(subset, options));
    const second = modelFileText(trainTotalModel(subset, options));
    expect(sha256(second)).toBe(sha256(first));
    expect(JSON.parse(first).weights.some((weight: number) => weight !== 0)).toBe(true);
  });

  it('has committed the weights that npm run train:documents writes', () => {
    const committed = readFileSync(totalModelFile);
    const trained = trainTotalModel([...documents, ...syntheticTrainingDocuments()]);
    expect(sha256(modelFileText(trained))).toBe(sha256(committed));
  }, 120_000);
});
