import { Controller, type UseFormReturn } from 'react-hook-form';
import { type FirmRegistrationInput, firmSpecializations } from '@shared/contracts/firms';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CheckboxGroup } from './checkbox-group';

const specializationOptions = firmSpecializations.map((name) => ({ value: name, label: name }));

export function FirmStep({ form }: { form: UseFormReturn<FirmRegistrationInput> }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field label="Firm name" error={errors.firmName?.message} required>
          <Input autoComplete="organization" {...form.register('firmName')} />
        </Field>
        <Field label="Firm email" error={errors.firmEmail?.message} required>
          <Input type="email" autoComplete="email" {...form.register('firmEmail')} />
        </Field>
        <Field label="Phone" error={errors.firmPhone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('firmPhone')} />
        </Field>
        <Field
          label="Website"
          error={errors.website?.message}
          description="For example https://yourfirm.com"
        >
          <Input type="url" autoComplete="url" {...form.register('website')} />
        </Field>
      </div>
      <Field label="Street address" error={errors.firmAddress?.message}>
        <Input autoComplete="street-address" {...form.register('firmAddress')} />
      </Field>
      <div className="grid items-start gap-5 sm:grid-cols-3">
        <Field label="City" error={errors.firmCity?.message}>
          <Input autoComplete="address-level2" {...form.register('firmCity')} />
        </Field>
        <Field label="State" error={errors.firmState?.message}>
          <Input autoComplete="address-level1" {...form.register('firmState')} />
        </Field>
        <Field label="ZIP code" error={errors.firmZipCode?.message}>
          <Input autoComplete="postal-code" {...form.register('firmZipCode')} />
        </Field>
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field label="Tax ID (EIN)" error={errors.taxId?.message}>
          <Input {...form.register('taxId')} />
        </Field>
        <Field label="Firm license number" error={errors.licenseNumber?.message}>
          <Input {...form.register('licenseNumber')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="specializations"
        render={({ field }) => (
          <CheckboxGroup
            legend="Specializations"
            options={specializationOptions}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}
