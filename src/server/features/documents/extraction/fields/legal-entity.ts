import type { TextLine } from '../text-line';
import { registrationLinePattern } from './vendor-rules';

/** A tax or company id label followed by an id with at least six digits. */
const taxIdLinePattern =
  /\b(?:VAT|TVA|USt-?Id(?:Nr)?|UID|BTW|GST(?:IN)?|Tax\s*ID|TIN|ABN|Steuer-?Nr|Steuernummer|SIRET|SIREN|KvK|CIN|Company\s+(?:No|Number|Reg))\b[^\n]*?(?:\d[\s./-]?){6}/iu;

/** A company number alone in brackets under the name, as receipts print it ("(894996-D)"). */
const companyNumberLinePattern = /^\s*[({[]\s*\d{5,}\s*-\s*[\p{Lu}\d]\s*[)}\]]\s*$/u;

/**
 * A company number in brackets after the name on the same line, as receipts print it ("99 SPEED
 * MART S/B (519537-X)"), its first digit possibly read as a letter ("(S19537-X)").
 */
const trailingCompanyNumberPattern = /[({[]\s*[\dSO]?\d{4,}\s*-\s*[\p{Lu}\d]\s*[)}\]]\s*$/u;

/** The buyer's own ids are printed as "your VAT number", "Uw BTW nummer", "votre TVA"… */
const buyerIdPattern =
  /\b(?:your|uw|votre|vos|ihre?|customer|client|kunden|klant|buyer|acheteur|käufer)\b/iu;

/** True when the line carries the issuer's registration: trade register, capital, tax or VAT id. */
export function isRegistrationLine(text: string): boolean {
  if (buyerIdPattern.test(text)) return false;
  return (
    registrationLinePattern.test(text) ||
    taxIdLinePattern.test(text) ||
    companyNumberLinePattern.test(text) ||
    trailingCompanyNumberPattern.test(text)
  );
}

// How far a company's legal block reaches: its name, then address and ids on the next lines.
const linesBelow = 4;
const linesAbove = 1;

/**
 * True when the line at `index` sits in a legal block: the line itself, or one just above or a few
 * below in the same column of the same page, carries a registration or tax id. A company name
 * with its legal form there is the issuer's legal identity (footer legal line, "sold by" block).
 */
export function isInLegalBlock(lines: readonly TextLine[], index: number): boolean {
  const line = lines[index];
  if (!line) return false;
  for (let other = index - linesAbove; other <= index + linesBelow; other += 1) {
    const near = lines[other];
    if (!near || near.page !== line.page) continue;
    const gap = Math.abs(near.y - line.y);
    if (gap > (linesBelow + 1) * Math.max(line.height, near.height) * 1.6) continue;
    if (isRegistrationLine(near.text)) return true;
  }
  return false;
}
