import { type TextLine, unionBox, type Word } from '../text-line';

// Letters OCR reads for digits on receipts: S 5, O 0, Z 2, B 8, l/I 1.
const digitLookalikes: Record<string, string> = {
  S: '5',
  s: '5',
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  Z: '2',
  z: '2',
  B: '8',
  l: '1',
  I: '1',
  '|': '1',
};
const lookalikeClass = String.raw`[\dSsOoDQZzBlI|]`;
// "RM" as OCR reads it at the start of an amount: RN, RH, RK, RW, EM, KM, kH.
const ringgitPrefix = /^(?:R[MNHKW]|[EK]M|[Kk]H|[Kk]M)/u;
const amountBody = new RegExp(String.raw`^${lookalikeClass}+(?:[.,]${lookalikeClass}{0,2})?$`, 'u');

const asDigits = (text: string): string =>
  [...text].map((character) => digitLookalikes[character] ?? character).join('');

/**
 * An amount word with OCR slips made readable: the currency prefix ("RH14.00", "RK43.") and
 * letters read for digits in it ("RMS.00" is RM5.00, "RMO.28" RM0.28). Other words are kept.
 */
export function repairAmountWord(text: string): string {
  const prefix = ringgitPrefix.exec(text);
  if (prefix) {
    const body = text.slice(prefix[0].length);
    if (amountBody.test(body) && /\d/u.test(body)) return `RM${asDigits(body)}`;
    return text;
  }
  // A decimal amount with one letter read for a digit ("1O.00", "4.5O").
  if (/^\d[\dOoSZB]*[.,][\dOoSZB]{2}$/u.test(text) && /[OoSZB]/u.test(text)) return asDigits(text);
  return text;
}

// Two words closer than this many line heights can be one amount split after its decimal point.
const splitGap = 0.8;

/**
 * Joins an amount split at its decimal point ("RM53." "60") back into one word; after a currency
 * prefix the point itself may be lost ("RM8" "60").
 */
function joinSplitAmounts(words: readonly Word[]): Word[] {
  const joined: Word[] = [];
  for (const word of words) {
    const previous = joined.at(-1);
    if (
      previous &&
      (/(?:^|RM)\d+[.,]$/u.test(previous.text) || /^RM\d+$/u.test(previous.text)) &&
      /^\d{2}$/u.test(word.text) &&
      word.x - (previous.x + previous.width) < Math.max(previous.height, word.height) * splitGap
    ) {
      joined[joined.length - 1] = {
        ...unionBox([previous, word]),
        text: /[.,]$/u.test(previous.text)
          ? `${previous.text}${word.text}`
          : `${previous.text}.${word.text}`,
        confidence: Math.min(previous.confidence ?? 1, word.confidence ?? 1),
      };
    } else joined.push(word);
  }
  return joined;
}

/** OCR lines with their amount words repaired; the line text follows its words. */
export function tidyOcrLines(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line) => {
    const words = joinSplitAmounts(
      line.words.map((word) => ({ ...word, text: repairAmountWord(word.text) })),
    );
    return { ...line, words, text: words.map((word) => word.text).join(' ') };
  });
}
