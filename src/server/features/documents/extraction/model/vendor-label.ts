/**
 * When a vendor name read is the right one, by the eval sets' README rule: the model learns its
 * choice against the rule its answers are scored by.
 */

// The README's legal-form and filler words, dropped before names are compared.
const fillerWords = new Set(
  'sdn bhd m kl ltd limited llc inc gmbh co corp corporation plc pvt private sarl sa sas ag kg bv pte the enterprise enterprises'.split(
    ' ',
  ),
);

const nameWords = (name: string): string[] =>
  (name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !fillerWords.has(word));

/**
 * The README's vendor rule: the answer's words are the leading words of the true name or an
 * alias; a single word shorter than three letters, or any word the true name lacks, is wrong.
 */
export function vendorIsRight(truths: readonly string[], answer: string): boolean {
  const words = nameWords(answer);
  if (words.length === 0) return false;
  if (words.length === 1 && (words[0] ?? '').length < 3) return false;
  return truths.some((truth) => {
    const expected = nameWords(truth);
    return (
      words.length <= expected.length && words.every((word, index) => expected[index] === word)
    );
  });
}
