import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { type LateFeePolicy, lateFeePolicyInput } from '@shared/contracts/late-fees';
import { toDecimal } from '@shared/money';
import { useLateFeePolicy, useSaveLateFeePolicy } from './api';

type Values = z.input<typeof lateFeePolicyInput>;

const fields = ['enabled', 'kind', 'fixedAmount', 'percentage', 'graceDays', 'minimumAmount', 'capAmount'] as const;

const toValues = (policy: LateFeePolicy): Values => ({
  enabled: policy.enabled,
  kind: policy.kind,
  fixedAmount: policy.fixedAmount,
  percentage: policy.percentage,
  graceDays: policy.graceDays,
  minimumAmount: policy.minimumAmount,
  capAmount: policy.capAmount ?? '',
});

/** Settings > Late fees: the workspace's late fee policy (owners and admins change it). */
export function LateFeesCard() {
  const { data: policy } = useLateFeePolicy();
  const { data: user } = useCurrentUser();
  if (!policy) return <Skeleton className="h-48 w-full" />;
  const canEdit = user?.role === 'owner' || user?.role === 'admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Late Fees</h2>
        </CardTitle>
        <CardDescription>
          For each month an invoice stays unpaid after its due date plus the grace days, one late fee is charged as its own invoice to the same
          customer. Only the current month is charged: months missed before the policy was on are not charged back. A user can reverse a fee from
          the invoice.
          {canEdit ? '' : ' Only owners and admins can change this.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LateFeesForm key={JSON.stringify(policy)} policy={policy} canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}

function LateFeesForm({ policy, canEdit }: { policy: LateFeePolicy; canEdit: boolean }) {
  const save = useSaveLateFeePolicy();
  // The contract is the resolver: the form shows the server's own messages before sending.
  const form = useForm<Values, unknown, z.output<typeof lateFeePolicyInput>>({ resolver: zodResolver(lateFeePolicyInput), defaultValues: toValues(policy) });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        ...values,
        fixedAmount: toDecimal(values.fixedAmount),
        minimumAmount: toDecimal(values.minimumAmount),
        capAmount: values.capAmount === null ? null : toDecimal(values.capAmount),
      },
      {
        onSuccess: (saved) => toast({ title: 'Late fees saved', description: saved.enabled ? 'Late fees are on.' : 'Late fees are off.' }),
        onError: (error) => {
          applyServerErrors(error, form.setError, fields);
          toast({ title: 'Could not save late fees', description: error.message, variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Late fee policy">
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4">
            <div>
              <Label htmlFor="late-fees-enabled">Charge late fees</Label>
              <p className="text-sm text-slate-500">{field.value ? 'On: the scheduler charges fees on overdue invoices.' : 'Off: no late fees are charged.'}</p>
            </div>
            <Switch id="late-fees-enabled" checked={field.value} disabled={!canEdit} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="kind"
          label="Fee"
          options={[
            { value: 'percentage', label: 'Percentage of the amount due, per month' },
            { value: 'fixed', label: 'Fixed amount per month' },
          ]}
          disabled={!canEdit}
          error={errors.kind?.message}
        />
        {kind === 'fixed' ? (
          <Field label="Fixed amount" error={errors.fixedAmount?.message}>
            <Input inputMode="decimal" disabled={!canEdit} {...form.register('fixedAmount')} />
          </Field>
        ) : (
          <Field label="Percentage per month" description="For example 1.5 for 1.5 %." error={errors.percentage?.message}>
            <Input inputMode="decimal" disabled={!canEdit} {...form.register('percentage')} />
          </Field>
        )}
        <Field label="Grace days" description="Days after the due date before the first fee." error={errors.graceDays?.message}>
          <Input inputMode="numeric" disabled={!canEdit} {...form.register('graceDays', { setValueAs: (value: string) => (String(value).trim() === '' ? Number.NaN : Number(value)) })} />
        </Field>
        <Field label="Minimum fee" description="A smaller fee is raised to this." error={errors.minimumAmount?.message}>
          <Input inputMode="decimal" disabled={!canEdit} {...form.register('minimumAmount')} />
        </Field>
        <Field label="Cap per invoice" description="The most one invoice is charged in fees in all. Empty for no cap." error={errors.capAmount?.message}>
          <Input inputMode="decimal" disabled={!canEdit} {...form.register('capAmount')} />
        </Field>
      </div>
      {canEdit && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Late Fees'}
          </Button>
        </div>
      )}
    </form>
  );
}
