import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import { bankAccounts, bills, payments, paymentRuns, vendorAchSettings, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationToday } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { achProfileMissing, findAchProfile } from '../bank-accounts/ach-profile';
import type { Actor } from '../bank-accounts/bank-accounts.service';
import {
  FILE_ID_MODIFIERS,
  achOrigin,
  findPendingPrenotes,
  prenoteEntry,
  recordAchFile,
  secCodeFor,
  vendorAccount,
} from './ach-file';
import { ADDENDA_INFO_LENGTH, type NachaEntry, buildNachaFile } from './nacha';
import { findAchExports } from './ach-exports.queries';
import { findPaymentRun } from './payment-runs.queries';
import { assertPrenotesSettled } from './prenote-wait';


/** "INV-1, INV-2" as the 05 addenda's payment-related information (80 characters). */
export function remittanceInfo(billNumbers: string[]): string {
  const text = `BILLS ${billNumbers.join(', ')}`;
  return text.length <= ADDENDA_INFO_LENGTH ? text : `${text.slice(0, ADDENDA_INFO_LENGTH - 3)}...`;
}

export interface NachaExport {
  fileName: string;
  content: string;
  fileIdModifier: string;
  isRepeat: boolean;
}

/**
 * The ACH payments of one run (not failed ones) as a NACHA file from the run's bank account and
 * its ACH profile, with other vendors' pending prenotes; refused while a paid vendor's prenote
 * has not had its three banking days. One transaction takes the day's next file ID modifier,
 * records the export, marks pending payments sent and prenotes sent, and writes the audit row. A
 * run exported before is refused unless the caller confirms the repeat.
 */
export async function exportNachaFile(
  deps: AppDeps,
  actor: Actor,
  runId: string,
  options: { confirmRepeat?: boolean } = {},
): Promise<NachaExport> {
  return deps.db.transaction(async (tx) => {
    const found = await findPaymentRun(tx, actor.organizationId, runId);
    if (!found) throw notFound('Payment run');
    if (found.method !== 'ach') throw new AppError('CONFLICT', 'Only ACH payment runs have a NACHA file');
    // One export of a run at a time: the second waits, then sees the first.
    await tx.select({ id: paymentRuns.id }).from(paymentRuns).where(eq(paymentRuns.id, found.id)).for('update');
    const run = found;

    const [account] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, run.bankAccountId), eq(bankAccounts.organizationId, actor.organizationId)));
    if (!account) throw notFound('Bank account');
    const profile = await findAchProfile(tx, actor.organizationId, account.id);
    const missing = achProfileMissing(profile);
    if (!profile || missing.length > 0) {
      throw new AppError('ACH_PROFILE_INCOMPLETE', `Complete the ACH settings of ${account.accountName}: ${missing.join(', ')}`);
    }

    const [previous] = await findAchExports(tx, actor.organizationId, run.id, { limit: 1 });
    if (previous && !options.confirmRepeat) {
      throw new AppError(
        'ACH_ALREADY_EXPORTED',
        `This run's ACH file was already exported on ${previous.fileDate} by ${previous.exportedByName ?? 'someone no longer in this organization'} (file modifier ${previous.fileIdModifier}). Uploading both files would pay these vendors twice.`,
      );
    }

    const rows = await tx
      .select({ payment: payments, billNumber: bills.billNumber, vendor: vendors })
      .from(payments)
      .innerJoin(bills, eq(bills.id, payments.referenceId))
      .innerJoin(vendors, eq(vendors.id, bills.vendorId))
      .where(
        and(
          eq(payments.paymentRunId, run.id),
          eq(payments.organizationId, actor.organizationId),
          eq(payments.method, 'ach'),
          ne(payments.status, 'failed'),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id));
    if (rows.length === 0) throw new AppError('CONFLICT', 'This payment run has no ACH payments to send');

    const key = deps.config.encryptionKey;
    const vendorIds = [...new Set(rows.map((row) => row.vendor.id))];
    const remittance = new Set(
      (
        await tx
          .select({ vendorId: vendorAchSettings.vendorId })
          .from(vendorAchSettings)
          .where(
            and(
              eq(vendorAchSettings.organizationId, actor.organizationId),
              inArray(vendorAchSettings.vendorId, vendorIds),
              eq(vendorAchSettings.remittanceAddenda, true),
            ),
          )
      ).map((row) => row.vendorId),
    );
    const entries: NachaEntry[] = rows.map(({ payment, billNumber, vendor }) => ({
      ...vendorAccount(key, vendor),
      // Vendors record no account type; business payees are paid into checking.
      accountType: 'checking',
      amountCents: centsFromDecimal(payment.amount),
      identification: billNumber,
      name: vendor.name,
      secCode: secCodeFor(vendor.tinType),
      addenda: remittance.has(vendor.id) ? remittanceInfo([billNumber]) : undefined,
    }));

    // Live entries to a vendor wait three banking days after its prenote settles.
    const liveVendors = [...new Map(rows.map(({ vendor }) => [vendor.id, vendor])).values()];
    await assertPrenotesSettled(tx, actor.organizationId, liveVendors, run.scheduledDate);
    // Other vendors' pending prenotes ride along.
    const testable = await findPendingPrenotes(tx, actor.organizationId);
    for (const vendor of testable) entries.push(prenoteEntry(key, vendor));

    const now = deps.now();
    const fileDate = await organizationToday(tx, actor.organizationId, now);
    const totalCents = sumCents(entries.map((entry) => (entry.prenote ? 0 : entry.amountCents)));
    const origin = achOrigin(key, account, profile);
    const made = await recordAchFile(
      tx,
      {
        organizationId: actor.organizationId,
        paymentRunId: run.id,
        bankAccountId: account.id,
        fileDate,
        entryCount: rows.length,
        prenoteCount: testable.length,
        totalCents,
        isRepeat: previous !== undefined,
        exportedBy: actor.userId,
      },
      (modifier) => buildNachaFile({ origin, entries, effectiveDate: run.scheduledDate, createdAt: now, fileIdModifier: modifier }),
      `${account.accountName} has made ${FILE_ID_MODIFIERS.length} ACH files today (modifiers A-Z and 0-9). Export this run tomorrow.`,
    );

    await tx
      .update(payments)
      .set({ status: 'sent', sentAt: now })
      .where(
        and(
          eq(payments.paymentRunId, run.id),
          eq(payments.organizationId, actor.organizationId),
          eq(payments.method, 'ach'),
          eq(payments.status, 'pending'),
        ),
      );
    if (testable.length > 0) {
      await tx
        .update(vendorAchSettings)
        // The prenote's effective date: its settlement starts the three-banking-day wait.
        .set({ prenoteStatus: 'sent', prenoteSentOn: run.scheduledDate, updatedAt: now })
        .where(
          and(
            eq(vendorAchSettings.organizationId, actor.organizationId),
            inArray(
              vendorAchSettings.vendorId,
              testable.map((vendor) => vendor.id),
            ),
          ),
        );
    }
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: previous ? 'payment_run.nacha_reexported' : 'payment_run.nacha_exported',
      entityType: 'payment_run',
      entityId: run.id,
      details: {
        entries: rows.length,
        prenotes: testable.map((vendor) => vendor.id),
        total: toDecimal(totalCents),
        fileDate,
        fileIdModifier: made.modifier,
        exportedBy: actor.userId,
        ...(previous ? { repeatOf: previous.fileIdModifier, firstExportedOn: previous.fileDate } : {}),
      },
    });
    return {
      fileName: `payment-run-${run.scheduledDate}-${run.id.slice(0, 8)}-${made.modifier}.ach.txt`,
      content: made.content,
      fileIdModifier: made.modifier,
      isRepeat: previous !== undefined,
    };
  });
}
