import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { Textarea } from '@/components/ui/textarea';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { Invoice } from '@shared/contracts/invoices';
import { type CreateCreditNoteRequest, useCreateCreditNote } from './api';

type Mode = 'whole' | 'lines' | 'amount';

const modes: { value: Mode; label: string }[] = [
  { value: 'whole', label: 'Whole invoice' },
  { value: 'lines', label: 'Chosen lines' },
  { value: 'amount', label: 'An amount' },
];

/**
 * A credit note from a sent, overdue or paid invoice: the whole invoice, chosen lines with
 * quantities, or an amount; the server computes the total (tax and discount of lines in
 * proportion) and refuses more than the invoice still allows.
 */
export function CreditNoteDialog({ invoice, onOpenChange }: { invoice: Invoice | null; onOpenChange: (open: boolean) => void }) {
  const create = useCreateCreditNote();
  const { currency, formatAmount } = useMoneyFormat();
  const [mode, setMode] = useState<Mode>('whole');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [applyNow, setApplyNow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = invoice !== null && invoice.status !== 'paid';

  useEffect(() => {
    setMode('whole');
    setQuantities({});
    setAmount('');
    setReason('');
    setApplyNow(invoice !== null && invoice.status !== 'paid');
    setError(null);
  }, [invoice]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!invoice) return;
    const body: CreateCreditNoteRequest = { reason: reason.trim() || null, applyToInvoice: open && applyNow };
    if (mode === 'whole') body.whole = true;
    if (mode === 'amount') body.amount = amount;
    if (mode === 'lines') {
      body.items = Object.entries(quantities)
        .filter(([, quantity]) => quantity.trim() !== '' && Number(quantity) > 0)
        .map(([invoiceItemId, quantity]) => ({ invoiceItemId, quantity: quantity.trim() }));
      if (body.items.length === 0) {
        setError('Enter a quantity for at least one line');
        return;
      }
    }
    try {
      const note = await create.mutateAsync({ invoiceId: invoice.id, body });
      toast({
        title: `Credit note ${note.creditNumber ?? ''} issued`,
        description: `${formatAmount(note.amount)} for ${note.customerName}${Number(note.amountApplied) > 0 ? `, ${formatAmount(note.amountApplied)} applied to ${invoice.invoiceNumber}` : ''}.`,
      });
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not issue the credit note');
    }
  };

  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Credit Note</DialogTitle>
          <DialogDescription>
            {invoice ? `${invoice.invoiceNumber} · ${invoice.customer.name} · Total ${formatAmount(invoice.totalAmount)}` : null}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Credit</legend>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="What to credit">
              {modes.map((option) => (
                <Button
                  key={option.value}
                  type="button"
                  role="radio"
                  aria-checked={mode === option.value}
                  variant={mode === option.value ? 'default' : 'outline'}
                  size="sm"
                  onClick={() => {
                    setMode(option.value);
                    setError(null);
                  }}
                >
                  {option.label}
                </Button>
              ))}
            </div>
          </fieldset>
          {mode === 'whole' && (
            <p className="text-sm text-slate-600">
              Every line with its tax and discount: {invoice ? formatAmount(invoice.totalAmount) : ''}.
            </p>
          )}
          {mode === 'lines' && invoice && (
            <div className="grid gap-2">
              <p className="text-xs text-slate-500">Tax and discount are credited in proportion to the lines chosen.</p>
              {invoice.items.map((item) => (
                <div key={item.id} className="grid grid-cols-[1fr_6rem] items-center gap-3">
                  <label htmlFor={`qty-${item.id}`} className="min-w-0 text-sm">
                    <span className="block truncate font-medium text-slate-900">{item.description}</span>
                    <span className="text-xs text-slate-500">
                      {item.quantity} × {formatAmount(item.unitPrice)}
                    </span>
                  </label>
                  <Input
                    id={`qty-${item.id}`}
                    inputMode="decimal"
                    placeholder="0"
                    aria-label={`Quantity of ${item.description} to credit`}
                    value={quantities[item.id] ?? ''}
                    onChange={(event) => setQuantities((current) => ({ ...current, [item.id]: event.target.value }))}
                  />
                </div>
              ))}
            </div>
          )}
          {mode === 'amount' && (
            <Field label="Amount" required>
              <MoneyInput currencySymbol={currency.symbol} value={amount} onValueChange={setAmount} />
            </Field>
          )}
          <Field label="Reason">
            <Textarea rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Returned goods, billing error…" />
          </Field>
          {open && (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={applyNow} onCheckedChange={(checked) => setApplyNow(checked === true)} />
              Apply now to {invoice?.invoiceNumber} (balance {invoice ? formatAmount(invoice.balance) : ''})
            </label>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Issuing…' : 'Issue Credit Note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
