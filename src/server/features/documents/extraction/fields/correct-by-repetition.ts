/** True when two words of equal length differ in exactly one letter. */
function oneLetterApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let differences = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) differences += 1;
  return differences === 1;
}

/**
 * OCR self-correction: a word of the name read once ("AEGN") next to a one-letter variant that
 * the document prints several times ("AEON") takes the repeated spelling.
 */
export function correctByRepetition(name: string, text: string): string {
  const counts = new Map<string, number>();
  for (const word of text.toUpperCase().match(/\p{L}{4,}/gu) ?? [])
    counts.set(word, (counts.get(word) ?? 0) + 1);
  return name.replace(/\p{L}{4,}/gu, (word) => {
    const upper = word.toUpperCase();
    const own = counts.get(upper) ?? 0;
    let best: string | null = null;
    for (const [other, count] of counts) {
      if (
        count >= 2 &&
        count > own &&
        oneLetterApart(upper, other) &&
        (!best || count > (counts.get(best) ?? 0))
      )
        best = other;
    }
    if (!best) return word;
    return word === upper ? best : word === word.toLowerCase() ? best.toLowerCase() : best;
  });
}
