import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { CreditNote } from '@shared/contracts/credits';
import { useRefundCredit } from './api';
import { creditName } from './credit-name';

const methods = [
  ['check', 'Check'],
  ['ach', 'ACH transfer'],
  ['wire', 'Wire transfer'],
  ['card', 'Card'],
] as const;

/** Records money given back out of what a credit has left (the refund itself happens outside the app). */
export function RefundCreditDialog({ credit, onOpenChange }: { credit: CreditNote | null; onOpenChange: (open: boolean) => void }) {
  const refund = useRefundCredit();
  const timeZone = useOrganizationTimeZone();
  const { currency, formatAmount } = useMoneyFormat();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [method, setMethod] = useState<string>('check');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setAmount(credit?.remaining ?? '');
    setDate(dateInputValue(new Date(), timeZone));
    setMethod('check');
    setReference('');
    setError(null);
  }, [credit, timeZone]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!credit) return;
    try {
      await refund.mutateAsync({ id: credit.id, body: { amount, date, method, reference: reference.trim() || null } });
      toast({ title: 'Refund recorded', description: `${formatAmount(amount)} of ${creditName(credit)} refunded to ${credit.customerName}.` });
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not record the refund');
    }
  };

  return (
    <Dialog open={credit !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Record Refund</DialogTitle>
          <DialogDescription>{credit ? `${creditName(credit)} · ${credit.customerName} · ${formatAmount(credit.remaining)} left` : null}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Amount" required>
              <MoneyInput currencySymbol={currency.symbol} value={amount} onValueChange={setAmount} />
            </Field>
            <Field label="Refund date" required>
              <Input type="date" max={dateInputValue(new Date(), timeZone)} value={date} onChange={(event) => setDate(event.target.value)} />
            </Field>
            <Field label="Method" required>
              <select
                className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs"
                value={method}
                onChange={(event) => setMethod(event.target.value)}
              >
                {methods.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Reference">
              <Input value={reference} maxLength={100} onChange={(event) => setReference(event.target.value)} placeholder="Check no." />
            </Field>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={refund.isPending}>
              {refund.isPending ? 'Recording…' : 'Record Refund'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
