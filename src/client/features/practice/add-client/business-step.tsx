import { clientIndustries } from '@shared/contracts/practice';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { TaxIdentityFields } from '@/components/tax-identity-fields';
import { industryLabels } from '../practice-labels';
import type { AddClientForm } from './wizard-form';

/** Step 1: the business and its primary contact. */
export function BusinessStep({ form }: { form: AddClientForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field label="Business Name" required error={errors.businessName?.message}>
          <Input autoComplete="organization" {...form.register('businessName')} />
        </Field>
        <SelectField
          control={form.control}
          name="industry"
          label="Industry"
          required
          placeholder="Select an industry"
          error={errors.industry?.message}
          options={labelledOptions(clientIndustries, industryLabels)}
        />
        <Field label="Business Email" required error={errors.businessEmail?.message}>
          <Input type="email" autoComplete="off" {...form.register('businessEmail')} />
        </Field>
        <Field label="Business Phone" error={errors.businessPhone?.message}>
          <Input type="tel" autoComplete="off" {...form.register('businessPhone')} />
        </Field>
      </div>
      <Field label="Business Address" error={errors.businessAddress?.message}>
        <Textarea rows={3} {...form.register('businessAddress')} />
      </Field>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field label="Primary Contact Name" required error={errors.contactName?.message}>
          <Input autoComplete="off" {...form.register('contactName')} />
        </Field>
        <Field label="Contact Email" required error={errors.contactEmail?.message}>
          <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
        </Field>
      </div>
      <fieldset className="grid items-start gap-5 border-t pt-5 sm:grid-cols-2">
        <legend className="sr-only">Tax identity and e-invoicing</legend>
        <h3 className="text-sm font-semibold sm:col-span-2">Tax identity and e-invoicing</h3>
        <Field label="Country code" description="Two letters, e.g. US, DE or FR. Blank: your firm's country." error={errors.country?.message}>
          <Input autoComplete="off" maxLength={2} {...form.register('country')} />
        </Field>
        <TaxIdentityFields register={form.register} control={form.control} errors={errors} asCustomer />
      </fieldset>
    </div>
  );
}
