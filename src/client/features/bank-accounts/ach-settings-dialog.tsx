import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, CircleAlert, Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField, labelledOptions } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  type AchProfile,
  type AchProfileUpdate,
  type AchProfileUpdateInput,
  MAX_SETTLEMENT_DAYS,
  achLineEndingLabels,
  achLineEndings,
  achProfileFields,
  achProfileUpdateSchema,
} from '@shared/contracts/ach';
import type { BankAccount } from '@shared/contracts/bank-accounts';
import { useAchProfile, useDownloadPrenoteFile, usePendingPrenotes, useSaveAchProfile } from './api';


const balanceOptions = [
  { value: false, label: 'Unbalanced: the bank takes the total from the account' },
  { value: true, label: 'Balanced: each batch ends with an offsetting debit to this account' },
];

function formValues(profile: AchProfile): AchProfileUpdateInput {
  return {
    immediateDestination: profile.immediateDestination ?? profile.accountRoutingNumber,
    immediateDestinationName: profile.immediateDestinationName ?? '',
    immediateOrigin: profile.immediateOrigin ?? '',
    immediateOriginName: profile.immediateOriginName ?? '',
    companyId: profile.companyId ?? '',
    companyName: profile.companyName ?? '',
    entryDescription: profile.entryDescription,
    balanced: profile.balanced,
    lineEnding: profile.lineEnding,
    settlementMode: profile.settlementMode,
    settlementDays: profile.settlementDays,
  };
}

/** What an export still needs, or that the account is ready: the server's own list. */
function Readiness({ profile }: { profile: AchProfile }) {
  if (profile.complete) {
    return (
      <p className="flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="ach-ready">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
        Complete: ACH files can be exported from this account.
      </p>
    );
  }
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note" data-testid="ach-missing">
      <p className="flex items-center gap-2 font-medium">
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        Still needed before a file can be exported:
      </p>
      <p className="mt-1">{profile.missing.join(', ')}</p>
    </div>
  );
}

function AchSettingsForm({ profile, onDone }: { profile: AchProfile; onDone: () => void }) {
  const save = useSaveAchProfile();
  const { register, handleSubmit, control, setError, watch, setValue, formState } = useForm<
    AchProfileUpdateInput,
    unknown,
    AchProfileUpdate
  >({ resolver: zodResolver(achProfileUpdateSchema), defaultValues: formValues(profile) });
  const { errors, isSubmitting } = formState;
  const mode = watch('settlementMode');
  const balanced = watch('balanced');

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: profile.bankAccountId, input });
      toast({ title: 'ACH settings saved' });
      onDone();
    } catch (error) {
      applyServerErrors(error, setError, achProfileFields);
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not save the ACH settings', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Readiness profile={profile} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Immediate destination"
          required
          error={errors.immediateDestination?.message}
          description={`Your bank's ACH routing number (the account's is ${profile.accountRoutingNumber}).`}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('immediateDestination')} />
        </Field>
        <Field label="Destination name" error={errors.immediateDestinationName?.message} description="The bank's name, up to 23 characters.">
          <Input autoComplete="off" {...register('immediateDestinationName')} />
        </Field>
        <Field label="Immediate origin" required error={errors.immediateOrigin?.message} description="10 characters, exactly as your bank assigned them.">
          <Input autoComplete="off" className="font-mono" {...register('immediateOrigin')} />
        </Field>
        <Field label="Origin name" error={errors.immediateOriginName?.message} description="Your company, up to 23 characters.">
          <Input autoComplete="off" {...register('immediateOriginName')} />
        </Field>
        <Field label="Company ID" required error={errors.companyId?.message} description="10 characters, as your bank assigned them.">
          <Input autoComplete="off" className="font-mono" {...register('companyId')} />
        </Field>
        <Field label="Company name" required error={errors.companyName?.message} description="Shown to vendors, up to 16 characters.">
          <Input autoComplete="off" {...register('companyName')} />
        </Field>
        <Field label="Entry description" required error={errors.entryDescription?.message} description="On vendors' statements, up to 10 characters.">
          <Input autoComplete="off" {...register('entryDescription')} />
        </Field>
        <SelectField
          control={control}
          name="lineEnding"
          label="Line endings"
          options={labelledOptions(achLineEndings, achLineEndingLabels)}
          error={errors.lineEnding?.message}
          description="What your bank's upload accepts."
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Balanced or unbalanced files</legend>
        {balanceOptions.map((option) => (
          <label key={String(option.value)} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="balanced"
              className="mt-0.5 size-4 accent-primary"
              checked={balanced === option.value}
              onChange={() => setValue('balanced', option.value, { shouldDirty: true })}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {errors.balanced?.message && <p className="text-sm text-destructive">{errors.balanced.message}</p>}
      </fieldset>
      <fieldset className="grid gap-2" aria-describedby="ach-settlement-hint">
        <legend className="text-sm font-medium">When is an ACH payment completed?</legend>
        <p id="ach-settlement-hint" className="text-sm text-slate-500">
          Exporting the file marks its payments sent; this decides when they count as paid.
        </p>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="bank_confirmation" {...register('settlementMode')} className="mt-0.5 size-4 accent-primary" />
          <span>Completed when the bank statement shows it (reconciliation)</span>
        </label>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <input type="radio" value="settlement_days" {...register('settlementMode')} className="size-4 accent-primary" />
          <span>Completed</span>
          <Input
            type="number"
            min={0}
            max={MAX_SETTLEMENT_DAYS}
            aria-label="Banking days after the payment date"
            className="h-8 w-16"
            disabled={mode !== 'settlement_days'}
            aria-invalid={errors.settlementDays ? true : undefined}
            {...register('settlementDays', { valueAsNumber: true })}
          />
          <span>banking days after the payment date</span>
        </label>
        {errors.settlementMode?.message && <p className="text-sm text-destructive">{errors.settlementMode.message}</p>}
        {errors.settlementDays?.message && <p className="text-sm text-destructive">{errors.settlementDays.message}</p>}
      </fieldset>
      <DialogFormFooter onCancel={onDone} pending={isSubmitting} submitLabel="Save ACH settings" />
    </form>
  );
}

/**
 * The pending prenotes as a file of their own: NACHA 2.6.3 lets live payments to a vendor go only
 * from the third banking day after its prenote settles, so the prenote goes out first.
 */
function PrenoteFileDownload({ bankAccountId }: { bankAccountId: string }) {
  const pending = usePendingPrenotes(bankAccountId);
  const download = useDownloadPrenoteFile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const count = pending.data?.count ?? 0;
  if (count === 0) return null;

  const onDownload = async () => {
    setRefusal(null);
    try {
      await download.mutateAsync(bankAccountId);
      toast({ title: 'Prenote file downloaded', description: 'Upload it to your bank. Its prenotes are now sent.' });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not make the prenote file';
      setRefusal(message);
    }
  };

  return (
    <section className="grid gap-2 rounded-md border border-slate-200 px-3 py-3 text-sm" aria-labelledby="ach-prenotes-title" data-testid="ach-prenotes">
      <h3 id="ach-prenotes-title" className="font-medium text-slate-900">
        Prenotes waiting: {pending.data?.vendors.map((vendor) => vendor.name).join(', ')}
      </h3>
      <p className="text-slate-600">
        Live payments to these vendors may go from the third banking day after their prenote settles: send the prenote file first.
      </p>
      <div>
        <Button type="button" size="sm" variant="outline" disabled={download.isPending} onClick={() => void onDownload()}>
          <Download aria-hidden="true" />
          Download prenote file ({count} {count === 1 ? 'vendor' : 'vendors'})
        </Button>
      </div>
      {refusal && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900" data-testid="ach-prenotes-refused">
          {refusal}
        </p>
      )}
    </section>
  );
}

/** Bank Accounts > account > ACH settings: the values the bank gave at ACH onboarding. */
export function AchSettingsDialog({ account, onOpenChange }: { account: BankAccount | null; onOpenChange: (open: boolean) => void }) {
  const profile = useAchProfile(account?.id ?? null);
  return (
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>ACH settings</DialogTitle>
          <DialogDescription>
            How your bank takes ACH files from {account?.accountName ?? 'this account'} ••••{account?.accountLast4}: enter the values
            from your bank's ACH onboarding.
          </DialogDescription>
        </DialogHeader>
        {profile.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-40" />
          </div>
        ) : profile.isError ? (
          <p className="text-sm text-red-700">{profile.error.message}</p>
        ) : (
          <>
            <PrenoteFileDownload bankAccountId={profile.data.bankAccountId} />
            <AchSettingsForm key={profile.data.bankAccountId} profile={profile.data} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
