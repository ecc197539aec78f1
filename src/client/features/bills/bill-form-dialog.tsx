import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
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
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { SelectField } from '@/components/ui/select-field';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { BillEinvoiceNotes } from './bill-einvoice-notes';
import { saveRecord } from '@/lib/form-errors';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { useMoneyFormat } from '@/lib/money-format';
import {
  type BillDetail,
  type BillFormValues,
  type BillInput,
  billInputSchema,
} from '@shared/contracts/bills';
import { toDecimal } from '@shared/money';
import { LineItemsEditor } from '@/components/line-items-editor';
import { hasLineVat, previewVat, switchLineVat, VatBreakdownTable, VatByLineToggle } from '@/components/vat-lines';
import { useActiveVendors } from '../vendors/api';
import { useAttachableDocuments, useBill, useSaveBill } from './api';
import { billToValues, liveTotals, newBillValues, toPayload } from './bill-form-values';

const serverFields = [
  'vendorId',
  'billNumber',
  'status',
  'billDate',
  'dueDate',
  'totalAmount',
  'subtotal',
  'attachmentUrl',
  'documentId',
  'scheduledPaymentDate',
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bill to edit, or null to add one. */
  billId: string | null;
}

export function BillFormDialog({ open, onOpenChange, billId }: Props) {
  const bill = useBill(open ? billId : null);
  const loading = billId !== null && !bill.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{billId ? 'Edit Bill' : 'Add Bill'}</DialogTitle>
          <DialogDescription>
            The vendor’s bill with its items; totals are worked out for you.
          </DialogDescription>
        </DialogHeader>
        {bill.data && <BillEinvoiceNotes bill={bill.data} />}
        {loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-32" />
          </div>
        ) : (
          <BillForm
            key={billId ?? 'new'}
            bill={bill.data ?? null}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function BillForm({ bill, onDone }: { bill: BillDetail | null; onDone: () => void }) {
  const { currency, formatCents } = useMoneyFormat();
  const vendors = useActiveVendors();
  const documents = useAttachableDocuments(true);
  const save = useSaveBill();
  const timeZone = useOrganizationTimeZone();
  const form = useForm<BillFormValues, unknown, BillInput>({
    resolver: zodResolver(billInputSchema),
    defaultValues: bill ? billToValues(bill, dateInputValue(new Date(), timeZone)) : newBillValues(new Date(), timeZone),
  });
  const { register, control, handleSubmit, setValue, getValues, setError, formState } = form;
  const { errors } = formState;
  const items = useWatch({ control, name: 'items' });
  const taxAmount = useWatch({ control, name: 'taxAmount' });
  const documentId = useWatch({ control, name: 'documentId' });
  // VAT by line (issue 36): the tax is then the VAT by rate of the lines, read-only, as the server computes it.
  const [vatByLine, setVatByLine] = useState(() => (bill ? hasLineVat(bill.items) : false));
  const lumpSum = liveTotals(items, taxAmount);
  const vat = vatByLine ? previewVat(items, lumpSum.itemTotals, 0) : null;
  const totals = vat ? liveTotals(items, toDecimal(vat.taxTotal)) : lumpSum;
  const vatTax = vat ? toDecimal(vat.taxTotal) : null;
  const switchVat = (on: boolean) => {
    setVatByLine(on);
    setValue('items', switchLineVat(getValues('items'), on));
    if (!on) setValue('taxAmount', '0.00');
  };
  const lastRate = items.at(-1)?.taxRate;

  // Keep the claimed figures equal to the computed ones, so the shared contract's check passes.
  useEffect(() => {
    totals.itemTotals.forEach((cents, index) => {
      const text = toDecimal(cents);
      if (getValues(`items.${index}.totalPrice`) !== text)
        setValue(`items.${index}.totalPrice`, text);
    });
    if (getValues('subtotal') !== toDecimal(totals.subtotal))
      setValue('subtotal', toDecimal(totals.subtotal));
    if (getValues('totalAmount') !== toDecimal(totals.totalAmount))
      setValue('totalAmount', toDecimal(totals.totalAmount));
    if (vatTax !== null && getValues('taxAmount') !== vatTax) setValue('taxAmount', vatTax);
  }, [totals.itemTotals, totals.subtotal, totals.totalAmount, vatTax, getValues, setValue]);

  const vendorOptions = (vendors.data?.items ?? []).map((vendor) => ({
    id: vendor.id,
    name: vendor.name,
  }));
  if (bill && !vendorOptions.some((vendor) => vendor.id === bill.vendorId)) {
    vendorOptions.unshift({ id: bill.vendorId, name: `${bill.vendor.name} (inactive)` });
  }
  const statusOptions =
    bill?.status === 'scheduled'
      ? ['received', 'scheduled', 'paid', 'overdue']
      : ['received', 'paid', 'overdue'];

  const onSubmit = handleSubmit((input) =>
    saveRecord({
      save: () => save.mutateAsync({ id: bill?.id, payload: toPayload(input) }),
      noun: 'Bill',
      editing: bill !== null,
      onSaved: onDone,
      setError,
      fields: serverFields,
      describe: (saved) =>
        saved.approvalStatus === 'pending' ? 'It has been sent for approval.' : undefined,
    }),
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="vendorId"
          label="Vendor"
          required
          error={errors.vendorId?.message}
          placeholder={vendors.isLoading ? 'Loading vendors…' : 'Choose a vendor'}
          options={vendorOptions.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
        />
        <Field label="Bill number" required error={errors.billNumber?.message}>
          <Input {...register('billNumber')} />
        </Field>
        <Field label="Bill date" required error={errors.billDate?.message}>
          <Input type="date" {...register('billDate')} />
        </Field>
        <Field label="Due date" required error={errors.dueDate?.message}>
          <Input type="date" {...register('dueDate')} />
        </Field>
        <SelectField
          control={control}
          name="status"
          label="Status"
          error={errors.status?.message}
          description="Use Pay on the bill to schedule a payment."
          fallback="received"
          options={statusOptions.map((status) => ({
            value: status,
            label: `${status.charAt(0).toUpperCase()}${status.slice(1)}`,
          }))}
        />
        <Field label="Scheduled payment date" error={errors.scheduledPaymentDate?.message}>
          <Input type="date" {...register('scheduledPaymentDate')} />
        </Field>
      </div>
      <VatByLineToggle checked={vatByLine} onChange={switchVat} />
      <LineItemsEditor
        control={control}
        register={register}
        errors={errors.items}
        vatByLine={vatByLine}
        blankItem={() => ({
          description: '',
          quantity: '1',
          unitPrice: '',
          totalPrice: '0.00',
          ...(vatByLine ? { taxCategory: 'S' as const, taxRate: lastRate ?? '', unitCode: '' } : {}),
        })}
        itemTotals={totals.itemTotals}
        currencySymbol={currency.symbol}
        formatCents={formatCents}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-4">
          <Field label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...register('notes')} />
          </Field>
          <SelectField
            control={control}
            name="documentId"
            label="Linked document"
            error={errors.documentId?.message}
            noneLabel="No document"
            options={(documents.data?.items ?? []).map((document) => ({
              value: document.id,
              label: document.fileName,
            }))}
          />
          {documentId ? (
            <a
              className="text-sm text-blue-700 underline"
              href={`/api/documents/${documentId}/file`}
              target="_blank"
              rel="noreferrer"
            >
              Open the linked document
            </a>
          ) : (
            <Field label="Attachment URL" error={errors.attachmentUrl?.message}>
              <Input type="url" placeholder="https://" {...register('attachmentUrl')} />
            </Field>
          )}
        </div>
        <dl className="grid content-start gap-2 rounded-md bg-slate-50 p-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-500">Subtotal</dt>
            <dd className="tabular-nums" data-testid="bill-subtotal">
              {formatCents(totals.subtotal)}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-500">
              <label htmlFor="bill-tax">Tax</label>
            </dt>
            <dd className="w-36">
              <MoneyInput
                id="bill-tax"
                currencySymbol={currency.symbol}
                readOnly={vatByLine}
                title={vatByLine ? 'The VAT of the lines at their rates' : undefined}
                {...register('taxAmount')}
                aria-invalid={errors.taxAmount ? true : undefined}
              />
            </dd>
          </div>
          {errors.taxAmount?.message && (
            <p className="text-destructive">{errors.taxAmount.message}</p>
          )}
          <div className="flex justify-between border-t pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="bill-total">
              {formatCents(totals.totalAmount)}
            </dd>
          </div>
          {vat && <VatBreakdownTable breakdown={vat} formatCents={formatCents} />}
          {(errors.totalAmount?.message ?? errors.subtotal?.message) && (
            <p className="text-destructive">
              {errors.totalAmount?.message ?? errors.subtotal?.message}
            </p>
          )}
        </dl>
      </div>
      <DialogFormFooter
        onCancel={onDone}
        pending={save.isPending}
        submitLabel={bill ? 'Save Bill' : 'Add Bill'}
      />
    </form>
  );
}
