import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import {
  type Invoice,
  type RecordPaymentFormValues,
  type RecordPaymentInput,
  invoicePaymentMethods,
  recordPaymentSchema,
} from '@shared/contracts/invoices';
import { parseMoney, toDecimal } from '@shared/money';
import { useRecordPayment } from './api';

const methodLabels: Record<(typeof invoicePaymentMethods)[number], string> = {
  ach: 'ACH transfer',
  wire: 'Wire transfer',
  check: 'Check',
  card: 'Card',
};

const defaults = (invoice: Invoice | null, timeZone: string | undefined): RecordPaymentFormValues => ({
  amount: invoice?.balance ?? '',
  paidAt: dateInputValue(new Date(), timeZone),
  method: 'ach',
  reference: '',
});

/** Money received against an invoice: the whole balance by default, or part of it. */
export function RecordPaymentDialog({
  invoice,
  onOpenChange,
}: {
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordPayment();
  const timeZone = useOrganizationTimeZone();
  const { currency, formatAmount } = useMoneyFormat();
  const [keepExcess, setKeepExcess] = useState(false);
  const { register, handleSubmit, control, reset, setError, formState, watch } = useForm<
    RecordPaymentFormValues,
    unknown,
    RecordPaymentInput
  >({
    resolver: zodResolver(recordPaymentSchema),
    defaultValues: defaults(invoice, timeZone),
  });
  const { errors } = formState;

  useEffect(() => {
    if (invoice) reset(defaults(invoice, timeZone));
    setKeepExcess(false);
  }, [invoice, reset, timeZone]);

  // Money above the balance is refused unless the user keeps it as the customer's credit.
  const entered = parseMoney(watch('amount') ?? '') ?? 0;
  const excess = invoice ? entered - (parseMoney(invoice.balance) ?? 0) : 0;

  const onSubmit = handleSubmit(async (input) => {
    if (!invoice) return;
    try {
      const result = await record.mutateAsync({ id: invoice.id, input: { ...input, keepExcessAsCredit: excess > 0 && keepExcess } });
      const paid = result.invoice.status === 'paid';
      toast({
        title: 'Payment recorded',
        description: paid
          ? `${invoice.invoiceNumber} is paid in full.`
          : `Balance left: ${formatAmount(result.invoice.balance)}.`,
      });
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, ['amount', 'paidAt', 'method', 'reference']);
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Could not record the payment',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Record Payment</DialogTitle>
          <DialogDescription>
            {invoice ? (
              <>
                {invoice.invoiceNumber} · {invoice.customer.name} · Balance{' '}
                <strong className="font-semibold text-slate-900" data-testid="payment-balance">
                  {formatAmount(invoice.balance)}
                </strong>{' '}
                of {formatAmount(invoice.totalAmount)}
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Amount" required error={errors.amount?.message}>
              <MoneyInput currencySymbol={currency.symbol} {...register('amount')} />
            </Field>
            <Field label="Payment date" required error={errors.paidAt?.message}>
              <Input type="date" max={dateInputValue(new Date(), timeZone)} {...register('paidAt')} />
            </Field>
            <SelectField
              control={control}
              name="method"
              label="Method"
              required
              error={errors.method?.message}
              options={labelledOptions(invoicePaymentMethods, methodLabels)}
            />
            <Field label="Reference" error={errors.reference?.message}>
              <Input {...register('reference')} placeholder="Check no., wire ref." />
            </Field>
          </div>
          {excess > 0 && (
            <label className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <Checkbox className="mt-0.5" checked={keepExcess} onCheckedChange={(checked) => setKeepExcess(checked === true)} />
              <span>
                {formatAmount(toDecimal(excess))} above the balance will be kept as credit for {invoice?.customer.name}
              </span>
            </label>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Recording…' : 'Record Payment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
