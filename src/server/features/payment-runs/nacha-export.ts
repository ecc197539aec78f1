import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import { achFileExports, bankAccounts, bills, payments, paymentRuns, users, vendorAchSettings, vendors } from '../../db/schema';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { organizationToday } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { decryptSecret } from '../../platform/encryption';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { achProfileMissing, findAchProfile } from '../bank-accounts/ach-profile';
import type { Actor } from '../bank-accounts/bank-accounts.service';
import { ADDENDA_INFO_LENGTH, type NachaEntry, type SecCode, buildNachaFile, isBlankName } from './nacha';
import { findPaymentRun } from './payment-runs.queries';

/**
 * PPD (consumer) when the vendor's TIN is a social security number, CCD (corporate) otherwise:
 * vendors are businesses unless their TIN says a person.
 */
export function secCodeFor(tinType: 'ssn' | 'ein' | null): SecCode {
  return tinType === 'ssn' ? 'PPD' : 'CCD';
}

/** File ID modifiers in the order a day's files take them. */
export const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

/** "INV-1, INV-2" as the 05 addenda's payment-related information (80 characters). */
export function remittanceInfo(billNumbers: string[]): string {
  const text = `BILLS ${billNumbers.join(', ')}`;
  return text.length <= ADDENDA_INFO_LENGTH ? text : `${text.slice(0, ADDENDA_INFO_LENGTH - 3)}...`;
}

type VendorRow = typeof vendors.$inferSelect;

function vendorAccount(key: Buffer, vendor: VendorRow): { routingNumber: string; accountNumber: string } {
  if (!vendor.accountNumberEncrypted || !vendor.routingNumber) {
    throw new AppError('CONFLICT', `Vendor ${vendor.name} has no bank account details for ACH payments`);
  }
  if (isBlankName(vendor.name)) {
    throw new AppError(
      'CONFLICT',
      `Vendor "${vendor.name}" has no name a bank can read (letters or digits). Edit the vendor's name before exporting.`,
    );
  }
  return { routingNumber: vendor.routingNumber, accountNumber: decryptSecret(key, vendor.accountNumberEncrypted) };
}

const personName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.username}, 'someone')`;

async function lastExport(db: Database, organizationId: string, runId: string) {
  const [row] = await db
    .select({ file: achFileExports, name: personName })
    .from(achFileExports)
    .leftJoin(users, eq(users.id, achFileExports.exportedBy))
    .where(and(eq(achFileExports.organizationId, organizationId), eq(achFileExports.paymentRunId, runId)))
    .orderBy(desc(achFileExports.createdAt), desc(achFileExports.id))
    .limit(1);
  return row ?? null;
}

export interface NachaExport {
  fileName: string;
  content: string;
  fileIdModifier: string;
  isRepeat: boolean;
}

/**
 * The ACH payments of one run (not failed ones) as a NACHA file from the run's bank account and
 * its ACH profile, with pending prenotes. One transaction takes the day's next file ID modifier,
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

    const previous = await lastExport(tx, actor.organizationId, run.id);
    if (previous && !options.confirmRepeat) {
      throw new AppError(
        'ACH_ALREADY_EXPORTED',
        `This run's ACH file was already exported on ${previous.file.fileDate} by ${previous.name} (file modifier ${previous.file.fileIdModifier}). Uploading both files would pay these vendors twice.`,
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

    // Prenotes wanted by the organization's active ACH vendors, for the account they now have.
    const prenotes = await tx
      .select({ vendor: vendors, settings: vendorAchSettings })
      .from(vendorAchSettings)
      .innerJoin(vendors, eq(vendors.id, vendorAchSettings.vendorId))
      .where(
        and(
          eq(vendorAchSettings.organizationId, actor.organizationId),
          eq(vendors.organizationId, actor.organizationId),
          eq(vendorAchSettings.prenoteStatus, 'pending'),
          eq(vendors.isActive, true),
          eq(vendors.paymentMethod, 'ach'),
        ),
      )
      .orderBy(asc(vendors.name), asc(vendors.id));
    // A vendor whose account was removed since has nothing to test; the wish waits for new details.
    const testable = prenotes.filter(({ vendor }) => vendor.routingNumber && vendor.accountNumberEncrypted);
    for (const { vendor } of testable) {
      entries.push({
        ...vendorAccount(key, vendor),
        accountType: 'checking',
        amountCents: 0,
        identification: 'PRENOTE',
        name: vendor.name,
        secCode: secCodeFor(vendor.tinType),
        prenote: true,
      });
    }

    const now = deps.now();
    const fileDate = await organizationToday(tx, actor.organizationId, now);
    const totalCents = sumCents(entries.map((entry) => (entry.prenote ? 0 : entry.amountCents)));
    const origin = {
      immediateDestination: profile.immediateDestination ?? '',
      immediateDestinationName: profile.immediateDestinationName ?? account.bankName ?? '',
      immediateOrigin: profile.immediateOrigin ?? '',
      immediateOriginName: profile.immediateOriginName ?? profile.companyName ?? '',
      companyId: profile.companyId ?? '',
      companyName: profile.companyName ?? '',
      entryDescription: profile.entryDescription,
      routingNumber: account.routingNumber,
      accountNumber: decryptSecret(key, account.accountNumberEncrypted),
      accountType: account.accountType.includes('savings') ? ('savings' as const) : ('checking' as const),
      balanced: profile.balanced,
      lineEnding: profile.lineEnding,
    };

    const taken = new Set(
      (
        await tx
          .select({ modifier: achFileExports.fileIdModifier })
          .from(achFileExports)
          .where(and(eq(achFileExports.bankAccountId, account.id), eq(achFileExports.fileDate, fileDate)))
      ).map((row) => row.modifier),
    );
    let made: { content: string; modifier: string } | null = null;
    for (const modifier of FILE_ID_MODIFIERS) {
      if (taken.has(modifier)) continue;
      const content = buildNachaFile({ origin, entries, effectiveDate: run.scheduledDate, createdAt: now, fileIdModifier: modifier });
      try {
        // A savepoint: another export from the same account may take this modifier first.
        await tx.transaction(async (savepoint) => {
          await savepoint.insert(achFileExports).values({
            organizationId: actor.organizationId,
            paymentRunId: run.id,
            bankAccountId: account.id,
            fileDate,
            fileIdModifier: modifier,
            entryCount: rows.length,
            prenoteCount: testable.length,
            totalAmount: toDecimal(totalCents),
            contentHash: createHash('sha256').update(content).digest('hex'),
            isRepeat: previous !== null,
            exportedBy: actor.userId,
          });
        });
        made = { content, modifier };
        break;
      } catch (error) {
        if (!isUniqueViolation(error, 'ach_file_exports_modifier_key')) throw error;
      }
    }
    if (!made) {
      throw new AppError(
        'CONFLICT',
        `${account.accountName} has made ${FILE_ID_MODIFIERS.length} ACH files today (modifiers A-Z and 0-9). Export this run tomorrow.`,
      );
    }

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
        .set({ prenoteStatus: 'sent', prenoteSentOn: fileDate, updatedAt: now })
        .where(
          and(
            eq(vendorAchSettings.organizationId, actor.organizationId),
            inArray(
              vendorAchSettings.vendorId,
              testable.map((row) => row.vendor.id),
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
        prenotes: testable.map((row) => row.vendor.id),
        total: toDecimal(totalCents),
        fileDate,
        fileIdModifier: made.modifier,
        exportedBy: actor.userId,
        ...(previous ? { repeatOf: previous.file.fileIdModifier, firstExportedOn: previous.file.fileDate } : {}),
      },
    });
    return {
      fileName: `payment-run-${run.scheduledDate}-${run.id.slice(0, 8)}-${made.modifier}.ach.txt`,
      content: made.content,
      fileIdModifier: made.modifier,
      isRepeat: previous !== null,
    };
  });
}
