import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { type CsvCell, type MoneyCell, moneyCell, toCsvRows } from '../../../platform/csv';
import type { ProviderConnector, SyncSummary } from '../provider';
import {
  type ExportContact,
  type ExportDocument,
  type ExportOrganization,
  type ExportWindow,
  addressLines,
  billPages,
  customerPages,
  invoicePages,
  vendorPages,
} from './export-data';
import { runFileExportSync } from './file-export';

/**
 * Xero CSV: the organization's contacts, sales invoices and bills in Xero's own import templates
 * (Contacts > Import, Sales > Invoices > Import, Purchases > Bills > Import), so an accountant
 * imports them into Xero without mapping a column.
 *
 * Columns as in Xero's downloadable templates (SalesInvoiceTemplate.csv, BillTemplate.csv,
 * ContactsTemplate.csv). Checked against Xero import guides found with the search tool: the Xero
 * guide "Import sales invoices" (online.flippingbook.com/view/399081/31: ContactName*,
 * InvoiceNumber*, InvoiceDate* and DueDate* "Use the format DD/MM/YYYY", Description*, Quantity,
 * UnitAmount, AccountCode, TaxType; "The Total and Tax Amount columns will be calculated
 * automatically"; "If you want to import multiple line items on a single invoice, use the same
 * invoice number for each line item"; at most 500 invoices per file) and the Xero export template
 * reproduced at docs.milientsoftware.com/.../xero/xero-templates ("The number of columns and order
 * of columns can not be changed. These are according to the Xero template for file import":
 * ContactName, EmailAddress, POAddressLine1-4, POCity, PORegion, POPostalCode, POCountry, ...).
 * Contacts: Xero's "Import contacts into Xero" (help.xero.com/us/Contacts_Import: download the
 * template; "The only information you must enter is each contact's name"; the other columns are
 * optional, e.g. PhoneNumber with spaces between country code, area code and number; split files
 * of more than 1,000 contacts). This export writes the template's name, account number, email,
 * person, postal address (PO...), phone and tax number columns and leaves out the columns it has
 * nothing for (bank details, default taxes, terms, tracking).
 * Required columns keep Xero's leading '*'.
 *
 * Decisions:
 * - Dates: Xero reads the dates of an import in the organization's regional format: DD/MM/YYYY
 *   for most regions, MM/DD/YYYY for US organizations. The default follows the organization's
 *   country (US -> MM/DD/YYYY, others DD/MM/YYYY); settings.dateFormat overrides it.
 * - One CSV row per invoice line, the invoice's fields repeated on each; an invoice discount (an
 *   amount here, a percentage per line in Xero) is its own line "Discount" with a negative unit
 *   amount, and the invoice's tax is the first line's TaxAmount, so Xero's totals equal ours.
 * - Amounts are exact decimals ("-12.50", platform/csv.ts moneyCell); text is written exactly
 *   (platform/csv.ts purpose 'import'): the files are for Xero's importer, and a formula guard's
 *   apostrophe would become part of a name there ("'+44 Ltd").
 * - Xero imports at most 500 invoices per file (the guide above: "If you are importing more than 500
 *   invoices you will need to split the file"; bills are imported the same way) and at most 1,000
 *   contacts: each kind is split into files of at most that many documents, never one invoice's
 *   lines across two files, named in order (xero-sales-invoices-part-1-of-3.csv, ...), with a
 *   README.txt in the ZIP saying so.
 */

export const xeroCsvSettingsSchema = z.object({
  dateFormat: z.enum(['DD/MM/YYYY', 'MM/DD/YYYY']).optional(),
  salesAccountCode: z.string().trim().min(1).max(20).default('200'),
  purchasesAccountCode: z.string().trim().min(1).max(20).default('300'),
  /** Xero's tax rate names: with tax and without. */
  salesTaxType: z.string().trim().min(1).max(60).default('Tax on Sales'),
  purchasesTaxType: z.string().trim().min(1).max(60).default('Tax on Purchases'),
  noTaxType: z.string().trim().min(1).max(60).default('Tax Exempt'),
});
export type XeroCsvSettings = z.infer<typeof xeroCsvSettingsSchema> & { dateFormat: 'DD/MM/YYYY' | 'MM/DD/YYYY' };

export function xeroSettingsOf(settings: Record<string, unknown>, organization: Pick<ExportOrganization, 'country'>): XeroCsvSettings {
  const parsed = xeroCsvSettingsSchema.safeParse(settings);
  const values = parsed.success ? parsed.data : xeroCsvSettingsSchema.parse({});
  return { ...values, dateFormat: values.dateFormat ?? (organization.country === 'US' ? 'MM/DD/YYYY' : 'DD/MM/YYYY') };
}

export function xeroDate(day: string, format: XeroCsvSettings['dateFormat']): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return format === 'DD/MM/YYYY' ? `${date}/${month}/${year}` : `${month}/${date}/${year}`;
}


export const XERO_CONTACT_COLUMNS = [
  '*ContactName', 'AccountNumber', 'EmailAddress', 'FirstName', 'LastName', 'POAttentionTo',
  'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry',
  'PhoneNumber', 'TaxNumber',
] as const;

export const XERO_INVOICE_COLUMNS = [
  '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion',
  'POPostalCode', 'POCountry', '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', 'InventoryItemCode',
  '*Description', '*Quantity', '*UnitAmount', 'Discount', '*AccountCode', '*TaxType', 'TaxAmount', 'TrackingName1',
  'TrackingOption1', 'TrackingName2', 'TrackingOption2', 'Currency', 'BrandingTheme',
] as const;

export const XERO_BILL_COLUMNS = [
  '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion',
  'POPostalCode', 'POCountry', '*InvoiceNumber', '*InvoiceDate', '*DueDate', 'Total', 'InventoryItemCode', 'Description',
  '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'TaxAmount', 'TrackingName1', 'TrackingOption1', 'TrackingName2',
  'TrackingOption2', 'Currency',
] as const;

type Cell = CsvCell;

function postalAddress(contact: ExportContact): Cell[] {
  return [...addressLines(contact.address, 4), contact.city ?? '', contact.state ?? '', contact.zipCode ?? '', contact.country];
}

export function xeroContactRow(contact: ExportContact): Cell[] {
  return [contact.name, '', contact.email, '', '', '', ...postalAddress(contact), contact.phone ?? '', contact.taxId ?? ''];
}

interface DocumentLine {
  description: string;
  quantity: number;
  unitAmount: MoneyCell;
  taxAmount: MoneyCell | null;
}

function documentLines(document: ExportDocument): DocumentLine[] {
  const lines: DocumentLine[] = document.lines.map((line) => ({ description: line.description, quantity: Number(line.quantity), unitAmount: moneyCell(line.unitPrice, document.currency), taxAmount: null }));
  if (document.discountAmount !== 0) lines.push({ description: 'Discount', quantity: 1, unitAmount: moneyCell(-document.discountAmount, document.currency), taxAmount: null });
  if (lines.length === 0) lines.push({ description: document.notes ?? document.number, quantity: 1, unitAmount: moneyCell(document.subtotal, document.currency), taxAmount: null });
  const first = lines[0];
  if (first) first.taxAmount = moneyCell(document.taxAmount, document.currency);
  return lines;
}

export function xeroInvoiceRows(invoice: ExportDocument, settings: XeroCsvSettings, currency: string): Cell[][] {
  const taxType = invoice.taxAmount !== 0 ? settings.salesTaxType : settings.noTaxType;
  return documentLines(invoice).map((line) => [
    invoice.contactName, invoice.contactEmail, ...postalAddress(invoice.contact),
    invoice.number, '', xeroDate(invoice.date, settings.dateFormat), xeroDate(invoice.dueDate, settings.dateFormat), moneyCell(invoice.totalAmount, invoice.currency), '',
    line.description, line.quantity, line.unitAmount, '', settings.salesAccountCode, taxType, line.taxAmount ?? '', '', '', '', '', currency, '',
  ]);
}

export function xeroBillRows(bill: ExportDocument, settings: XeroCsvSettings, currency: string): Cell[][] {
  const taxType = bill.taxAmount !== 0 ? settings.purchasesTaxType : settings.noTaxType;
  return documentLines(bill).map((line) => [
    bill.contactName, bill.contactEmail, ...postalAddress(bill.contact),
    bill.number, xeroDate(bill.date, settings.dateFormat), xeroDate(bill.dueDate, settings.dateFormat), moneyCell(bill.totalAmount, bill.currency), '',
    line.description, line.quantity, line.unitAmount, settings.purchasesAccountCode, taxType, line.taxAmount ?? '', '', '', '', '', currency,
  ]);
}

export const XERO_FILES = { contacts: 'xero-contacts.csv', invoices: 'xero-sales-invoices.csv', bills: 'xero-bills.csv' } as const;
export type XeroFile = keyof typeof XERO_FILES;

/** Documents per file that Xero's importer takes (see the comment at the top). */
export const XERO_FILE_LIMITS: Record<XeroFile, number> = { contacts: 1000, invoices: 500, bills: 500 };

const XERO_KIND_NAMES: Record<XeroFile, string> = { contacts: 'contacts', invoices: 'sales invoices', bills: 'bills' };

/** "xero-sales-invoices.csv" when the kind fits one file, else "xero-sales-invoices-part-02-of-12.csv" (sorts in order). */
export function xeroFileName(kind: XeroFile, part: number, parts: number): string {
  if (parts <= 1) return XERO_FILES[kind];
  const width = String(parts).length;
  return XERO_FILES[kind].replace(/\.csv$/, `-part-${String(part).padStart(width, '0')}-of-${parts}.csv`);
}

/**
 * The files of one kind in an export, in order. Exports stored before the split keyed their files
 * by kind ("invoices"); those are read as the kind's one file.
 */
export function xeroFilesOf(files: Record<string, Buffer>, kind: XeroFile): Buffer[] {
  const legacy = files[kind];
  if (legacy) return [legacy];
  const base = XERO_FILES[kind].replace(/\.csv$/, '');
  return Object.keys(files)
    .filter((name) => name === XERO_FILES[kind] || (name.startsWith(`${base}-part-`) && name.endsWith('.csv')))
    .sort()
    .flatMap((name) => files[name] ?? []);
}

/** One kind's documents (each its rows) as CSV files of at most the kind's limit, each with the header. */
function splitXeroFiles(kind: XeroFile, header: readonly Cell[], documents: readonly Cell[][][]): [string, Buffer][] {
  const limit = XERO_FILE_LIMITS[kind];
  const parts = Math.max(1, Math.ceil(documents.length / limit));
  return Array.from({ length: parts }, (_, index): [string, Buffer] => {
    const rows = documents.slice(index * limit, (index + 1) * limit).flat();
    return [xeroFileName(kind, index + 1, parts), Buffer.from(toCsvRows([header, ...rows], { purpose: 'import' }), 'utf8')];
  });
}

/**
 * The CSV files of the records changed in `window` (all when window.from is null), read page by
 * page, by file name in import order: contacts, then sales invoices, then bills, each kind split
 * into files Xero's importer takes (XERO_FILE_LIMITS).
 */
export async function buildXeroCsv(
  db: Database,
  organization: ExportOrganization,
  settingsInput: Record<string, unknown>,
  window: ExportWindow,
): Promise<{ files: Record<string, Buffer>; summary: SyncSummary }> {
  const settings = xeroSettingsOf(settingsInput, organization);
  const contacts: Cell[][][] = [];
  const invoiceDocuments: Cell[][][] = [];
  const billDocuments: Cell[][][] = [];
  const counts = { customers: 0, vendors: 0, invoices: 0, bills: 0 };
  for await (const page of customerPages(db, organization.id, window)) {
    counts.customers += page.length;
    contacts.push(...page.map((contact) => [xeroContactRow(contact)]));
  }
  for await (const page of vendorPages(db, organization.id, window)) {
    counts.vendors += page.length;
    contacts.push(...page.map((contact) => [xeroContactRow(contact)]));
  }
  for await (const page of invoicePages(db, organization.id, window)) {
    counts.invoices += page.length;
    for (const invoice of page) invoiceDocuments.push(xeroInvoiceRows(invoice, settings, organization.currency));
  }
  for await (const page of billPages(db, organization.id, window)) {
    counts.bills += page.length;
    for (const bill of page) billDocuments.push(xeroBillRows(bill, settings, organization.currency));
  }
  return {
    files: Object.fromEntries([
      ...splitXeroFiles('contacts', XERO_CONTACT_COLUMNS, contacts),
      ...splitXeroFiles('invoices', XERO_INVOICE_COLUMNS, invoiceDocuments),
      ...splitXeroFiles('bills', XERO_BILL_COLUMNS, billDocuments),
    ]),
    summary: { customersProcessed: counts.customers, invoicesProcessed: counts.invoices, paymentsProcessed: 0, other: { vendors: counts.vendors, bills: counts.bills } },
  };
}

/** The ZIP's README.txt: what each file is, the order to import them in, and why some are split. */
export function xeroReadme(files: Record<string, Buffer>): string {
  const lines = [
    'Signal AR export for Xero',
    '',
    "Import the files in this order, each with Xero's own import (Contacts > Import, Sales > Invoices > Import, Purchases > Bills > Import):",
  ];
  (Object.keys(XERO_FILES) as XeroFile[]).forEach((kind) => {
    const count = xeroFilesOf(files, kind).length;
    if (count === 0) return;
    lines.push(`- ${XERO_KIND_NAMES[kind]}: ${count === 1 ? XERO_FILES[kind] : `${count} files, ${xeroFileName(kind, 1, count)} to ${xeroFileName(kind, count, count)}, in order`}`);
  });
  lines.push(
    '',
    `Xero imports at most ${XERO_FILE_LIMITS.invoices} invoices or bills and ${XERO_FILE_LIMITS.contacts.toLocaleString('en-US')} contacts per file, so larger exports are split into numbered files;`,
    "an invoice's lines are always in one file.",
    '',
  );
  return lines.join('\r\n');
}

/** The files as one ZIP, streamed: a README.txt, then the files in import order (contacts, invoices, bills). */
export function xeroZip(files: Record<string, Buffer>): Readable {
  const zip = new JSZip();
  zip.file('README.txt', Buffer.from(xeroReadme(files), 'utf8'));
  for (const kind of Object.keys(XERO_FILES) as XeroFile[]) {
    const parts = xeroFilesOf(files, kind);
    parts.forEach((bytes, index) => zip.file(xeroFileName(kind, index + 1, parts.length), bytes));
  }
  return new Readable().wrap(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }));
}

export const xeroCsvConnector: ProviderConnector = {
  id: 'xero_csv',
  isConfigured: () => true,
  async prepareConnect(_deps, input) {
    const parsed = xeroCsvSettingsSchema.safeParse(input.settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'settings');
      throw new AppError('VALIDATION', `Invalid ${field}: ${issue?.message ?? 'bad value'}`, { [field]: issue?.message ?? 'Invalid value' });
    }
    return { settings: { ...input.settings, ...parsed.data }, secrets: {} };
  },
  sync: (context) =>
    runFileExportSync(context, async (organization, window) => {
      const built = await buildXeroCsv(context.deps.db, organization, context.integration.settings, window);
      return { files: built.files, summary: built.summary };
    }),
};
