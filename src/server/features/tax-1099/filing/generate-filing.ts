import JSZip from 'jszip';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { type Form1099Box, type Form1099Type, type Tax1099Filing, type Tax1099LeftOut, form1099BoxInfo, form1099Boxes } from '../../../../shared/contracts/tax-1099';
import { type Cents, centsFromDecimal, toDecimal } from '../../../../shared/money';
import { tinDigits, tinProblem } from '../../../../shared/tin';
import { organizations, tax1099Filings, tax1099Forms, tax1099Settings } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import { organizationToday } from '../../../platform/calendar';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { type PayeeComputation, computeYear1099 } from '../compute-year';
import { readTin } from '../tin-store';
import { IRIS_FORM_NAMES, type IrisParty, type IrisRow, buildIrisCsv, splitIrisRows } from './iris-csv';
import { type Pub1220Payee, buildPub1220 } from './pub1220';

type FilingRow = typeof tax1099Filings.$inferSelect;
type IssuedForm = typeof tax1099Forms.$inferSelect;

export interface FilingFile {
  filing: Tax1099Filing;
  fileName: string;
  contentType: string;
  body: Buffer;
}

interface Included {
  form: IssuedForm;
  tin: string;
  tinType: 'ssn' | 'ein';
  amounts: Partial<Record<Form1099Box, Cents>>;
  /** Filed as a correction of a return the IRS already has. */
  correction: boolean;
}

export function toFiling(row: FilingRow): Tax1099Filing {
  return {
    id: row.id,
    taxYear: row.taxYear,
    format: row.format,
    kind: row.kind,
    isTest: row.isTest,
    formCount: row.formCount,
    total: row.total,
    leftOut: row.leftOut,
    createdAt: row.createdAt.toISOString(),
    filedAt: row.filedAt?.toISOString() ?? null,
  };
}

/** The payer as the filing file names it: the organization's name, EIN and address, with what is missing. */
async function loadPayer(deps: AppDeps, organizationId: string, format: 'iris_csv' | 'pub1220') {
  const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'Workspace not found');
  const [settings] = await deps.db.select().from(tax1099Settings).where(eq(tax1099Settings.organizationId, organizationId));
  const missing: Record<string, string> = {};
  const ein = tinDigits(org.taxId ?? '');
  if (!ein || tinProblem('ein', ein)) missing.payerEin = "The payer's EIN (1099 filing settings) is missing or not an EIN";
  if (!org.address || !org.city || !org.state || !org.zipCode) missing.address = "The payer's mailing address (1099 filing settings) is incomplete";
  if (format === 'pub1220') {
    if (!settings?.transmitterControlCode) missing.transmitterControlCode = 'The Transmitter Control Code (1099 filing settings) is missing';
    if (!settings?.contactName) missing.contactName = 'The filing contact name (1099 filing settings) is missing';
    if (!settings?.contactPhone) missing.contactPhone = 'The filing contact phone (1099 filing settings) is missing';
  }
  const problems = Object.values(missing);
  if (problems.length > 0) throw new AppError('CONFLICT', `The filing file needs: ${problems.join('; ')}`, missing);
  return { org, ein: ein ?? '', settings };
}

/** Whether an issued form still says what the year's payments and the payee's W-9 say (else a corrected form is due). */
function formStillHolds(form: IssuedForm, payee: PayeeComputation): boolean {
  const vendor = payee.vendor;
  if (form.recipient.name !== (vendor.legalName ?? vendor.name) || form.recipient.tinLast4 !== vendor.tinLast4) return false;
  const reported = payee.forms.includes(form.formType);
  return form1099Boxes
    .filter((box) => form1099BoxInfo[box].form === form.formType)
    .every((box) => centsFromDecimal(form.amounts[box] ?? '0') === (reported ? (payee.boxCents[box] ?? 0) : 0));
}

/**
 * Picks the forms a new file carries: the latest issued form per payee and type not yet carried by a
 * file marked filed, from payees that pass every check; the others are left out, with why.
 */
async function chooseForms(deps: AppDeps, organizationId: string, year: number): Promise<{ included: Included[]; leftOut: Tax1099LeftOut[] }> {
  const computed = await computeYear1099(deps.db, deps.config.encryptionKey, organizationId, year);
  if (!computed.payees.some((p) => Object.keys(p.issuedForms).length > 0)) {
    throw new AppError('CONFLICT', `No 1099 is issued for ${year}: issue the forms first`);
  }
  const filed = await deps.db
    .select({ id: tax1099Filings.id })
    .from(tax1099Filings)
    .where(and(eq(tax1099Filings.organizationId, organizationId), eq(tax1099Filings.taxYear, year), isNotNull(tax1099Filings.filedAt), eq(tax1099Filings.isTest, false)));
  const filedIds = new Set(filed.map((f) => f.id));
  // A corrected form goes to the IRS as a correction only when a version of it was filed before;
  // otherwise the IRS has nothing to correct and it is filed as an original.
  const filedForms = filedIds.size
    ? await deps.db
        .select({ vendorId: tax1099Forms.vendorId, formType: tax1099Forms.formType })
        .from(tax1099Forms)
        .where(and(eq(tax1099Forms.organizationId, organizationId), eq(tax1099Forms.taxYear, year), inArray(tax1099Forms.filingId, [...filedIds])))
    : [];
  const filedBefore = new Set(filedForms.map((f) => `${f.vendorId}:${f.formType}`));

  const included: Included[] = [];
  const leftOut: Tax1099LeftOut[] = [];
  for (const payee of computed.payees) {
    const name = payee.legalName ?? payee.name;
    const types = new Set<Form1099Type>([...payee.forms, ...(Object.keys(payee.issuedForms) as Form1099Type[])]);
    for (const type of [...types].sort()) {
      const form = payee.issuedForms[type];
      const label = `1099-${type.toUpperCase()}`;
      if (!form) {
        leftOut.push({ vendorId: payee.vendorId, name, reason: `No ${label} issued: issue the forms first` });
        continue;
      }
      const holds = formStillHolds(form, payee);
      if (form.filingId && filedIds.has(form.filingId)) {
        if (!holds) leftOut.push({ vendorId: payee.vendorId, name, reason: `${label}: filed, and the payments or the payee changed since: issue a corrected form` });
        continue;
      }
      const reasons: string[] = [];
      if (!holds) reasons.push('The payments or the payee changed since the form was issued: issue a corrected form');
      const vendor = payee.vendor;
      let tin: string | null = null;
      if (vendor.tinEncrypted && vendor.tinType) {
        try {
          tin = readTin(deps.config.encryptionKey, vendor.tinEncrypted);
        } catch {
          tin = null;
        }
      }
      if (!tin || !vendor.tinType) reasons.push('No TIN on file');
      else if (tinProblem(vendor.tinType, tin)) reasons.push(`Malformed TIN: ${tinProblem(vendor.tinType, tin)}`);
      else if (tin.slice(-4) !== form.recipient.tinLast4) reasons.push('The TIN differs from the issued form: issue a corrected form');
      const r = form.recipient;
      if (!r.address || !r.city || !r.state || !r.zipCode) reasons.push('The address on the form is incomplete');
      else if (!/^[A-Za-z]{2}$/.test(r.state.trim()) || !/^\d{5}(-?\d{4})?$/.test(r.zipCode.trim())) reasons.push('The state or ZIP code on the form is not a US one');
      if (reasons.length > 0 || !tin || !vendor.tinType) {
        leftOut.push({ vendorId: payee.vendorId, name, reason: `${label}: ${reasons.join('; ')}` });
        continue;
      }
      const amounts: Partial<Record<Form1099Box, Cents>> = {};
      for (const [box, value] of Object.entries(form.amounts) as [Form1099Box, string][]) {
        const cents = centsFromDecimal(value);
        if (cents > 0) amounts[box] = cents;
      }
      included.push({ form, tin, tinType: vendor.tinType, amounts, correction: form.corrected && filedBefore.has(`${form.vendorId}:${form.formType}`) });
    }
  }
  return { included, leftOut };
}

async function zipFiles(files: { name: string; content: string }[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const file of files) zip.file(file.name, file.content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * GET /api/tax/1099/filing: the IRIS CSV (one CSV per form type, zipped when both) or the
 * Publication 1220 file, recorded as a filing with an audit row. Refuses (409) when a payee is left
 * out and includePartial is not set, listing them.
 */
export async function generateFiling(
  deps: AppDeps,
  ctx: { organizationId: string; userId: string },
  query: { year: number; format: 'iris_csv' | 'pub1220'; test: boolean; includePartial: boolean },
): Promise<FilingFile> {
  const { organizationId, userId } = ctx;
  const { org, ein, settings } = await loadPayer(deps, organizationId, query.format);
  const { included, leftOut } = await chooseForms(deps, organizationId, query.year);
  if (leftOut.length > 0 && !query.includePartial) {
    const fields = Object.fromEntries(leftOut.map((l, i) => [`leftOut.${i}`, `${l.name}: ${l.reason}`]));
    throw new AppError('CONFLICT', `${leftOut.length} ${leftOut.length === 1 ? 'form does' : 'forms do'} not pass the checks: fix them, or generate the file without them`, fields);
  }
  if (included.length === 0) throw new AppError('CONFLICT', 'Nothing to file: every issued form is already in a filed file, or none passes the checks');
  const corrections = included.filter((i) => i.correction);
  if (query.format === 'iris_csv' && corrections.length > 0) {
    // The IRIS CSV templates have no corrected indicator: a row would be a second original.
    const fields = Object.fromEntries(corrections.map((c, i) => [`corrections.${i}`, c.form.recipient.name]));
    throw new AppError(
      'CONFLICT',
      `${corrections.length === 1 ? 'A corrected form' : `${corrections.length} corrected forms`} cannot go in the IRIS CSV upload (its template has no corrected indicator): generate the Publication 1220 file, or correct the filed return in the IRIS portal`,
      fields,
    );
  }

  const payer = {
    tin: ein,
    name: org.name,
    address: org.address ?? '',
    city: org.city ?? '',
    state: org.state ?? '',
    zipCode: org.zipCode ?? '',
    phone: settings?.contactPhone ?? org.phone,
  };
  const payee = (item: Included) => ({
    tinType: item.tinType,
    tin: item.tin,
    name: item.form.recipient.name,
    secondName: item.form.recipient.secondName,
    address: item.form.recipient.address ?? '',
    city: item.form.recipient.city ?? '',
    state: item.form.recipient.state ?? '',
    zipCode: item.form.recipient.zipCode ?? '',
    corrected: item.correction,
    // The payer's account number for the payee: the vendor id, so a correction matches its original.
    accountNumber: item.form.vendorId.replace(/-/g, '').slice(0, 20).toUpperCase(),
    amounts: item.amounts,
  });

  const kind = included.some((i) => i.correction) ? 'correction' : 'original';
  const suffix = `${query.year}${kind === 'correction' ? '-corrected' : ''}${query.test ? '-test' : ''}`;
  let body: Buffer;
  let fileName: string;
  let contentType: string;
  if (query.format === 'pub1220') {
    const today = await organizationToday(deps.db, organizationId, deps.now());
    const file = buildPub1220({
      year: query.year,
      test: query.test,
      // "P" for a year before the one whose returns are due in this filing season.
      priorYear: query.year < Number(today.slice(0, 4)) - 1,
      transmitter: {
        ...payer,
        tcc: settings?.transmitterControlCode ?? '',
        contactName: settings?.contactName ?? '',
        contactPhone: settings?.contactPhone ?? '',
        contactEmail: settings?.contactEmail ?? '',
      },
      payer,
      payees: included.map((item): Pub1220Payee => ({ ...payee(item), formType: item.form.formType })),
    });
    body = Buffer.from(file.text, 'ascii');
    fileName = `1099-pub1220-${suffix}.txt`;
    contentType = 'text/plain; charset=us-ascii';
  } else {
    const irisPayer: IrisParty = { ...payer, tinType: 'ein', email: settings?.contactEmail ?? org.email };
    const files = (['nec', 'misc'] as const).flatMap((formType) => {
      const parts = splitIrisRows(included.filter((i) => i.form.formType === formType).map((item): IrisRow => payee(item)));
      return parts.map((rows, index) => ({
        name: `iris-${IRIS_FORM_NAMES[formType].toLowerCase()}-${suffix}${parts.length > 1 ? `-part${index + 1}` : ''}.csv`,
        content: buildIrisCsv({ year: query.year, formType, payer: irisPayer, rows }),
      }));
    });
    if (files.length === 1 && files[0]) {
      body = Buffer.from(files[0].content, 'utf8');
      fileName = files[0].name;
      contentType = 'text/csv; charset=utf-8';
    } else {
      body = await zipFiles(files);
      fileName = `iris-1099-${suffix}.zip`;
      contentType = 'application/zip';
    }
  }

  const total = included.reduce((sum, item) => sum + Object.values(item.amounts).reduce((s, c) => s + (c ?? 0), 0), 0);
  const filing = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tax1099Filings)
      .values({ organizationId, taxYear: query.year, format: query.format, kind, isTest: query.test, formCount: included.length, total: toDecimal(total), leftOut, userId })
      .returning();
    if (!row) throw new Error('filing insert returned nothing');
    // A test file carries no form to the IRS.
    if (!query.test) {
      await tx
        .update(tax1099Forms)
        .set({ filingId: row.id })
        .where(and(eq(tax1099Forms.organizationId, organizationId), inArray(tax1099Forms.id, included.map((i) => i.form.id))));
    }
    await writeAudit(tx, {
      organizationId,
      userId,
      action: 'tax_1099.filing_generated',
      entityType: 'tax_1099_filing',
      entityId: row.id,
      details: { year: query.year, format: query.format, kind, isTest: query.test, formCount: included.length, total: toDecimal(total), leftOut: leftOut.map((l) => l.vendorId) },
    });
    return row;
  });
  return { filing: toFiling(filing), fileName, contentType, body };
}

export async function listFilings(deps: AppDeps, organizationId: string, year: number): Promise<Tax1099Filing[]> {
  const rows = await deps.db
    .select()
    .from(tax1099Filings)
    .where(and(eq(tax1099Filings.organizationId, organizationId), eq(tax1099Filings.taxYear, year)))
    .orderBy(desc(tax1099Filings.createdAt));
  return rows.map(toFiling);
}

/** Marks a generated file as filed with the IRS (the user uploaded or transmitted it). */
export async function markFilingFiled(deps: AppDeps, ctx: { organizationId: string; userId: string }, filingId: string): Promise<Tax1099Filing> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tax1099Filings)
      .where(and(eq(tax1099Filings.id, filingId), eq(tax1099Filings.organizationId, ctx.organizationId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Filing file not found');
    if (row.isTest) throw new AppError('CONFLICT', 'A test file is not filed with the IRS');
    if (row.filedAt) throw new AppError('CONFLICT', 'This file is already marked as filed');
    const [updated] = await tx.update(tax1099Filings).set({ filedAt: deps.now() }).where(eq(tax1099Filings.id, row.id)).returning();
    if (!updated) throw new Error('filing update returned nothing');
    await writeAudit(tx, {
      organizationId: ctx.organizationId,
      userId: ctx.userId,
      action: 'tax_1099.filing_filed',
      entityType: 'tax_1099_filing',
      entityId: row.id,
      details: { year: row.taxYear, format: row.format, kind: row.kind, formCount: row.formCount },
    });
    return toFiling(updated);
  });
}
