import type { DefaultValues, UseFormReturn } from 'react-hook-form';
import type { NewClient, NewClientInput } from '@shared/contracts/practice';

/** The wizard's form: typed as the contract's input, resolved to its output. */
export type AddClientForm = UseFormReturn<NewClientInput, unknown, NewClient>;

/** Spec practice 3.1 and 9: the record's defaults (industry has none: the user picks one). */
export const addClientDefaults: DefaultValues<NewClientInput> = {
  businessName: '',
  businessEmail: '',
  businessPhone: '',
  businessAddress: '',
  businessType: 'llc',
  contactName: '',
  contactEmail: '',
  invoicePrefix: 'INV',
  invoiceStartNumber: 1000,
  paymentTerms: 'net_30',
  currency: 'USD',
  sendReminders: true,
  reminderDays: [7, 14, 30],
  autoRecurring: false,
  recurringFrequency: 'monthly',
  accountingSoftware: 'none',
  tags: [],
  notes: '',
  country: '',
  legalName: '',
  vatId: '',
  companyId: '',
  electronicAddressScheme: '',
  electronicAddress: '',
  buyerReference: '',
  einvoiceFormat: 'pdf',
};
