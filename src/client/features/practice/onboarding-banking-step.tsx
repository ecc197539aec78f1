import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Landmark } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField, labelledOptions } from '@/components/ui/select-field';
import { type BankingInfoStep, type BankingInfoStepInput, bankingInfoStepSchema, onboardingAccountTypes, onboardingDefaults, stepValues } from '@shared/contracts/onboarding';
import { accountTypeLabels } from './practice-labels';
import { type StepProps, StepFooter, savedData, useStepForm } from './onboarding-step-shell';

const fields = ['bankingInfo.bankName', 'bankingInfo.accountType', 'bankingInfo.routingNumber', 'bankingInfo.accountNumber'] as const;

/** A draft keeps the bank details but never the account number (typed again to create the account). */
const withoutAccountNumber = (values: BankingInfoStepInput) => ({ ...values, bankingInfo: { ...values.bankingInfo, accountNumber: undefined } });

const verificationText: Record<string, string> = {
  pending: 'micro-deposits sent, verification pending',
  verified: 'verified',
  failed: 'verification failed',
  expired: 'micro-deposits expired',
};

/**
 * Step 4, Banking Setup: ACH payment configuration. The account number is typed masked, sent once
 * to create the client's bank account, and never kept in the form's draft.
 */
export function BankingStepForm(props: StepProps) {
  const saved = stepValues(onboardingDefaults.bankingInfo, savedData(props.onboarding, 4).bankingInfo);
  const account = props.onboarding.bankAccount;
  const form = useForm<BankingInfoStepInput, unknown, BankingInfoStep>({
    resolver: zodResolver(bankingInfoStepSchema),
    defaultValues: {
      bankingInfo: { bankName: saved.bankName, accountType: saved.accountType, routingNumber: saved.routingNumber, accountNumber: '' },
      complete: true,
    },
  });
  const complete = useStepForm(props, 4, form, fields, withoutAccountNumber);
  const { register, control, formState } = form;
  const errors = formState.errors.bankingInfo;

  return (
    <form noValidate onSubmit={form.handleSubmit(() => complete())}>
      {account && (
        <p className="mb-4 flex items-center gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900" data-testid="onboarding-bank-account">
          <Landmark className="size-4 shrink-0" aria-hidden="true" />
          Bank account ending in {account.accountLast4} added: {verificationText[account.verificationStatus] ?? account.verificationStatus}.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Bank name" required error={errors?.bankName?.message}>
          <Input {...register('bankingInfo.bankName')} />
        </Field>
        <SelectField
          control={control}
          name="bankingInfo.accountType"
          label="Account type"
          required
          error={errors?.accountType?.message}
          options={labelledOptions(onboardingAccountTypes, accountTypeLabels)}
        />
        <Field label="Routing number" required error={errors?.routingNumber?.message}>
          <Input {...register('bankingInfo.routingNumber')} inputMode="numeric" maxLength={9} autoComplete="off" placeholder="123456789" />
        </Field>
        <Field
          label="Account number"
          required={!account}
          error={errors?.accountNumber?.message}
          description={account ? `Leave blank to keep the account ending in ${account.accountLast4}` : undefined}
        >
          <Input type="password" {...register('bankingInfo.accountNumber')} inputMode="numeric" autoComplete="off" placeholder="••••••••••" />
        </Field>
      </div>
      <p className="mt-4 flex items-start gap-2 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Two small deposits are sent to this account to verify it; micro-deposit verification typically takes 1-2 business days.
      </p>
      <StepFooter step={4} onPrevious={props.onPrevious} submitting={formState.isSubmitting} />
    </form>
  );
}
