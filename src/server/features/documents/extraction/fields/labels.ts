/**
 * Field labels as printed on invoices and receipts in English, German, French and Dutch.
 * Each entry is a regular-expression source matched case-insensitively on word boundaries.
 */
export type AmountRole = 'total' | 'subtotal' | 'tax';

export interface LabelRule {
  pattern: string;
  /** How strongly the label points at its field (3 = explicit, 1 = weak). */
  weight: number;
}

export const totalLabels: LabelRule[] = [
  {
    pattern: String.raw`grand\s*total|rounded\s+total|total\s+rounded|total\s+amt|total\s+amount\s+due|amount\s+due|balance\s+due|total\s+due|total\s+to\s+pay|amount\s+payable|total\s+payable|invoice\s+total|total\s+for\s+this\s+invoice|total\s+amount|total\s+incl\.?(?:uding)?\s*(?:gst|vat|tax|sst)?|total\s+sales\s+incl|total\s+after\s+adj\w*|net+\s*total|total\s+ttc|montant\s+(?:eur\s+)?ttc|net\s+[àa]\s+payer|somme\s+[àa]\s+payer|total\s+[àa]\s+payer|montant\s+total|total\s+facture|gesamtbetrag|rechnungsbetrag|rechnungssumme|zu\s+zahlen(?:der\s+betrag)?|zahlbetrag|endbetrag|bruttobetrag|gesamtsumme|summe\s+brutto|brutto\s*summe|factuur\s*totaal|totaal\s+te\s+betalen|te\s+betalen|totaalbedrag|factuurbedrag`,
    weight: 3,
  },
  // OCR reads "Total" as "Totsl", "T0TAL", "Tota1" on faded receipts.
  {
    pattern: String.raw`t[o0]t[a4s][l1i|](?:\s*\(\w{1,3}\))?|totaal|summe|betrag|montant|a[mn][o0]unt(?:\s+incl\w*\.?)?`,
    weight: 1.5,
  },
];

// A closing bracket as OCR reads it after a capital word: ")", "]", "}", or "I", "l", "1", "|".
const closingBracket = String.raw`(?:[)\]}]|[Il1|](?![\p{L}\d]))?`;

export const subtotalLabels: LabelRule[] = [
  {
    pattern: String.raw`(?:total\s+)?sales\s*[({]?\s*excl\w*\.?\s*(?:of\s+)?(?:gst|vat|tax|sst)${closingBracket}|sub[\s-]*total|subtotaal|sous[\s-]*total|zwischensumme|nettobetrag|summe\s+netto|netto\s*summe|gesamt\s*netto|total\s+ht|montant\s+(?:eur\s+)?ht|total\s+hors\s+taxes?|total\s*[({]?\s*excl\.?(?:uding|usive)?\s*(?:of\s+)?(?:(?:gst|vat|tax|btw|sst)${closingBracket})?|excl\.?(?:usief)?\s+btw|net\s+amount|taxable\s+amount|total\s+before\s+tax|total\s+net|netto|grondslag`,
    weight: 3,
  },
];

export const taxLabels: LabelRule[] = [
  {
    pattern: String.raw`total\s+(?:gst|vat|tax|sst|tva|mwst|btw)|(?:gst|vat|tax|sales\s+tax)\s+amount|montant\s+tva|mehrwertsteuer|umsatzsteuer|mwst\.?|ust\.?|btw\s+bedrag`,
    weight: 3,
  },
  // Not the tax named inside a total's label: "Total Sales (Inclusive of GST)".
  {
    pattern: String.raw`(?<!(?:incl\w*|excl\w*|inkl\w*)\.?\s{0,2}(?:of\s+)?)(?:vat|gst|sst|tva|btw|tax|steuer)`,
    weight: 1.5,
  },
];

/** Cash handed over and change given, in German and French (English ones are in each list). */
export const foreignCashWords = String.raw`gegeben|bargeld|barzahlung|esp[èe]ces`;
export const foreignChangeWords = String.raw`r[üu]ckgeld|wechselgeld|rendu|monnaie\s+rendue`;

/** Lines with these words carry amounts that are not the invoice total (payment, change, counts). */
export const notTotalWords = String.raw`accepted\s+total|amount\s+(?:received|tendered)|total\s+(?:qty|quantity|items?|saving|savings|discount|stamps?|points?|weight)|item\s+count|qty|cash|change|tender(?:ed)?|rounding|round\s*off|received|payment|deposit|credits?|discount|saving|previous\s+balance|balance\s+forward|stamp|summary|analysis|change\s+amt|${foreignCashWords}|${foreignChangeWords}`;
export const notTotalPattern = new RegExp(String.raw`\b(?:${notTotalWords})\b`, 'iu');

export const issueDateLabels = String.raw`invoice\s+date|date\s+of\s+invoice|tax\s+point|bill\s+date|issue\s+date|date\s+issued|receipt\s+date|document\s+date|rechnungsdatum|belegdatum|ausstellungsdatum|datum|date\s+de\s+(?:la\s+)?facture|date\s+d'[ée]mission|factuurdatum|factuur\s+datum|date`;
export const dueDateLabels = String.raw`due\s+date|payment\s+due|due\s+on|due\s+by|pay\s+by|payable\s+by|f[äa]llig(?:keit|keitsdatum)?(?:\s+am)?|zahlbar\s+bis|zahlungsziel|date\s+limite(?:\s+de\s+paiement)?|[ée]ch[ée]ance|payable\s+le|[àa]\s+payer\s+avant|vervaldatum|uiterste\s+betaaldatum|te\s+betalen\s+voor`;
/** Dates that are neither the issue date nor the due date. */
export const otherDateLabels = String.raw`order\s+date|delivery\s+date|ship(?:ping)?\s+date|billing\s+period|period|leistungsdatum|leistungszeitraum|lieferdatum|bestelldatum|orderdatum|date\s+de\s+livraison|date\s+de\s+commande|service\s+period`;

export const invoiceNumberLabels: LabelRule[] = [
  {
    pattern: String.raw`invoice\s*(?:no\.?|number|num\.?|nr\.?|#|id)|inv\.?\s*(?:no\.?|#)|bill\s*(?:no\.?|number|#)|receipt\s*(?:no\.?|number|#)|document\s*(?:no\.?|number|#)|doc\.?\s*(?:no\.?|#)|rechnungs?[\s-]*(?:nummer|nr\.?|no\.?)|rechnung\s+nr\.?|beleg\s*(?:nummer|nr\.?)|num[ée]ro\s+de\s+facture|n[°ºo]\s*(?:de\s+)?facture|facture\s*(?:n[°ºo]|num[ée]ro|no\.?)|factuur\s*(?:nummer|nr\.?)|factuurnummer|invoice|facture|rechnung|factuur`,
    weight: 3,
  },
  { pattern: String.raw`cb#|trn|ref(?:erence)?\.?\s*(?:no\.?|#)?|no\.|n[°º]`, weight: 1 },
];

/** Compiles label rules into one global regex per rule, matched at word starts. */
export function labelRegex(pattern: string): RegExp {
  return new RegExp(String.raw`(?<![\p{L}\d])(?:${pattern})(?![\p{L}])`, 'giu');
}
