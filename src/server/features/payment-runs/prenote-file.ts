import { and, eq, inArray } from 'drizzle-orm';
import { addBankingDays } from '../../../shared/calendar';
import type { PendingPrenotes } from '../../../shared/contracts/ach';
import { vendorAchSettings } from '../../db/schema';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { organizationToday } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { achProfileMissing, findAchProfile } from '../bank-accounts/ach-profile';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import type { Actor } from '../bank-accounts/bank-accounts.service';
import { FILE_ID_MODIFIERS, achOrigin, findPendingPrenotes, prenoteEntry, recordAchFile } from './ach-file';
import { buildNachaFile } from './nacha';

export interface PrenoteFile {
  fileName: string;
  content: string;
  fileIdModifier: string;
  effectiveDate: string;
  vendorCount: number;
}

/** The vendors a prenote file from this account would test now (the organization's, not the account's). */
export async function findPendingPrenoteVendors(db: Database, organizationId: string, bankAccountId: string): Promise<PendingPrenotes> {
  const account = await findBankAccount(db, { organizationId, id: bankAccountId });
  if (!account) throw notFound('Bank account');
  const vendors = await findPendingPrenotes(db, organizationId, { lock: false });
  return { count: vendors.length, vendors: vendors.map((vendor) => ({ id: vendor.id, name: vendor.name })) };
}

/**
 * Every pending prenote of the organization as a file of zero-dollar entries from this account,
 * effective the next banking day, so live payments need not carry them (NACHA 2.6.3: live entries
 * wait three banking days after the prenote settles). One transaction takes the day's file ID
 * modifier, records the file, marks the prenotes sent on the effective date and audits.
 */
export async function exportPrenoteFile(deps: AppDeps, actor: Actor, bankAccountId: string): Promise<PrenoteFile> {
  return deps.db.transaction(async (tx) => {
    const account = await findBankAccount(tx, { organizationId: actor.organizationId, id: bankAccountId });
    if (!account) throw notFound('Bank account');
    const profile = await findAchProfile(tx, actor.organizationId, account.id);
    const missing = achProfileMissing(profile);
    if (!profile || missing.length > 0) {
      throw new AppError('ACH_PROFILE_INCOMPLETE', `Complete the ACH settings of ${account.accountName}: ${missing.join(', ')}`);
    }

    const vendors = await findPendingPrenotes(tx, actor.organizationId);
    if (vendors.length === 0) throw new AppError('CONFLICT', 'No vendor is waiting for a prenote');
    const key = deps.config.encryptionKey;
    const entries = vendors.map((vendor) => prenoteEntry(key, vendor));

    const now = deps.now();
    const fileDate = await organizationToday(tx, actor.organizationId, now);
    const effectiveDate = addBankingDays(fileDate, 1);
    const origin = achOrigin(key, account, profile);
    const made = await recordAchFile(
      tx,
      {
        organizationId: actor.organizationId,
        paymentRunId: null,
        bankAccountId: account.id,
        fileDate,
        entryCount: 0,
        prenoteCount: vendors.length,
        totalCents: 0,
        isRepeat: false,
        exportedBy: actor.userId,
      },
      (modifier) => buildNachaFile({ origin, entries, effectiveDate, createdAt: now, fileIdModifier: modifier }),
      `${account.accountName} has made ${FILE_ID_MODIFIERS.length} ACH files today (modifiers A-Z and 0-9). Make the prenote file tomorrow.`,
    );

    const vendorIds = vendors.map((vendor) => vendor.id);
    await tx
      .update(vendorAchSettings)
      .set({ prenoteStatus: 'sent', prenoteSentOn: effectiveDate, updatedAt: now })
      .where(and(eq(vendorAchSettings.organizationId, actor.organizationId), inArray(vendorAchSettings.vendorId, vendorIds)));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.ach_prenotes_exported',
      entityType: 'bank_account',
      entityId: account.id,
      details: { prenotes: vendorIds, effectiveDate, fileDate, fileIdModifier: made.modifier, exportedBy: actor.userId },
    });
    return {
      fileName: `prenotes-${effectiveDate}-${made.modifier}.ach.txt`,
      content: made.content,
      fileIdModifier: made.modifier,
      effectiveDate,
      vendorCount: vendors.length,
    };
  });
}
