import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LineItemsEditor } from '@/components/line-items-editor';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { saveRecord } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import {
  type RecurringInvoice,
  type RecurringInvoiceFormValues,
  type RecurringInvoiceInput,
  recurringInvoiceInputSchema,
} from '@shared/contracts/recurring-invoices';
import { recurrenceEndTypes, recurrenceFrequencies } from '@shared/recurrence';
import { useCustomerOptions } from './api';
import { previewTotals } from './invoice-form-values';
import { useSaveRecurringInvoice } from './recurring-api';

export const frequencyLabels = { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', annually: 'Annually' } as const;
const endLabels = { never: 'Never', after_count: 'After a number of invoices', on_date: 'On a date' } as const;
const terms = ['Due on receipt', 'Net 15', 'Net 30', 'Net 45', 'Net 60', 'Net 90'];
const serverFields = ['customerId', 'frequency', 'startDate', 'endType', 'endAfterCount', 'endDate', 'taxAmount', 'discountAmount', 'paymentTerms'] as const;

function blankValues(today: string): RecurringInvoiceFormValues {
  return {
    customerId: '',
    frequency: 'monthly',
    startDate: today,
    endType: 'never',
    endAfterCount: '',
    endDate: '',
    autoSend: false,
    paymentTerms: 'Net 30',
    notes: '',
    taxAmount: '0.00',
    discountAmount: '0.00',
    items: [{ description: '', quantity: '1', unitPrice: '' }],
  };
}

function scheduleValues(schedule: RecurringInvoice): RecurringInvoiceFormValues {
  return {
    customerId: schedule.customerId,
    frequency: schedule.frequency,
    startDate: schedule.startDate,
    endType: schedule.endType,
    endAfterCount: schedule.endAfterCount === null ? '' : String(schedule.endAfterCount),
    endDate: schedule.endDate ?? '',
    autoSend: schedule.autoSend,
    paymentTerms: schedule.paymentTerms,
    notes: schedule.notes ?? '',
    taxAmount: schedule.taxAmount,
    discountAmount: schedule.discountAmount,
    items: schedule.items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unitPrice })),
  };
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; schedule: RecurringInvoice | null };

/** Create or edit a recurring schedule: the invoice it makes, how often, from when, until when. */
export function RecurringInvoiceDialog({ open, onOpenChange, schedule }: Props) {
  const save = useSaveRecurringInvoice();
  const customers = useCustomerOptions(open);
  const { currency, formatCents } = useMoneyFormat();
  const timeZone = useOrganizationTimeZone();
  const form = useForm<RecurringInvoiceFormValues, unknown, RecurringInvoiceInput>({
    resolver: zodResolver(recurringInvoiceInputSchema),
    defaultValues: blankValues(dateInputValue(new Date(), timeZone)),
  });
  const { register, handleSubmit, control, reset, setError, formState } = form;
  const { errors } = formState;
  const [items, taxAmount, discountAmount, endType] = useWatch({ control, name: ['items', 'taxAmount', 'discountAmount', 'endType'] });
  const totals = previewTotals(
    (items ?? []).map((item) => ({ ...item, totalPrice: '' })),
    taxAmount,
    discountAmount,
  );

  useEffect(() => {
    if (open) reset(schedule ? scheduleValues(schedule) : blankValues(dateInputValue(new Date(), timeZone)));
  }, [open, schedule, reset, timeZone]);

  const onSubmit = handleSubmit((input) =>
    saveRecord({
      save: () => save.mutateAsync({ id: schedule?.id, input }),
      noun: 'Recurring invoice',
      editing: schedule !== null,
      onSaved: () => onOpenChange(false),
      setError,
      fields: serverFields,
    }),
  );

  const customerOptions = customers.data?.items ?? [];
  const currentCustomer = schedule && !customerOptions.some((c) => c.id === schedule.customerId) ? schedule.customer : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{schedule ? 'Edit Recurring Invoice' : 'New Recurring Invoice'}</DialogTitle>
          <DialogDescription>An invoice made on a schedule, numbered by your invoice settings.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-5" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={control}
              name="customerId"
              label="Customer"
              required
              error={errors.customerId?.message}
              placeholder={customers.isLoading ? 'Loading customers…' : 'Select a customer'}
              options={[...(currentCustomer ? [currentCustomer] : []), ...customerOptions].map((customer) => ({ value: customer.id, label: customer.name }))}
            />
            <SelectField control={control} name="frequency" label="Frequency" required error={errors.frequency?.message} options={labelledOptions(recurrenceFrequencies, frequencyLabels)} />
            <Field label="Start date" required error={errors.startDate?.message}>
              <Input type="date" {...register('startDate')} />
            </Field>
            <SelectField control={control} name="endType" label="Ends" error={errors.endType?.message} options={labelledOptions(recurrenceEndTypes, endLabels)} />
            {endType === 'after_count' && (
              <Field label="Number of invoices" required error={errors.endAfterCount?.message}>
                <Input inputMode="numeric" {...register('endAfterCount')} />
              </Field>
            )}
            {endType === 'on_date' && (
              <Field label="End date" required error={errors.endDate?.message}>
                <Input type="date" {...register('endDate')} />
              </Field>
            )}
            <Field label="Payment terms" error={errors.paymentTerms?.message}>
              <Input list="recurring-payment-terms" {...register('paymentTerms')} />
            </Field>
            <datalist id="recurring-payment-terms">
              {terms.map((term) => (
                <option key={term} value={term} />
              ))}
            </datalist>
            <Controller
              control={control}
              name="autoSend"
              render={({ field }) => (
                <label className="flex items-center gap-3 self-end pb-2 text-sm font-medium">
                  <Switch checked={field.value ?? false} onCheckedChange={field.onChange} aria-label="Email each invoice automatically" />
                  Email each invoice automatically
                </label>
              )}
            />
          </div>

          <LineItemsEditor
            control={control}
            register={register}
            errors={errors.items}
            blankItem={() => ({ description: '', quantity: '1', unitPrice: '' })}
            itemTotals={totals.itemTotals}
            currencySymbol={currency.symbol}
            formatCents={formatCents}
          />

          <div className="grid gap-4 sm:grid-cols-[1fr_18rem]">
            <div className="grid grid-cols-2 content-start gap-4">
              <Field label="Tax amount" error={errors.taxAmount?.message}>
                <MoneyInput currencySymbol={currency.symbol} {...register('taxAmount')} />
              </Field>
              <Field label="Discount amount" error={errors.discountAmount?.message}>
                <MoneyInput currencySymbol={currency.symbol} {...register('discountAmount')} />
              </Field>
            </div>
            <dl className="grid content-start gap-2 rounded-md border bg-slate-50 p-4 text-sm" aria-label="Invoice totals">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd className="tabular-nums">{formatCents(totals.subtotal)}</dd>
              </div>
              <div className="flex justify-between border-t pt-2 text-base font-semibold">
                <dt>Each invoice</dt>
                <dd className="tabular-nums" data-testid="recurring-form-total">
                  {formatCents(totals.totalAmount)}
                </dd>
              </div>
            </dl>
          </div>

          <DialogFormFooter onCancel={() => onOpenChange(false)} pending={save.isPending} submitLabel={schedule ? 'Save Schedule' : 'Create Schedule'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
