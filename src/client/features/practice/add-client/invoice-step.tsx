import { useWatch } from 'react-hook-form';
import { clientCurrencies, clientPaymentTerms } from '@shared/contracts/practice';
import { formatInvoiceNumber } from '@shared/invoice-number';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { currencyLabels, paymentTermLabels } from '../practice-labels';
import type { AddClientForm } from './wizard-form';

/** The number the client's first invoice will get, while what is typed makes one. */
export function firstInvoiceNumber(prefix: unknown, start: unknown): string | null {
  const number = Number(start);
  if (typeof prefix !== 'string' || !/^[A-Za-z0-9-]*$/.test(prefix.trim()) || !Number.isInteger(number) || number < 1) return null;
  return formatInvoiceNumber(prefix.trim(), number);
}

/** Step 2: how the client's workspace numbers and prices its invoices. */
export function InvoiceStep({ form }: { form: AddClientForm }) {
  const { errors } = form.formState;
  const [prefix, start] = useWatch({ control: form.control, name: ['invoicePrefix', 'invoiceStartNumber'] });
  const first = firstInvoiceNumber(prefix, start);
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      <Field label="Invoice Prefix" error={errors.invoicePrefix?.message} description={first ? `The first invoice will be ${first}.` : undefined}>
        <Input autoComplete="off" maxLength={12} {...form.register('invoicePrefix')} />
      </Field>
      <Field label="Starting Invoice Number" error={errors.invoiceStartNumber?.message}>
        <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('invoiceStartNumber')} />
      </Field>
      <SelectField
        control={form.control}
        name="paymentTerms"
        label="Default Payment Terms"
        error={errors.paymentTerms?.message}
        options={labelledOptions(clientPaymentTerms, paymentTermLabels)}
      />
      <SelectField
        control={form.control}
        name="currency"
        label="Currency"
        error={errors.currency?.message}
        options={labelledOptions(clientCurrencies, currencyLabels)}
      />
    </div>
  );
}
