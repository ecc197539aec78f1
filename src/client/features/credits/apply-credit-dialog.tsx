import { format, parseISO } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { MoneyInput } from '@/components/ui/money-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { CreditNote } from '@shared/contracts/credits';
import { parseMoney, sumCents, toDecimal } from '@shared/money';
import { useApplyCredit, useOpenInvoicesOf } from './api';
import { creditName } from './credit-name';


/**
 * Applies a credit to open invoices of its customer: amounts prefilled oldest due first until the
 * credit is used up; each at most the invoice's balance, checked again by the server.
 */
export function ApplyCreditDialog({ credit, onOpenChange }: { credit: CreditNote | null; onOpenChange: (open: boolean) => void }) {
  const invoices = useOpenInvoicesOf(credit?.customerId ?? null);
  const apply = useApplyCredit();
  const { currency, formatAmount } = useMoneyFormat();
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const sorted = useMemo(() => [...(invoices.data ?? [])].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber)), [invoices.data]);

  useEffect(() => {
    if (!credit) return;
    let left = parseMoney(credit.remaining) ?? 0;
    const prefilled: Record<string, string> = {};
    for (const invoice of sorted) {
      const due = parseMoney(invoice.balance) ?? 0;
      const part = Math.min(due, left);
      prefilled[invoice.id] = part > 0 ? toDecimal(part) : '';
      left -= part;
    }
    setAmounts(prefilled);
    setError(null);
  }, [credit, sorted]);

  const total = sumCents(Object.values(amounts).map((value) => parseMoney(value || '0') ?? 0));
  const remaining = credit ? (parseMoney(credit.remaining) ?? 0) : 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!credit) return;
    const allocations = Object.entries(amounts)
      .filter(([, value]) => (parseMoney(value || '0') ?? 0) > 0)
      .map(([invoiceId, amount]) => ({ invoiceId, amount }));
    if (allocations.length === 0) {
      setError('Enter an amount for at least one invoice');
      return;
    }
    try {
      const result = await apply.mutateAsync({ id: credit.id, allocations });
      toast({ title: 'Credit applied', description: `${formatAmount(toDecimal(total))} of ${creditName(credit)} applied; ${formatAmount(result.remaining)} left.` });
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not apply the credit');
    }
  };

  return (
    <Dialog open={credit !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Apply Credit</DialogTitle>
          <DialogDescription>
            {credit ? `${creditName(credit)} · ${credit.customerName} · ${formatAmount(credit.remaining)} to apply` : null}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {invoices.isLoading ? (
            <Skeleton className="h-24" aria-label="Loading open invoices" />
          ) : sorted.length === 0 ? (
            <p className="text-sm text-slate-600">{credit?.customerName} has no open invoices to apply this credit to.</p>
          ) : (
            <div className="grid max-h-80 gap-2 overflow-y-auto">
              {sorted.map((invoice) => (
                <div key={invoice.id} className="grid grid-cols-[1fr_8rem] items-center gap-3" data-testid="apply-row">
                  <label htmlFor={`apply-${invoice.id}`} className="min-w-0 text-sm">
                    <span className="block font-medium text-slate-900">{invoice.invoiceNumber}</span>
                    <span className="text-xs text-slate-500">
                      Due {format(parseISO(invoice.dueDate), 'MMM d, yyyy')} · balance {formatAmount(invoice.balance)}
                    </span>
                  </label>
                  <MoneyInput
                    id={`apply-${invoice.id}`}
                    aria-label={`Amount for ${invoice.invoiceNumber}`}
                    currencySymbol={currency.symbol}
                    value={amounts[invoice.id] ?? ''}
                    onValueChange={(value) => setAmounts((current) => ({ ...current, [invoice.id]: value }))}
                  />
                </div>
              ))}
            </div>
          )}
          <p className={total > remaining ? 'text-sm text-destructive' : 'text-sm text-slate-600'}>
            Applying <strong className="tabular-nums">{formatAmount(toDecimal(total))}</strong> of {formatAmount(toDecimal(remaining))}
          </p>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={apply.isPending || sorted.length === 0 || total > remaining}>
              {apply.isPending ? 'Applying…' : 'Apply Credit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
