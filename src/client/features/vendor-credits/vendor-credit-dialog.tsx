import { format, parseISO } from 'date-fns';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { MoneyInput } from '@/components/ui/money-input';
import { Textarea } from '@/components/ui/textarea';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { Bill } from '@shared/contracts/bills';
import type { VendorCredit } from '@shared/contracts/credits';
import { type Cents, parseMoney, sumCents, toDecimal } from '@shared/money';
import { useActiveVendors } from '../vendors/api';
import { useApplyVendorCredit, useCreditableBills, useRecordVendorCredit } from './api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Apply this credit's remaining amount; null to record a new credit. */
  credit: VendorCredit | null;
}

const cents = (value: string): Cents => parseMoney(value, { round: true }) ?? 0;

/** The credit spread over the bills oldest due first, each at most what it owes. */
function oldestFirst(bills: Bill[], available: Cents): Record<string, string> {
  let left = available;
  const amounts: Record<string, string> = {};
  for (const bill of bills) {
    const take = Math.max(0, Math.min(left, cents(bill.amountDue)));
    amounts[bill.id] = take > 0 ? toDecimal(take) : '';
    left -= take;
  }
  return amounts;
}

export function VendorCreditDialog({ open, onOpenChange, credit }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {credit ? `Apply credit ${credit.creditNumber}` : 'Record vendor credit'}
          </DialogTitle>
          <DialogDescription>
            {credit
              ? `${credit.vendorName}: apply what is left of the credit to open bills.`
              : "Record a vendor's credit memo and apply it to their open bills: a payment then pays only what is left."}
          </DialogDescription>
        </DialogHeader>
        {open && <VendorCreditForm credit={credit} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function VendorCreditForm({ credit, onDone }: { credit: VendorCredit | null; onDone: () => void }) {
  const { currency, formatAmount, formatCents } = useMoneyFormat();
  const timeZone = useOrganizationTimeZone();
  const vendors = useActiveVendors();
  const [vendorId, setVendorId] = useState<string>(credit?.vendorId ?? '');
  const [creditNumber, setCreditNumber] = useState('');
  const [creditDate, setCreditDate] = useState(() => dateInputValue(new Date(), timeZone));
  const [amount, setAmount] = useState(credit ? credit.remaining : '');
  const [reason, setReason] = useState('');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field's message goes once the field is changed. */
  const changed = (...names: string[]) =>
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([name]) => !names.includes(name) && name !== 'form'),
      ),
    );
  const bills = useCreditableBills(vendorId || null);
  const record = useRecordVendorCredit();
  const applyCredit = useApplyVendorCredit();
  const pending = record.isPending || applyCredit.isPending;

  const billList = useMemo(() => bills.data ?? [], [bills.data]);
  const available = cents(amount);
  // Prefilled oldest due first until the user changes a bill's amount.
  useEffect(() => {
    if (!touched) setAmounts(oldestFirst(billList, available));
  }, [billList, available, touched]);

  const applied = sumCents(billList.map((bill) => cents(amounts[bill.id] ?? '')));
  const over = applied > available;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!vendorId) found.vendorId = 'Vendor is required';
    if (!credit && !creditNumber.trim()) found.creditNumber = 'Credit number is required';
    if (available <= 0) found.amount = 'Amount must be more than 0';
    if (over)
      found.applications = `The bills take ${formatCents(applied)}, more than the credit's ${formatCents(available)}`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const applications = billList
      .map((bill) => ({ billId: bill.id, amount: toDecimal(cents(amounts[bill.id] ?? '')) }))
      .filter((application) => cents(application.amount) > 0);
    try {
      if (credit) {
        if (applications.length === 0) {
          setErrors({ applications: 'Enter an amount for at least one bill' });
          return;
        }
        await applyCredit.mutateAsync({ id: credit.id, applications });
        toast({
          title: 'Credit applied',
          description: `${formatCents(applied)} of ${credit.creditNumber} applied.`,
        });
      } else {
        await record.mutateAsync({
          vendorId,
          creditNumber: creditNumber.trim(),
          creditDate,
          amount: toDecimal(available),
          reason: reason.trim() || null,
          applications,
        });
        toast({
          title: 'Vendor credit recorded',
          description:
            applied > 0
              ? `${formatCents(applied)} applied to open bills.`
              : 'Apply it to bills later.',
        });
      }
      onDone();
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      setErrors({
        ...fields,
        form: error instanceof Error ? error.message : 'Could not save the credit',
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
      {!credit && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Vendor" required error={errors.vendorId}>
            <Select
              value={vendorId}
              onValueChange={(value) => {
                setVendorId(value);
                setTouched(false);
                changed('vendorId', 'applications');
              }}
            >
              <SelectTrigger aria-label="Vendor" className="w-full">
                <SelectValue placeholder="Choose a vendor" />
              </SelectTrigger>
              <SelectContent>
                {(vendors.data?.items ?? []).map((vendor) => (
                  <SelectItem key={vendor.id} value={vendor.id}>
                    {vendor.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field label="Credit number" required error={errors.creditNumber}>
            <Input
              value={creditNumber}
              onChange={(event) => {
                setCreditNumber(event.target.value);
                changed('creditNumber');
              }}
              maxLength={50}
            />
          </Field>
          <Field label="Credit date" required error={errors.creditDate}>
            <Input
              type="date"
              value={creditDate}
              onChange={(event) => {
                setCreditDate(event.target.value);
                changed('creditDate');
              }}
            />
          </Field>
          <Field label="Amount" required error={errors.amount}>
            <MoneyInput
              currencySymbol={currency.symbol}
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                changed('amount', 'applications');
              }}
            />
          </Field>
          <Field label="Reason" error={errors.reason} className="sm:col-span-2">
            <Textarea
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
            />
          </Field>
        </div>
      )}
      {vendorId && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-900">Apply to open bills</legend>
          {bills.isLoading ? (
            <p className="text-sm text-slate-500">Loading bills…</p>
          ) : billList.length === 0 ? (
            <p className="text-sm text-slate-500">
              This vendor has no open bills. The credit stays available to apply later.
            </p>
          ) : (
            <ul className="grid max-h-64 gap-2 overflow-y-auto" data-testid="credit-bills">
              {billList.map((bill) => (
                <li
                  key={bill.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
                >
                  <label htmlFor={`credit-${bill.id}`} className="min-w-0">
                    <span className="font-medium">{bill.billNumber}</span>
                    <span className="block text-xs text-slate-500">
                      Due {format(parseISO(bill.dueDate), 'MMM d, yyyy')} · owes{' '}
                      {formatAmount(bill.amountDue)}
                    </span>
                  </label>
                  <div className="w-36">
                    <MoneyInput
                      id={`credit-${bill.id}`}
                      aria-label={`Credit for ${bill.billNumber}`}
                      currencySymbol={currency.symbol}
                      value={amounts[bill.id] ?? ''}
                      onValueChange={(value) => {
                        setTouched(true);
                        changed('applications');
                        setAmounts((current) => ({ ...current, [bill.id]: value }));
                      }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <p
            className={over ? 'text-sm text-destructive' : 'text-sm text-slate-600'}
            data-testid="credit-applied-total"
          >
            Applying {formatCents(applied)} of {formatCents(available)}
            {!over && available > applied
              ? `; ${formatCents(available - applied)} stays available`
              : ''}
          </p>
        </fieldset>
      )}
      {(errors.applications ?? errors.form) && (
        <p role="alert" className="text-sm text-destructive">
          {errors.applications ?? errors.form}
        </p>
      )}
      <DialogFormFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={credit ? 'Apply Credit' : 'Record Credit'}
      />
    </form>
  );
}
