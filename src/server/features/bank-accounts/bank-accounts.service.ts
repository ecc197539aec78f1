import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type {
  BankAccount,
  CreateBankAccount,
  UpdateBankAccount,
} from '../../../shared/contracts/bank-accounts';
import type { Database } from '../../db/client';
import { bankAccounts, organizations, payments, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { encryptSecret, lastFour } from '../../platform/encryption';
import { AppError, notFound } from '../../platform/errors';
import { findBankAccount, toBankAccountDto } from './bank-accounts.queries';
import { microDepositNotice } from './micro-deposit-notice';
import { organizationTimeZone } from '../../platform/calendar';
import { drawMicroDeposits, hashMicroDeposits } from './micro-deposits';

export interface Actor {
  organizationId: string;
  userId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const MICRO_DEPOSIT_VALID_MS = 14 * DAY_MS;

/**
 * Makes `accountId` the only primary account. The organization row is locked first, so two
 * requests changing the primary account run one after the other instead of racing on the index.
 */
async function clearOtherPrimary(
  tx: Database,
  organizationId: string,
  accountId: string,
): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  await tx
    .update(bankAccounts)
    .set({ isPrimary: false, updatedAt: new Date() })
    .where(
      and(
        eq(bankAccounts.organizationId, organizationId),
        eq(bankAccounts.isPrimary, true),
        ne(bankAccounts.id, accountId),
      ),
    );
}

/**
 * Adds an account and starts its micro-deposit verification: two amounts drawn here, kept only
 * as a hash, and mailed to the user as the bank's notice (no bank-data provider is reachable).
 * The mail goes out inside the transaction, so an account never exists without its notice.
 */
export async function createBankAccount(
  deps: AppDeps,
  actor: Actor,
  input: CreateBankAccount,
): Promise<BankAccount> {
  const now = deps.now();
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw notFound('User');
  const id = randomUUID();
  const [first, second] = drawMicroDeposits();
  const expiresAt = new Date(now.getTime() + MICRO_DEPOSIT_VALID_MS);
  const accountLast4 = lastFour(input.accountNumber);
  const isPrimary = input.isPrimary ?? false;
  const row = await deps.db.transaction(async (tx) => {
    if (isPrimary) await clearOtherPrimary(tx, actor.organizationId, id);
    const [inserted] = await tx
      .insert(bankAccounts)
      .values({
        id,
        organizationId: actor.organizationId,
        userId: actor.userId,
        accountName: input.accountName,
        accountHolderName: input.accountHolderName,
        bankName: input.bankName || null,
        accountType: input.accountType,
        accountNumberEncrypted: encryptSecret(deps.config.encryptionKey, input.accountNumber),
        accountLast4,
        routingNumber: input.routingNumber,
        isPrimary,
        needsMicroDeposits: true,
        achEnabled: true,
        // Wires go out of checking accounts only (banks restrict transfers out of savings).
        wireEnabled: input.accountType === 'checking' || input.accountType === 'business_checking',
        verificationStatus: 'pending',
        microDepositHash: hashMicroDeposits(deps.config.encryptionKey, id, first, second),
        microDepositsSentAt: now,
        microDepositsExpireAt: expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('bank account insert returned nothing');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.created',
      entityType: 'bank_account',
      entityId: id,
      details: {
        accountLast4,
        routingNumber: input.routingNumber,
        isPrimary,
        microDepositsExpireAt: expiresAt.toISOString(),
      },
    });
    await deps.mail.send(
      microDepositNotice({
        to: user.email,
        account: inserted,
        amounts: [first, second],
        expiresAt,
        timeZone: await organizationTimeZone(tx, actor.organizationId),
      }),
    );
    return inserted;
  });
  return toBankAccountDto(row, now);
}

export async function updateBankAccount(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: UpdateBankAccount,
): Promise<BankAccount> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await findBankAccount(tx, {
      organizationId: actor.organizationId,
      id,
      forUpdate: true,
    });
    if (!current) throw notFound('Bank account');
    if (input.isPrimary === true && !current.isPrimary)
      await clearOtherPrimary(tx, actor.organizationId, id);
    const changes = {
      ...(input.accountName !== undefined && { accountName: input.accountName }),
      ...(input.bankName !== undefined && { bankName: input.bankName || null }),
      ...(input.isPrimary !== undefined && { isPrimary: input.isPrimary }),
    };
    const [updated] = await tx
      .update(bankAccounts)
      .set({ ...changes, updatedAt: now })
      .where(eq(bankAccounts.id, id))
      .returning();
    if (!updated) throw notFound('Bank account');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.updated',
      entityType: 'bank_account',
      entityId: id,
      details: changes,
    });
    return updated;
  });
  return toBankAccountDto(row, now);
}

/**
 * Removes an account from use. The row stays (inactive) because payment runs drawn from it keep
 * it as their origin; an account with payments still to go out cannot be removed.
 */
export async function deleteBankAccount(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await findBankAccount(tx, {
      organizationId: actor.organizationId,
      id,
      forUpdate: true,
    });
    if (!current) throw notFound('Bank account');
    const [open] = await tx
      .select({ n: count() })
      .from(payments)
      .where(
        and(
          eq(payments.organizationId, actor.organizationId),
          eq(payments.bankAccountId, id),
          inArray(payments.status, ['pending', 'processing', 'sent']),
        ),
      );
    if ((open?.n ?? 0) > 0) {
      throw new AppError(
        'CONFLICT',
        'This bank account has scheduled payments. They must be paid before the account can be removed.',
      );
    }
    await tx
      .update(bankAccounts)
      .set({
        isActive: false,
        isPrimary: false,
        needsMicroDeposits: false,
        microDepositHash: null,
        updatedAt: deps.now(),
      })
      .where(eq(bankAccounts.id, id));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.removed',
      entityType: 'bank_account',
      entityId: id,
      details: { accountLast4: current.accountLast4 },
    });
  });
}
