/**
 * Name and reference matching for bank lines: names are normalized (case, accents, legal
 * suffixes, punctuation) and compared by edit distance, so "ACME SUPPY LLC" still finds
 * "Acme Supply, Inc.". Pure functions; the similarity is 0 to 1.
 */

const LEGAL_SUFFIXES = new Set(['inc', 'llc', 'ltd', 'co', 'corp', 'corporation', 'company', 'gmbh', 'plc', 'the', 'and', 'lp', 'llp', 'sa', 'ag', 'bv']);

export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a name that identify it: no legal suffixes, no one-letter words. */
export function nameTokens(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((token) => token.length > 1 && !LEGAL_SUFFIXES.has(token));
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** 1 - edit distance / longer length. */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  return 1 - levenshtein(a, b) / Math.max(a.length, b.length);
}

/**
 * How well a name appears in a bank text: the best similarity of the name's words against any
 * run of as many words of the text (a counterparty field, or a description that carries the name
 * among other words).
 */
export function nameSimilarity(name: string, text: string): number {
  return tokenSimilarity(nameTokens(name), nameTokens(text));
}

/** nameSimilarity on words already split: the name's words against each run of as many words of the text. */
export function tokenSimilarity(wanted: readonly string[], words: readonly string[]): number {
  if (!wanted.length || !words.length) return 0;
  const target = wanted.join(' ');
  const width = wanted.length;
  let best = 0;
  for (let start = 0; start === 0 || start + width <= words.length; start += 1) {
    best = Math.max(best, similarity(target, words.slice(start, start + width).join(' ')));
    if (best === 1) break;
  }
  return best;
}

/** The word plus every one-letter deletion of it: two words one typo apart share a variant. */
export function deletionVariants(token: string): string[] {
  if (token.length < 4) return [token];
  const variants = new Set([token]);
  for (let index = 0; index < token.length; index += 1) variants.add(token.slice(0, index) + token.slice(index + 1));
  return [...variants];
}

/**
 * Names (customers, vendors) indexed by their words' deletion variants, so a bank text finds the
 * few names it may mean without comparing it with every name of the workspace.
 */
export class NameIndex {
  private readonly byVariant = new Map<string, Set<string>>();
  private readonly names = new Map<string, string>();
  private readonly tokens = new Map<string, string[]>();

  add(id: string, name: string): void {
    this.names.set(id, name);
    const tokens = nameTokens(name);
    this.tokens.set(id, tokens);
    for (const token of tokens) {
      if (token.length < 3) continue;
      for (const variant of deletionVariants(token)) {
        let ids = this.byVariant.get(variant);
        if (!ids) this.byVariant.set(variant, (ids = new Set()));
        ids.add(id);
      }
    }
  }

  name(id: string): string | undefined {
    return this.names.get(id);
  }

  /**
   * Names that share words (up to one typo each) with the text, best first, at or above
   * minSimilarity. Only names sharing at least half their words are compared in full, so a
   * common word ("Blue", "Dental") does not make every such name a candidate.
   */
  find(text: string, minSimilarity = 0.7, limit = 5): Array<{ id: string; similarity: number }> {
    const words = nameTokens(text);
    const hits = new Map<string, number>();
    for (const token of new Set(words)) {
      if (token.length < 3) continue;
      const sharing = new Set<string>();
      for (const variant of deletionVariants(token)) {
        const ids = this.byVariant.get(variant);
        // A word shared by hundreds of names ("services") does not single any out.
        if (ids && ids.size <= 500) for (const id of ids) sharing.add(id);
      }
      for (const id of sharing) hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    const candidates = [...hits.entries()]
      .map(([id, count]) => ({ id, share: count / Math.max(1, this.tokens.get(id)?.length ?? 1) }))
      .filter((candidate) => candidate.share >= 0.5)
      .sort((a, b) => b.share - a.share)
      .slice(0, 25);
    const scored: Array<{ id: string; similarity: number }> = [];
    for (const { id } of candidates) {
      const score = tokenSimilarity(this.tokens.get(id) ?? [], words);
      if (score >= minSimilarity) scored.push({ id, similarity: score });
    }
    return scored.sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id)).slice(0, limit);
  }
}

/** A document number as compared: upper case letters and digits only ("inv 1001" = "INV-1001"). */
export function numberKey(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The words of a bank text that may be document numbers, as numberKeys: runs of letters, digits
 * and separators with at least one digit ("INV-1001", "B/2026/07"), and adjacent pairs joined
 * ("INV 1001").
 */
export function numberCandidates(text: string): string[] {
  const words = text.toUpperCase().split(/[\s,;:()[\]#"']+/).filter(Boolean);
  const keys = new Set<string>();
  words.forEach((word, index) => {
    if (/\d/.test(word)) {
      keys.add(numberKey(word));
      const before = words[index - 1];
      if (before && /^[A-Z]+-?$/.test(before)) keys.add(numberKey(before + word));
    }
  });
  return [...keys].filter((key) => key.length >= 3);
}

/** A line's description reduced to what repeats between months ("ACH DEBIT AWS 8841" -> "ach debit aws"). */
export function stableDescription(text: string): string {
  return normalizeText(text)
    .split(' ')
    .filter((word) => word.length > 1 && !/\d/.test(word))
    .slice(0, 4)
    .join(' ');
}
