import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { toDecimal } from '../../../shared/money';
import { achFileExports, vendorAchSettings, vendors } from '../../db/schema';
import type { Database } from '../../db/client';
import { decryptSecret } from '../../platform/encryption';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { AchProfileRow } from '../bank-accounts/ach-profile';
import type { BankAccountRow } from '../bank-accounts/bank-accounts.queries';
import { type NachaEntry, type NachaOrigin, type SecCode, isBlankName } from './nacha';

/**
 * What the run export and the prenote file share: the origin from an account and its ACH
 * profile, a vendor's account as an entry, the pending prenotes, and the day's file ID modifier.
 */

/**
 * PPD (consumer) when the vendor's TIN is a social security number, CCD (corporate) otherwise:
 * vendors are businesses unless their TIN says a person.
 */
export function secCodeFor(tinType: 'ssn' | 'ein' | null): SecCode {
  return tinType === 'ssn' ? 'PPD' : 'CCD';
}

/** File ID modifiers in the order a day's files take them. */
export const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

type VendorRow = typeof vendors.$inferSelect;

export function vendorAccount(key: Buffer, vendor: VendorRow): { routingNumber: string; accountNumber: string } {
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

/** The file's origin: the profile's bank-assigned values and the account the money leaves. */
export function achOrigin(key: Buffer, account: BankAccountRow, profile: AchProfileRow): NachaOrigin {
  return {
    immediateDestination: profile.immediateDestination ?? '',
    immediateDestinationName: profile.immediateDestinationName ?? account.bankName ?? '',
    immediateOrigin: profile.immediateOrigin ?? '',
    immediateOriginName: profile.immediateOriginName ?? profile.companyName ?? '',
    companyId: profile.companyId ?? '',
    companyName: profile.companyName ?? '',
    entryDescription: profile.entryDescription,
    routingNumber: account.routingNumber,
    accountNumber: decryptSecret(key, account.accountNumberEncrypted),
    accountType: account.accountType.includes('savings') ? 'savings' : 'checking',
    balanced: profile.balanced,
    lineEnding: profile.lineEnding,
  };
}

/**
 * Prenotes wanted by the organization's active ACH vendors for the account they now have, locked
 * (unless only read) so two files made at once do not both carry them. A vendor whose account was removed since has
 * nothing to test; the wish waits for new details.
 */
export async function findPendingPrenotes(tx: Database, organizationId: string, options: { lock?: boolean } = {}): Promise<VendorRow[]> {
  const query = tx
    .select({ vendor: vendors })
    .from(vendorAchSettings)
    .innerJoin(vendors, eq(vendors.id, vendorAchSettings.vendorId))
    .where(
      and(
        eq(vendorAchSettings.organizationId, organizationId),
        eq(vendors.organizationId, organizationId),
        eq(vendorAchSettings.prenoteStatus, 'pending'),
        eq(vendors.isActive, true),
        eq(vendors.paymentMethod, 'ach'),
      ),
    )
    .orderBy(asc(vendors.name), asc(vendors.id))
    .$dynamic();
  const rows = options.lock === false ? await query : await query.for('update', { of: vendorAchSettings });
  return rows.map((row) => row.vendor).filter((vendor) => vendor.routingNumber && vendor.accountNumberEncrypted);
}

/** A zero-dollar test entry (23/33) to the vendor's account. */
export function prenoteEntry(key: Buffer, vendor: VendorRow): NachaEntry {
  return {
    ...vendorAccount(key, vendor),
    accountType: 'checking',
    amountCents: 0,
    identification: 'PRENOTE',
    name: vendor.name,
    secCode: secCodeFor(vendor.tinType),
    prenote: true,
  };
}

export interface AchFileRecord {
  organizationId: string;
  paymentRunId: string | null;
  bankAccountId: string;
  fileDate: string;
  entryCount: number;
  prenoteCount: number;
  totalCents: number;
  isRepeat: boolean;
  exportedBy: string;
}

/**
 * Writes the file with the account's next free file ID modifier of the day and records it. Each
 * try is a savepoint: another export from the same account may take the modifier first.
 */
export async function recordAchFile(
  tx: Database,
  file: AchFileRecord,
  build: (modifier: string) => string,
  /** The refusal once A-Z and 0-9 are all taken today, saying when to try again. */
  allTaken: string,
): Promise<{ content: string; modifier: string }> {
  const taken = new Set(
    (
      await tx
        .select({ modifier: achFileExports.fileIdModifier })
        .from(achFileExports)
        .where(and(eq(achFileExports.bankAccountId, file.bankAccountId), eq(achFileExports.fileDate, file.fileDate)))
    ).map((row) => row.modifier),
  );
  for (const modifier of FILE_ID_MODIFIERS) {
    if (taken.has(modifier)) continue;
    const content = build(modifier);
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.insert(achFileExports).values({
          organizationId: file.organizationId,
          paymentRunId: file.paymentRunId,
          bankAccountId: file.bankAccountId,
          fileDate: file.fileDate,
          fileIdModifier: modifier,
          entryCount: file.entryCount,
          prenoteCount: file.prenoteCount,
          totalAmount: toDecimal(file.totalCents),
          contentHash: createHash('sha256').update(content).digest('hex'),
          isRepeat: file.isRepeat,
          exportedBy: file.exportedBy,
        });
      });
      return { content, modifier };
    } catch (error) {
      if (!isUniqueViolation(error, 'ach_file_exports_modifier_key')) throw error;
    }
  }
  throw new AppError('CONFLICT', allTaken);
}
