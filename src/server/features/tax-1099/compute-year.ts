import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  type Form1099Box,
  type Form1099Type,
  type Tax1099FilingState,
  type Tax1099Problem,
  type Tax1099Row,
  type Tax1099Status,
  type Vendor1099Box,
  categoryBoxRules,
  form1099BoxInfo,
  form1099Boxes,
  reportablePaymentMethods,
} from '../../../shared/contracts/tax-1099';
import { type Cents, centsFromDecimal, toDecimal } from '../../../shared/money';
import { thresholdsFor } from '../../../shared/tax-1099-thresholds';
import { maskTin, tinProblem } from '../../../shared/tin';
import type { Database } from '../../db/client';
import { bills, payments, tax1099Filings, tax1099Forms, vendors } from '../../db/schema';
import { organizationTimeZone } from '../../platform/calendar';
import { readTin } from './tin-store';

/**
 * The 1099 year end of one workspace (issue 32 item 3), the one definition every 1099 screen, form,
 * filing file and the firm's view read.
 *
 * Payments that count: completed bill payments whose processed day (the organization's calendar day)
 * is in the tax year, made by check, ACH or wire. Card and payment network payments are reported by
 * the network on 1099-K and are left out (shown as excluded). Each payment goes in the box its
 * bill's category names (categoryBoxRules), else the vendor's default box, else 1099-NEC box 1.
 *
 * A payee is a TIN: vendor records sharing a TIN (the fingerprint) are one payee paid under several
 * names, reported together under the W-9's legal name. A payee gets a form of a type when a box of
 * that form reaches the year's threshold (shared/tax-1099-thresholds.ts), unless it is exempt: a
 * corporation by its W-9 (C or S, an LLC taxed as C or S) or an exempt payee code, except for
 * medical and health care payments and attorneys' fees and gross proceeds.
 */

export type VendorRow = typeof vendors.$inferSelect;
type IssuedForm = typeof tax1099Forms.$inferSelect;

export interface PayeeComputation extends Tax1099Row {
  /** Every vendor record of this payee (the primary first). */
  vendorIds: string[];
  /** The primary vendor record, as stored. */
  vendor: VendorRow;
  /** Cents per box that counts. */
  boxCents: Partial<Record<Form1099Box, Cents>>;
  /** The latest issued form per type. */
  issuedForms: Partial<Record<Form1099Type, IssuedForm>>;
}

export interface Year1099 {
  year: number;
  timeZone: string;
  payees: PayeeComputation[];
  filing: Tax1099FilingState;
}

/** The box a bill's category names, or undefined when it names none. */
export function boxForCategory(category: string | null): Form1099Box | 'none' | undefined {
  if (!category) return undefined;
  return categoryBoxRules.find((rule) => rule.pattern.test(category))?.box;
}

/** Where one payment goes: the category's box, else the vendor's default, else 1099-NEC box 1. */
export function boxForPayment(category: string | null, vendorBox: Vendor1099Box | null): Form1099Box | 'none' {
  return boxForCategory(category) ?? vendorBox ?? 'nec_1';
}

const CORPORATE_CLASSES = new Set(['c_corporation', 's_corporation']);

/** Why a vendor is exempt from 1099 reporting for ordinary payments, or null. */
export function exemptReason(vendor: Pick<VendorRow, 'taxClassification' | 'llcTaxClassification' | 'exemptPayeeCode'>): string | null {
  if (vendor.taxClassification && CORPORATE_CLASSES.has(vendor.taxClassification)) return 'A corporation by its W-9';
  if (vendor.taxClassification === 'llc' && (vendor.llcTaxClassification === 'C' || vendor.llcTaxClassification === 'S')) {
    return 'An LLC taxed as a corporation by its W-9';
  }
  if (vendor.exemptPayeeCode) return `Exempt payee code ${vendor.exemptPayeeCode} on its W-9`;
  return null;
}

/** Boxes reported even for an exempt (corporate) payee: medical and health care, and attorneys. */
function reportedDespiteExemption(box: Form1099Box, isAttorney: boolean): boolean {
  return box === 'misc_6' || box === 'misc_10' || (box === 'nec_1' && isAttorney);
}

/** The organization's calendar year as an instant range. */
function yearBounds(year: number, timeZone: string) {
  return {
    start: sql`(${`${year}-01-01`}::date::timestamp at time zone ${timeZone})`,
    end: sql`(${`${year + 1}-01-01`}::date::timestamp at time zone ${timeZone})`,
  };
}

/** The problems of a payee that needs a form: each with what to do. */
function problemsOf(vendor: VendorRow, tinText: string | null, others: VendorRow[]): Tax1099Problem[] {
  const problems: Tax1099Problem[] = [];
  if (!vendor.w9ReceivedAt) {
    problems.push({ code: 'missing_w9', message: 'No W-9 on file', fix: 'Send a W-9 request, or upload the W-9 and apply it to the vendor' });
  }
  if (!vendor.tinEncrypted) {
    problems.push({ code: 'missing_tin', message: 'No TIN on file', fix: 'Send a W-9 request; the vendor enters its SSN or EIN' });
  } else {
    const problem = vendor.tinType && tinText !== null ? tinProblem(vendor.tinType, tinText) : 'The TIN on file is not an SSN or EIN';
    if (problem) problems.push({ code: 'malformed_tin', message: problem, fix: 'Ask the vendor for a new W-9 and correct the TIN' });
  }
  if (!vendor.address || !vendor.city || !vendor.state || !vendor.zipCode) {
    problems.push({ code: 'missing_address', message: 'The mailing address is incomplete', fix: 'Enter the address from the W-9 (street, city, state and ZIP code)' });
  }
  if (others.length > 0) {
    problems.push({
      code: 'paid_under_two_names',
      message: `Paid under ${others.length + 1} names with one TIN: ${[vendor, ...others].map((v) => v.name).join(', ')}`,
      fix: 'Reported together on one form under the W-9 name; check that the vendors are one payee, and pay it under one vendor from now on',
    });
  }
  return problems;
}

function sameAmounts(issued: IssuedForm, cents: Partial<Record<Form1099Box, Cents>>, type: Form1099Type): boolean {
  for (const box of form1099Boxes) {
    if (form1099BoxInfo[box].form !== type) continue;
    const before = centsFromDecimal(issued.amounts[box] ?? '0');
    if (before !== (cents[box] ?? 0)) return false;
  }
  return true;
}

/** Computes one workspace's tax year: every payee paid in it, with boxes, forms, exemption and problems. */
export async function computeYear1099(db: Database, encryptionKey: Buffer, organizationId: string, year: number): Promise<Year1099> {
  const timeZone = await organizationTimeZone(db, organizationId);
  const { start, end } = yearBounds(year, timeZone);
  // One row per vendor, bill category and method: an SQL aggregate of the ledger. (Grouping by a
  // parameterised "method in (...)" fails: PostgreSQL sees the select's and the group's as two expressions.)
  const byMethod = await db
    .select({
      vendorId: bills.vendorId,
      category: bills.category,
      method: payments.method,
      amount: sql<string>`sum(${payments.amount})::text`,
    })
    .from(payments)
    .innerJoin(bills, and(eq(bills.id, payments.referenceId), eq(bills.organizationId, payments.organizationId)))
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.type, 'bill_payment'),
        eq(payments.status, 'completed'),
        gte(payments.processedAt, start),
        lt(payments.processedAt, end),
      ),
    )
    .groupBy(bills.vendorId, bills.category, payments.method);
  const reportable: readonly string[] = reportablePaymentMethods;
  const sums = byMethod.map((row) => ({ vendorId: row.vendorId, category: row.category, counts: reportable.includes(row.method), amount: row.amount }));

  const paidIds = [...new Set(sums.map((s) => s.vendorId))];
  const paidVendors = paidIds.length ? await db.select().from(vendors).where(and(eq(vendors.organizationId, organizationId), inArray(vendors.id, paidIds))) : [];
  const byId = new Map(paidVendors.map((v) => [v.id, v]));
  const issued = await db
    .select()
    .from(tax1099Forms)
    .where(and(eq(tax1099Forms.organizationId, organizationId), eq(tax1099Forms.taxYear, year)))
    .orderBy(desc(tax1099Forms.version));

  // Group vendor records into payees by TIN fingerprint.
  const groups = new Map<string, VendorRow[]>();
  for (const vendor of paidVendors) {
    const key = vendor.tinFingerprint ? `tin:${vendor.tinFingerprint}` : `vendor:${vendor.id}`;
    groups.set(key, [...(groups.get(key) ?? []), vendor]);
  }

  const thresholds = thresholdsFor(year);
  const payees: PayeeComputation[] = [];
  for (const members of groups.values()) {
    // The primary record: the newest W-9, then the most paid.
    const paidBy = (v: VendorRow) => sums.filter((s) => s.vendorId === v.id).reduce((t, s) => t + centsFromDecimal(s.amount), 0);
    members.sort((a, b) => (b.w9ReceivedAt?.getTime() ?? 0) - (a.w9ReceivedAt?.getTime() ?? 0) || paidBy(b) - paidBy(a) || a.id.localeCompare(b.id));
    const vendor = members[0]!;
    const others = members.slice(1);
    const ids = members.map((v) => v.id);

    let totalPaid = 0;
    let excluded = 0;
    const boxCents: Partial<Record<Form1099Box, Cents>> = {};
    for (const sum of sums) {
      if (!ids.includes(sum.vendorId)) continue;
      const cents = centsFromDecimal(sum.amount);
      totalPaid += cents;
      if (!sum.counts) {
        excluded += cents;
        continue;
      }
      const owner = byId.get(sum.vendorId) ?? vendor;
      const box = boxForPayment(sum.category, owner.form1099Box);
      if (box === 'none') continue;
      boxCents[box] = (boxCents[box] ?? 0) + cents;
    }

    const exempt = exemptReason(vendor);
    const forms = new Set<Form1099Type>();
    for (const box of form1099Boxes) {
      const cents = boxCents[box] ?? 0;
      if (cents <= 0 || cents < thresholds.cents[box]) continue;
      if (exempt && !reportedDespiteExemption(box, vendor.isAttorney)) continue;
      forms.add(form1099BoxInfo[box].form);
    }

    let tinText: string | null = null;
    if (vendor.tinEncrypted) {
      try {
        tinText = readTin(encryptionKey, vendor.tinEncrypted);
      } catch {
        tinText = null;
      }
    }
    const needsForm = forms.size > 0;
    const problems = needsForm ? problemsOf(vendor, tinText, others) : [];
    const reportable = Object.values(boxCents).some((c) => (c ?? 0) > 0);
    const status: Tax1099Status = needsForm
      ? problems.some((p) => p.code !== 'paid_under_two_names')
        ? 'needs_attention'
        : 'ready'
      : !reportable
        ? 'not_reportable'
        : exempt
          ? 'exempt'
          : 'below_threshold';

    const issuedForms: Partial<Record<Form1099Type, IssuedForm>> = {};
    for (const form of issued) {
      if (!ids.includes(form.vendorId)) continue;
      if (!issuedForms[form.formType]) issuedForms[form.formType] = form;
    }
    const latest = Object.values(issuedForms).sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime())[0];
    // An issued form whose amounts, payee name or TIN no longer hold needs a corrected form.
    const correctionDue = (Object.keys(issuedForms) as Form1099Type[]).some((type) => {
      const form = issuedForms[type]!;
      const recipientChanged = form.recipient.name !== (vendor.legalName ?? vendor.name) || form.recipient.tinLast4 !== vendor.tinLast4;
      return recipientChanged || !sameAmounts(form, forms.has(type) ? boxCents : {}, type);
    });

    const boxes: Partial<Record<Form1099Box, string>> = {};
    for (const box of form1099Boxes) if (boxCents[box]) boxes[box] = toDecimal(boxCents[box]!);

    payees.push({
      vendorId: vendor.id,
      name: vendor.name,
      legalName: vendor.legalName,
      tinMasked: maskTin(vendor.tinType, vendor.tinLast4),
      alsoPaidAs: others.map((v) => ({ vendorId: v.id, name: v.name })),
      totalPaid: toDecimal(totalPaid),
      excludedPaid: toDecimal(excluded),
      boxes,
      forms: [...forms].sort(),
      exempt: exempt !== null,
      exemptReason: exempt,
      status,
      problems,
      w9ReceivedAt: vendor.w9ReceivedAt?.toISOString() ?? null,
      issued: latest
        ? { version: latest.version, corrected: latest.corrected, issuedAt: latest.issuedAt.toISOString(), deliveredAt: latest.deliveredAt?.toISOString() ?? null }
        : null,
      correctionDue,
      vendorIds: ids,
      vendor,
      boxCents,
      issuedForms,
    });
  }
  payees.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.vendorId.localeCompare(b.vendorId));

  const filing = await filingState(db, organizationId, year, payees);
  return { year, timeZone, payees, filing };
}

/** Where the year's filing stands: derived from the filing files generated and the forms issued. */
async function filingState(db: Database, organizationId: string, year: number, payees: PayeeComputation[]): Promise<Tax1099FilingState> {
  const [last] = await db
    .select()
    .from(tax1099Filings)
    .where(and(eq(tax1099Filings.organizationId, organizationId), eq(tax1099Filings.taxYear, year), eq(tax1099Filings.isTest, false)))
    .orderBy(desc(tax1099Filings.createdAt))
    .limit(1);
  const [filed] = await db
    .select({ filedAt: tax1099Filings.filedAt })
    .from(tax1099Filings)
    .where(and(eq(tax1099Filings.organizationId, organizationId), eq(tax1099Filings.taxYear, year), sql`${tax1099Filings.filedAt} is not null`))
    .orderBy(desc(tax1099Filings.filedAt))
    .limit(1);
  const correctionDue = payees.some((p) => p.correctionDue);
  const anyIssued = payees.some((p) => p.issued !== null);
  const status = filed && correctionDue ? 'correction_due' : filed ? 'filed' : last ? 'file_generated' : anyIssued ? 'in_progress' : 'not_started';
  return {
    status,
    lastFileAt: last?.createdAt.toISOString() ?? null,
    lastFileFormat: last?.format ?? null,
    filedAt: filed?.filedAt?.toISOString() ?? null,
  };
}

/** The summary counts of a computed year (the page's cards and the firm's view). */
export function yearCounts(payees: readonly PayeeComputation[]) {
  const needing = payees.filter((p) => p.forms.length > 0);
  return {
    vendorsPaid: payees.length,
    needForm: needing.length,
    ready: needing.filter((p) => p.status === 'ready').length,
    needsAttention: needing.filter((p) => p.status === 'needs_attention').length,
    missingW9: needing.filter((p) => p.problems.some((x) => x.code === 'missing_w9')).length,
    missingTin: needing.filter((p) => p.problems.some((x) => x.code === 'missing_tin' || x.code === 'malformed_tin')).length,
    exempt: payees.filter((p) => p.status === 'exempt').length,
  };
}
