import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { MoneyInput } from '@/components/ui/money-input';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  type BankAccount,
  type VerifyMicroDepositsInput,
  verifyMicroDepositsSchema,
} from '@shared/contracts/bank-accounts';
import { type Cents, toDecimal } from '@shared/money';
import { useVerifyBankAccount } from './api';

type Output = { microDeposit1: Cents; microDeposit2: Cents };
const empty = { microDeposit1: '', microDeposit2: '' };

export function VerifyMicroDepositsDialog({
  account,
  onOpenChange,
}: {
  account: BankAccount | null;
  onOpenChange: (open: boolean) => void;
}) {
  const verify = useVerifyBankAccount();
  const { handleSubmit, control, reset, setError, formState } = useForm<
    VerifyMicroDepositsInput,
    unknown,
    Output
  >({
    resolver: zodResolver(verifyMicroDepositsSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = formState;

  // The account object is refetched after every attempt; clear the form only for another account.
  const accountId = account?.id;
  useEffect(() => {
    if (accountId) reset(empty);
  }, [accountId, reset]);

  const onSubmit = handleSubmit(async (input) => {
    if (!account) return;
    try {
      // The form parsed the amounts to cents; the API takes them as decimal strings.
      await verify.mutateAsync({
        id: account.id,
        input: {
          microDeposit1: toDecimal(input.microDeposit1),
          microDeposit2: toDecimal(input.microDeposit2),
        },
      });
      toast({ title: 'Bank account verified successfully' });
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, ['microDeposit1', 'microDeposit2']);
      toast({
        title: 'Verification Failed',
        description: error instanceof Error ? error.message : 'Verification failed',
        variant: 'destructive',
      });
    }
  });

  const amountField = (name: 'microDeposit1' | 'microDeposit2', label: string) => (
    <Field label={label} required error={errors[name]?.message}>
      {(control_) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <MoneyInput
              {...control_}
              currencySymbol="$"
              placeholder="0.00"
              value={String(field.value ?? '')}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
            />
          )}
        />
      )}
    </Field>
  );

  return (
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Verify Micro-Deposits</DialogTitle>
          <DialogDescription>
            Two deposits under $1.00 were sent to {account?.accountName ?? 'the account'} ending in{' '}
            {account?.accountLast4}. Verification typically takes 1-2 business days: enter both
            amounts, in any order, once they appear on your statement.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {amountField('microDeposit1', 'First deposit')}
            {amountField('microDeposit2', 'Second deposit')}
          </div>
          {account && (
            <p className="text-sm text-slate-500">
              {account.verificationAttemptsLeft}{' '}
              {account.verificationAttemptsLeft === 1 ? 'attempt' : 'attempts'} left.
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Verifying...' : 'Verify Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
