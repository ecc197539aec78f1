import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useForm, useWatch } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { Textarea } from '@/components/ui/textarea';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { LineItemsEditor } from '@/components/line-items-editor';
import { hasLineVat, previewVat, switchLineVat, VatBreakdownTable, VatByLineToggle } from '@/components/vat-lines';
import { needsExemptionReason } from '@shared/contracts/line-items';
import { saveRecord } from '@/lib/form-errors';
import { useOrganizationTimeZone } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import {
  type Invoice,
  type InvoiceFormValues,
  type InvoiceInput,
  invoiceContractsFor,
  invoiceStatuses,
} from '@shared/contracts/invoices';
import { useCustomerOptions, useInvoiceSettings, useSaveInvoice } from './api';
import {
  asDecimal,
  blankItem,
  invoiceToValues,
  newInvoiceValues,
  previewTotals,
  settingsDefaults,
} from './invoice-form-values';
import { statusLabels } from './invoice-status-badge';
import { CreditLimitNotice } from './credit-limit-notice';

const serverFields = [
  'customerId',
  'invoiceNumber',
  'status',
  'issueDate',
  'dueDate',
  'taxAmount',
  'discountAmount',
  'totalAmount',
  'subtotal',
  'vatExemptionReason',
] as const;
const terms = ['Due on receipt', 'Net 15', 'Net 30', 'Net 45', 'Net 60', 'Net 90'];

type Props = { open: boolean; onOpenChange: (open: boolean) => void; invoice: Invoice | null };

export function InvoiceFormDialog({ open, onOpenChange, invoice }: Props) {
  const save = useSaveInvoice();
  const customers = useCustomerOptions(open);
  const { currency, formatMinor } = useMoneyFormat();
  const timeZone = useOrganizationTimeZone();
  // Amounts are in the organization's currency (invoice settings): its decimals in the contract,
  // the totals and the request (JPY none, KWD three).
  const settingsQuery = useInvoiceSettings(open);
  const settings = settingsQuery.data;
  const orgCurrency = settings?.currency ?? 'USD';
  const contract = useMemo(() => invoiceContractsFor(orgCurrency).invoiceInputSchema, [orgCurrency]);
  const formatCents = (minor: number) => formatMinor(minor, orgCurrency);
  const form = useForm<InvoiceFormValues, unknown, InvoiceInput>({
    resolver: zodResolver(contract),
    defaultValues: newInvoiceValues(new Date(), timeZone),
  });
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setValue,
    getValues,
    getFieldState,
    formState,
  } = form;
  const { errors } = formState;
  const [items, taxAmount, discountAmount, customerId] = useWatch({
    control,
    name: ['items', 'taxAmount', 'discountAmount', 'customerId'],
  });
  // VAT by line (issue 36): the tax is then the VAT by rate of the lines, read-only, as the server computes it.
  const [vatByLine, setVatByLine] = useState(false);
  const lumpSum = previewTotals(items, taxAmount, discountAmount, orgCurrency);
  const vat = vatByLine ? previewVat(items, lumpSum.itemTotals, lumpSum.discountAmount) : null;
  const totals = vat ? previewTotals(items, asDecimal(vat.taxTotal, orgCurrency), discountAmount, orgCurrency) : lumpSum;
  const totalsKey = JSON.stringify(totals);

  // Layout effects, in this order: the reset, then the settings' defaults over it.
  useLayoutEffect(() => {
    if (!open) return;
    reset(invoice ? invoiceToValues(invoice) : newInvoiceValues(new Date(), timeZone));
    setVatByLine(invoice ? hasLineVat(invoice.items) : false);
  }, [open, invoice, reset, timeZone]);

  const switchVat = (on: boolean) => {
    setVatByLine(on);
    setValue('items', switchLineVat(getValues('items'), on));
    if (!on) setValue('taxAmount', '0.00');
  };
  const lastRate = items?.at(-1)?.taxRate;
  const newLine = () => (vatByLine ? { ...blankItem(), taxCategory: 'S' as const, taxRate: lastRate ?? '', unitCode: '' } : blankItem());

  // A new invoice defaults to the organization's next number and payment terms, unless already typed
  // over. The form waits for them (a layout effect: the number shown is never a placeholder that changes).
  const waitingForSettings = open && invoice === null && settingsQuery.isPending;
  useLayoutEffect(() => {
    if (!open || invoice !== null || !settings) return;
    const defaults = settingsDefaults(settings, getValues('issueDate'));
    for (const name of ['invoiceNumber', 'paymentTerms', 'dueDate'] as const) {
      if (!getFieldState(name).isDirty) setValue(name, defaults[name]);
    }
  }, [open, invoice, settings, getValues, getFieldState, setValue]);

  // The claimed totals the contract checks are the same computeTotals run the form shows.
  useEffect(() => {
    const computed = JSON.parse(totalsKey) as typeof totals;
    computed.itemTotals.forEach((cents, index) => {
      if (getValues(`items.${index}.totalPrice`) !== asDecimal(cents, orgCurrency))
        setValue(`items.${index}.totalPrice`, asDecimal(cents, orgCurrency));
    });
    setValue('subtotal', asDecimal(computed.subtotal, orgCurrency));
    setValue('totalAmount', asDecimal(computed.totalAmount, orgCurrency));
    if (vatByLine && getValues('taxAmount') !== asDecimal(computed.taxAmount, orgCurrency)) setValue('taxAmount', asDecimal(computed.taxAmount, orgCurrency));
  }, [totalsKey, vatByLine, getValues, setValue, orgCurrency]);

  const onSubmit = handleSubmit((input) =>
    saveRecord({
      save: () => save.mutateAsync({ id: invoice?.id, input, currency: orgCurrency }),
      noun: 'Invoice',
      editing: invoice !== null,
      onSaved: () => onOpenChange(false),
      setError,
      fields: serverFields,
    }),
  );

  const customerOptions = customers.data?.items ?? [];
  const currentCustomer =
    invoice && !customerOptions.some((c) => c.id === invoice.customerId) ? invoice.customer : null;
  const totalsError = errors.subtotal?.message ?? errors.totalAmount?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={`max-h-[92vh] overflow-y-auto sm:max-w-3xl ${vatByLine ? "lg:max-w-5xl" : ""}`}>
        <DialogHeader>
          <DialogTitle>{invoice ? 'Edit Invoice' : 'Create Invoice'}</DialogTitle>
          <DialogDescription>Bill a customer for goods or services.</DialogDescription>
        </DialogHeader>
        {waitingForSettings ? (
          <div className="flex justify-center py-10">
            <Spinner
              className="size-6 text-muted-foreground"
              label="Loading the next invoice number"
            />
          </div>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-5" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                control={control}
                name="customerId"
                label="Customer"
                required
                error={errors.customerId?.message}
                placeholder={customers.isLoading ? 'Loading customers…' : 'Select a customer'}
                options={[...(currentCustomer ? [currentCustomer] : []), ...customerOptions].map(
                  (customer) => ({ value: customer.id, label: customer.name }),
                )}
              />
              <Field label="Invoice number" required error={errors.invoiceNumber?.message}>
                <Input {...register('invoiceNumber')} autoComplete="off" />
              </Field>
              <Field label="Issue date" required error={errors.issueDate?.message}>
                <Input type="date" {...register('issueDate')} />
              </Field>
              <Field label="Due date" required error={errors.dueDate?.message}>
                <Input type="date" {...register('dueDate')} />
              </Field>
              <SelectField
                control={control}
                name="status"
                label="Status"
                error={errors.status?.message}
                fallback="draft"
                options={labelledOptions(invoiceStatuses, statusLabels)}
              />
              <Field label="Payment terms" error={errors.paymentTerms?.message}>
                <Input list="invoice-payment-terms" {...register('paymentTerms')} />
              </Field>
              <datalist id="invoice-payment-terms">
                {terms.map((term) => (
                  <option key={term} value={term} />
                ))}
              </datalist>
            </div>

            <VatByLineToggle checked={vatByLine} onChange={switchVat} />
            <LineItemsEditor
              control={control}
              register={register}
              errors={errors.items}
              blankItem={newLine}
              vatByLine={vatByLine}
              itemTotals={totals.itemTotals}
              currencySymbol={currency.symbol}
              formatCents={formatCents}
              rowTestId="invoice-item"
            />

            <div className="grid gap-4 sm:grid-cols-[1fr_18rem]">
              <div className="grid content-start gap-4">
                <div className="grid grid-cols-2 gap-4">
                  <Field label="Tax amount" error={errors.taxAmount?.message}>
                    <MoneyInput
                      currencySymbol={currency.symbol}
                      readOnly={vatByLine}
                      title={vatByLine ? 'The VAT of the lines at their rates' : undefined}
                      {...register('taxAmount')}
                    />
                  </Field>
                  <Field label="Discount amount" error={errors.discountAmount?.message}>
                    <MoneyInput currencySymbol={currency.symbol} {...register('discountAmount')} />
                  </Field>
                </div>
                {vatByLine && (
                  <Field
                    label="VAT exemption reason"
                    required={needsExemptionReason(items ?? [])}
                    error={errors.vatExemptionReason?.message}
                  >
                    <Input {...register('vatExemptionReason')} placeholder="e.g. Reverse charge, Article 196 VAT Directive" />
                  </Field>
                )}
                <Field label="Notes" error={errors.notes?.message}>
                  <Textarea
                    rows={3}
                    {...register('notes')}
                    placeholder="Payment instructions, thanks, references…"
                  />
                </Field>
              </div>
              <dl
                className="grid content-start gap-2 rounded-md border bg-slate-50 p-4 text-sm"
                aria-label="Invoice totals"
              >
                <div className="flex justify-between">
                  <dt className="text-slate-600">Subtotal</dt>
                  <dd className="tabular-nums">{formatCents(totals.subtotal)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-slate-600">Tax</dt>
                  <dd className="tabular-nums">{formatCents(totals.taxAmount)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-slate-600">Discount</dt>
                  <dd className="tabular-nums">
                    {totals.discountAmount > 0
                      ? `−${formatCents(totals.discountAmount)}`
                      : formatCents(0)}
                  </dd>
                </div>
                <div className="flex justify-between border-t pt-2 text-base font-semibold">
                  <dt>Total</dt>
                  <dd className="tabular-nums" data-testid="invoice-form-total">
                    {formatCents(totals.totalAmount)}
                  </dd>
                </div>
                {vat && <VatBreakdownTable breakdown={vat} formatCents={formatCents} />}
                {totalsError && <p className="text-sm text-destructive">{totalsError}</p>}
              </dl>
            </div>

            <CreditLimitNotice
              customerId={customerId || undefined}
              totalCents={totals.totalAmount}
              invoice={invoice}
              customerName={[...(currentCustomer ? [currentCustomer] : []), ...customerOptions].find((customer) => customer.id === customerId)?.name}
            />

            <DialogFormFooter
              onCancel={() => onOpenChange(false)}
              pending={save.isPending}
              submitLabel={invoice ? 'Save Invoice' : 'Create Invoice'}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
