import { Check } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { type FirmRegistrationInput, firmPlans } from '@shared/contracts/firms';
import { formatUsd } from '../../format-price';

/** The plan cards are native radio buttons, so arrow keys and screen readers work as expected. */
export function PlanStep({ form }: { form: UseFormReturn<FirmRegistrationInput> }) {
  const selected = form.watch('subscriptionPlan');
  return (
    <fieldset>
      <legend className="mb-4 text-sm font-medium text-slate-900">
        Choose your plan. Every plan starts with a 14-day free trial.
      </legend>
      <div className="grid gap-4 md:grid-cols-3">
        {firmPlans.map((plan) => (
          <label
            key={plan.id}
            className={`relative flex cursor-pointer flex-col rounded-xl border-2 p-5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 ${selected === plan.id ? 'border-blue-700 bg-blue-50' : 'border-slate-200 bg-white hover:border-slate-400'}`}
          >
            <input
              type="radio"
              value={plan.id}
              className="sr-only"
              {...form.register('subscriptionPlan')}
            />
            <span className="flex items-center justify-between">
              <span className="text-lg font-semibold text-slate-900">{plan.name}</span>
              {plan.id === 'professional' && (
                <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">
                  Recommended
                </span>
              )}
            </span>
            <span className="mt-2 text-3xl font-extrabold text-slate-900">
              {formatUsd(plan.monthlyPriceCents)}
              <span className="text-sm font-normal text-slate-600">/month</span>
            </span>
            <span className="mt-1 text-sm font-medium text-blue-800">
              Up to {plan.maxClients} clients
            </span>
            <span className="mt-4 grid gap-1.5 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <span key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                  {feature}
                </span>
              ))}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
