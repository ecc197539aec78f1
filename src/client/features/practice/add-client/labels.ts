import type {
  accountingSoftwareChoices,
  clientCurrencies,
  clientIndustries,
  clientPaymentTerms,
  recurringFrequencies,
} from '@shared/contracts/practice';

/** Display names of the wizard's choices (spec practice 3.1). */
export const industryLabels: Record<(typeof clientIndustries)[number], string> = {
  technology: 'Technology',
  healthcare: 'Healthcare',
  restaurant: 'Restaurant',
  construction: 'Construction',
  retail: 'Retail',
  nonprofit: 'Nonprofit',
  professional_services: 'Professional Services',
  other: 'Other',
};

export const paymentTermLabels: Record<(typeof clientPaymentTerms)[number], string> = {
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_45: 'Net 45',
  net_60: 'Net 60',
  due_on_receipt: 'Due on Receipt',
};

export const currencyLabels: Record<(typeof clientCurrencies)[number], string> = {
  USD: 'USD - US Dollar',
  EUR: 'EUR - Euro',
  GBP: 'GBP - British Pound',
  CAD: 'CAD - Canadian Dollar',
  AUD: 'AUD - Australian Dollar',
};

export const frequencyLabels: Record<(typeof recurringFrequencies)[number], string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};

export const accountingSoftwareLabels: Record<(typeof accountingSoftwareChoices)[number], string> = {
  none: 'None',
  quickbooks: 'QuickBooks',
  xero: 'Xero',
  sage: 'Sage',
  freshbooks: 'FreshBooks',
};
