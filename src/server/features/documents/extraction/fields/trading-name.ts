import type { TextLine } from '../text-line';
import { matchLegalForm, nameKey } from './vendor-rules';

/**
 * Labels for the marketplace an order went through ("Ordered Through: Flipkart.com"). On a
 * marketplace invoice the legal seller changes from order to order while the business deals with,
 * and pays, the marketplace: bookkeepers file such bills under the marketplace.
 */
const marketplaceLabelPattern =
  /\b(?:ordered\s+(?:through|via|on)|sold\s+(?:through|via)|purchased\s+(?:through|via|on)|marketplace\s*:|bestellt\s+(?:über|bei)|command[ée]e?\s+(?:via|sur))\s*[:-]?\s*/iu;
// After "ordered on" a date or a day is as likely as a shop: only a web address counts there.
const webAddressOnlyPattern = /\b(?:on|bei|sur)\s*[:-]?\s*$/iu;

/** A web address as a name: "Flipkart.com" -> "Flipkart", "www.example.co.uk" -> "example". */
const domainNamePattern =
  /^(?:https?:\/\/)?(?:www\.)?([\p{L}\d][\p{L}\d-]*)\.(?:[a-z]{2,6})(?:\.[a-z]{2})?\/?$/iu;

// The name after a label on its own line is on the next line, at most this many line heights down.
const nextLineReach = 2.5;

function nameAfterLabel(text: string, webAddressOnly: boolean): string | null {
  const first = text.trim().split(/\s+/u)[0] ?? '';
  const domain = domainNamePattern.exec(first);
  if (domain?.[1]) {
    const name = domain[1];
    return /^\p{Ll}/u.test(name) ? `${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
  }
  if (webAddressOnly) return null;
  // Otherwise the run of capitalised words that starts the text ("Amazon Marketplace EU").
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/u)) {
    if (words.length >= 4 || !/^[\p{Lu}][\p{L}\d&'.-]*$/u.test(word)) break;
    words.push(word.replace(/[.,;:]+$/u, ''));
  }
  const name = words.join(' ');
  return /\p{L}{3}/u.test(name) ? name : null;
}

/** The marketplace named after an "ordered through" label, or null. */
export function findMarketplace(lines: readonly TextLine[]): string | null {
  for (const [index, line] of lines.entries()) {
    const label = marketplaceLabelPattern.exec(line.text);
    if (!label) continue;
    const rest = line.text.slice(label.index + label[0].length);
    const webAddressOnly = webAddressOnlyPattern.test(label[0]);
    if (rest.trim() !== '') {
      const name = nameAfterLabel(rest, webAddressOnly);
      if (name) return name;
      continue;
    }
    const next = lines[index + 1];
    if (next && next.page === line.page && next.y - line.y <= line.height * nextLineReach) {
      const name = nameAfterLabel(next.text, webAddressOnly);
      if (name) return name;
    }
  }
  return null;
}

// The letterhead: the top of the first page, where the issuer prints the name it trades under.
const letterheadDepth = 0.2;

/**
 * The name as the letterhead prints it, when the legal name (read from the footer or a legal
 * block) is that name plus a company form: "Free SAS" in the footer under a letterhead of "Free
 * Service Abonné" is "Free". A letterhead that prints the form too ("Coolblue B.V.") keeps it.
 */
export function letterheadName(lines: readonly TextLine[], legalName: string): string | null {
  const form = matchLegalForm(legalName);
  if (!form || form.index === 0) return null;
  const core = legalName
    .slice(0, form.index)
    .split(/\s+/u)
    .map(nameKey)
    .filter((key) => key !== '');
  if (core.join('').length < 3) return null;
  for (const [index, line] of lines.entries()) {
    if (line.page !== 1 || line.y > letterheadDepth) continue;
    const words = line.text.trim().split(/\s+/u);
    const keys = words.map(nameKey);
    if (core.some((key, position) => keys[position] !== key)) continue;
    const printed = words
      .slice(0, core.length)
      .join(' ')
      .replace(/[,;:]+$/u, '');
    // The form after the name, on the same line or alone on the next ("SDN BHD" under the name).
    const after = words.slice(core.length).join(' ') || (lines[index + 1]?.text ?? '');
    if (matchLegalForm(after)?.index === 0) return null;
    return printed;
  }
  return null;
}
