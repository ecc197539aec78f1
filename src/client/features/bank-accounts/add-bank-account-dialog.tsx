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
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  type CreateBankAccount,
  type CreateBankAccountInput,
  bankAccountTypeLabels,
  bankAccountTypes,
  createBankAccountSchema,
} from '@shared/contracts/bank-accounts';
import { useAddBankAccount } from './api';

const serverFields = [
  'accountName',
  'accountHolderName',
  'bankName',
  'accountType',
  'accountNumber',
  'routingNumber',
] as const;

const empty: CreateBankAccountInput = {
  accountName: '',
  accountHolderName: '',
  bankName: '',
  accountType: 'business_checking',
  accountNumber: '',
  routingNumber: '',
  isPrimary: false,
};

export function AddBankAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddBankAccount();
  const { register, handleSubmit, control, reset, setError, formState } = useForm<
    CreateBankAccountInput,
    unknown,
    CreateBankAccount
  >({
    resolver: zodResolver(createBankAccountSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(empty);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const account = await add.mutateAsync(input);
      toast({
        title: account.needsMicroDeposits
          ? 'Bank account added. Micro-deposits will be sent for verification.'
          : 'Bank account added and verified successfully',
      });
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, serverFields);
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Could not add the bank account',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Bank Account</DialogTitle>
          <DialogDescription>
            Two small deposits are sent to the account; confirm their amounts to verify it before
            paying bills from it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Account name" required error={errors.accountName?.message}>
              <Input {...register('accountName')} placeholder="Operating account" />
            </Field>
            <Field label="Account holder name" required error={errors.accountHolderName?.message}>
              <Input {...register('accountHolderName')} autoComplete="organization" />
            </Field>
            <Field label="Bank name" error={errors.bankName?.message}>
              <Input {...register('bankName')} />
            </Field>
            <SelectField
              control={control}
              name="accountType"
              label="Account type"
              required
              error={errors.accountType?.message}
              options={labelledOptions(bankAccountTypes, bankAccountTypeLabels)}
            />
            <Field label="Routing number" required error={errors.routingNumber?.message}>
              <Input
                {...register('routingNumber')}
                inputMode="numeric"
                maxLength={9}
                autoComplete="off"
              />
            </Field>
            <Field label="Account number" required error={errors.accountNumber?.message}>
              <Input {...register('accountNumber')} inputMode="numeric" autoComplete="off" />
            </Field>
          </div>
          <Controller
            control={control}
            name="isPrimary"
            render={({ field }) => (
              <label className="flex items-center gap-3 text-sm">
                <Switch
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  aria-label="Primary account"
                />
                Make this the primary account for payments
              </label>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Adding...' : 'Add Bank Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
