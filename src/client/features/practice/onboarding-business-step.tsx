import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField, labelledOptions } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import {
  type BusinessInfoStep,
  type BusinessInfoStepInput,
  businessInfoStepSchema,
  onboardingDefaults,
  stepValues,
} from '@shared/contracts/onboarding';
import { clientBusinessTypes, clientIndustries } from '@shared/contracts/practice';
import { businessTypeLabels, industryLabels } from './practice-labels';
import { type StepProps, StepFooter, savedData, useStepForm } from './onboarding-step-shell';

const fields = [
  'businessInfo.name',
  'businessInfo.email',
  'businessInfo.phone',
  'businessInfo.address',
  'businessInfo.city',
  'businessInfo.state',
  'businessInfo.zipCode',
  'businessInfo.taxId',
  'businessInfo.businessType',
  'businessInfo.industry',
  'primaryContact.name',
  'primaryContact.email',
  'primaryContact.phone',
  'primaryContact.title',
] as const;

/** Step 1, Business Information: basic company details and contact info (spec 2.4, 3.3). */
export function BusinessInfoStepForm(props: StepProps) {
  const saved = savedData(props.onboarding, 1);
  const form = useForm<BusinessInfoStepInput, unknown, BusinessInfoStep>({
    resolver: zodResolver(businessInfoStepSchema),
    defaultValues: {
      businessInfo: stepValues(onboardingDefaults.businessInfo, saved.businessInfo),
      primaryContact: stepValues(onboardingDefaults.primaryContact, saved.primaryContact),
      complete: true,
    },
  });
  const complete = useStepForm(props, 1, form, fields);
  const { register, control, formState } = form;
  const info = formState.errors.businessInfo;
  const contact = formState.errors.primaryContact;

  return (
    <form noValidate onSubmit={form.handleSubmit(() => complete())}>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Business details</legend>
        <Field label="Business name" required error={info?.name?.message}>
          <Input {...register('businessInfo.name')} autoComplete="organization" />
        </Field>
        <Field label="Business email" required error={info?.email?.message}>
          <Input type="email" {...register('businessInfo.email')} />
        </Field>
        <Field label="Business phone" error={info?.phone?.message}>
          <Input type="tel" {...register('businessInfo.phone')} />
        </Field>
        <Field label="Tax ID (EIN)" error={info?.taxId?.message}>
          <Input {...register('businessInfo.taxId')} placeholder="XX-XXXXXXX" />
        </Field>
        <Field label="Address" className="sm:col-span-2" error={info?.address?.message}>
          <Textarea rows={2} {...register('businessInfo.address')} />
        </Field>
        <Field label="City" error={info?.city?.message}>
          <Input {...register('businessInfo.city')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="State" error={info?.state?.message}>
            <Input {...register('businessInfo.state')} />
          </Field>
          <Field label="ZIP code" error={info?.zipCode?.message}>
            <Input {...register('businessInfo.zipCode')} inputMode="numeric" />
          </Field>
        </div>
        <SelectField
          control={control}
          name="businessInfo.businessType"
          label="Business type"
          required
          placeholder="Choose a business type"
          error={info?.businessType?.message}
          options={labelledOptions(clientBusinessTypes, businessTypeLabels)}
        />
        <SelectField
          control={control}
          name="businessInfo.industry"
          label="Industry"
          required
          placeholder="Choose an industry"
          error={info?.industry?.message}
          options={labelledOptions(clientIndustries, industryLabels)}
        />
      </fieldset>
      <fieldset className="mt-8 grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Primary contact</legend>
        <Field label="Contact name" required error={contact?.name?.message}>
          <Input {...register('primaryContact.name')} autoComplete="name" />
        </Field>
        <Field label="Contact title" error={contact?.title?.message}>
          <Input {...register('primaryContact.title')} autoComplete="organization-title" />
        </Field>
        <Field label="Contact email" required error={contact?.email?.message}>
          <Input type="email" {...register('primaryContact.email')} autoComplete="email" />
        </Field>
        <Field label="Contact phone" error={contact?.phone?.message}>
          <Input type="tel" {...register('primaryContact.phone')} autoComplete="tel" />
        </Field>
      </fieldset>
      <StepFooter step={1} onPrevious={props.onPrevious} submitting={formState.isSubmitting} />
    </form>
  );
}
