import model from './vendor-model.json';
import { checkModel, type RankerWeights } from './ranker';
import { vendorFeatureNames } from './vendor-features';

let checked: RankerWeights | null = null;

/**
 * The vendor's ranking model, as `npm run train:documents` wrote it; checked against the features
 * on first use (not at import, so training can run after a change of the features).
 */
export function vendorModel(): RankerWeights {
  checked ??= checkModel(model, vendorFeatureNames);
  return checked;
}
