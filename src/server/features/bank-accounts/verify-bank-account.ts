import { eq } from 'drizzle-orm';
import {
  type BankAccount,
  MICRO_DEPOSIT_MAX_ATTEMPTS,
} from '../../../shared/contracts/bank-accounts';
import type { Cents } from '../../../shared/money';
import { bankAccounts } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import {
  effectiveVerificationStatus,
  findBankAccount,
  toBankAccountDto,
} from './bank-accounts.queries';
import type { Actor } from './bank-accounts.service';
import { microDepositsMatch } from './micro-deposits';

const READD = 'Remove this bank account and add it again.';

type Outcome =
  | { kind: 'verified'; account: BankAccount }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'expired' }
  | { kind: 'exhausted' };

function outOfRange(cents: Cents): boolean {
  return cents < 1 || cents > 99;
}

/**
 * Checks the two amounts, in either order. A wrong pair costs one of 3 attempts; the attempt is
 * committed before the 400 goes out, so concurrent guesses each count. Past 14 days, or after
 * the third wrong pair, the verification is void and the account has to be added again.
 */
export async function verifyBankAccount(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: { microDeposit1: Cents; microDeposit2: Cents },
): Promise<BankAccount> {
  const fields: Record<string, string> = {};
  if (outOfRange(input.microDeposit1))
    fields.microDeposit1 = 'Micro-deposits are between 0.01 and 0.99';
  if (outOfRange(input.microDeposit2))
    fields.microDeposit2 = 'Micro-deposits are between 0.01 and 0.99';
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION', 'Micro-deposits are between 0.01 and 0.99', fields);

  const now = deps.now();
  const audit = (action: string, details: Record<string, unknown>) => ({
    organizationId: actor.organizationId,
    userId: actor.userId,
    action,
    entityType: 'bank_account',
    entityId: id,
    details,
  });

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const row = await findBankAccount(tx, {
      organizationId: actor.organizationId,
      id,
      forUpdate: true,
    });
    if (!row) throw notFound('Bank account');
    if (row.isVerified) throw new AppError('CONFLICT', 'This bank account is already verified');
    const status = effectiveVerificationStatus(row, now);
    if (status === 'expired') {
      if (row.verificationStatus === 'pending') {
        await tx
          .update(bankAccounts)
          .set({
            verificationStatus: 'expired',
            needsMicroDeposits: false,
            microDepositHash: null,
            updatedAt: now,
          })
          .where(eq(bankAccounts.id, id));
        await writeAudit(tx, audit('bank_account.verification_expired', {}));
      }
      return { kind: 'expired' };
    }
    if (status !== 'pending' || !row.microDepositHash) return { kind: 'exhausted' };

    if (
      microDepositsMatch(
        deps.config.encryptionKey,
        id,
        row.microDepositHash,
        input.microDeposit1,
        input.microDeposit2,
      )
    ) {
      const [verified] = await tx
        .update(bankAccounts)
        .set({
          isVerified: true,
          verificationStatus: 'verified',
          needsMicroDeposits: false,
          microDepositHash: null,
          verifiedAt: now,
          updatedAt: now,
        })
        .where(eq(bankAccounts.id, id))
        .returning();
      if (!verified) throw notFound('Bank account');
      await writeAudit(
        tx,
        audit('bank_account.verified', {
          method: 'micro_deposits',
          attempt: row.microDepositAttempts + 1,
        }),
      );
      return { kind: 'verified', account: toBankAccountDto(verified, now) };
    }

    const attempts = row.microDepositAttempts + 1;
    const exhausted = attempts >= MICRO_DEPOSIT_MAX_ATTEMPTS;
    await tx
      .update(bankAccounts)
      .set({
        microDepositAttempts: attempts,
        updatedAt: now,
        ...(exhausted && {
          verificationStatus: 'failed' as const,
          needsMicroDeposits: false,
          microDepositHash: null,
        }),
      })
      .where(eq(bankAccounts.id, id));
    await writeAudit(
      tx,
      audit(
        exhausted ? 'bank_account.verification_failed' : 'bank_account.verification_attempt_failed',
        { attempts },
      ),
    );
    return { kind: 'wrong', attemptsLeft: MICRO_DEPOSIT_MAX_ATTEMPTS - attempts };
  });

  switch (outcome.kind) {
    case 'verified':
      return outcome.account;
    case 'wrong':
      if (outcome.attemptsLeft > 0) {
        const plural = outcome.attemptsLeft === 1 ? 'attempt' : 'attempts';
        throw new AppError(
          'BAD_REQUEST',
          `Verification failed: the amounts do not match. ${outcome.attemptsLeft} ${plural} left.`,
        );
      }
      throw new AppError(
        'BAD_REQUEST',
        `Verification failed: the amounts do not match and no attempts are left. ${READD}`,
      );
    case 'expired':
      throw new AppError(
        'BAD_REQUEST',
        `Verification failed: the micro-deposits expired 14 days after they were sent. ${READD}`,
      );
    case 'exhausted':
      throw new AppError('BAD_REQUEST', `Verification failed: no attempts are left. ${READD}`);
  }
}
