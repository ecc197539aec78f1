import { Controller, type UseFormReturn } from 'react-hook-form';
import { type FirmRegistrationInput, findFirmPlan } from '@shared/contracts/firms';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formatUsd } from '../../format-price';

export function ReviewStep({ form }: { form: UseFormReturn<FirmRegistrationInput> }) {
  const values = form.watch();
  const plan = findFirmPlan(values.subscriptionPlan ?? 'professional');
  const rows: [string, string][] = [
    ['Firm name', values.firmName],
    ['Firm email', values.firmEmail],
    [
      'Plan',
      `${plan.name} (${formatUsd(plan.monthlyPriceCents)}/month, up to ${plan.maxClients} clients)`,
    ],
    ['Specializations', values.specializations?.join(', ') || 'None selected'],
    ['Owner name', `${values.ownerFirstName} ${values.ownerLastName}`],
    ['Owner email', values.ownerEmail],
    ['Username', values.ownerUsername],
    ['Certifications', values.certifications?.join(', ') || 'None selected'],
  ];
  const termsError = form.formState.errors.agreeToTerms?.message;
  return (
    <div className="grid gap-6">
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr]">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <Controller
        control={form.control}
        name="agreeToTerms"
        render={({ field }) => (
          <div>
            <div className="flex items-start gap-2">
              <Checkbox
                id="agree-to-terms"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'agree-to-terms-error' : undefined}
                className="mt-0.5"
              />
              <Label htmlFor="agree-to-terms" className="leading-snug font-normal">
                I agree to the Terms of Service and Privacy Policy
              </Label>
            </div>
            {termsError && (
              <p id="agree-to-terms-error" className="mt-2 text-sm text-red-700">
                {termsError}
              </p>
            )}
          </div>
        )}
      />
    </div>
  );
}
