import { type TextLine, unionBox, type Word } from '../text-line';
import { digitLookalikes } from '../ocr-lookalikes';

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

// A label read glued to its amount ("TOTAL213.95", "PAYABLE:88.10"); a currency before the
// amount ("RM8.60", "EUR12.50") is no label and stays one word.
const gluedAmount = /^(\p{L}{2,}[.:]?)(\d{1,6}[.,]\d{2})$/u;
const currencyWord = new RegExp(
  String.raw`${ringgitPrefix.source}$|^(?:Rs|MYR|SGD|USD|EUR|GBP|INR|AUD|CHF)$`,
  'u',
);

/** Splits a label glued to its amount into the two words OCR lost the gap between. */
function splitGluedAmounts(words: readonly Word[]): Word[] {
  return words.flatMap((word) => {
    const match = gluedAmount.exec(word.text);
    const label = match?.[1];
    const amount = match?.[2];
    if (!label || !amount || currencyWord.test(label.replace(/[.:]$/u, ''))) return [word];
    const labelWidth = (word.width * label.length) / word.text.length;
    return [
      { ...word, text: label, width: labelWidth },
      { ...word, text: amount, x: word.x + labelWidth, width: word.width - labelWidth },
    ];
  });
}

/**
 * The Malaysian company forms as OCR misreads them: "SDN EHD", "SON. BHD", "SEN 3HD", "5DN BHD"
 * are Sdn Bhd; "5/8" after a capitalised name is S/B (its short form).
 */
function repairLegalForms(words: readonly Word[]): Word[] {
  return words.map((word, index) => {
    const previous = words[index - 1]?.text ?? '';
    const next = words[index + 1]?.text ?? '';
    const text = word.text;
    if (/^[S5][DOE0][NHM]\.?$/u.test(text) && /^[B8E3][HN][DO0][.,]?$/u.test(next))
      return { ...word, text: text.replace(/^[S5][DOE0][NHM]/u, 'SDN') };
    if (/^[B8E3][HN][DO0][.,]?$/u.test(text) && /^[S5][DOE0][NHM]\.?$/u.test(previous))
      return { ...word, text: text.replace(/^[B8E3][HN][DO0]/u, 'BHD') };
    if (/^[S5]\/[B8R]$/u.test(text) && /^\p{Lu}{2,}$/u.test(previous))
      return { ...word, text: 'S/B' };
    return word;
  });
}

// Letters OCR reads for digits inside a date: O, D, C, Q for 0; l, I for 1.
const dateLookalikes: Record<string, string> = { ...digitLookalikes, C: '0', c: '0' };
const dateWord =
  /^([\dOoDCcQlI|SZB]{1,2})([./-])([\dOoDCcQlI|SZB]{1,2})\2([\dOoDCcQlI|SZB]{2,4})$/u;

/** A date with letters read for digits ("17/06/2C18") made readable; other words are kept. */
export function repairDateWord(text: string): string {
  const match = dateWord.exec(text);
  if (!match) return text;
  const digits = text.replace(/\D/gu, '').length;
  const letters = text.replace(/[\d./-]/gu, '').length;
  if (letters === 0 || letters > 1 || digits < 4) return text;
  return [...text].map((character) => dateLookalikes[character] ?? character).join('');
}

/** OCR lines with their amount words and company forms repaired; the line text follows its words. */
export function tidyOcrLines(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line) => {
    const words = joinSplitAmounts(
      repairLegalForms(splitGluedAmounts(line.words)).map((word) => ({
        ...word,
        text: repairDateWord(repairAmountWord(word.text)),
      })),
    );
    return { ...line, words, text: words.map((word) => word.text).join(' ') };
  });
}
