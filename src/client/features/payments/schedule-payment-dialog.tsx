import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
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
import { Skeleton } from '@/components/ui/skeleton';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { apiList, apiRequest } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { useMoneyFormat } from '@/lib/money-format';
import { navigationCountsKey } from '@/lib/navigation-counts';
import { toast } from '@/lib/toast';
import type { BankAccount } from '@shared/contracts/bank-accounts';
import type { Bill } from '@shared/contracts/bills';
import {
  type SchedulePayment,
  type SchedulePaymentInput,
  type ScheduleResult,
  paymentRunMethodLabels,
  paymentRunMethods,
  schedulePaymentSchema,
} from '@shared/contracts/payment-runs';
import { parseMoney, sumCents } from '@shared/money';
import { BillPicker } from './bill-picker';


function useUnpaidBills(enabled: boolean) {
  // Received and overdue bills are the ones not yet paid or scheduled.
  return useQuery({
    queryKey: ['/api/bills', { purpose: 'schedule-payment' }],
    queryFn: async () => {
      const [received, overdue] = await Promise.all([
        apiList<Bill>('/api/bills', { status: 'received', limit: 200 }),
        apiList<Bill>('/api/bills', { status: 'overdue', limit: 200 }),
      ]);
      return [...overdue.items, ...received.items];
    },
    enabled,
  });
}

function useVerifiedAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/bank-accounts', { limit: 200 }],
    queryFn: () => apiList<BankAccount>('/api/bank-accounts', { limit: 200 }),
    select: (page) => page.items.filter((account) => account.isVerified),
    enabled,
  });
}

/** Pay bills: choose payable bills, a verified account, a method and a date (POST /api/payments/schedule). */
export function SchedulePaymentDialog({
  open,
  onOpenChange,
  billIds,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  billIds?: string[];
}) {
  const queryClient = useQueryClient();
  const { formatCents } = useMoneyFormat();
  const bills = useUnpaidBills(open);
  const accounts = useVerifiedAccounts(open);
  const timeZone = useOrganizationTimeZone();
  const { handleSubmit, control, register, reset, setValue, setError, formState } = useForm<
    SchedulePaymentInput,
    unknown,
    SchedulePayment
  >({
    resolver: zodResolver(schedulePaymentSchema),
    defaultValues: { billIds: [], bankAccountId: '', method: 'ach', scheduledDate: dateInputValue(new Date(), timeZone) },
  });
  const { errors, isSubmitting } = formState;
  const selected = useWatch({ control, name: 'billIds' });
  const bankAccountId = useWatch({ control, name: 'bankAccountId' });

  // A caller may pass a new array on every render: reset only when the ids themselves change.
  const preselected = billIds?.join(',') ?? '';
  useEffect(() => {
    if (open)
      reset({
        billIds: preselected.split(',').filter(Boolean),
        bankAccountId: '',
        method: 'ach',
        scheduledDate: dateInputValue(new Date(), timeZone),
      });
  }, [open, preselected, reset, timeZone]);

  // Default to the primary verified account once the accounts arrive.
  useEffect(() => {
    const list = accounts.data;
    if (!open || bankAccountId || !list || list.length === 0) return;
    const primary = list.find((account) => account.isPrimary) ?? list[0];
    if (primary) setValue('bankAccountId', primary.id);
  }, [open, accounts.data, bankAccountId, setValue]);

  const total = useMemo(() => {
    const chosen = new Set(selected);
    return sumCents(
      (bills.data ?? [])
        .filter((bill) => chosen.has(bill.id))
        .map((bill) => parseMoney(bill.amountDue, { round: true }) ?? 0),
    );
  }, [bills.data, selected]);

  const schedule = useMutation({
    mutationFn: (input: SchedulePayment) =>
      apiRequest<ScheduleResult>('POST', '/api/payments/schedule', input),
    onSuccess: () =>
      Promise.all(
        ['/api/payments', '/api/payment-runs', '/api/bills', '/api/dashboard/stats']
          .map((key) =>
            queryClient.invalidateQueries({
              predicate: (query) => String(query.queryKey[0]).startsWith(key),
            }),
          )
          .concat(queryClient.invalidateQueries({ queryKey: navigationCountsKey })),
      ),
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await schedule.mutateAsync(input);
      const count = result.payments.length;
      toast({
        title: 'Payment scheduled',
        description: `${count} ${count === 1 ? 'bill' : 'bills'} for ${formatCents(total)} on ${format(parseISO(input.scheduledDate), 'MMM d, yyyy')}.`,
      });
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, ['billIds', 'bankAccountId', 'method', 'scheduledDate']);
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Could not schedule the payment',
        variant: 'destructive',
      });
    }
  });

  const billList = bills.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Schedule Payment</DialogTitle>
          <DialogDescription>
            Pay approved bills from a verified bank account. Each bill is paid in full on the chosen
            date.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Bills</legend>
            {bills.isPending ? (
              <Skeleton className="h-24" />
            ) : billList.length === 0 ? (
              <p className="rounded-md border border-dashed px-3 py-4 text-sm text-slate-500">
                No unpaid bills to schedule.
              </p>
            ) : (
              <Controller
                control={control}
                name="billIds"
                render={({ field }) => (
                  <BillPicker bills={billList} selected={field.value} onChange={field.onChange} />
                )}
              />
            )}
            {errors.billIds?.message && (
              <p className="text-sm text-destructive">{errors.billIds.message}</p>
            )}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              control={control}
              name="bankAccountId"
              label="Pay from"
              required
              error={errors.bankAccountId?.message}
              className="sm:col-span-3"
              disabled={!accounts.data?.length}
              placeholder={accounts.isPending ? 'Loading...' : 'No verified bank account'}
              options={(accounts.data ?? []).map((account) => ({
                value: account.id,
                label: `${account.accountName} ••••${account.accountLast4}${account.isPrimary ? ' (Primary)' : ''}`,
              }))}
            />
            {accounts.data?.length === 0 && (
              <p className="text-sm text-slate-500 sm:col-span-3">
                Add and verify a bank account on the{' '}
                <Link to="/bank-accounts" className="text-blue-700 underline">
                  Bank Accounts
                </Link>{' '}
                page first.
              </p>
            )}
            <SelectField
              control={control}
              name="method"
              label="Method"
              required
              error={errors.method?.message}
              options={labelledOptions(paymentRunMethods, paymentRunMethodLabels)}
            />
            <Field label="Payment date" required error={errors.scheduledDate?.message}>
              <Input type="date" min={dateInputValue(new Date(), timeZone)} {...register('scheduledDate')} />
            </Field>
            <div className="grid content-end gap-1">
              <span className="text-sm text-slate-500">Total</span>
              <span className="text-xl font-semibold tabular-nums" data-testid="schedule-total">
                {formatCents(total)}
              </span>
            </div>
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting || selected.length === 0}>
              {isSubmitting ? 'Scheduling...' : 'Schedule Payment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
