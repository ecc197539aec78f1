import type { EinvoiceDocument } from '../../../shared/contracts/einvoicing';
import { multiplyCents, parseMoney } from '../../../shared/money';
import { PEPPOL_BIS_SPECIFICATION, XRECHNUNG_SPECIFICATION } from './specifications';

/*
 * The CIUS rules we apply on top of EN 16931, in their own words.
 * Peppol BIS Billing 3.0: PEPPOL-EN16931-R003, R004, R010, R020, R120, PEPPOL-COMMON-R040 (GLN).
 * R001 (profile), R008 (no empty elements), R051 (one currency) and R053 (one tax total with
 * subtotals) are properties of the UBL writer: its tests check them on the written file.
 * XRechnung 3.0: BR-DE-1..9, BR-DE-14..17, BR-DE-19, BR-DE-21, BR-DE-23-a, BR-DE-27, BR-DE-28;
 * BR-DE-10/11 (delivery address), 18 (Skonto), 20, 22, 24, 25, 26 concern data we never write.
 */

type Check = (rule: string, ok: boolean, message: string) => void;
const has = (value: string | null | undefined) => Boolean(value?.trim());

/** GS1 mod 10 check digit of a GLN (EAS 0088). */
export function isGln(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const body = digits.slice(0, 12).reverse();
  const sum = body.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** ISO 13616 IBAN: two letters, two check digits, mod 97 = 1. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const code = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

export function checkPeppol(doc: EinvoiceDocument, check: Check): void {
  check('PEPPOL-EN16931-R003', has(doc.buyerReference) || has(doc.orderReference), 'A buyer reference or purchase order reference MUST be provided.');
  check('PEPPOL-EN16931-R004', doc.specificationId === PEPPOL_BIS_SPECIFICATION || doc.specificationId === XRECHNUNG_SPECIFICATION, `Specification identifier MUST have the value '${PEPPOL_BIS_SPECIFICATION}'.`);
  check('PEPPOL-EN16931-R010', doc.buyer.electronicAddress !== null, 'Buyer electronic address MUST be provided');
  check('PEPPOL-EN16931-R020', doc.seller.electronicAddress !== null, 'Seller electronic address MUST be provided');
  for (const line of doc.lines) {
    const price = parseMoney(line.netPrice, { round: true });
    check(
      'PEPPOL-EN16931-R120',
      price !== null && multiplyCents(price, line.quantity) === line.lineNet,
      'Invoice line net amount MUST equal (Invoiced quantity * (Item net price/item price base quantity) + Sum of invoice line charge amount - sum of invoice line allowance amount',
    );
  }
  for (const party of [doc.seller, doc.buyer]) {
    const address = party.electronicAddress;
    check('PEPPOL-COMMON-R040', address?.scheme !== '0088' || isGln(address.value), 'GLN must have a valid format according to GS1 rules.');
  }
}

export function checkXrechnung(doc: EinvoiceDocument, check: Check): void {
  const contact = doc.seller.contact;
  check('BR-DE-1', doc.payment !== null, 'Eine Rechnung (INVOICE) muss Angaben zu "PAYMENT INSTRUCTIONS" (BG-16) enthalten.');
  check('BR-DE-2', contact !== null, 'Die Gruppe "SELLER CONTACT" (BG-6) muss übermittelt werden.');
  check('BR-DE-3', has(doc.seller.address.city), 'Das Element "Seller city" (BT-37) muss übermittelt werden.');
  check('BR-DE-4', has(doc.seller.address.postalCode), 'Das Element "Seller post code" (BT-38) muss übermittelt werden.');
  check('BR-DE-5', has(contact?.name), 'Das Element "Seller contact point" (BT-41) muss übermittelt werden.');
  check('BR-DE-6', has(contact?.phone), 'Das Element "Seller contact telephone number" (BT-42) muss übermittelt werden.');
  check('BR-DE-7', has(contact?.email), 'Das Element "Seller contact email address" (BT-43) muss übermittelt werden.');
  check('BR-DE-8', has(doc.buyer.address.city), 'Das Element "Buyer city" (BT-52) muss übermittelt werden.');
  check('BR-DE-9', has(doc.buyer.address.postalCode), 'Das Element "Buyer post code" (BT-53) muss übermittelt werden.');
  check('BR-DE-14', doc.vatBreakdown.every((group) => group.rate !== null), 'Das Element "VAT category rate" (BT-119) muss übermittelt werden.');
  check('BR-DE-15', has(doc.buyerReference), 'Das Element "Buyer reference" (BT-10) muss übermittelt werden.');
  check(
    'BR-DE-16',
    has(doc.seller.vatId) || has(doc.seller.taxRegistrationId) || doc.lines.every((line) => line.vatCategory === 'O'),
    'In der Rechnung muss mindestens eines der Elemente "Seller VAT identifier" (BT-31), "Seller tax registration identifier" (BT-32) oder "SELLER TAX REPRESENTATIVE PARTY" (BG-11) übermittelt werden.',
  );
  check(
    'BR-DE-17',
    ['326', '380', '384', '389', '381'].includes(doc.typeCode),
    'Mit dem Element "Invoice type code" (BT-3) sollen ausschließlich folgende Codes aus der Codeliste UNTDID 1001 übermittelt werden: 326 (Partial invoice), 380 (Commercial invoice), 384 (Corrected invoice), 389 (Self-billed invoice) und 381 (Credit note).',
  );
  const payment = doc.payment;
  check(
    'BR-DE-19',
    payment?.meansCode !== '58' || isIban(payment.iban ?? ''),
    'Das Element "Payment account identifier" (BT-84) soll eine korrekte IBAN enthalten, wenn in "Payment means type code" (BT-81) mit dem Code 58 SEPA als Zahlungsmittel gefordert wird.',
  );
  check('BR-DE-21', doc.specificationId === XRECHNUNG_SPECIFICATION, 'Das Element "Specification identifier" (BT-24) soll syntaktisch der Kennung des Standards XRechnung entsprechen.');
  check(
    'BR-DE-23-a',
    !payment || !['30', '58'].includes(payment.meansCode) || has(payment.iban) || has(payment.accountNumber),
    'Wenn BT-81 "Payment means type code" einen Schlüssel für Überweisungen enthält (30, 58), muss BG-17 "CREDIT TRANSFER" übermittelt werden.',
  );
  check('BR-DE-27', !has(contact?.phone) || (contact?.phone?.replace(/\D/g, '').length ?? 0) >= 3, 'Eine Telefonnummer ("Seller contact telephone number" BT-42) sollte mindestens drei Ziffern enthalten.');
  check(
    'BR-DE-28',
    !has(contact?.email) || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(contact?.email ?? ''),
    'Eine E-Mail-Adresse ("Seller contact email address" BT-43) sollte genau ein @-Zeichen enthalten, das nicht von einem Leerzeichen, einem Punkt, aber mindestens zwei Zeichen auf beiden Seiten flankiert werden sollte.',
  );
}
