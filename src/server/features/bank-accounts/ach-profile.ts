import { and, eq } from 'drizzle-orm';
import {
  type AchProfile,
  type AchProfileUpdate,
  achProfileFields,
  achProfileRequiredLabels,
  type AchProfileRequiredField,
} from '../../../shared/contracts/ach';
import type { Database } from '../../db/client';
import { achProfiles } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { Actor } from './bank-accounts.service';
import { type BankAccountRow, findBankAccount } from './bank-accounts.queries';

export type AchProfileRow = typeof achProfiles.$inferSelect;

/** Labels of the values an export needs that the profile lacks, in the order the form shows them. */
export function achProfileMissing(profile: Partial<AchProfileRow> | null): string[] {
  const fields = Object.keys(achProfileRequiredLabels) as AchProfileRequiredField[];
  // The entry description has a default; the bank's ids and the company name do not.
  const values = { entryDescription: 'VENDOR PAY', ...profile };
  return fields
    .filter((field) => !values[field]?.trim())
    .map((field) => achProfileRequiredLabels[field]);
}

export async function findAchProfile(db: Database, organizationId: string, bankAccountId: string): Promise<AchProfileRow | null> {
  const [row] = await db
    .select()
    .from(achProfiles)
    .where(and(eq(achProfiles.bankAccountId, bankAccountId), eq(achProfiles.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/** The profile as the API shows it; an account without one reads as the defaults, incomplete. */
export function toAchProfileDto(account: BankAccountRow, profile: AchProfileRow | null): AchProfile {
  const missing = achProfileMissing(profile);
  return {
    bankAccountId: account.id,
    accountName: account.accountName,
    accountLast4: account.accountLast4,
    accountRoutingNumber: account.routingNumber,
    immediateDestination: profile?.immediateDestination ?? null,
    immediateDestinationName: profile?.immediateDestinationName ?? null,
    immediateOrigin: profile?.immediateOrigin ?? null,
    immediateOriginName: profile?.immediateOriginName ?? null,
    companyId: profile?.companyId ?? null,
    companyName: profile?.companyName ?? null,
    entryDescription: profile?.entryDescription ?? 'VENDOR PAY',
    balanced: profile?.balanced ?? false,
    lineEnding: profile?.lineEnding ?? 'crlf',
    settlementMode: profile?.settlementMode ?? 'bank_confirmation',
    settlementDays: profile?.settlementDays ?? 1,
    missing,
    complete: missing.length === 0,
    updatedAt: profile?.updatedAt.toISOString() ?? null,
  };
}

export async function getAchProfile(db: Database, organizationId: string, bankAccountId: string): Promise<AchProfile> {
  const account = await findBankAccount(db, { organizationId, id: bankAccountId });
  if (!account) throw notFound('Bank account');
  return toAchProfileDto(account, await findAchProfile(db, organizationId, bankAccountId));
}


/** Save the bank's ACH values for one account; the change and its audit row land together. */
export async function saveAchProfile(
  db: Database,
  actor: Actor,
  bankAccountId: string,
  input: AchProfileUpdate,
): Promise<AchProfile> {
  return db.transaction(async (tx) => {
    const account = await findBankAccount(tx, { organizationId: actor.organizationId, id: bankAccountId, forUpdate: true });
    if (!account) throw notFound('Bank account');
    const before = await findAchProfile(tx, actor.organizationId, bankAccountId);
    const values = { ...input, updatedBy: actor.userId, updatedAt: new Date() };
    const [row] = await tx
      .insert(achProfiles)
      .values({ bankAccountId, organizationId: actor.organizationId, ...values })
      .onConflictDoUpdate({ target: achProfiles.bankAccountId, set: values })
      .returning();
    if (!row) throw notFound('Bank account');
    const changed = achProfileFields.filter((key) => before?.[key] !== row[key]);
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.ach_profile_updated',
      entityType: 'bank_account',
      entityId: bankAccountId,
      details: {
        changed,
        from: Object.fromEntries(changed.map((key) => [key, before?.[key] ?? null])),
        to: Object.fromEntries(changed.map((key) => [key, row[key]])),
      },
    });
    return toAchProfileDto(account, row);
  });
}
