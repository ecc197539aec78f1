import type { Form1099Box, Form1099Type, Tax1099IssueResult } from '../../../shared/contracts/tax-1099';
import { form1099BoxInfo, form1099Boxes } from '../../../shared/contracts/tax-1099';
import { type Cents, centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import { tax1099Forms } from '../../db/schema';
import type { Form1099Amounts, Form1099Recipient } from '../../db/schema/tax-1099';
import { type AuditEntry, writeAudits } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { type PayeeComputation, computeYear1099 } from './compute-year';

/** The amounts of one form type as a form carries them: only boxes of that form, only when it is due. */
function amountsFor(payee: PayeeComputation, type: Form1099Type): Form1099Amounts {
  const amounts: Form1099Amounts = {};
  if (!payee.forms.includes(type)) return amounts;
  for (const box of form1099Boxes) {
    const cents = payee.boxCents[box];
    if (form1099BoxInfo[box].form === type && cents) amounts[box] = toDecimal(cents);
  }
  return amounts;
}

/** The recipient as the form prints it: the W-9's legal name (compute-year compares with the same). */
export function recipientOf(payee: PayeeComputation): Form1099Recipient {
  const v = payee.vendor;
  const name = v.legalName ?? v.name;
  const second = v.businessName ?? (v.name !== name ? v.name : null);
  return { name, secondName: second, tinType: v.tinType, tinLast4: v.tinLast4, address: v.address, city: v.city, state: v.state, zipCode: v.zipCode };
}

function sameForm(before: { amounts: Form1099Amounts; recipient: Form1099Recipient }, amounts: Form1099Amounts, recipient: Form1099Recipient): boolean {
  const boxes = new Set([...Object.keys(before.amounts), ...Object.keys(amounts)]) as Set<Form1099Box>;
  for (const box of boxes) if (centsFromDecimal(before.amounts[box] ?? '0') !== centsFromDecimal(amounts[box] ?? '0')) return false;
  return before.recipient.name === recipient.name && before.recipient.tinLast4 === recipient.tinLast4;
}

/**
 * Snapshots the year's forms into tax_1099_forms: version 1 for a payee never issued one, version
 * n + 1 marked corrected when an issued form no longer holds (a payment moved, the name or TIN
 * changed). Payees with a problem are refused and listed. All forms and their audit rows are written
 * in one transaction; two requests at once meet the version's unique key and the second gets a 409.
 */
export async function issueForms(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  actor: { organizationId: string; userId: string | null },
  year: number,
  vendorIds: readonly string[] | undefined,
): Promise<Tax1099IssueResult> {
  const computed = await computeYear1099(deps.db, deps.config.encryptionKey, actor.organizationId, year);
  const chosen = vendorIds && vendorIds.length > 0 ? new Set(vendorIds) : null;
  const result: Tax1099IssueResult = { issued: [], unchanged: 0, refused: [] };
  const rows: (typeof tax1099Forms.$inferInsert)[] = [];
  const audits: AuditEntry[] = [];
  const now = deps.now();

  for (const payee of computed.payees) {
    if (chosen && !payee.vendorIds.some((id) => chosen.has(id))) continue;
    const issuedTypes = Object.keys(payee.issuedForms) as Form1099Type[];
    if (payee.forms.length === 0 && issuedTypes.length === 0) continue;
    const blocking = payee.problems.filter((p) => p.code !== 'paid_under_two_names');
    if (blocking.length > 0) {
      result.refused.push({ vendorId: payee.vendorId, name: payee.name, reason: blocking.map((p) => p.message).join('; ') });
      continue;
    }
    const recipient = recipientOf(payee);
    for (const type of new Set([...payee.forms, ...issuedTypes])) {
      const amounts = amountsFor(payee, type);
      const before = payee.issuedForms[type];
      if (before && sameForm(before, amounts, recipient)) {
        result.unchanged += 1;
        continue;
      }
      const total = toDecimal(sumCents(Object.values(amounts).map((a) => centsFromDecimal(a ?? '0')) as Cents[]));
      const version = (before?.version ?? 0) + 1;
      const corrected = before !== undefined;
      rows.push({
        organizationId: actor.organizationId,
        vendorId: payee.vendorId,
        taxYear: year,
        formType: type,
        version,
        corrected,
        amounts,
        total,
        recipient,
        issuedAt: now,
        issuedBy: actor.userId,
      });
      audits.push({
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: corrected ? 'vendor.1099_corrected' : 'vendor.1099_issued',
        entityType: 'vendor',
        entityId: payee.vendorId,
        details: { taxYear: year, formType: type, version, total, amounts, ...(before ? { previousTotal: before.total } : {}) },
      });
      result.issued.push({ vendorId: payee.vendorId, name: payee.name, formType: type, version, corrected, total });
    }
  }

  if (rows.length === 0) return result;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(tax1099Forms).values(rows);
      await writeAudits(tx, audits);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tax_1099_forms_version_key')) throw new AppError('CONFLICT', 'These forms were just issued by another request; reload the page');
    throw error;
  }
  return result;
}
