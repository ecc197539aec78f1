/** Repairs of a vendor name read by OCR: slips in brackets and legal forms, lost first letters. */
import { letterLookalikes } from '../ocr-lookalikes';

/**
 * A word of capitals with a digit or two OCR read for capitals ("B1NTANG", "0RCHID"), spelled in
 * letters; a word with more digits, other digits or digits side by side is a number or a name
 * with digits ("7ELEVEN", "99SPEED", "80GSM") and stays.
 */
function lettersForDigits(word: string): string {
  const digits = word.match(/\d/gu) ?? [];
  if (digits.length === 0 || digits.length > 2 || word.length - digits.length < 3) return word;
  // Digits side by side are a number ("80GSM"), not letters misread one by one.
  if (/\d\d/u.test(word)) return word;
  if (!digits.every((digit) => digit in letterLookalikes)) return word;
  return word.replace(/\d/gu, (digit) => letterLookalikes[digit] ?? digit);
}

/**
 * A name read by OCR with its usual slips in brackets and legal forms: "{M)" and "( X )" are
 * "(M)" and "(X)", a closing bracket without its opening one drops the garbled word before it
 * ("BAKERIES fh) SDN BHD"), "SDH"/"SDM" before "BHD" or at the end is "SDN", "C0." or "£0."
 * before "(M) BHD" is "CO.", and a digit or two in a word of capitals are the letters they look
 * like ("B1NTANG" is BINTANG).
 */
export function repairOcrName(name: string): string {
  let text = name
    .replace(/[{[]/gu, '(')
    .replace(/[}\]]/gu, ')')
    .replace(/\(\s+/gu, '(')
    .replace(/\s+\)/gu, ')');
  let depth = 0;
  const kept: string[] = [];
  for (const word of text.split(' ')) {
    depth += (word.match(/\(/gu)?.length ?? 0) - (word.match(/\)/gu)?.length ?? 0);
    if (depth < 0) {
      depth = 0;
      if (/^[^\s()]{1,4}\)$/u.test(word)) continue;
    }
    kept.push(word);
  }
  text = kept.join(' ').replace(/[\p{Lu}\d]{4,}/gu, lettersForDigits);
  return text
    .replace(/\bSD[HM](?=\.?(?:\s*BHD\b|\s*$))/gu, 'SDN')
    .replace(/(^|\s)[C£€¢][O0][.,]?(?=\s*\(\p{Lu}{1,2}\)\s*(?:SDN\.?\s*)?BHD\b)/gu, '$1CO.');
}

// Web and mail services whose addresses a receipt prints without being named after them.
const platformDomains = new Set([
  'facebook',
  'instagram',
  'twitter',
  'youtube',
  'tiktok',
  'whatsapp',
  'linkedin',
  'google',
  'gmail',
  'yahoo',
  'hotmail',
  'outlook',
]);
// A name's first word lost at most this many leading letters to a logo or the photo's edge.
const maxLostLetters = 4;

/**
 * The name with its first word completed from the shop's web or mail domain, when OCR lost the
 * word's first letters ("OPAC MARKETING" printed above "www.vivopac.com" is VIVOPAC MARKETING).
 */
export function withDomainStart(name: string, text: string): string {
  const first = /^\p{L}{4,}/u.exec(name)?.[0];
  if (!first) return name;
  const labels = [
    ...text.matchAll(/\b((?:[a-z0-9-]+\.)+)(?:com|net|org|biz|my|co|sg|uk|de|fr|nl|eu)\b/giu),
  ].map((match) => (match[1] ?? '').toLowerCase().split('.').filter(Boolean));
  const lower = first.toLowerCase();
  for (const parts of labels) {
    // "shop.vivopac.com.my": the label before the public suffix, "www" and "mail" aside.
    const label = parts
      .filter((part) => !/^(?:www\d?|mail|shop|com|net|org|co)$/u.test(part))
      .at(-1);
    if (!label || platformDomains.has(label) || !/^\p{L}+$/u.test(label)) continue;
    const lost = label.length - lower.length;
    if (lost < 1 || lost > maxLostLetters || !label.endsWith(lower)) continue;
    const word =
      first === first.toUpperCase()
        ? label.toUpperCase()
        : `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
    return `${word}${name.slice(first.length)}`;
  }
  return name;
}
