import { describe, expect, it } from 'vitest';
import { checkModel, fitRanker, rank, type TrainingGroup } from './ranker';

// Three candidates per document: the right one is the only one with "labelled" set; "large" is
// set on the right one in half the documents only, so the model must learn to trust the label.
function groups(count: number): TrainingGroup[] {
  return Array.from({ length: count }, (_, index) => ({
    rows: [
      [1, index % 2],
      [0, 1 - (index % 2)],
      [0, 0],
    ],
    correct: [true, false, false],
  }));
}

describe('the ranking model', () => {
  it('gives each candidate a probability, all of them adding up to one', () => {
    const probabilities = rank(
      [2, -1],
      [
        [1, 0],
        [0, 1],
        [0, 0],
      ],
    );
    expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(probabilities[0]).toBeGreaterThan(probabilities[2] ?? 1);
    expect(probabilities[2]).toBeGreaterThan(probabilities[1] ?? 1);
  });

  it('weighs each document by its weight: one heavy document outweighs several light ones', () => {
    // Three documents say feature 0 marks the right candidate, one says feature 1 does.
    const say = (feature: number, weight: number): TrainingGroup => ({
      rows: [
        [1, 0],
        [0, 1],
      ],
      correct: [feature === 0, feature === 1],
      weight,
    });
    const options = { l2: 0.01, iterations: 30 };
    const even = fitRanker(['a', 'b'], [say(0, 1), say(0, 1), say(0, 1), say(1, 1)], options);
    expect((even.weights[0] ?? 0) - (even.weights[1] ?? 0)).toBeGreaterThan(0);
    const heavy = fitRanker(
      ['a', 'b'],
      [say(0, 1 / 3), say(0, 1 / 3), say(0, 1 / 3), say(1, 2)],
      options,
    );
    expect((heavy.weights[1] ?? 0) - (heavy.weights[0] ?? 0)).toBeGreaterThan(0);
    // Weight 1 everywhere is the unweighted fit, bit for bit.
    const unweighted = fitRanker(
      ['a', 'b'],
      [say(0, 1), say(0, 1), say(0, 1), say(1, 1)].map(({ rows, correct }) => ({ rows, correct })),
      options,
    );
    expect(unweighted.weights).toEqual(even.weights);
  });

  it('learns the feature that marks the right candidate and ranks it first', () => {
    const model = fitRanker(['labelled', 'large'], groups(20), { l2: 0.01, iterations: 30 });
    expect(model.weights[0]).toBeGreaterThan(1);
    expect(Math.abs(model.weights[1] ?? 0)).toBeLessThan(model.weights[0] ?? 0);
    for (const group of groups(4)) {
      const probabilities = rank(model.weights, group.rows);
      expect(probabilities.indexOf(Math.max(...probabilities))).toBe(0);
    }
  });

  it('reaches the same optimum whatever the order of the documents', () => {
    const options = { l2: 0.05, iterations: 30 };
    const mixed = groups(9).map((group, index) =>
      index % 3 === 0 ? { ...group, correct: [false, true, false] } : group,
    );
    const forward = fitRanker(['labelled', 'large'], mixed, options);
    const backward = fitRanker(['labelled', 'large'], [...mixed].reverse(), options);
    forward.weights.forEach((weight, index) =>
      expect(weight).toBeCloseTo(backward.weights[index] ?? Number.NaN, 5),
    );
  });

  it('learns nothing from documents whose right answer is not a candidate', () => {
    const model = fitRanker(
      ['labelled', 'large'],
      [
        {
          rows: [
            [1, 0],
            [0, 1],
          ],
          correct: [false, false],
        },
      ],
    );
    expect(model.weights).toEqual([0, 0]);
  });

  it('refuses a model file written for other features', () => {
    expect(() => checkModel({ features: ['a', 'b'], weights: [1, 2] }, ['a', 'c'])).toThrow(
      /train:documents/,
    );
    expect(checkModel({ features: ['a'], weights: [1] }, ['a']).weights).toEqual([1]);
  });
});
