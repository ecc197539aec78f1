/** Company legal forms that end a business name (international). */
export const legalForm = String.raw`(?:GmbH(?:\s*&\s*Co\.?\s*KG(?:aA)?)?|AG|KGaA|KG|OHG|GbR|e\.\s?K\.|e\.\s?V\.|a\.\s?G\.|UG(?:\s*\(haftungsbeschr[äa]nkt\))?|Inc\.?|Incorporated|LLC|L\.L\.C\.|LLP|Ltd\.?|Limited|PLC|Corp\.?|Corporation|Co\.,?\s*Ltd\.?|Co\.?\s*\(M\)\s*Bhd\.?|Company|Pvt\.?\s*Ltd\.?|Private\s+Limited|Pte\.?\s*Ltd\.?|Pty\.?\s*Ltd\.?|Sdn\.?\s*Bhd\.?|Bhd\.?|B\.\s?V\.?|N\.\s?V\.?|S\.A\.S\.?|SAS|SASU|SARL|S\.A\.R\.L\.|EURL|SNC|S\.A\.|S\.r\.l\.|Srl|S\.p\.A\.|SpA|Oy|ApS|A/S|Sp\.\s*z\s*o\.\s*o\.)`;
export const legalFormPattern = new RegExp(String.raw`(?<![\p{L}])${legalForm}(?![\p{L}])`, 'u');
export const legalFormOnlyPattern = new RegExp(String.raw`^\s*${legalForm}\s*$`, 'u');

/** Labels that introduce the customer's block; names there are the buyer, not the vendor. */
export const buyerLabelPattern =
  /\b(?:bill(?:ed)?\s+to|invoice\s+to|sold\s+to|ship(?:ped)?\s+to|deliver(?:ed|y)?\s+to|billing\s+address|shipping\s+address|delivery\s+address|customer|client|attn|attention|rechnungsadresse|lieferadresse|rechnungsempf[äa]nger|kunde|empf[äa]nger|factur[ée]\s+[àa]|adresse\s+de\s+(?:facturation|livraison)|livr[ée]\s+[àa]|destinataire|factuuradres|afleveradres|klant|nom\s+de\s+l.abonn[ée])\b/iu;

/** Labels after which the vendor's own name is printed. */
export const sellerLabelPattern =
  /\b(?:sold\s+by|seller|vendor|supplier|service\s+provider|issued\s+by|payable\s+to|pay\s+to|account\s+holder|beneficiary|titulaire\s+du\s+compte|b[ée]n[ée]ficiaire|fournisseur|vendeur|verk[äa]ufer|lieferant|kontoinhaber|zahlungsempf[äa]nger|leverancier|rekeninghouder|ten\s+name\s+van)\s*[:\-]?\s*/iu;

/** Footer lines with the vendor's registration details (capital, trade register, VAT id). */
export const registrationLinePattern =
  /\b(?:capital|rcs|siret|siren|si[èe]ge\s+social|registered\s+(?:office|in|number)|company\s+(?:no|number|reg)|handelsregister|hrb|hra|amtsgericht|registergericht|gesch[äa]ftsf[üu]hr|kvk|kamer\s+van\s+koophandel|regd\.?\s+office|cin\b)/iu;

/** Lines that are not a name: document titles, contact details, addresses, dates, amounts. */
export const notNamePattern =
  /(?:\b(?:invoice|tax\s+invoice|receipt|facture|rechnung|factuur|quittung|beleg|bon|bill|page|seite|date|datum|tel|telephone|phone|fax|e-?mail|www|http|website|iban|bic|swift|gst|vat|tva|ust|mwst|btw|reg\.?\s*no|no\.\s*\d|total|amount|order|cashier|salesperson|thank|welcome|copy|kopie|original|duplicate)\b|@|\d{3,}|\b\d+[,\s]+(?:rue|jalan|street|st\.|road|rd\.|avenue|ave|stra(?:ss|ß)e|str\.|weg|laan|straat|lot)\b|^\s*(?:no\.?\s*)?\d)/iu;

export const documentTitleWords =
  /\s*\b(?:tax\s+invoice|invoice|receipt|facture|rechnung|factuur|quittung|kopie\s+factuur|retail\s+invoices?\/bill|bill)\b\s*$/iu;
