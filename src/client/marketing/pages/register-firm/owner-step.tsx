import { Controller, type UseFormReturn } from 'react-hook-form';
import { type FirmRegistrationInput, ownerCertifications } from '@shared/contracts/firms';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CheckboxGroup } from './checkbox-group';

const certificationOptions = ownerCertifications.map((cert) => ({
  value: cert.id,
  label: `${cert.id} (${cert.name})`,
}));

export function OwnerStep({ form }: { form: UseFormReturn<FirmRegistrationInput> }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field label="First name" error={errors.ownerFirstName?.message} required>
          <Input autoComplete="given-name" {...form.register('ownerFirstName')} />
        </Field>
        <Field label="Last name" error={errors.ownerLastName?.message} required>
          <Input autoComplete="family-name" {...form.register('ownerLastName')} />
        </Field>
        <Field label="Email" error={errors.ownerEmail?.message} required>
          <Input type="email" autoComplete="email" {...form.register('ownerEmail')} />
        </Field>
        <Field label="Phone" error={errors.ownerPhone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('ownerPhone')} />
        </Field>
        <Field label="Job title" error={errors.jobTitle?.message}>
          <Input autoComplete="organization-title" {...form.register('jobTitle')} />
        </Field>
        <Field label="Professional license number" error={errors.ownerLicenseNumber?.message}>
          <Input {...form.register('ownerLicenseNumber')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="certifications"
        render={({ field }) => (
          <CheckboxGroup
            legend="Certifications"
            options={certificationOptions}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <div className="grid items-start gap-5 border-t border-slate-200 pt-5 sm:grid-cols-3">
        <Field label="Username" error={errors.ownerUsername?.message} required>
          <Input autoComplete="username" {...form.register('ownerUsername')} />
        </Field>
        <Field
          label="Password"
          error={errors.ownerPassword?.message}
          description="At least 8 characters"
          required
        >
          <Input type="password" autoComplete="new-password" {...form.register('ownerPassword')} />
        </Field>
        <Field label="Confirm password" error={errors.confirmPassword?.message} required>
          <Input
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </Field>
      </div>
    </div>
  );
}
