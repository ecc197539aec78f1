import { and, eq, ne } from 'drizzle-orm';
import { bankAccountTypeLabels, createBankAccountSchema } from '../../../shared/contracts/bank-accounts';
import type { BankingInfoStep, Onboarding, StoredBankingInfo } from '../../../shared/contracts/onboarding';
import { bankAccounts } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createBankAccount, deleteBankAccount, updateBankAccount } from '../bank-accounts/bank-accounts.service';
import type { FirmActor } from './create-client';
import { findOnboardingBankAccount, findOnboardingSteps, stepData } from './onboarding.queries';
import { auditStep, getOnboarding, inOnboarding, nextStep, recordStep } from './onboarding.service';

const refused = (field: string, message: string) => new AppError('VALIDATION', message, { [`bankingInfo.${field}`]: message });

/**
 * Step 4, Banking Setup. An account number creates the client workspace's bank account through
 * the bank module (routing check digit, number encrypted, micro-deposits sent and mailed, its
 * audit row in the workspace) and replaces the account an earlier save created; the step keeps
 * only the last four digits and the account's id. Completing the step needs that account.
 */
export async function saveBankingInfo(deps: AppDeps, actor: FirmActor, clientId: string, body: BankingInfoStep): Promise<Onboarding> {
  const now = deps.now();
  const { bankingInfo: info, complete } = body;
  await inOnboarding(deps, actor, clientId, async (tx, open) => {
    const workspaceId = open.customer.clientOrganizationId;
    if (!workspaceId) throw new AppError('CONFLICT', 'This client has no workspace');
    const steps = await findOnboardingSteps(tx, open.workflow.id);
    const saved = stepData(4, steps.find((step) => step.stepNumber === 4)?.data ?? {}).bankingInfo as StoredBankingInfo;
    let account = await findOnboardingBankAccount(tx, workspaceId, saved.bankAccountId);
    // The bank module's services run inside this transaction (a transaction is a database too).
    const inside = { ...deps, db: tx };
    const workspaceActor = { organizationId: workspaceId, userId: actor.userId };

    if (info.accountNumber && info.accountNumber.trim() !== '') {
      const [otherPrimary] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.organizationId, workspaceId), eq(bankAccounts.isPrimary, true), eq(bankAccounts.isActive, true), ...(account ? [ne(bankAccounts.id, account.id)] : [])))
        .limit(1);
      const parsed = createBankAccountSchema.safeParse({
        accountName: `${info.bankName} ${bankAccountTypeLabels[info.accountType]}`.slice(0, 100),
        accountHolderName: open.customer.name.slice(0, 100),
        bankName: info.bankName,
        accountType: info.accountType,
        accountNumber: info.accountNumber,
        routingNumber: info.routingNumber,
        // The onboarding's account becomes the workspace's primary unless it already has another.
        isPrimary: !otherPrimary,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw refused(String(issue?.path[0] ?? 'accountNumber'), issue?.message ?? 'Invalid bank account');
      }
      const previous = account;
      const created = await createBankAccount(inside, workspaceActor, parsed.data);
      if (previous) await deleteBankAccount(inside, workspaceActor, previous.id);
      account = await findOnboardingBankAccount(tx, workspaceId, created.id);
    } else if (complete) {
      if (!account) throw refused('accountNumber', 'Account number is required');
      if (account.routingNumber !== info.routingNumber || account.accountType !== info.accountType) {
        throw refused('accountNumber', 'Enter the account number again to change the bank account');
      }
      if ((account.bankName ?? '') !== info.bankName) await updateBankAccount(inside, workspaceActor, account.id, { bankName: info.bankName });
    }

    const data: { bankingInfo: StoredBankingInfo } = {
      bankingInfo: {
        bankName: info.bankName,
        accountType: info.accountType,
        routingNumber: info.routingNumber,
        accountLast4: account?.accountLast4 ?? '',
        bankAccountId: account?.id ?? '',
      },
    };
    await recordStep(tx, open, { number: 4, data, completed: complete, currentStep: nextStep(4, complete) }, actor, now);
    await auditStep(tx, actor, open, complete ? 'onboarding.step_completed' : 'onboarding.step_saved', {
      step: 4,
      bankName: info.bankName,
      accountType: info.accountType,
      bankAccountId: data.bankingInfo.bankAccountId || null,
      accountLast4: data.bankingInfo.accountLast4 || null,
    });
  });
  return getOnboarding(deps.db, actor, clientId);
}
