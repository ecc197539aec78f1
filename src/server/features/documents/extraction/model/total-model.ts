import model from './total-model.json';
import { checkModel, type RankerWeights } from './ranker';
import { totalFeatureNames } from './total-features';

let checked: RankerWeights | null = null;

/**
 * The total's ranking model, as `npm run train:documents` wrote it; checked against the features
 * on first use (not at import, so training can run after a change of the features).
 */
export function totalModel(): RankerWeights {
  checked ??= checkModel(model, totalFeatureNames);
  return checked;
}
