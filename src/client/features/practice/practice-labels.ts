import type { BankAccountType } from '@shared/contracts/bank-accounts';
import type { invoiceTemplates, paymentMethods } from '@shared/contracts/onboarding';
import type {
  BillingFrequency,
  ServiceLevel,
  accountingSoftwareChoices,
  clientBusinessTypes,
  clientCurrencies,
  clientIndustries,
  clientPaymentTerms,
  recurringFrequencies,
} from '@shared/contracts/practice';

/* Display names of the practice side's choices: the Add New Client wizard and the onboarding (spec practice 3.1, 3.3). */
export const serviceLevelLabels: Record<ServiceLevel, string> = { basic: 'Basic', standard: 'Standard', premium: 'Premium', enterprise: 'Enterprise' };
export const billingFrequencyLabels: Record<BillingFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly (5% discount)',
  annually: 'Annually (10% discount)',
};
export const invoiceTemplateLabels: Record<(typeof invoiceTemplates)[number], string> = {
  standard: 'Standard',
  professional: 'Professional',
  modern: 'Modern',
  custom: 'Custom',
};
export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  ach: 'ACH Transfer',
  credit_card: 'Credit Card',
  wire: 'Wire Transfer',
  check: 'Check',
};
export const accountTypeLabels: Record<BankAccountType, string> = {
  business_checking: 'Business Checking',
  business_savings: 'Business Savings',
  checking: 'Personal Checking',
  savings: 'Personal Savings',
};
export const businessTypeLabels: Record<(typeof clientBusinessTypes)[number], string> = {
  sole_proprietorship: 'Sole Proprietorship',
  partnership: 'Partnership',
  llc: 'LLC',
  corporation: 'Corporation',
  nonprofit: 'Nonprofit',
};
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
