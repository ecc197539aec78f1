import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { AddOn, Fact, Plan } from '../content/types';
import {
  annualDiscountPercent,
  annualMonthlyCents,
  type BillingPeriod,
  formatUsd,
  priceLabel,
} from '../format-price';
import { ActionLink } from './action-link';

/** Plan cards; with `toggle`, a Monthly/Annual switch that applies the annual discount. */
export function PricingCards({ plans, toggle }: { plans: Plan[]; toggle: boolean }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const columns = plans.length >= 4 ? 'md:grid-cols-2 xl:grid-cols-4' : 'md:grid-cols-3';
  return (
    <div>
      {toggle && <BillingToggle period={period} onChange={setPeriod} />}
      <ul className={`grid gap-6 ${columns}`}>
        {plans.map((plan) => (
          <li
            key={plan.name}
            className={`relative flex flex-col rounded-xl border bg-white p-6 shadow-sm ${plan.popular ? 'border-2 border-blue-700' : 'border-slate-200'}`}
          >
            {plan.popular && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-700 px-3 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
                Most Popular
              </p>
            )}
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-slate-600">{plan.description}</p>
            <PlanPrice plan={plan} period={period} />
            <dl className="mt-4 space-y-1 text-sm">
              {limits(plan).map((limit) => (
                <div key={limit.label} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{limit.label}</dt>
                  <dd className="font-medium text-slate-900">{limit.value}</dd>
                </div>
              ))}
            </dl>
            <ul className="mt-5 mb-6 space-y-2 text-sm">
              {plan.features.map((feature) => (
                <li
                  key={feature.name}
                  className={`flex gap-2 ${feature.included ? 'text-slate-800' : 'text-slate-600'}`}
                >
                  {feature.included ? (
                    <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                  ) : (
                    <X className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  )}
                  <span className={feature.included ? '' : 'line-through decoration-slate-400'}>
                    {feature.name}
                  </span>
                  <span className="sr-only">
                    {feature.included ? '(included)' : '(not included)'}
                  </span>
                </li>
              ))}
            </ul>
            <ActionLink
              action={{ ...plan.action, variant: plan.popular ? 'primary' : 'secondary' }}
              className="mt-auto w-full"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function limits(plan: Plan): Fact[] {
  const rows: Fact[] = [];
  if (plan.maxClients) rows.push({ label: 'Clients', value: plan.maxClients });
  if (plan.maxInvoices) rows.push({ label: 'Invoices', value: plan.maxInvoices });
  if (plan.maxVendors) rows.push({ label: 'Vendors', value: plan.maxVendors });
  return rows;
}

function BillingToggle({
  period,
  onChange,
}: {
  period: BillingPeriod;
  onChange: (next: BillingPeriod) => void;
}) {
  const option = (value: BillingPeriod, label: string) => (
    <button
      type="button"
      aria-pressed={period === value}
      onClick={() => onChange(value)}
      className={`min-h-10 rounded-full px-5 text-sm font-semibold transition-colors ${period === value ? 'bg-blue-700 text-white' : 'text-slate-700 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );
  return (
    <div className="mb-10 flex flex-col items-center gap-2">
      <div
        role="group"
        aria-label="Billing period"
        className="inline-flex rounded-full border border-slate-300 bg-white p-1"
      >
        {option('monthly', 'Monthly')}
        {option('annual', 'Annual')}
      </div>
      <p className="text-sm font-medium text-green-800">
        Save {annualDiscountPercent}% with annual billing
      </p>
    </div>
  );
}

function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { price } = plan;
  let amount = priceLabel(price);
  let note =
    price.kind === 'monthly' ? 'per month' : price.kind === 'free' ? 'forever' : 'talk to sales';
  if (period === 'annual' && price.kind === 'monthly') {
    if (plan.annual === 'custom') {
      amount = 'Custom';
      note = 'annual terms quoted by our team';
    } else {
      amount = formatUsd(annualMonthlyCents(price.cents));
      note = `per month, billed annually (${formatUsd(annualMonthlyCents(price.cents) * 12)} a year)`;
    }
  }
  return (
    <p className="mt-4" data-testid={`price-${plan.name}`}>
      <span className="text-4xl font-extrabold text-slate-900">{amount}</span>
      {period === 'annual' && price.kind === 'monthly' && plan.annual === 'discount' && (
        <span className="ml-2 text-base text-slate-600 line-through">{formatUsd(price.cents)}</span>
      )}
      <span className="block text-sm text-slate-600">{note}</span>
    </p>
  );
}

export function AddOns({ items }: { items: AddOn[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((addOn) => (
        <li key={addOn.name} className="rounded-xl border border-slate-200 bg-white p-6">
          <h3 className="font-semibold text-slate-900">{addOn.name}</h3>
          <p className="mt-2 text-2xl font-bold text-blue-800">
            {formatUsd(addOn.monthlyCents)}
            <span className="text-sm font-normal text-slate-600"> / month</span>
          </p>
          <p className="mt-2 text-sm text-slate-600">{addOn.description}</p>
        </li>
      ))}
    </ul>
  );
}
