import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { applyServerErrors } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { type BankRuleInput, bankRuleSchema } from '@shared/contracts/bank-reconciliation';
import { toDecimal } from '@shared/money';
import { type BankRuleRequest, useSaveRule, useVendorOptions } from './api';

type RuleFormValues = z.input<typeof bankRuleSchema>;

const serverFields = [
  'name',
  'descriptionContains',
  'amountMin',
  'amountMax',
  'vendorId',
  'category',
  'minConfidence',
] as const;

const directions = [
  { value: 'any', label: 'Deposits and debits' },
  { value: 'deposit', label: 'Deposits only' },
  { value: 'debit', label: 'Debits only' },
];
const actions = [
  { value: 'auto_match', label: 'Match automatically (to the best suggestion)' },
  { value: 'categorize', label: 'Categorize (vendor and category)' },
];

function toRequest(input: BankRuleInput): BankRuleRequest {
  return {
    name: input.name,
    bankAccountId: input.bankAccountId ?? null,
    descriptionContains: input.descriptionContains || null,
    direction: input.direction,
    amountMin: input.amountMin == null ? null : toDecimal(input.amountMin),
    amountMax: input.amountMax == null ? null : toDecimal(input.amountMax),
    action: input.action,
    vendorId: input.vendorId || null,
    category: input.category || null,
    minConfidence: input.minConfidence,
    isActive: input.isActive,
  };
}

function toValues(rule: Partial<BankRuleRequest>): RuleFormValues {
  return {
    name: rule.name ?? '',
    bankAccountId: rule.bankAccountId ?? null,
    descriptionContains: rule.descriptionContains ?? '',
    direction: rule.direction ?? 'any',
    amountMin: rule.amountMin ?? null,
    amountMax: rule.amountMax ?? null,
    action: rule.action ?? 'auto_match',
    vendorId: rule.vendorId ?? '',
    category: rule.category ?? '',
    minConfidence: rule.minConfidence ?? 95,
    isActive: rule.isActive ?? true,
  };
}

/**
 * A bank rule: which lines (description, direction, amount range, account) and what to do with them.
 * `rule` is the rule edited, or the values proposed from a matched line (no id).
 */
export function RuleFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule's id when editing one. */
  ruleId?: string | undefined;
  rule: Partial<BankRuleRequest>;
  /** The account the screen shows: "only this account" limits the rule to it. */
  bankAccountId: string;
  title: string;
  description: string;
}) {
  const save = useSaveRule();
  const vendors = useVendorOptions(props.open);
  const { currency } = useMoneyFormat();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    RuleFormValues,
    unknown,
    BankRuleInput
  >({ resolver: zodResolver(bankRuleSchema), defaultValues: toValues(props.rule) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (props.open) reset(toValues(props.rule));
  }, [props.open, props.rule, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: props.ruleId, body: toRequest(input) });
      toast({ title: props.ruleId ? 'Rule updated' : 'Rule created' });
      props.onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, serverFields);
      toast({ title: 'Could not save the rule', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  });

  const amountField = (name: 'amountMin' | 'amountMax', label: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <MoneyInput
              {...controlProps}
              currencySymbol={currency.symbol}
              value={field.value == null ? '' : String(field.value)}
              onValueChange={(value) => field.onChange(value === '' ? null : value)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <Field label="Name" required error={errors.name?.message}>
            <Input {...register('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Description contains" error={errors.descriptionContains?.message} className="sm:col-span-2">
              <Input {...register('descriptionContains')} />
            </Field>
            <SelectField control={control} name="direction" label="Lines" options={directions} />
            <Controller
              control={control}
              name="bankAccountId"
              render={({ field }) => (
                <label className="flex items-center gap-3 self-end pb-2 text-sm">
                  <Switch
                    checked={field.value === props.bankAccountId}
                    onCheckedChange={(on) => field.onChange(on ? props.bankAccountId : null)}
                    aria-label="Only this account"
                  />
                  Only this account
                </label>
              )}
            />
            {amountField('amountMin', 'Amount from')}
            {amountField('amountMax', 'Amount to')}
          </div>
          <SelectField control={control} name="action" label="Then" required options={actions} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={control}
              name="vendorId"
              label="Vendor"
              noneLabel="No vendor"
              options={(vendors.data?.items ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }))}
              error={errors.vendorId?.message}
            />
            <Field label="Category" error={errors.category?.message}>
              <Input {...register('category')} />
            </Field>
          </div>
          <Field
            label="Minimum confidence (%)"
            required
            error={errors.minConfidence?.message}
            description="A suggestion below this is never accepted automatically; it waits for you."
          >
            <Input type="number" min={0} max={100} step={1} inputMode="numeric" {...register('minConfidence')} />
          </Field>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <label className="flex items-center gap-3 text-sm">
                <Switch checked={field.value ?? true} onCheckedChange={field.onChange} aria-label="Active" />
                Apply to new lines
              </label>
            )}
          />
          <DialogFormFooter
            onCancel={() => props.onOpenChange(false)}
            pending={isSubmitting}
            submitLabel={props.ruleId ? 'Save rule' : 'Create rule'}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
