import type { NewClientInput } from '@shared/contracts/practice';

type FieldName = keyof NewClientInput;

/** The wizard's five steps (spec practice 2.2) and the fields each holds, to send an error back to its step. */
export const addClientSteps: readonly { title: string; fields: readonly FieldName[] }[] = [
  { title: 'Business Details', fields: ['businessName', 'industry', 'businessEmail', 'businessPhone', 'businessAddress', 'businessType', 'contactName', 'contactEmail', 'contactTitle',
    'country', 'legalName', 'vatId', 'companyId', 'electronicAddressScheme', 'electronicAddress', 'buyerReference', 'einvoiceFormat'] },
  { title: 'Invoice Settings', fields: ['invoicePrefix', 'invoiceStartNumber', 'paymentTerms', 'currency'] },
  { title: 'Automation', fields: ['sendReminders', 'reminderDays', 'autoRecurring', 'recurringFrequency'] },
  { title: 'Integration', fields: ['accountingSoftware', 'tags', 'notes'] },
  { title: 'Review', fields: [] },
];

export const lastStep = addClientSteps.length - 1;

/** The step holding a field ("tags.2" belongs to tags); unknown fields land on the review step. */
export function stepOfField(field: string): number {
  const name = field.split('.')[0] ?? field;
  const index = addClientSteps.findIndex((step) => (step.fields as readonly string[]).includes(name));
  return index === -1 ? lastStep : index;
}

/** The first step holding one of the fields, or undefined when there are none. */
export function firstStepOf(fields: readonly string[]): number | undefined {
  if (fields.length === 0) return undefined;
  return Math.min(...fields.map(stepOfField));
}
