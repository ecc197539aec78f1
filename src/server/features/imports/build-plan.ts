import type { z } from 'zod';
import { type BillInput, billInputSchema } from '../../../shared/contracts/bills';
import { type CustomerInput, customerInputSchema } from '../../../shared/contracts/customers';
import type { ImportDateFormat, ImportEntity, ImportMapping, ImportRowError, ImportTemplate } from '../../../shared/contracts/imports';
import { type NewInvoiceInput, newInvoiceSchema } from '../../../shared/contracts/invoices';
import { lineItemSchema } from '../../../shared/contracts/line-items';
import { type VendorInput, vendorCreateSchema } from '../../../shared/contracts/vendors';
import { moneyInput } from '../../../shared/contracts/common';
import { multiplyCents, toDecimal } from '../../../shared/money';
import { computeTotals } from '../../../shared/totals';
import { entityFields, templateDateFormat } from './import-fields';
import { dateEvidence, normaliseAmount, readDate } from './import-values';
import type { Sheet, SheetRow } from './read-sheet';

/** What the organization already has, to match the file's records against (no record is created twice). */
export interface ExistingRecords {
  customers: { id: string; name: string; email: string; isActive: boolean }[];
  vendors: { id: string; name: string; email: string; isActive: boolean }[];
  invoiceNumbers: Set<string>;
  /** `${vendorId}|${billNumber}` */
  billKeys: Set<string>;
  /** `${entity}|${externalId}` of earlier imports (external_records, source 'import'). */
  externalIds: Set<string>;
}

/** A record's link to a customer or vendor: an existing one, or one this import creates first. */
export type PartyRef = { id: string } | { ref: string };

export type Operation =
  | { kind: 'customer'; row: number; externalId: string; ref: string; input: CustomerInput }
  | { kind: 'vendor'; row: number; externalId: string; ref: string; input: VendorInput }
  | { kind: 'invoice'; row: number; externalId: string; customer: PartyRef; input: Omit<NewInvoiceInput, 'customerId'> }
  | { kind: 'bill'; row: number; externalId: string; vendor: PartyRef; input: Omit<BillInput, 'vendorId'> };

export interface Plan {
  dateFormat: ImportDateFormat;
  dateFormatSource: 'chosen' | 'values' | 'template';
  errors: ImportRowError[];
  previewRows: { row: number; values: Record<string, string> }[];
  summary: Record<string, number>;
  operations: Operation[];
}

export interface PlanInput {
  entity: ImportEntity;
  template: ImportTemplate;
  sheet: Sheet;
  mapping: ImportMapping;
  dateFormat: ImportDateFormat | null;
  existing: ExistingRecords;
}

// Contracts need a customer or vendor id; the real one is known only at commit.
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const PREVIEW_ROWS = 10;

const lower = (value: string) => value.trim().toLowerCase();

/** Records by lower-cased email and name, first one kept: one lookup per row instead of a scan. */
function indexParties<T extends { name: string; email: string }>(records: readonly T[]): { byEmail: Map<string, T>; byName: Map<string, T> } {
  const byEmail = new Map<string, T>();
  const byName = new Map<string, T>();
  for (const record of records) {
    if (!byEmail.has(lower(record.email))) byEmail.set(lower(record.email), record);
    if (!byName.has(lower(record.name))) byName.set(lower(record.name), record);
  }
  return { byEmail, byName };
}

type Values = Record<string, string>;

function rowValues(sheet: Sheet, mapping: ImportMapping, row: SheetRow): Values {
  const values: Values = {};
  for (const [field, column] of Object.entries(mapping)) {
    const index = sheet.columns.indexOf(column);
    if (index >= 0) values[field] = (row.cells[index] ?? '').trim();
  }
  return values;
}

class Collector {
  errors: ImportRowError[] = [];
  add(row: number, field: string, message: string) {
    this.errors.push({ row, field, message });
  }
  /** A contract's issues on one row; `fieldOf` names the file's field for an issue path. */
  issues(row: number | ((path: PropertyKey[]) => number), error: z.ZodError, fieldOf: (path: PropertyKey[]) => string = (path) => String(path[0] ?? '')) {
    for (const issue of error.issues) {
      this.add(typeof row === 'number' ? row : row(issue.path), fieldOf(issue.path), issue.message);
    }
  }
}

function checkMapping(input: PlanInput, errors: Collector): boolean {
  const fields = entityFields[input.entity];
  let usable = true;
  for (const [field, column] of Object.entries(input.mapping)) {
    if (!fields.some((spec) => spec.field === field)) {
      errors.add(1, field, `Unknown field "${field}"`);
      usable = false;
    } else if (!input.sheet.columns.includes(column)) {
      errors.add(1, field, `Column "${column}" is not in the file`);
      usable = false;
    }
  }
  for (const spec of fields) {
    if (spec.required && !input.mapping[spec.field]) {
      // A line's price may come from its amount alone (QuickBooks Online's bill files).
      errors.add(1, spec.field, `No column is mapped to ${spec.label}`);
      usable = false;
    }
  }
  if ((input.entity === 'invoices' || input.entity === 'bills') && !input.mapping.unitPrice && !input.mapping.lineAmount) {
    errors.add(1, 'unitPrice', 'No column is mapped to Unit price or Line amount');
    usable = false;
  }
  return usable;
}

const dateFields: Record<ImportEntity, string[]> = { customers: [], vendors: [], invoices: ['issueDate', 'dueDate'], bills: ['billDate', 'dueDate'] };

/** The date format: the one chosen, else the one the values prove, else the template's (never a silent guess for ours). */
function resolveDateFormat(input: PlanInput, rows: { row: number; values: Values }[], errors: Collector): { format: ImportDateFormat | null; source: Plan['dateFormatSource'] } {
  if (input.dateFormat) return { format: input.dateFormat, source: 'chosen' };
  const seen = new Set<string>();
  for (const { values } of rows) {
    for (const field of dateFields[input.entity]) {
      const evidence = dateEvidence(values[field] ?? '');
      if (evidence && evidence !== 'ambiguous') seen.add(evidence);
    }
  }
  if (seen.size === 1) return { format: [...seen][0] as ImportDateFormat, source: 'values' };
  if (seen.size > 1) {
    errors.add(1, dateFields[input.entity][0] ?? 'date', 'The file mixes DD/MM/YYYY and MM/DD/YYYY dates: choose the date format');
    return { format: null, source: 'template' };
  }
  return { format: input.template === 'generic' ? null : templateDateFormat(input.template), source: 'template' };
}

function dateValue(value: string, format: ImportDateFormat | null, row: number, field: string, errors: Collector): string {
  const reading = readDate(value, format);
  if ('error' in reading) {
    errors.add(row, field, reading.error);
    return '';
  }
  return 'day' in reading ? reading.day : reading.passOn;
}

const amount = (value: string | undefined) => (value ? normaliseAmount(value) : undefined);

interface Planned {
  operations: Operation[];
  /** Records already there (skipped), and customers or vendors an invoice or bill file creates. */
  counts: { matched: number; newCustomers: number; newVendors: number };
}

function planParties(input: PlanInput, rows: { row: number; values: Values }[], errors: Collector): Planned {
  const customers = input.entity === 'customers';
  const operations: Operation[] = [];
  const existing = indexParties<{ name: string; email: string }>(customers ? input.existing.customers : input.existing.vendors);
  const seenEmails = new Map<string, number>();
  const seenNames = new Map<string, number>();
  let matched = 0;
  for (const { row, values } of rows) {
    const base = {
      name: values.name ?? '',
      email: values.email ?? '',
      phone: values.phone,
      address: values.address,
      city: values.city,
      state: values.state,
      zipCode: values.zipCode,
      country: values.country,
      taxId: values.taxId,
    };
    const parsed = customers
      ? customerInputSchema.safeParse({ ...base, website: values.website, paymentTerms: values.paymentTerms, creditLimit: amount(values.creditLimit) })
      : vendorCreateSchema.safeParse({
          ...base,
          paymentMethod: values.paymentMethod ? lower(values.paymentMethod) : 'check',
          bankName: values.bankName,
          routingNumber: values.routingNumber,
          accountNumber: values.accountNumber,
        });
    if (!parsed.success) {
      errors.issues(row, parsed.error);
      continue;
    }
    const email = lower(parsed.data.email);
    const name = lower(parsed.data.name);
    const twin = (customers ? seenEmails.get(email) : undefined) ?? seenNames.get(name);
    if (twin !== undefined) {
      errors.add(row, seenNames.get(name) === twin ? 'name' : 'email', `Duplicate of row ${twin}`);
      continue;
    }
    seenEmails.set(email, row);
    seenNames.set(name, row);
    const externalId = values.externalId || (customers ? email : name);
    const entity = customers ? 'customer' : 'vendor';
    const present =
      input.existing.externalIds.has(`${entity}|${externalId}`) ||
      (customers && existing.byEmail.has(email)) ||
      existing.byName.has(name);
    if (present) {
      matched += 1;
      continue;
    }
    operations.push(
      customers
        ? { kind: 'customer', row, externalId, ref: name, input: parsed.data as CustomerInput }
        : { kind: 'vendor', row, externalId, ref: name, input: parsed.data as VendorInput },
    );
  }
  return { operations, counts: { matched, newCustomers: 0, newVendors: 0 } };
}

interface Line {
  row: number;
  values: Values;
}

/** Invoices and bills: rows sharing a number are one document, one line each (as in Xero's and QBO's files). */
function planDocuments(input: PlanInput, rows: { row: number; values: Values }[], format: ImportDateFormat | null, errors: Collector): Planned {
  const invoice = input.entity === 'invoices';
  const numberField = invoice ? 'invoiceNumber' : 'billNumber';
  const partyField = invoice ? 'customerName' : 'vendorName';
  const emailField = invoice ? 'customerEmail' : 'vendorEmail';
  const dateField = invoice ? 'issueDate' : 'billDate';
  const groups = new Map<string, Line[]>();
  for (const line of rows) {
    const number = line.values[numberField] ?? '';
    if (!number) {
      errors.add(line.row, numberField, `${invoice ? 'Invoice' : 'Bill'} number is required`);
      continue;
    }
    const key = invoice ? number : `${lower(line.values[partyField] ?? '')}|${number}`;
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  const operations: Operation[] = [];
  const counts = { matched: 0, newCustomers: 0, newVendors: 0 };
  const newParties = new Map<string, { row: number; email: string }>();
  const newPartyEmails = new Map<string, number>();
  const parties = indexParties<{ id: string; name: string; email: string; isActive: boolean }>(invoice ? input.existing.customers : input.existing.vendors);

  for (const [, lines] of groups) {
    const first = lines[0];
    if (!first) continue;
    const head = first.values;
    const number = head[numberField] ?? '';
    const partyName = head[partyField] ?? '';
    let ok = true;
    for (const line of lines.slice(1)) {
      const other = line.values[partyField] ?? '';
      if (invoice && other && lower(other) !== lower(partyName)) {
        errors.add(line.row, partyField, `Invoice ${number} names another customer on row ${first.row} ("${partyName}")`);
        ok = false;
      }
    }
    // Lines, each checked with the contract's line rule; a line's amount alone gives its price at quantity 1.
    const items: { description: string; quantity: string; unitPrice: number; totalPrice: number; claimed: boolean }[] = [];
    let tax = 0;
    for (const line of lines) {
      const values = line.values;
      let unitPrice = amount(values.unitPrice) ?? '';
      const lineAmount = amount(values.lineAmount);
      const quantity = values.quantity ? normaliseAmount(values.quantity) : '1';
      if (!unitPrice && lineAmount && quantity === '1') unitPrice = lineAmount;
      const parsed = lineItemSchema.safeParse({ description: values.description ?? '', quantity, unitPrice, totalPrice: lineAmount ?? '0' });
      const taxParsed = moneyInput('Tax amount').safeParse(amount(values.taxAmount) ?? '0');
      if (!taxParsed.success) {
        errors.issues(line.row, taxParsed.error, () => 'taxAmount');
        ok = false;
      } else tax += taxParsed.data;
      if (!parsed.success) {
        errors.issues(line.row, parsed.error, (path) => (path[0] === 'totalPrice' ? 'lineAmount' : String(path[0] ?? '')));
        ok = false;
        continue;
      }
      const computed = multiplyCents(parsed.data.unitPrice, parsed.data.quantity);
      items.push({ ...parsed.data, totalPrice: lineAmount ? parsed.data.totalPrice : computed, claimed: Boolean(lineAmount) });
    }
    const issueDate = dateValue(head[dateField] ?? '', format, first.row, dateField, errors);
    const dueDate = dateValue(head.dueDate ?? '', format, first.row, 'dueDate', errors);
    if (!ok || items.length !== lines.length) continue;

    const totals = computeTotals({ items, taxAmount: tax });
    const claim = {
      subtotal: toDecimal(totals.subtotal),
      taxAmount: toDecimal(tax),
      totalAmount: toDecimal(totals.totalAmount),
      notes: head.notes,
      items: items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: toDecimal(item.unitPrice), totalPrice: toDecimal(item.totalPrice) })),
    };
    const rowOf = (path: PropertyKey[]) => (path[0] === 'items' && typeof path[1] === 'number' ? (lines[path[1]]?.row ?? first.row) : first.row);
    const fieldOf = (path: PropertyKey[]) => {
      if (path[0] === 'items') return path[2] === 'totalPrice' ? 'lineAmount' : String(path[2] ?? 'description');
      if (path[0] === 'billDate' || path[0] === 'issueDate') return dateField;
      return String(path[0] ?? '');
    };
    const parsed = invoice
      ? newInvoiceSchema.safeParse({ ...claim, customerId: PLACEHOLDER_ID, invoiceNumber: number, status: 'draft', issueDate, dueDate, discountAmount: '0', paymentTerms: head.paymentTerms })
      : billInputSchema.safeParse({ ...claim, vendorId: PLACEHOLDER_ID, billNumber: number, status: 'received', billDate: issueDate, dueDate });
    if (!parsed.success) {
      if (issueDate && dueDate) errors.issues(rowOf, parsed.error, fieldOf);
      continue;
    }

    // Whose document: an existing customer/vendor by email, then by name; else one created with it.
    const email = lower(head[emailField] ?? '');
    const known = (email ? parties.byEmail.get(email) : undefined) ?? parties.byName.get(lower(partyName));
    const externalId = head.externalId || (invoice ? number : `${lower(partyName)}|${number}`);
    const entity = invoice ? 'invoice' : 'bill';
    const present =
      input.existing.externalIds.has(`${entity}|${externalId}`) ||
      (invoice ? input.existing.invoiceNumbers.has(number) : known !== undefined && input.existing.billKeys.has(`${known.id}|${number}`));
    if (present) {
      counts.matched += 1;
      continue;
    }
    // The create services give new work to active customers and vendors only.
    if (known && known.isActive === false) {
      errors.add(first.row, partyField, `${invoice ? 'Customer' : 'Vendor'} "${known.name}" is inactive`);
      continue;
    }
    let party: PartyRef;
    if (known) party = { id: known.id };
    else {
      const ref = lower(partyName);
      const planned = newParties.get(ref);
      if (!planned) {
        const sameEmail = email ? newPartyEmails.get(email) : undefined;
        if (invoice && sameEmail !== undefined) {
          errors.add(first.row, emailField, `Customer "${partyName}" has the email of another new customer on row ${sameEmail}`);
          continue;
        }
        if (!email) {
          errors.add(first.row, emailField, `${invoice ? 'Customer' : 'Vendor'} "${partyName}" is not in your ${invoice ? 'customers' : 'vendors'}: add a ${emailField} column to create it, or import ${invoice ? 'customers' : 'vendors'} first`);
          continue;
        }
        const created = invoice
          ? customerInputSchema.safeParse({ name: partyName, email })
          : vendorCreateSchema.safeParse({ name: partyName, email, paymentMethod: 'check' });
        if (!created.success) {
          errors.issues(first.row, created.error, (path) => (path[0] === 'email' ? emailField : partyField));
          continue;
        }
        newParties.set(ref, { row: first.row, email });
        if (email) newPartyEmails.set(email, first.row);
        operations.push(
          invoice
            ? { kind: 'customer', row: first.row, externalId: email, ref, input: created.data as CustomerInput }
            : { kind: 'vendor', row: first.row, externalId: ref, ref, input: created.data as VendorInput },
        );
        if (invoice) counts.newCustomers += 1;
        else counts.newVendors += 1;
      }
      party = { ref };
    }
    if (invoice) {
      const { customerId: _customerId, ...rest } = parsed.data as NewInvoiceInput;
      operations.push({ kind: 'invoice', row: first.row, externalId, customer: party, input: rest });
    } else {
      const { vendorId: _vendorId, ...rest } = parsed.data as BillInput;
      operations.push({ kind: 'bill', row: first.row, externalId, vendor: party, input: rest });
    }
  }
  return { operations, counts };
}

/** The preview shows a Tax ID and an account number only by their last four digits (issue 32). */
function maskSecrets(values: Values): Values {
  const masked = { ...values };
  for (const key of ['taxId', 'accountNumber'] as const) {
    const value = masked[key];
    if (value) masked[key] = `••••${value.replace(/[\s-]/g, '').slice(-4)}`;
  }
  return masked;
}

/** Reads every row through the mapping and the create contracts: the preview, and the commit's list of writes. */
export function buildPlan(input: PlanInput): Plan {
  const errors = new Collector();
  const usable = checkMapping(input, errors);
  const rows = input.sheet.rows.map((row) => ({ row: row.row, values: rowValues(input.sheet, input.mapping, row) }));
  const previewRows = rows.slice(0, PREVIEW_ROWS).map(({ row, values }) => ({ row, values: maskSecrets(values) }));
  const { format, source } = resolveDateFormat(input, rows, errors);
  const dateFormat = format ?? templateDateFormat(input.template);
  const parties = input.entity === 'customers' || input.entity === 'vendors';
  const planned: Planned = !usable
    ? { operations: [], counts: { matched: 0, newCustomers: 0, newVendors: 0 } }
    : parties
      ? planParties(input, rows, errors)
      : planDocuments(input, rows, format, errors);
  const { operations, counts } = planned;
  const mainKind = { customers: 'customer', vendors: 'vendor', invoices: 'invoice', bills: 'bill' }[input.entity];
  const summary: Record<string, number> = { created: operations.filter((operation) => operation.kind === mainKind).length, matched: counts.matched };
  if (input.entity === 'invoices') summary.newCustomers = counts.newCustomers;
  if (input.entity === 'bills') summary.newVendors = counts.newVendors;
  errors.errors.sort((a, b) => a.row - b.row);
  return { dateFormat, dateFormatSource: source, errors: errors.errors, previewRows, summary, operations };
}
