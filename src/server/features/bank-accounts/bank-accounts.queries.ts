import { and, count, desc, eq, max } from 'drizzle-orm';
import {
  type BankAccount,
  type BankAccountDetail,
  MICRO_DEPOSIT_MAX_ATTEMPTS,
} from '../../../shared/contracts/bank-accounts';
import type { Database } from '../../db/client';
import { bankAccounts, bankStatements } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

export type BankAccountRow = typeof bankAccounts.$inferSelect;


/** Pending micro-deposits past their expiry read as expired even before anyone tries them. */
export function effectiveVerificationStatus(
  row: BankAccountRow,
  now: Date,
): BankAccountRow['verificationStatus'] {
  if (
    row.verificationStatus === 'pending' &&
    row.microDepositsExpireAt &&
    row.microDepositsExpireAt <= now
  )
    return 'expired';
  return row.verificationStatus;
}

/** The account as the API shows it: the last four digits only, never the number or the deposit hash. */
export function toBankAccountDto(row: BankAccountRow, now: Date): BankAccount {
  const status = effectiveVerificationStatus(row, now);
  return {
    id: row.id,
    accountName: row.accountName,
    accountHolderName: row.accountHolderName,
    bankName: row.bankName,
    accountType: row.accountType,
    accountLast4: row.accountLast4,
    routingNumber: row.routingNumber,
    isPrimary: row.isPrimary,
    isVerified: row.isVerified,
    isActive: row.isActive,
    needsMicroDeposits: status === 'pending' && row.needsMicroDeposits,
    achEnabled: row.achEnabled,
    wireEnabled: row.wireEnabled,
    balance: row.balance,
    feedLinked: row.plaidAccountId !== null,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    verificationStatus: status,
    verificationAttemptsLeft:
      status === 'pending' ? Math.max(0, MICRO_DEPOSIT_MAX_ATTEMPTS - row.microDepositAttempts) : 0,
    microDepositsSentAt: row.microDepositsSentAt?.toISOString() ?? null,
    microDepositsExpireAt: row.microDepositsExpireAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Active accounts, primary first, then newest. */
export async function findBankAccounts(
  db: Database,
  params: { organizationId: string; limit: number; offset: number },
) {
  const where = and(
    eq(bankAccounts.organizationId, params.organizationId),
    eq(bankAccounts.isActive, true),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bankAccounts)
      .where(where)
      .orderBy(desc(bankAccounts.isPrimary), desc(bankAccounts.createdAt), desc(bankAccounts.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(bankAccounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One active account of the organization, optionally locked for the rest of the transaction. */
export async function findBankAccount(
  db: Database,
  params: { organizationId: string; id: string; forUpdate?: boolean },
): Promise<BankAccountRow | null> {
  if (!isUuid(params.id)) return null;
  const query = db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, params.id),
        eq(bankAccounts.organizationId, params.organizationId),
        eq(bankAccounts.isActive, true),
      ),
    )
    .limit(1);
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The account with the time of its newest statement (file or feed), for the matching screen's header. */
export async function findBankAccountDetail(
  db: Database,
  params: { organizationId: string; id: string; now: Date },
): Promise<BankAccountDetail | null> {
  const row = await findBankAccount(db, params);
  if (!row) return null;
  const [last] = await db
    .select({ at: max(bankStatements.createdAt) })
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.organizationId, params.organizationId),
        eq(bankStatements.bankAccountId, row.id),
      ),
    );
  return {
    ...toBankAccountDto(row, params.now),
    lastImportAt: last?.at ? new Date(last.at).toISOString() : null,
  };
}
