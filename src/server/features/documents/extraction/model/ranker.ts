/**
 * A ranking model over the candidates for one field of one document: a conditional logit (a
 * softmax over the document's candidates of a weighted sum of their features). It learns which
 * candidate is the right one from labelled documents instead of hand-written rules, and says how
 * sure it is as the probability of its choice.
 *
 * Training is Newton's method from zero weights in a fixed order, with numbers rounded when
 * written: the same rows give the same weights, bit for bit, on every machine.
 */

export interface RankerWeights {
  /** Feature names, in the order of `weights`: a model file names what each weight is for. */
  features: string[];
  weights: number[];
}

/** One document's candidates for the field, as feature rows, and which of them are right. */
export interface TrainingGroup {
  rows: number[][];
  correct: boolean[];
  /** How much the document counts (1 unless said): a vendor's many documents may share one. */
  weight?: number;
}

export interface FitOptions {
  /** L2 penalty on the weights (against the mean log-likelihood per document). */
  l2: number;
  /** Newton steps: the fit is concave, and a few dozen steps reach its optimum. */
  iterations: number;
}

export const defaultFitOptions: FitOptions = { l2: 0.005, iterations: 30 };

// Weights are written with this many decimals: enough for the model, and stable across machines.
const decimals = 6;
const maxHalvings = 20;

function dot(weights: ArrayLike<number>, row: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < row.length; index += 1)
    sum += (weights[index] ?? 0) * (row[index] ?? 0);
  return sum;
}

/** The probability of each candidate being the right one (they sum to 1). */
export function rank(weights: ArrayLike<number>, rows: readonly (readonly number[])[]): number[] {
  const scores = rows.map((row) => dot(weights, row));
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/** A row as its non-zero features, which most are not. */
interface SparseRow {
  index: number[];
  value: number[];
}

const sparse = (row: readonly number[]): SparseRow => {
  const index: number[] = [];
  const value: number[] = [];
  row.forEach((x, i) => {
    if (x !== 0) {
      index.push(i);
      value.push(x);
    }
  });
  return { index, value };
};

/**
 * Adds a softmax's mean and covariance of the rows, times `sign`, to `gradient` and `hessian`;
 * returns the log of the softmax's normaliser.
 */
function addMoments(
  weights: Float64Array,
  rows: readonly SparseRow[],
  sign: number,
  gradient: Float64Array,
  hessian: Float64Array,
): number {
  const size = weights.length;
  const scores = rows.map((row) =>
    row.index.reduce((sum, i, k) => sum + (weights[i] ?? 0) * (row.value[k] ?? 0), 0),
  );
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const total = exps.reduce((a, b) => a + b, 0);
  const mean = new Float64Array(size);
  rows.forEach((row, r) => {
    const p = (exps[r] ?? 0) / total;
    row.index.forEach((i, k) => {
      const x = (row.value[k] ?? 0) * p;
      mean[i] = (mean[i] ?? 0) + x;
      row.index.forEach((j, l) => {
        hessian[i * size + j] = (hessian[i * size + j] ?? 0) + sign * x * (row.value[l] ?? 0);
      });
    });
  });
  for (let i = 0; i < size; i += 1) {
    const mi = mean[i] ?? 0;
    if (mi === 0) continue;
    gradient[i] = (gradient[i] ?? 0) + sign * mi;
    for (let j = 0; j < size; j += 1)
      hessian[i * size + j] = (hessian[i * size + j] ?? 0) - sign * mi * (mean[j] ?? 0);
  }
  return top + Math.log(total);
}

/** Solves A x = b for a symmetric positive definite A (Cholesky); A is n x n, row-major. */
function solve(a: Float64Array, b: Float64Array): Float64Array {
  const n = b.length;
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1)
    for (let j = 0; j <= i; j += 1) {
      let sum = a[i * n + j] ?? 0;
      for (let k = 0; k < j; k += 1) sum -= (l[i * n + k] ?? 0) * (l[j * n + k] ?? 0);
      l[i * n + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / (l[j * n + j] ?? 1);
    }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = b[i] ?? 0;
    for (let k = 0; k < i; k += 1) sum -= (l[i * n + k] ?? 0) * (y[k] ?? 0);
    y[i] = sum / (l[i * n + i] ?? 1);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i] ?? 0;
    for (let k = i + 1; k < n; k += 1) sum -= (l[k * n + i] ?? 0) * (x[k] ?? 0);
    x[i] = sum / (l[i * n + i] ?? 1);
  }
  return x;
}

/**
 * Fits the weights on documents whose right candidate is among their candidates (the others
 * cannot teach a choice and are left out): maximises the mean log-probability of the right
 * candidate (several equal right ones share it) less the L2 penalty, by Newton's method from
 * zero with step halving. The objective is concave, so the optimum is one and the order of the
 * documents does not change it.
 */
export function fitRanker(
  features: readonly string[],
  groups: readonly TrainingGroup[],
  options: FitOptions = defaultFitOptions,
): RankerWeights {
  const usable = groups
    .filter((group) => group.rows.length > 1 && group.correct.some(Boolean))
    .map((group) => ({
      all: group.rows.map(sparse),
      right: group.rows.filter((_, index) => group.correct[index]).map(sparse),
      weight: group.weight ?? 1,
    }));
  const size = features.length;
  let weights = new Float64Array(size);
  const count = Math.max(
    1e-9,
    usable.reduce((sum, group) => sum + group.weight, 0),
  );
  // Mean log-likelihood less the penalty, with its gradient and (negated) Hessian.
  const evaluate = (at: Float64Array, withDerivatives: boolean) => {
    const gradient = new Float64Array(size);
    const hessian = new Float64Array(size * size);
    let objective = 0;
    for (const group of usable) {
      objective +=
        addMoments(
          at,
          group.right,
          group.weight,
          gradient,
          withDerivatives ? hessian : new Float64Array(size * size),
        ) * group.weight;
      objective -=
        addMoments(
          at,
          group.all,
          -group.weight,
          gradient,
          withDerivatives ? hessian : new Float64Array(size * size),
        ) * group.weight;
    }
    let penalty = 0;
    for (let i = 0; i < size; i += 1) {
      const w = at[i] ?? 0;
      penalty += w * w;
      gradient[i] = (gradient[i] ?? 0) / count - options.l2 * w;
      for (let j = 0; j < size; j += 1)
        hessian[i * size + j] = -(hessian[i * size + j] ?? 0) / count;
      hessian[i * size + i] = (hessian[i * size + i] ?? 0) + options.l2;
    }
    return { objective: objective / count - (options.l2 / 2) * penalty, gradient, hessian };
  };
  if (usable.length > 0) {
    for (let iteration = 0; iteration < options.iterations; iteration += 1) {
      const here = evaluate(weights, true);
      const step = solve(here.hessian, here.gradient);
      let scale = 1;
      let next = weights;
      for (let halving = 0; halving < maxHalvings; halving += 1) {
        const candidate = weights.map((w, i) => w + scale * (step[i] ?? 0));
        if (evaluate(candidate, false).objective >= here.objective) {
          next = candidate;
          break;
        }
        scale /= 2;
      }
      if (next === weights) break;
      weights = next;
    }
  }
  return {
    features: [...features],
    // "+ 0" writes a negative zero as 0.
    weights: [...weights].map((weight) => Number(weight.toFixed(decimals)) + 0),
  };
}

/** Checks that a model file was written for these features, in this order. */
export function checkModel(model: RankerWeights, features: readonly string[]): RankerWeights {
  if (
    model.features.length !== features.length ||
    model.features.some((name, index) => name !== features[index]) ||
    model.weights.length !== features.length
  )
    throw new Error(
      'The document model file does not match the features the code computes: run npm run train:documents',
    );
  return model;
}
