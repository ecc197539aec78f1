import { multiplyCents, percentOf, shareOfCents, toDecimal } from '../../../../../shared/money';
import { seededRandom } from '../../../../platform/seeded-random';

/**
 * Made-up Malaysian, German and French receipts in the layouts the documents issue names (several
 * TOTAL-like lines, rounding, tendered cash and change, tax summaries, service charges, card
 * slips; headings with logo specks, greetings, titles, letter-spaced names, company numbers,
 * branches), as OCR rows with OCR's slips (letters read as digits and digits as letters, a digit
 * read as another, lost decimal points and gaps, amounts on a line of their own, lost and stray
 * lines), labelled by construction. Nothing is taken from any eval set. The same options give the
 * same receipts.
 */
export interface SyntheticOptions {
  count: number;
  seed: number;
  /** The mean share of characters slipped. */
  noise: number;
  style: 'my' | 'eu' | 'all';
}

// The generator's random numbers; makeSyntheticReceipts seeds them.
let next: () => number = seededRandom(1);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const chance = (p: number): boolean => next() < p;
const between = (low: number, high: number): number => low + Math.floor(next() * (high - low + 1));
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

const nameWords = [
  'SUN',
  'MAJU',
  'JAYA',
  'GOLDEN',
  'LUCKY',
  'EVERGREEN',
  'HUP',
  'SENG',
  'TECK',
  'HOCK',
  'WAH',
  'FATT',
  'MEGAH',
  'SINAR',
  'BINTANG',
  'SRI',
  'KIM',
  'LEONG',
  'MUTIARA',
  'ORCHID',
  'PELANGI',
  'CAHAYA',
];
const trades = [
  'TRADING',
  'ENTERPRISE',
  'RESTAURANT',
  'HARDWARE',
  'STATIONERY',
  'MINI MARKET',
  'BAKERY',
  'CAFE',
  'PHARMACY',
  'BOOKSTORE',
  'ELECTRICAL',
  'MARKETING',
];
const forms = ['SDN BHD', 'SDN. BHD.', 'S/B', '', ''];
const streets = [
  'JALAN BESAR',
  'JALAN MERDEKA',
  'JALAN SS 2/24',
  'JALAN PUCHONG',
  'LORONG MAJU',
  'JALAN TUN RAZAK',
];
const cities = [
  '47500 SUBANG JAYA',
  '53200 KUALA LUMPUR',
  '81750 MASAI',
  '40170 SHAH ALAM',
  '10350 GEORGETOWN',
];
const items = [
  'NASI LEMAK',
  'TEH TARIK',
  'KOPI O',
  'A4 PAPER 80GSM',
  'BALL PEN BLUE',
  'CABLE TIE 8"',
  'MILO ICE',
  'ROTI CANAI',
  'PVC PIPE 1/2"',
  'GLUE STICK',
  'MEE GORENG',
  'SCREW 2X10',
  'BREAD WHITE',
  'MINERAL WATER',
];
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const money = (cents: number): string => toDecimal(cents);

interface Receipt {
  rows: string[];
  vendor: string;
  total: string;
  date: string;
}

/** Ringgit cash rounding: to the nearest 5 sen. */
const roundCash = (cents: number): number => shareOfCents(cents, 1, 5) * 5;
/** A note or two handed over: the amount rounded up to whole `step` cents. */
const roundUp = (cents: number, step: number): number => Math.ceil(cents / step) * step;

function dateRow(year: number, month: number, day: number): string {
  const time = `${pad(between(8, 21))}:${pad(between(0, 59))}`;
  const seconds = chance(0.5) ? `:${pad(between(0, 59))}` : '';
  const date = pick([
    `${pad(day)}/${pad(month)}/${year}`,
    `${pad(day)}-${pad(month)}-${year}`,
    `${pad(day)}/${pad(month)}/${String(year).slice(2)}`,
    `${pad(day)} ${months[month - 1]} ${year}`,
    `${year}-${pad(month)}-${pad(day)}`,
  ]);
  return pick([
    `Date: ${date} ${time}${seconds}`,
    `DATE : ${date}  TIME : ${time}`,
    `${date} ${time}${seconds}`,
    `Date & Time: ${date} ${time}${seconds}`,
  ]);
}

function makeReceipt(): Receipt {
  const vendorCore = `${pick(nameWords)} ${pick(nameWords)} ${pick(trades)}`;
  const form = pick(forms);
  const vendor = form ? `${vendorCore} ${form}` : vendorCore;
  const rows: string[] = [];
  const companyNumber = `(${between(10000, 1299999)}-${pick(['X', 'A', 'K', 'W', 'V', 'M'])})`;
  // What receipts print around the name: a logo read as specks, a greeting or the title above
  // it, the name over two lines or letter-spaced, its company number beside it, a branch under it.
  if (chance(0.15)) rows.push(pick(['~ —', 'rp)! «3', '1l;', '*** ***']));
  if (chance(0.1)) rows.push(pick(['WELCOME TO', 'TAX INVOICE']));
  const header = pick(['plain', 'plain', 'plain', 'split', 'spaced', 'numbered'] as const);
  if (header === 'split' && form) rows.push(vendorCore, form);
  else if (header === 'spaced')
    rows.push(
      vendorCore
        .split(' ')
        .map((word) => [...word].join(' '))
        .join('   ') + (form ? ` ${form}` : ''),
    );
  else if (header === 'numbered') rows.push(`${vendor} ${companyNumber}`);
  else rows.push(vendor);
  if (header !== 'numbered' && chance(0.6)) rows.push(companyNumber);
  if (chance(0.15)) rows.push(pick(['(BANGSAR BRANCH)', 'OUTLET: MID VALLEY', 'HQ']));
  rows.push(`NO ${between(1, 300)}, ${pick(streets)},`, pick(cities));
  if (chance(0.1)) rows.push(pick(['KL FESTIVAL CITY MALL', 'AEON MALL SHAH ALAM']));
  rows.push(`TEL: 03-${between(1000, 9999)} ${between(1000, 9999)}`);
  if (chance(0.6)) rows.push(`GST ID : 000${between(100000000, 999999999)}`);
  rows.push(pick(['TAX INVOICE', 'SIMPLIFIED TAX INVOICE', 'RECEIPT', 'CASH BILL']));
  const year = between(2016, 2018);
  const month = between(1, 12);
  const day = between(1, 28);
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const meta = [
    dateRow(year, month, day),
    `${pick(['Invoice No', 'Receipt #', 'Bill No', 'Doc No'])}: ${pick(['CS', 'INV', 'R', ''])}${between(10000, 999999)}`,
    `Cashier: ${pick(['AMIR', 'MEI LING', 'SITI', 'RAJ', 'ADMIN'])}`,
  ];
  if (chance(0.5)) meta.reverse();
  rows.push(...meta);

  let subtotal = 0;
  for (let index = between(1, 6); index > 0; index -= 1) {
    const quantity = between(1, 5);
    const price = between(50, 4000);
    const amount = multiplyCents(price, quantity);
    subtotal += amount;
    const name = pick(items);
    if (chance(0.5))
      rows.push(`${name}`, `  ${quantity} X ${money(price)}      ${money(amount)} SR`);
    else rows.push(`${name} ${quantity} ${money(price)}   ${money(amount)}`);
  }
  // Counts and savings receipts print beside the totals, which are not amounts of the sale.
  if (chance(0.3)) rows.push(pick([`Total Qty: ${between(1, 20)}`, `Item(s) : ${between(1, 9)}`]));
  const style = pick(['gst', 'simple', 'service', 'card'] as const);
  const taxRate = pick([0, 6, 6, 6]);
  let total: number;
  if (style === 'gst') {
    const tax = percentOf(subtotal, taxRate);
    const exact = subtotal + tax;
    total = roundCash(exact);
    rows.push(`Total Sales (Excluding GST) ${money(subtotal)}`, 'Discount : 0.00');
    rows.push(`Total GST ${money(tax)}`, `Rounding ${money(total - exact)}`);
    rows.push(`Total Sales (Inclusive of GST) : ${money(total)}`);
    const cash = pick([total, roundUp(total, 1000), roundUp(total, 5000)]);
    rows.push(`CASH : ${money(cash)}`, `Change : ${money(cash - total)}`);
    rows.push(
      'GST SUMMARY',
      'TaxCode % Amt(RM) Tax(RM)',
      `SR ${taxRate} ${money(subtotal)} ${money(tax)}`,
    );
    rows.push(`Total : ${money(subtotal)} ${money(tax)}`);
  } else if (style === 'service') {
    const charge = percentOf(subtotal, 10);
    const tax = percentOf(subtotal + charge, taxRate);
    const exact = subtotal + charge + tax;
    total = roundCash(exact);
    rows.push(`SUB TOTAL ${money(subtotal)}`, `SERVICE CHARGE 10% ${money(charge)}`);
    if (taxRate > 0) rows.push(`GST ${taxRate}% ${money(tax)}`);
    if (total !== exact) rows.push(`ROUNDING ADJ ${money(total - exact)}`);
    rows.push(`${pick(['TOTAL', 'NET TOTAL', 'GRAND TOTAL', 'TOTAL AMOUNT'])} RM ${money(total)}`);
    const cash = roundUp(total, 5000);
    rows.push(`CASH RM ${money(cash)}`, `CHANGE RM ${money(cash - total)}`);
  } else if (style === 'card') {
    const tax = percentOf(subtotal, taxRate);
    total = subtotal + tax;
    rows.push(`SUBTOTAL ${money(subtotal)}`);
    if (taxRate > 0) rows.push(`GST ${taxRate}% ${money(tax)}`);
    rows.push(`${pick(['TOTAL', 'Total Amount:', 'TOTAL INCL. GST'])} ${money(total)}`);
    rows.push(`${pick(['VISA', 'MASTERCARD', 'CREDIT CARD', 'DEBIT CARD'])} ${money(total)}`);
  } else {
    const tax = percentOf(subtotal, taxRate);
    const exact = subtotal + tax;
    total = roundCash(exact);
    if (taxRate > 0) rows.push(`SUB TOTAL ${money(subtotal)}`, `GST @${taxRate}% ${money(tax)}`);
    if (total !== exact) {
      rows.push(`TOTAL ${money(exact)}`, `ROUNDING ${money(total - exact)}`);
      rows.push(`${pick(['TOTAL ROUNDED', 'NETT TOTAL', 'TOTAL PAYABLE'])} ${money(total)}`);
    } else rows.push(`TOTAL ${money(total)}`);
    const cash = roundUp(total, 1000) + pick([0, 0, 1000]);
    rows.push(`CASH ${money(cash)}`, `CHANGE ${money(cash - total)}`);
  }
  if (chance(0.2))
    rows.push(
      pick([`You saved RM ${money(between(10, 900))}`, `Total Savings ${money(between(10, 900))}`]),
    );
  if (chance(0.2)) rows.push(`Points earned : ${between(1, 500)}`);
  // A card slip under the receipt repeats the amount charged.
  if (style === 'card' && chance(0.5)) rows.push('APPROVED', `AMOUNT RM ${money(total)}`);
  rows.push(pick(['THANK YOU. PLEASE COME AGAIN', 'GOODS SOLD ARE NOT RETURNABLE', 'THANK YOU']));
  return { rows, vendor, total: money(total), date };
}

const surnames = [
  'Müller',
  'Schneider',
  'Fischer',
  'Weber',
  'Becker',
  'Dupont',
  'Lefèvre',
  'Moreau',
  'Girard',
  'Roux',
];
const germanTrades = [
  'Bäckerei',
  'Apotheke',
  'Buchhandlung',
  'Eisenwaren',
  'Café',
  'Getränkemarkt',
];
const frenchTrades = ['Boulangerie', 'Pharmacie', 'Librairie', 'Quincaillerie', 'Café', 'Épicerie'];
const germanItems = [
  'Brötchen',
  'Kaffee',
  'Schrauben 4x40',
  'Kopierpapier A4',
  'Mineralwasser',
  'Brezel',
];
const frenchItems = [
  'Baguette',
  'Café crème',
  'Vis 4x40',
  'Papier A4',
  'Eau minérale',
  'Croissant',
];
const comma = (cents: number): string => money(cents).replace('.', ',');

/** A German or French shop receipt: comma decimals, VAT per rate, cash and change. */
function makeEuropeanReceipt(): Receipt {
  const german = chance(0.5);
  const trade = pick(german ? germanTrades : frenchTrades);
  const form = pick(german ? ['GmbH', 'KG', 'e.K.', ''] : ['SARL', 'SAS', 'EURL', '']);
  const vendorCore = `${trade} ${pick(surnames)}`;
  const vendor = form ? `${vendorCore} ${form}` : vendorCore;
  const rows = [vendor];
  if (german) rows.push(`Hauptstraße ${between(1, 99)}`, `${between(10000, 99999)} Berlin`);
  else rows.push(`${between(1, 99)} rue de la Paix`, `${between(10000, 95999)} Paris`);
  rows.push(
    german
      ? `Tel. 030 ${between(100000, 9999999)}`
      : `Tél. 01 ${between(10, 99)} ${between(10, 99)} ${between(10, 99)} ${between(10, 99)}`,
  );
  rows.push(
    german
      ? `USt-IdNr.: DE${between(100000000, 999999999)}`
      : `TVA FR${between(10, 99)}${between(100000000, 999999999)}`,
  );
  const year = between(2019, 2026);
  const month = between(1, 12);
  const day = between(1, 28);
  const time = `${pad(between(8, 20))}:${pad(between(0, 59))}`;
  rows.push(german ? `Beleg-Nr. ${between(1000, 99999)}` : `Ticket n° ${between(1000, 99999)}`);
  rows.push(
    german
      ? pick([
          `Datum: ${pad(day)}.${pad(month)}.${year} ${time}`,
          `${pad(day)}.${pad(month)}.${year}  ${time} Uhr`,
        ])
      : pick([
          `Le ${pad(day)}/${pad(month)}/${year} à ${time}`,
          `Date : ${pad(day)}/${pad(month)}/${year} ${time}`,
        ]),
  );
  let gross = 0;
  for (let index = between(1, 5); index > 0; index -= 1) {
    const quantity = between(1, 4);
    const price = between(40, 2500);
    gross += multiplyCents(price, quantity);
    const name = pick(german ? germanItems : frenchItems);
    rows.push(
      quantity > 1
        ? `${name} ${quantity} x ${comma(price)}   ${comma(multiplyCents(price, quantity))}`
        : `${name}   ${comma(price)}`,
    );
  }
  const rate = german ? pick([7, 19]) : pick([5.5, 10, 20]);
  // Net of a gross that includes VAT: gross x 1000 / (1000 + rate x 10), exactly.
  const net = shareOfCents(gross, 1000, 1000 + Math.round(rate * 10));
  const tax = gross - net;
  rows.push(german ? `Summe EUR ${comma(gross)}` : `TOTAL TTC ${comma(gross)} €`);
  const cash = roundUp(gross, 1000) + pick([0, 1000]);
  if (chance(0.5)) rows.push(german ? `EC-Karte ${comma(gross)}` : `CB ${comma(gross)}`);
  else
    rows.push(
      german ? `Gegeben Bar ${comma(cash)}` : `ESPECES ${comma(cash)}`,
      german ? `Rückgeld ${comma(cash - gross)}` : `RENDU ${comma(cash - gross)}`,
    );
  rows.push(
    german
      ? `MwSt ${rate}% Netto ${comma(net)} Steuer ${comma(tax)} Brutto ${comma(gross)}`
      : `TVA ${String(rate).replace('.', ',')}% HT ${comma(net)} TVA ${comma(tax)} TTC ${comma(gross)}`,
  );
  rows.push(german ? 'Vielen Dank für Ihren Einkauf' : 'Merci de votre visite');
  return { rows, vendor, total: money(gross), date: `${year}-${pad(month)}-${pad(day)}` };
}

// OCR's slips, each with the document's noise level: a letter read as a lookalike digit (or a
// digit as a letter), a digit read as another, a lost decimal point, a lost line, a stray line
// of specks.
const otherDigit: Record<string, string> = {
  '0': '8',
  '1': '7',
  '3': '8',
  '5': '6',
  '6': '5',
  '8': '3',
};
const toDigit: Record<string, string> = { O: '0', I: '1', S: '5', B: '8', l: '1', Z: '2' };
const toLetter: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };
const letterSlips: Record<string, string> = {
  A: 'R',
  E: 'F',
  H: 'N',
  M: 'N',
  U: 'V',
  a: 's',
  o: 'e',
  r: 'n',
};

function slip(row: string, level: number): string {
  let text = '';
  for (const [index, char] of [...row].entries()) {
    const before = row[index - 1] ?? '';
    const after = row[index + 1] ?? '';
    if (/\d/u.test(char) && /\p{L}/u.test(before + after) && chance(level))
      text += toLetter[char] ?? char;
    else if (/\d/u.test(char) && chance(level / 4)) text += otherDigit[char] ?? char;
    else if (/\p{L}/u.test(char) && chance(level))
      text += toDigit[char] ?? letterSlips[char] ?? char;
    else if (char === '.' && /\d/u.test(before) && /\d/u.test(after) && chance(level / 2))
      text += pick(['', ' ', ',']);
    else text += char;
  }
  return text;
}

// A line's amount at its end, after a label ("TOTAL    38.90").
const endAmount = /^(.*\p{L}.*?)\s+(\S*\d[.,]\d{2})$/u;

/**
 * Slips of how OCR groups a line: the gap before its amount lost ("TOTAL38.90"), a space read
 * inside the amount ("38. 90"), or the amount read as a line of its own under its label.
 */
function regroup(row: string, level: number): string[] {
  const match = endAmount.exec(row);
  if (!match) return [row];
  const [, label = '', amount = ''] = match;
  if (chance(level)) return [`${label}${amount}`];
  if (chance(level)) return [`${label} ${amount.replace(/([.,])/u, '$1 ')}`];
  if (chance(level)) return [label, `                ${amount}`];
  return [row];
}

function withSlips(rows: readonly string[], level: number): string[] {
  const out: string[] = [];
  for (const row of rows) {
    if (chance(level / 2)) continue;
    out.push(...regroup(slip(row, level), level));
    if (chance(level)) out.push(pick(['. :', '|', '~ —', 'i']));
  }
  return out;
}

/** A receipt's rows as OCR read them, what is printed, and its noise level. */
export interface SyntheticReceipt extends Receipt {
  level: number;
}

/** `count` receipts, as OCR would read their rows, with their vendor, total and date. */
export function makeSyntheticReceipts(options: SyntheticOptions): SyntheticReceipt[] {
  next = seededRandom(options.seed);
  const receipts: SyntheticReceipt[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const receipt =
      options.style === 'eu' || (options.style === 'all' && chance(0.5))
        ? makeEuropeanReceipt()
        : makeReceipt();
    const level = next() * options.noise * 2;
    receipts.push({ ...receipt, rows: withSlips(receipt.rows, level), level });
  }
  return receipts;
}
