import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { Switch } from '@/components/ui/switch';
import { SelectField } from '@/components/ui/select-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import {
  type ApprovalWorkflow,
  type ApprovalWorkflowFormValues,
  type ApprovalWorkflowInput,
  approvalWorkflowInputSchema,
} from '@shared/contracts/approvals';
import { useActiveVendors } from '../vendors/api';
import { useEligibleApprovers, useSaveWorkflow } from './api';

const triggerLabels = {
  all: 'Every bill',
  amount_over: 'Bills over an amount',
  vendor: 'Bills from one vendor',
} as const;

function defaults(rule: ApprovalWorkflow | null): ApprovalWorkflowFormValues {
  return {
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    triggerType: rule?.triggerType ?? 'amount_over',
    triggerValue: rule?.triggerValue ?? '',
    approverIds: rule?.approverIds ?? [],
    requireAllApprovers: rule?.requireAllApprovers ?? false,
    isActive: rule?.isActive ?? true,
  };
}

export function RuleForm({ rule, onDone }: { rule: ApprovalWorkflow | null; onDone: () => void }) {
  const { currency } = useMoneyFormat();
  const approvers = useEligibleApprovers(true);
  const vendors = useActiveVendors();
  const save = useSaveWorkflow();
  const { register, control, handleSubmit, setError, formState } = useForm<
    ApprovalWorkflowFormValues,
    unknown,
    ApprovalWorkflowInput
  >({
    resolver: zodResolver(approvalWorkflowInputSchema),
    defaultValues: defaults(rule),
  });
  const { errors } = formState;
  const triggerType = useWatch({ control, name: 'triggerType' });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: rule?.id, input });
      toast({ title: rule ? 'Approval rule updated' : 'Approval rule created' });
      onDone();
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'triggerType', 'triggerValue', 'approverIds']);
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Could not save the rule',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field label="Rule name" required error={errors.name?.message}>
        <Input {...register('name')} placeholder="Bills over $5,000" />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Input {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="triggerType"
          label="Applies to"
          error={errors.triggerType?.message}
          options={Object.entries(triggerLabels).map(([value, label]) => ({ value, label }))}
        />
        {triggerType === 'amount_over' && (
          <Field label="Amount" required error={errors.triggerValue?.message}>
            {(props) => (
              <Controller
                control={control}
                name="triggerValue"
                render={({ field }) => (
                  <MoneyInput
                    {...props}
                    currencySymbol={currency.symbol}
                    value={
                      field.value === null || field.value === undefined ? '' : String(field.value)
                    }
                    onValueChange={field.onChange}
                  />
                )}
              />
            )}
          </Field>
        )}
        {triggerType === 'vendor' && (
          <SelectField
            control={control}
            name="triggerValue"
            label="Vendor"
            required
            error={errors.triggerValue?.message}
            placeholder="Choose a vendor"
            options={(vendors.data?.items ?? []).map((vendor) => ({
              value: vendor.id,
              label: vendor.name,
            }))}
          />
        )}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Approvers</legend>
        <Controller
          control={control}
          name="approverIds"
          render={({ field }) => (
            <div className="grid max-h-48 gap-2 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
              {(approvers.data ?? []).map((person) => {
                const checked = field.value.includes(person.id);
                return (
                  <label key={person.id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={checked}
                      onCheckedChange={(value) =>
                        field.onChange(
                          value === true
                            ? [...field.value, person.id]
                            : field.value.filter((id) => id !== person.id),
                        )
                      }
                    />
                    <span>
                      {person.name}{' '}
                      <span className="text-slate-500 capitalize">({person.role})</span>
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        />
        {errors.approverIds?.message && (
          <p className="text-sm text-destructive">{errors.approverIds.message}</p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-6">
        <Controller
          control={control}
          name="requireAllApprovers"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={field.value ?? false} onCheckedChange={field.onChange} />
              Every approver must approve
            </label>
          )}
        />
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
              Active
            </label>
          )}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Back
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : rule ? 'Save Rule' : 'Add Rule'}
        </Button>
      </div>
    </form>
  );
}
