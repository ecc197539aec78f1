import { ZipArchive } from 'archiver';
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
 * - Amounts are exact decimals ("-12.50", platform/csv.ts moneyCell, never taken for a formula);
 *   every text cell is neutralised by platform/csv.ts.
 * - Xero imports at most 500 invoices (1,000 contacts) per file: the ZIP holds the whole export in
 *   one file each; an organization above that splits the file before importing (not done here).
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

/** The three CSV files of the records changed in `window` (all when window.from is null), page by page. */
export async function buildXeroCsv(
  db: Database,
  organization: ExportOrganization,
  settingsInput: Record<string, unknown>,
  window: ExportWindow,
): Promise<{ files: Record<XeroFile, Buffer>; summary: SyncSummary }> {
  const settings = xeroSettingsOf(settingsInput, organization);
  const contacts: Cell[][] = [[...XERO_CONTACT_COLUMNS]];
  const invoiceRows: Cell[][] = [[...XERO_INVOICE_COLUMNS]];
  const billRows: Cell[][] = [[...XERO_BILL_COLUMNS]];
  const counts = { customers: 0, vendors: 0, invoices: 0, bills: 0 };
  for await (const page of customerPages(db, organization.id, window)) {
    counts.customers += page.length;
    contacts.push(...page.map(xeroContactRow));
  }
  for await (const page of vendorPages(db, organization.id, window)) {
    counts.vendors += page.length;
    contacts.push(...page.map(xeroContactRow));
  }
  for await (const page of invoicePages(db, organization.id, window)) {
    counts.invoices += page.length;
    for (const invoice of page) invoiceRows.push(...xeroInvoiceRows(invoice, settings, organization.currency));
  }
  for await (const page of billPages(db, organization.id, window)) {
    counts.bills += page.length;
    for (const bill of page) billRows.push(...xeroBillRows(bill, settings, organization.currency));
  }
  return {
    files: {
      contacts: Buffer.from(toCsvRows(contacts), 'utf8'),
      invoices: Buffer.from(toCsvRows(invoiceRows), 'utf8'),
      bills: Buffer.from(toCsvRows(billRows), 'utf8'),
    },
    summary: { customersProcessed: counts.customers, invoicesProcessed: counts.invoices, paymentsProcessed: 0, other: { vendors: counts.vendors, bills: counts.bills } },
  };
}

/** The files as one ZIP, streamed. */
export function xeroZip(files: Partial<Record<XeroFile, Buffer>>): ZipArchive {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  for (const name of Object.keys(XERO_FILES) as XeroFile[]) {
    const bytes = files[name];
    if (bytes) archive.append(bytes, { name: XERO_FILES[name] });
  }
  archive.finalize().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
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
