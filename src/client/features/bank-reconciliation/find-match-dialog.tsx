import { useEffect, useState } from 'react';
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
import { MoneyInput } from '@/components/ui/money-input';
import { SearchInput } from '@/components/ui/search-input';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { BankTransaction } from '@shared/contracts/bank-reconciliation';
import type { Invoice } from '@shared/contracts/invoices';
import { parseMoney, toDecimal } from '@shared/money';
import { useMatchLine, useOpenInvoices } from './api';
import { lineDay } from './line-parts';
import { matchTotal } from './match-total';

interface Chosen {
  invoice: Invoice;
  amount: string;
}

/**
 * Choose the invoices a deposit pays, and how much of it goes to each: the running total must
 * equal the line before it can be matched (one deposit to several invoices, or part of one).
 */
export function FindMatchDialog(props: {
  line: BankTransaction | null;
  onOpenChange: (open: boolean) => void;
  onMatched: (line: BankTransaction) => void;
}) {
  const { line } = props;
  const open = line !== null;
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [keepExcess, setKeepExcess] = useState(false);
  const invoices = useOpenInvoices(search, open);
  const match = useMatchLine();
  const { formatCents, currency } = useMoneyFormat();

  useEffect(() => {
    if (open) {
      setSearch('');
      setChosen([]);
      setKeepExcess(false);
    }
  }, [open, line?.id]);

  const running = matchTotal(line?.amount ?? '0', chosen.map((item) => item.amount));
  const { lineCents, totalCents: total, remainingCents: remaining, invalid, balanced } = running;
  // A deposit larger than invoices of one customer, each paid in full: the rest may be kept as credit.
  const customers = new Set(chosen.map((item) => item.invoice.customer.id));
  const canKeepExcess =
    !invalid && remaining > 0 && chosen.length > 0 && customers.size === 1 && chosen.every((item) => parseMoney(item.amount) === parseMoney(item.invoice.balance));
  const keeping = canKeepExcess && keepExcess;
  const ready = balanced || keeping;

  const toggle = (invoice: Invoice, on: boolean) => {
    if (!on) return setChosen((items) => items.filter((item) => item.invoice.id !== invoice.id));
    const balance = parseMoney(invoice.balance, { round: true }) ?? 0;
    const left = Math.max(0, lineCents - total);
    setChosen((items) => [...items, { invoice, amount: toDecimal(Math.min(balance, left)) }]);
  };

  const submit = () => {
    if (!line || !ready) return;
    match.mutate(
      {
        id: line.id,
        body: { invoices: chosen.map((item) => ({ invoiceId: item.invoice.id, amount: item.amount })), ...(keeping ? { keepExcessAsCredit: true } : {}) },
      },
      {
        onSuccess: () => {
          toast({
            title: 'Matched',
            description: chosen.map((item) => item.invoice.invoiceNumber).join(', '),
          });
          props.onMatched(line);
          props.onOpenChange(false);
        },
        onError: (error) =>
          toast({ title: 'Could not match', description: error.message, variant: 'destructive' }),
      },
    );
  };

  const shown = invoices.items.filter((invoice) => !chosen.some((item) => item.invoice.id === invoice.id));

  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Find and match</DialogTitle>
          <DialogDescription>
            {line ? `${lineDay(line.postedOn)} · ${formatCents(lineCents)} · ` : ''}
            choose the open invoices this deposit pays.
          </DialogDescription>
        </DialogHeader>
        {chosen.length > 0 && (
          <ul className="grid gap-2" aria-label="Chosen invoices">
            {chosen.map((item, index) => (
              <li key={item.invoice.id} className="grid grid-cols-[auto_minmax(0,1fr)_8rem] items-center gap-3 text-sm">
                <Checkbox
                  checked
                  aria-label={`Remove ${item.invoice.invoiceNumber}`}
                  onCheckedChange={(value) => toggle(item.invoice, value === true)}
                />
                <span className="min-w-0 truncate">
                  <span className="font-medium">{item.invoice.invoiceNumber}</span> · {item.invoice.customer.name}
                </span>
                <MoneyInput
                  currencySymbol={currency.symbol}
                  aria-label={`Amount for ${item.invoice.invoiceNumber}`}
                  value={item.amount}
                  onValueChange={(amount) =>
                    setChosen((items) => items.map((other, at) => (at === index ? { ...other, amount } : other)))
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <p
          data-testid="match-total"
          className={balanced ? 'text-sm font-medium text-green-700' : 'text-sm font-medium text-slate-700'}
          aria-live="polite"
        >
          Chosen {formatCents(total)} of {formatCents(lineCents)}
          {invalid
            ? ' · every amount must be above zero'
            : remaining === 0
              ? chosen.length > 0
                ? ' · balanced'
                : ''
              : remaining > 0
                ? ` · ${formatCents(remaining)} left`
                : ` · ${formatCents(-remaining)} too much`}
        </p>
        {canKeepExcess && (
          <label className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <Checkbox className="mt-0.5" checked={keepExcess} onCheckedChange={(value) => setKeepExcess(value === true)} />
            <span>
              Keep the {formatCents(remaining)} left as credit for {chosen[0]?.invoice.customer.name}
            </span>
          </label>
        )}
        <SearchInput
          label="Search open invoices"
          placeholder="Invoice number or customer"
          value={search}
          onValueChange={setSearch}
          className="max-w-none"
        />
        <ul className="grid max-h-64 gap-1 overflow-y-auto" aria-label="Open invoices">
          {invoices.error ? (
            <li className="text-sm text-red-700">{invoices.error.message}</li>
          ) : shown.length === 0 ? (
            <li className="text-sm text-slate-500">{invoices.isPending ? 'Loading…' : 'No open invoices found.'}</li>
          ) : (
            shown.map((invoice) => (
              <li key={invoice.id}>
                <label className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted">
                  <Checkbox checked={false} onCheckedChange={(value) => toggle(invoice, value === true)} />
                  <span className="min-w-0">
                    <span className="font-medium">{invoice.invoiceNumber}</span> · {invoice.customer.name}
                    <span className="block text-xs text-slate-500">Due {lineDay(invoice.dueDate)}</span>
                  </span>
                  <span className="tabular-nums">{formatCents(parseMoney(invoice.balance, { round: true }) ?? 0)}</span>
                </label>
              </li>
            ))
          )}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!ready || match.isPending} onClick={submit}>
            {match.isPending ? 'Matching…' : 'Match'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
