import type { BankAccountType } from '@shared/contracts/bank-accounts';
import type { invoiceTemplates, onboardingPaymentTerms, paymentMethods } from '@shared/contracts/onboarding';
import type { BillingFrequency, ServiceLevel, clientBusinessTypes, clientIndustries } from '@shared/contracts/practice';

/* The onboarding's option labels (spec practice 3.1, 3.3). */
export const serviceLevelLabels: Record<ServiceLevel, string> = { basic: 'Basic', standard: 'Standard', premium: 'Premium', enterprise: 'Enterprise' };
export const billingFrequencyLabels: Record<BillingFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly (5% discount)',
  annually: 'Annually (10% discount)',
};
export const paymentTermsLabels: Record<(typeof onboardingPaymentTerms)[number], string> = {
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_45: 'Net 45',
  due_on_receipt: 'Due on Receipt',
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
export const businessTypeLabels: Record<(typeof clientBusinessTypes)[number], string> = {
  sole_proprietorship: 'Sole Proprietorship',
  partnership: 'Partnership',
  llc: 'LLC',
  corporation: 'Corporation',
  nonprofit: 'Nonprofit',
};
