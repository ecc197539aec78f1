/** Company legal forms that end a business name (international), any letter case. */
const legalFormAnyCase = String.raw`(?:GmbH(?:\s*&\s*Co\.?\s*KG(?:aA)?)?|e\.\s?K\.|e\.\s?V\.|a\.\s?G\.|Incorporated|LLC|L\.L\.C\.|LLP|Ltd\.?|Limited|PLC|Corp\.?|Corporation|Co\.,?\s*Ltd\.?|Co\.?\s*\(M\)\s*Bhd\.?|Pvt\.?\s*Ltd\.?|Private\s+Limited|Pte\.?\s*Ltd\.?|Pty\.?\s*Ltd\.?|Sdn\.?\s*Bhd\.?|Bhd\.?|S\/B|B\.\s?V\.?|N\.\s?V\.?|S\.A\.S\.?|SASU|SARL|S\.A\.R\.L\.|EURL|S\.A\.|S\.r\.l\.|S\.p\.A\.|Sp\.\s*z\s*o\.\s*o\.)`;
/** Short forms that are ordinary words or units in lower case ("kg"), so only as printed. */
const legalFormExactCase = String.raw`(?:AG|KGaA|KG|OHG|GbR|UG|SAS|SNC|SpA|Srl|(?:Inc|INC)\.?(?!\s*(?:GST|VAT|SST|TAX|tax)\b))`;
const anyCase = new RegExp(String.raw`(?<![\p{L}])${legalFormAnyCase}(?![\p{L}])`, 'iu');
// "UG" and "AG" followed by a digit are a floor or a unit ("Level UG1"), not a company form.
const exactCase = new RegExp(String.raw`(?<![\p{L}\d])${legalFormExactCase}(?![\p{L}\d])`, 'u');

/** The first legal form in a text ("Sdn Bhd", "GmbH", "B.V."), or null. */
export function matchLegalForm(text: string): { index: number; text: string } | null {
  const matches = [anyCase.exec(text), exactCase.exec(text)].filter((match) => match !== null);
  const first = matches.sort((a, b) => a.index - b.index)[0];
  return first ? { index: first.index, text: first[0] } : null;
}

/**
 * True when the text is nothing but a legal form ("SDN BHD" on a line of its own), possibly after
 * "Co." and a country mark ("CO. (M) SDN BHD": the name itself is on the line above).
 */
export function isLegalFormOnly(text: string): boolean {
  const match = matchLegalForm(text);
  if (match === null) return false;
  const before = text.slice(0, match.index).trim();
  const after = text.slice(match.index + match.text.length).trim();
  return after === '' && /^(?:co\.?,?\s*)?(?:\(\p{Lu}{1,2}\)\s*)?$/iu.test(before);
}

/** Labels that introduce the customer's block; names there are the buyer, not the vendor. */
export const buyerLabelPattern =
  /\b(?:bill(?:ed)?\s+to|invoice\s+to|sold\s+to|ship(?:ped)?\s+to|deliver(?:ed|y)?\s+to|billing\s+address|shipping\s+address|delivery\s+address|customer|client|attn|attention|rechnungsadresse|lieferadresse|rechnungsempf[äa]nger|kunde|empf[äa]nger|factur[ée]\s+[àa]|adresse\s+de\s+(?:facturation|livraison)|livr[ée]\s+[àa]|destinataire|factuuradres|afleveradres|klant|nom\s+de\s+l.abonn[ée])\b/iu;

/** Labels after which the vendor's own name is printed. */
export const sellerLabelPattern =
  /\b(?:sold\s+by|seller|vendor|supplier|service\s+provider|issued\s+by|payable\s+to|pay\s+to|account\s+holder|beneficiary|titulaire\s+du\s+compte|b[ée]n[ée]ficiaire|fournisseur|vendeur|verk[äa]ufer|lieferant|kontoinhaber|zahlungsempf[äa]nger|leverancier|rekeninghouder|ten\s+name\s+van)\s*[:-]?\s*/iu;

/**
 * The words before the owner's legal name ("Owned by", Malay "Dimiliki oleh", "A division of"):
 * the name after them is the owner's, without them.
 */
export const ownerLabelPattern =
  /^.*?\b(?:owned\s+by|dimiliki\s+oleh|operated\s+by|managed\s+by|a\s+division\s+of|a\s+subsidiary\s+of)\b\s*[:-]?\s*/iu;

/** Footer lines with the vendor's registration details (capital, trade register, VAT id). */
export const registrationLinePattern =
  /\b(?:capital|rcs|siret|siren|si[èe]ge\s+social|registered\s+(?:office|in|number)|company\s+(?:no|number|reg)|c[o0]\.?\s*reg(?:istration)?\.?\s*no\b|handelsregister|hrb|hra|amtsgericht|registergericht|gesch[äa]ftsf[üu]hr|kvk|kamer\s+van\s+koophandel|regd\.?\s+office|cin\b)/iu;

/** Lines that are not a name: document titles, contact details, addresses, dates, amounts. */
export const notNamePattern =
  /(?:\b(?:invoice|tax\s+invoice|receipt|facture|rechnung|factuur|quittung|beleg|bon|bill|page|seite|date|datum|tel|telephone|phone|fax|e-?mail|www|http|website|iban|bic|swift|gst|vat|tva|ust|mwst|btw|reg\.?\s*no|no\.\s*\d|total|amount|order|cashier|salesperson|thank|welcome|copy|kopie|original|duplicate)\b|@|\d{3,}|\b\d+[,\s]+(?:rue|jalan|street|st\.|road|rd\.|avenue|ave|stra(?:ss|ß)e|str\.|weg|laan|straat|lot)\b|^\s*(?:no\.?\s*)?\d)/iu;

export const documentTitleWords =
  /\s*\b(?:(?:simplified|commercial|pro[\s-]*forma|proforma|vat|gst|retail|original|copy|duplicate|kopie|final|cash|sales|official)\s+)*(?:tax\s+invoice|invoice|receipt|facture|rechnung|factuur|quittung|invoices?\/bill|bill)\b\s*$/iu;

/** Street-address words; a heading line with them is the address, not the name. */
export const addressPattern =
  /\b(?:jalan|jln|taman|bandar|lorong|persiaran|kawasan|seksyen|section|road|rd|street|st|avenue|ave|blvd|boulevard|lane|floor|flr|suite|building|plaza|rue|chemin|all[ée]e|stra(?:ss|ß)e|str|weg|platz|allee|gasse|laan|straat|plein|industrial|perindustrian|p\.?\s?o\.?\s?box|postfach|cedex)\b/iu;

/** Normalised form for comparing names: lower case, letters and digits only. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, '');
}

/** Tidies a name read from a line: labels, registration numbers and stray punctuation go. */
export function cleanName(raw: string): string {
  return raw
    .replace(ownerLabelPattern, '')
    .replace(sellerLabelPattern, '')
    .replace(documentTitleWords, '')
    .replace(/\s*\(?\b\d{3,}[\d-]*[A-Z]?\)?\s*$/u, '')
    .replace(/\s*\([^)]*$/u, '')
    .replace(/^([^(]*)\)$/u, '$1')
    .replace(/^[^\p{L}\d]+/u, '')
    .replace(/[\s,:;|\-–]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}
