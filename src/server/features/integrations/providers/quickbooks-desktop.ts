import anyAscii from 'any-ascii';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { type Cents, sumCents, toDecimal } from '../../../../shared/money';
import type { ProviderConnector, SyncSummary } from '../provider';
import {
  type ExportContact,
  type ExportDocument,
  type ExportOrganization,
  type ExportPayment,
  type ExportWindow,
  addressLines,
  billPages,
  customerPages,
  invoicePages,
  receivedPaymentPages,
  vendorPages,
} from './export-data';
import { runFileExportSync } from './file-export';

/**
 * QuickBooks Desktop: an IIF (Intuit Interchange Format) export of the organization's customers,
 * vendors, invoices, bills and received payments.
 *
 * Format followed: Intuit's "IIF reference: transactions" (QuickBooks in-product help, "Import
 * files can contain information about transactions... The keyword for a transaction is TRNS; the
 * keyword for each distribution line is SPL... ENDTRNS appears after the last distribution line...
 * The TRNSTYPE, ACCNT, and AMOUNT columns are required", TRNSTYPE keywords INVOICE, BILL, PAYMENT:
 * support.quickbooks.intuit.com/support/Pages/InProductHelp/Core/QB2K8/ContentPackage/Core/IIF/
 * iif_reference_transactions.html) and its list references for !CUST (NAME, BADDR1-5, PHONE1, EMAIL,
 * TERMS) and !VEND (NAME, ADDR1-5, PHONE1, EMAIL, TAXID). Rules applied:
 * - tab separated, CRLF lines; each record kind is preceded by its header row starting with '!';
 * - a transaction is TRNS, its SPL lines, then ENDTRNS; the TRNS amount and its SPL amounts sum
 *   to zero (double entry): an invoice debits Accounts Receivable (+total) and credits the income
 *   account per line (-line), sales tax (-tax) and debits discounts (+discount); a bill credits
 *   Accounts Payable (-total) and debits the expense account per line (+line) and its tax; a
 *   received payment debits Undeposited Funds (+amount) and credits Accounts Receivable (-amount);
 * - invoice SPL quantities are negative (goods leave), as in Intuit's sample invoices;
 * - dates MM/DD/YYYY (the reference shows MM/DD/YY; QuickBooks reads four-digit years too, and
 *   they are unambiguous);
 * - the file is ASCII: every text value is transliterated with any-ascii ("Łódź" -> "Lodz",
 *   "Ørsted" -> "Orsted") rather than losing letters, has tabs, line breaks and other control
 *   characters replaced by spaces and double quotes removed (IIF has no quoting);
 * - text is written exactly otherwise: the file is for QuickBooks' importer, not a spreadsheet, so
 *   no formula guard (an apostrophe before "+44 Ltd" or "- Consulting" would become part of the
 *   customer's name in QuickBooks). Amounts are written as numbers.
 */

export const iifAccountsSchema = z.object({
  accountsReceivable: z.string().trim().min(1).max(100).default('Accounts Receivable'),
  accountsPayable: z.string().trim().min(1).max(100).default('Accounts Payable'),
  income: z.string().trim().min(1).max(100).default('Sales'),
  salesTax: z.string().trim().min(1).max(100).default('Sales Tax Payable'),
  discounts: z.string().trim().min(1).max(100).default('Discounts Given'),
  expense: z.string().trim().min(1).max(100).default('Cost of Goods Sold'),
  undepositedFunds: z.string().trim().min(1).max(100).default('Undeposited Funds'),
});
export type IifAccounts = z.infer<typeof iifAccountsSchema>;

const iifSettingsSchema = z.object({ accounts: iifAccountsSchema.default(iifAccountsSchema.parse({})) });

export function iifAccountsOf(settings: Record<string, unknown>): IifAccounts {
  const parsed = iifSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data.accounts : iifAccountsSchema.parse({});
}

/** One IIF cell of text: ASCII, no tabs, line breaks or quotes, and otherwise exactly the text. */
export function iifText(value: string | null | undefined): string {
  // Control characters first (any-ascii keeps them), then transliteration, which may yield quotes.
  const ascii = anyAscii((value ?? '').replace(/[\p{Cc}\u2028\u2029]+/gu, ' '));
  return ascii.replace(/\p{Cc}+/gu, ' ').replace(/"/g, '').trim();
}

/** "2026-11-24" -> "11/24/2026". */
export function iifDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${month}/${date}/${year}`;
}

const LINE = '\r\n';
const row = (cells: readonly string[]): string => cells.join('\t') + LINE;

export const IIF_HEADERS = {
  customer: row(['!CUST', 'NAME', 'BADDR1', 'BADDR2', 'BADDR3', 'BADDR4', 'BADDR5', 'PHONE1', 'EMAIL', 'TERMS']),
  vendor: row(['!VEND', 'NAME', 'ADDR1', 'ADDR2', 'ADDR3', 'ADDR4', 'ADDR5', 'PHONE1', 'EMAIL', 'TAXID']),
  transaction:
    row(['!TRNS', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE']) +
    row(['!SPL', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'QNTY', 'PRICE']) +
    row(['!ENDTRNS']),
};

function addressCells(contact: ExportContact): string[] {
  const [line1 = '', line2 = ''] = addressLines(contact.address, 2);
  const cityLine = [contact.city, [contact.state, contact.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  // Five address lines: street (two), "City, ST 12345", country, and an empty fifth.
  return [line1, line2, cityLine, contact.country, ''].map(iifText);
}

export function iifCustomer(contact: ExportContact): string {
  return row(['CUST', iifText(contact.name), ...addressCells(contact), iifText(contact.phone), iifText(contact.email), iifText(contact.paymentTerms)]);
}

export function iifVendor(contact: ExportContact): string {
  return row(['VEND', iifText(contact.name), ...addressCells(contact), iifText(contact.phone), iifText(contact.email), iifText(contact.taxId)]);
}

interface Split {
  account: string;
  amount: Cents;
  memo: string;
  quantity?: string;
  price?: Cents;
}

interface Transaction {
  type: 'INVOICE' | 'BILL' | 'PAYMENT';
  /** The amounts' currency: its decimals in the file (default USD). */
  currency?: string | undefined;
  head: { date: string; account: string; name: string; amount: Cents; number: string; memo: string; dueDate?: string };
  splits: Split[];
}

/** What the TRNS amount and its SPL amounts sum to: 0 when the transaction balances. */
function imbalance(entry: Transaction): Cents {
  return entry.head.amount + sumCents(entry.splits.map((split) => split.amount));
}

function transaction({ type, head, splits, currency }: Transaction): string {
  const balance = imbalance({ type, head, splits });
  // checkIifBalances refuses such a document before the first byte; this is the last guard.
  if (balance !== 0) throw new Error(`IIF ${type} ${head.number} does not balance by ${toDecimal(balance)}`);
  const date = iifDate(head.date);
  const name = iifText(head.name);
  const number = iifText(head.number);
  let text = row(['TRNS', type, date, iifText(head.account), name, toDecimal(head.amount, currency), number, iifText(head.memo), head.dueDate ? iifDate(head.dueDate) : '']);
  for (const split of splits) {
    text += row([
      'SPL', type, date, iifText(split.account), name, toDecimal(split.amount, currency), number, iifText(split.memo),
      split.quantity ?? '', split.price === undefined ? '' : toDecimal(split.price, currency),
    ]);
  }
  return text + row(['ENDTRNS']);
}

/** The quantity with its sign flipped ("2" -> "-2", "-1.5" -> "1.5"). */
function negated(quantity: string): string {
  return quantity.startsWith('-') ? quantity.slice(1) : quantity === '0' ? '0' : `-${quantity}`;
}

function invoiceTransaction(invoice: ExportDocument, accounts: IifAccounts): Transaction {
  const splits: Split[] = invoice.lines.map((line) => ({ account: accounts.income, amount: -line.totalPrice, memo: line.description, quantity: negated(line.quantity), price: line.unitPrice }));
  // Line totals are rounded per line by computeTotals and sum to the subtotal; any older row that
  // does not is balanced on the income account rather than written as an unbalanced transaction.
  const rounding = invoice.subtotal - sumCents(invoice.lines.map((line) => line.totalPrice));
  if (rounding !== 0) splits.push({ account: accounts.income, amount: -rounding, memo: 'Rounding' });
  if (invoice.taxAmount !== 0) splits.push({ account: accounts.salesTax, amount: -invoice.taxAmount, memo: 'Sales tax' });
  if (invoice.discountAmount !== 0) splits.push({ account: accounts.discounts, amount: invoice.discountAmount, memo: 'Discount' });
  return {
    type: 'INVOICE',
    currency: invoice.currency,
    head: { date: invoice.date, account: accounts.accountsReceivable, name: invoice.contactName, amount: invoice.totalAmount, number: invoice.number, memo: invoice.notes ?? '', dueDate: invoice.dueDate },
    splits,
  };
}

function billTransaction(bill: ExportDocument, accounts: IifAccounts): Transaction {
  const splits: Split[] = bill.lines.map((line) => ({ account: accounts.expense, amount: line.totalPrice, memo: line.description, quantity: line.quantity, price: line.unitPrice }));
  const rounding = bill.subtotal - sumCents(bill.lines.map((line) => line.totalPrice));
  if (rounding !== 0) splits.push({ account: accounts.expense, amount: rounding, memo: 'Rounding' });
  if (bill.taxAmount !== 0) splits.push({ account: accounts.expense, amount: bill.taxAmount, memo: 'Tax' });
  return {
    type: 'BILL',
    currency: bill.currency,
    head: { date: bill.date, account: accounts.accountsPayable, name: bill.contactName, amount: -bill.totalAmount, number: bill.number, memo: bill.notes ?? '', dueDate: bill.dueDate },
    splits,
  };
}

export function iifInvoice(invoice: ExportDocument, accounts: IifAccounts): string {
  return transaction(invoiceTransaction(invoice, accounts));
}

export function iifBill(bill: ExportDocument, accounts: IifAccounts): string {
  return transaction(billTransaction(bill, accounts));
}

export function iifPayment(payment: ExportPayment, accounts: IifAccounts): string {
  return transaction({
    type: 'PAYMENT',
    currency: payment.currency,
    head: { date: payment.date, account: accounts.undepositedFunds, name: payment.customerName, amount: payment.amount, number: payment.reference ?? '', memo: `Payment for invoice ${payment.invoiceNumber}` },
    splits: [{ account: accounts.accountsReceivable, amount: -payment.amount, memo: `Invoice ${payment.invoiceNumber}` }],
  });
}

/** How many unbalanced documents the message names (the count says how many there are in all). */
const NAMED_UNBALANCED = 5;

/**
 * An IIF file that imports part of the books is worse than none: QuickBooks would take the
 * transactions before an unbalanced one and the accountant may not notice the rest is missing. So
 * every invoice and bill of the export is checked (the same pages and the same splits the file
 * writes; payments always balance) before the first byte is written or a sync stores a file, and
 * any that does not balance refuses the whole export with a 409 naming them.
 */
export async function checkIifBalances(db: Database, organization: ExportOrganization, settings: Record<string, unknown>, window: ExportWindow): Promise<void> {
  const accounts = iifAccountsOf(settings);
  const unbalanced: string[] = [];
  let count = 0;
  const check = (label: string, entry: Transaction) => {
    const balance = imbalance(entry);
    if (balance === 0) return;
    count += 1;
    if (unbalanced.length < NAMED_UNBALANCED) unbalanced.push(`${label} ${entry.head.number} (off by ${toDecimal(balance < 0 ? -balance : balance)})`);
  };
  for await (const page of invoicePages(db, organization.id, window)) for (const invoice of page) check('invoice', invoiceTransaction(invoice, accounts));
  for await (const page of billPages(db, organization.id, window)) for (const bill of page) check('bill', billTransaction(bill, accounts));
  if (count === 0) return;
  const more = count > unbalanced.length ? ` and ${count - unbalanced.length} more` : '';
  const documents = count === 1 ? '1 document does' : `${count} documents do`;
  throw new AppError(
    'CONFLICT',
    `The IIF file was not made: ${documents} not balance (the total is not the lines plus tax less discount): ${unbalanced.join(', ')}${more}. ` +
      `Correct ${count === 1 ? 'it' : 'them'} and export again.`,
  );
}

interface IifCounts {
  customers: number;
  vendors: number;
  invoices: number;
  bills: number;
  payments: number;
}

/**
 * The IIF file of the records changed in `window` (all of them when window.from is null), chunk
 * by chunk as its SQL pages are read (export-data.ts), so the download route streams it (after
 * checkIifBalances: an error once the first chunk is sent would cut the file off). Lists
 * come before transactions so QuickBooks knows each name. `counts` is filled as it goes.
 */
export async function* iifChunks(db: Database, organization: ExportOrganization, settings: Record<string, unknown>, window: ExportWindow, counts: IifCounts): AsyncGenerator<string> {
  const accounts = iifAccountsOf(settings);
  for await (const page of customerPages(db, organization.id, window)) {
    if (counts.customers === 0) yield IIF_HEADERS.customer;
    counts.customers += page.length;
    yield page.map(iifCustomer).join('');
  }
  for await (const page of vendorPages(db, organization.id, window)) {
    if (counts.vendors === 0) yield IIF_HEADERS.vendor;
    counts.vendors += page.length;
    yield page.map(iifVendor).join('');
  }
  let transactionHeader = false;
  const header = (): string => {
    if (transactionHeader) return '';
    transactionHeader = true;
    return IIF_HEADERS.transaction;
  };
  for await (const page of invoicePages(db, organization.id, window)) {
    counts.invoices += page.length;
    yield header() + page.map((invoice) => iifInvoice(invoice, accounts)).join('');
  }
  for await (const page of billPages(db, organization.id, window)) {
    counts.bills += page.length;
    yield header() + page.map((bill) => iifBill(bill, accounts)).join('');
  }
  for await (const page of receivedPaymentPages(db, organization, window)) {
    counts.payments += page.length;
    yield header() + page.map((payment) => iifPayment(payment, accounts)).join('');
  }
}

/** The whole file in memory, with what it holds (a sync's summary). */
export async function buildIif(db: Database, organization: ExportOrganization, settings: Record<string, unknown>, window: ExportWindow): Promise<{ text: string; summary: SyncSummary }> {
  await checkIifBalances(db, organization, settings, window);
  const counts: IifCounts = { customers: 0, vendors: 0, invoices: 0, bills: 0, payments: 0 };
  const chunks: string[] = [];
  for await (const chunk of iifChunks(db, organization, settings, window, counts)) chunks.push(chunk);
  return {
    text: chunks.join(''),
    summary: {
      customersProcessed: counts.customers,
      invoicesProcessed: counts.invoices,
      paymentsProcessed: counts.payments,
      other: { vendors: counts.vendors, bills: counts.bills },
    },
  };
}

export const IIF_FILE = 'signal-ar-export.iif';

export const quickbooksDesktopConnector: ProviderConnector = {
  id: 'quickbooks_desktop',
  isConfigured: () => true,
  async prepareConnect(_deps, input) {
    const parsed = iifSettingsSchema.safeParse(input.settings);
    if (!parsed.success) {
      throw new AppError('VALIDATION', 'Account names must be 1 to 100 characters', { accounts: 'Account names must be 1 to 100 characters' });
    }
    return { settings: { ...input.settings, accounts: parsed.data.accounts }, secrets: {} };
  },
  sync: (context) =>
    runFileExportSync(context, async (organization, window) => {
      const built = await buildIif(context.deps.db, organization, context.integration.settings, window);
      return { files: { [IIF_FILE]: Buffer.from(built.text, 'utf8') }, summary: built.summary };
    }),
};
