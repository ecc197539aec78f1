import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { MoneyInput } from '@/components/ui/money-input';
import { SelectField, labelledOptions } from '@/components/ui/select-field';
import { useMoneyFormat } from '@/lib/money-format';
import { cn } from '@/lib/utils';
import {
  type ServiceSettingsStep,
  type ServiceSettingsStepInput,
  invoiceTemplates,
  onboardingDefaults,
  onboardingPaymentTerms,
  paymentMethods,
  serviceLevelPrice,
  serviceSettingsStepSchema,
  stepValues,
} from '@shared/contracts/onboarding';
import { type BillingFrequency, billingFrequencies, serviceLevelCatalogue, serviceLevels } from '@shared/contracts/practice';
import { parseMoney, toDecimal } from '@shared/money';
import { billedFeeBreakdown } from '@shared/practice-fees';
import { billingFrequencyLabels, invoiceTemplateLabels, paymentMethodLabels, paymentTermLabels, serviceLevelLabels } from './practice-labels';
import { type StepProps, StepFooter, savedData, useStepForm } from './onboarding-step-shell';

const fields = [
  'serviceSettings.serviceLevel',
  'serviceSettings.monthlyFee',
  'serviceSettings.billingFrequency',
  'serviceSettings.autoApprovalLimit',
  'serviceSettings.invoiceTemplate',
  'serviceSettings.paymentTerms',
  'serviceSettings.preferredPaymentMethods',
] as const;

const periodNames: Record<BillingFrequency, string> = { monthly: 'month', quarterly: 'quarter', annually: 'year' };

/** The fee as billed each period after the frequency's discount, computed as the server would (integer cents). */
function BilledFee({ monthlyFee, frequency }: { monthlyFee: unknown; frequency: BillingFrequency }) {
  const { formatCents } = useMoneyFormat();
  const cents = typeof monthlyFee === 'string' || typeof monthlyFee === 'number' ? parseMoney(monthlyFee) : null;
  if (cents === null || cents < 0) return null;
  const fee = billedFeeBreakdown(cents, frequency);
  return (
    <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="billed-fee">
      Billed {formatCents(fee.billed)} per {periodNames[frequency]}
      {fee.discountPercent > 0 && ` (${fee.months} months at ${formatCents(cents)}, less ${fee.discountPercent}% discount of ${formatCents(fee.discount)})`}
    </p>
  );
}

/** Step 2, Service Configuration: service level and pricing setup (spec 2.4, 3.3). */
export function ServiceStepForm(props: StepProps) {
  const { currency, formatCents } = useMoneyFormat();
  const saved = savedData(props.onboarding, 2);
  const form = useForm<ServiceSettingsStepInput, unknown, ServiceSettingsStep>({
    resolver: zodResolver(serviceSettingsStepSchema),
    defaultValues: { serviceSettings: stepValues(onboardingDefaults.serviceSettings, saved.serviceSettings), complete: true },
  });
  const complete = useStepForm(props, 2, form, fields);
  const { register, control, formState, setValue } = form;
  const errors = formState.errors.serviceSettings;
  const [level, monthlyFee, frequency] = useWatch({ control, name: ['serviceSettings.serviceLevel', 'serviceSettings.monthlyFee', 'serviceSettings.billingFrequency'] });

  return (
    <form noValidate onSubmit={form.handleSubmit(() => complete())}>
      <fieldset>
        <legend className="mb-3 text-base font-semibold">Service level</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {serviceLevels.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-lg border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
                level === option ? 'border-blue-700 bg-blue-50' : 'border-slate-200 hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                value={option}
                className="sr-only"
                {...register('serviceSettings.serviceLevel', {
                  // Choosing a level sets the monthly fee to its price (spec 3.3); the fee stays editable.
                  onChange: (event: ChangeEvent<HTMLInputElement>) => {
                    const chosen = serviceLevels.find((candidate) => candidate === event.target.value);
                    if (chosen) setValue('serviceSettings.monthlyFee', toDecimal(serviceLevelPrice(chosen)), { shouldDirty: true });
                  },
                })}
              />
              <span className="font-semibold">{serviceLevelLabels[option]}</span>
              <span className="text-lg font-bold">
                {formatCents(serviceLevelCatalogue[option].price)}
                <span className="text-sm font-normal text-slate-600">/month</span>
              </span>
              <span className="text-sm text-slate-600">{serviceLevelCatalogue[option].description}</span>
            </label>
          ))}
        </div>
        {errors?.serviceLevel?.message && <p className="mt-2 text-sm text-destructive">{errors.serviceLevel.message}</p>}
      </fieldset>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Field label="Monthly fee" required error={errors?.monthlyFee?.message}>
          <MoneyInput currencySymbol={currency.symbol} {...register('serviceSettings.monthlyFee')} />
        </Field>
        <SelectField
          control={control}
          name="serviceSettings.billingFrequency"
          label="Billing frequency"
          required
          error={errors?.billingFrequency?.message}
          options={labelledOptions(billingFrequencies, billingFrequencyLabels)}
        />
        <div className="sm:col-span-2">
          <BilledFee monthlyFee={monthlyFee} frequency={frequency ?? 'monthly'} />
        </div>
        <Field label="Auto-approval limit" required error={errors?.autoApprovalLimit?.message}>
          <MoneyInput currencySymbol={currency.symbol} {...register('serviceSettings.autoApprovalLimit')} />
        </Field>
        <SelectField
          control={control}
          name="serviceSettings.invoiceTemplate"
          label="Invoice template"
          required
          error={errors?.invoiceTemplate?.message}
          options={labelledOptions(invoiceTemplates, invoiceTemplateLabels)}
        />
        <SelectField
          control={control}
          name="serviceSettings.paymentTerms"
          label="Payment terms"
          required
          error={errors?.paymentTerms?.message}
          options={labelledOptions(onboardingPaymentTerms, paymentTermLabels)}
        />
      </div>

      <fieldset className="mt-6">
        <legend className="mb-3 text-sm font-medium">
          Preferred payment methods<span className="text-destructive" aria-hidden="true">*</span>
        </legend>
        <Controller
          control={control}
          name="serviceSettings.preferredPaymentMethods"
          render={({ field }) => {
            const chosen = field.value ?? [];
            return (
              <div className="grid gap-3 sm:grid-cols-4">
                {paymentMethods.map((method) => (
                  <label key={method} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={chosen.includes(method)}
                      onCheckedChange={(checked) => field.onChange(checked === true ? [...chosen, method] : chosen.filter((value) => value !== method))}
                    />
                    {paymentMethodLabels[method]}
                  </label>
                ))}
              </div>
            );
          }}
        />
        {errors?.preferredPaymentMethods?.message && <p className="mt-2 text-sm text-destructive">{errors.preferredPaymentMethods.message}</p>}
      </fieldset>
      <StepFooter step={2} onPrevious={props.onPrevious} submitting={formState.isSubmitting} />
    </form>
  );
}
