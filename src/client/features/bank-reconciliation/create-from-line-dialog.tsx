import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import {
  type BankTransaction,
  createFromBankTransactionSchema,
} from '@shared/contracts/bank-reconciliation';
import { useCreateFromLine, useOpenBills, useOpenInvoices, useVendorOptions } from './api';
import { LineAmount, lineDay } from './line-parts';

type Kind = 'invoice_payment' | 'bill_payment' | 'expense';

/** The form's flat values; the contract's union checks them (and names the missing choice). */
interface CreateValues {
  kind: Kind;
  invoiceId: string;
  billId: string;
  vendorId: string;
  category: string;
  memo: string;
}

const fields = ['invoiceId', 'billId', 'vendorId', 'category', 'memo'] as const;

/** Record something new from a line: a customer payment, a bill payment, or an expense. */
export function CreateFromLineDialog(props: {
  line: BankTransaction | null;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}) {
  const { line } = props;
  const open = line !== null;
  const deposit = line ? !line.amount.startsWith('-') : true;
  const create = useCreateFromLine();
  const { formatAmount } = useMoneyFormat();
  const { control, register, handleSubmit, reset, setError, watch, formState } = useForm<CreateValues>({
    defaultValues: { kind: 'invoice_payment', invoiceId: '', billId: '', vendorId: '', category: '', memo: '' },
  });
  const kind = watch('kind');
  const invoices = useOpenInvoices('', open && kind === 'invoice_payment');
  const bills = useOpenBills('', open && kind === 'bill_payment');
  const vendors = useVendorOptions(open && kind === 'expense');

  useEffect(() => {
    if (open) {
      reset({ kind: deposit ? 'invoice_payment' : 'expense', invoiceId: '', billId: '', vendorId: '', category: '', memo: '' });
    }
  }, [open, deposit, reset, line?.id]);

  const kinds = deposit
    ? [{ value: 'invoice_payment', label: 'Customer payment on an invoice' }]
    : [
        { value: 'bill_payment', label: 'Payment of a bill' },
        { value: 'expense', label: 'Expense' },
      ];

  const onSubmit = handleSubmit(async (values) => {
    if (!line) return;
    const parsed = createFromBankTransactionSchema.safeParse({
      kind: values.kind,
      invoiceId: values.invoiceId || undefined,
      billId: values.billId || undefined,
      vendorId: values.vendorId || undefined,
      category: values.category,
      memo: values.memo || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fields.find((name) => name === issue.path[0]);
        if (field) setError(field, { type: 'contract', message: issue.message });
      }
      return;
    }
    try {
      await create.mutateAsync({ id: line.id, body: parsed.data });
      toast({ title: 'Recorded from the bank line' });
      props.onCreated();
      props.onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, fields);
      toast({ title: 'Could not record it', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create from this line</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-wrap justify-between gap-2">
              <span className="min-w-0 break-words">
                {line ? `${lineDay(line.postedOn)} · ${line.description}` : ''}
              </span>
              {line && <LineAmount amount={line.amount} />}
            </div>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <SelectField control={control} name="kind" label="Record as" options={kinds} required />
          {kind === 'invoice_payment' && (
            <SelectField
              control={control}
              name="invoiceId"
              label="Invoice"
              required
              placeholder={invoices.isPending ? 'Loading…' : 'Pick an open invoice'}
              error={errors.invoiceId?.message}
              options={invoices.items.map((invoice) => ({
                value: invoice.id,
                label: `${invoice.invoiceNumber} · ${invoice.customer.name} · ${formatAmount(invoice.balance)}`,
              }))}
            />
          )}
          {kind === 'bill_payment' && (
            <SelectField
              control={control}
              name="billId"
              label="Bill"
              required
              placeholder="Pick an unpaid bill"
              error={errors.billId?.message}
              options={bills.map((bill) => ({
                value: bill.id,
                label: `${bill.billNumber} · ${bill.vendor.name} · ${formatAmount(bill.totalAmount)}`,
              }))}
            />
          )}
          {kind === 'expense' && (
            <>
              <SelectField
                control={control}
                name="vendorId"
                label="Vendor"
                required
                placeholder={vendors.isPending ? 'Loading…' : 'Pick a vendor'}
                error={errors.vendorId?.message}
                options={(vendors.data?.items ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }))}
              />
              <Field label="Category" required error={errors.category?.message}>
                <Input {...register('category')} placeholder="Bank fees" />
              </Field>
              <Field label="Memo" error={errors.memo?.message}>
                <Input {...register('memo')} />
              </Field>
            </>
          )}
          <DialogFormFooter
            onCancel={() => props.onOpenChange(false)}
            pending={isSubmitting}
            submitLabel="Create"
            pendingLabel="Creating…"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
