import type { DocumentText } from '../fields/document-text';
import type { NameCandidate, NameSignals } from '../fields/name-candidate';
import { sameBusiness } from '../fields/same-business';
import { averageConfidence, letterShare } from '../fields/name-cells';
import { addressPattern, matchLegalForm } from '../fields/vendor-rules';

/**
 * The features of a vendor name candidate, as the vendor's ranking model weighs them: what the
 * reader saw where the name was found (model/vendor-model.json holds one weight per name here).
 */
const signalNames: (keyof NameSignals)[] = [
  'seller',
  'legalForm',
  'legalBlock',
  'registered',
  'overRegistration',
  'overCompanyNumber',
  'heading',
  'headingRank',
  'height',
  'fragment',
  'weakWords',
  'wholeLine',
  'afterTitle',
  'buyer',
  'owner',
];

export const vendorFeatureNames: string[] = [
  ...signalNames.map((name) => `signal ${name}`),
  // Where the name is: the top quarter of page one, how far down, and later pages.
  'top of page one',
  'position down the page',
  'not on page one',
  // Found again: by another rule or printed twice, in a web or mail domain, on other lines.
  'printed again',
  'domain',
  'mentions',
  // The name's own look.
  'words',
  'capitals share',
  'letters share',
  'word confidence',
  'address words',
  'receipt words',
  'short words',
  'weakest word confidence',
  // A heading that names the same business as a legal name further down, and that legal name.
  'heading of a legal name',
  'legal name under its heading',
];

const capitalsShare = (name: string): number => {
  const letters = name.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return 0;
  return letters.filter((letter) => letter === letter.toUpperCase()).length / letters.length;
};

// Words a receipt prints around its items, payment and greetings: never a business's name.
const receiptWords = new Set(
  (
    'item items price qty quantity description desc amount amt total subtotal cash change time ' +
    'date user table pax cashier counter sale sales thank thanks you please visit again come ' +
    'welcome shopping with for goods sold are not returnable refundable exchangeable member ' +
    'card tax invoice receipt bill no disc discount coupon menu order server staff terminal ' +
    'trans transaction ref dine take away the and of have nice day'
  ).split(' '),
);

const wordsOf = (name: string): string[] =>
  (name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(Boolean);

const share = (words: readonly string[], test: (word: string) => boolean): number =>
  words.length === 0 ? 0 : words.filter(test).length / words.length;

/** The least sure OCR word of the line among those the name is made of. */
function weakestConfidence(candidate: NameCandidate, document: DocumentText): number {
  const line = document.lines[candidate.lineIndex];
  if (!line) return 0;
  const inName = new Set(wordsOf(candidate.name));
  const words = line.words.filter((word) => wordsOf(word.text).some((part) => inName.has(part)));
  return words.length === 0 ? 0 : Math.min(...words.map((word) => word.confidence ?? 1));
}

const isHeadingOf = (heading: NameCandidate, legal: NameCandidate): boolean =>
  heading !== legal &&
  heading.signals.heading === 1 &&
  legal.legal === true &&
  heading.lineIndex < legal.lineIndex &&
  sameBusiness(heading.name, legal.name);

/** Each candidate's feature row, in the order of `vendorFeatureNames`. */
export function vendorFeatures(
  document: DocumentText,
  candidates: readonly NameCandidate[],
): number[][] {
  return candidates.map((candidate) => {
    const line = document.lines[candidate.lineIndex];
    const onFirstPage = line?.page === 1;
    const words = candidate.name.split(' ').filter(Boolean).length;
    const nameWords = wordsOf(candidate.name);
    return [
      ...signalNames.map((name) => candidate.signals[name] ?? 0),
      onFirstPage && (line?.y ?? 1) < 0.25 ? 1 : 0,
      onFirstPage ? (line?.y ?? 1) : 1,
      onFirstPage ? 0 : 1,
      Math.min(2, candidate.printings - 1),
      candidate.domain ? 1 : 0,
      Math.min(2, candidate.mentions),
      Math.min(6, words) / 6,
      capitalsShare(candidate.name),
      letterShare(candidate.name),
      line ? averageConfidence(line.words) : 0,
      addressPattern.test(candidate.name) && matchLegalForm(candidate.name) === null ? 1 : 0,
      share(nameWords, (word) => receiptWords.has(word)),
      share(nameWords, (word) => word.length <= 2),
      weakestConfidence(candidate, document),
      candidates.some((other) => isHeadingOf(candidate, other)) ? 1 : 0,
      candidates.some((other) => isHeadingOf(other, candidate)) ? 1 : 0,
    ];
  });
}
