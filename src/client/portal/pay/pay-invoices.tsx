import { CheckCircle2, Landmark, Lock } from 'lucide-react';
import { type ReactElement, useId, useMemo, useState } from 'react';
import type { PortalAccount, PortalInvoice, PortalPaymentResult } from '@shared/contracts/portal';
import { type Cents, parseMoney, sumCents, toDecimal } from '@shared/money';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { ApiError, apiRequest } from '@/lib/api';
import { findCurrency } from '@shared/currencies';
import { fetchPortalInvoices, portalMoney, wait } from './portal-stripe';
import { StripeConfirmForm } from './stripe-confirm-form';

type Line = { invoiceId: string; amount: Cents };

type Stage =
  | { kind: 'choose' }
  | { kind: 'card'; payment: PortalPaymentResult; lines: Line[] }
  | { kind: 'bank'; payment: PortalPaymentResult }
  | { kind: 'confirming'; payment: PortalPaymentResult }
  | { kind: 'received'; payment: PortalPaymentResult; shown: boolean };

/** The pay panel sits under the portal's list of open invoices. */
const PANEL = 'flex flex-col gap-3 rounded-lg border bg-muted/40 p-4';

const isOpen = (invoice: PortalInvoice) => invoice.status !== 'paid' && (parseMoney(invoice.amountDue) ?? 0) > 0;

/** Polls the invoices until each paid line shows (its amount due down by what was paid), for at most ~20 s. */
async function waitUntilShown(before: PortalInvoice[], lines: Line[]): Promise<boolean> {
  const dueBefore = new Map(before.map((invoice) => [invoice.id, parseMoney(invoice.amountDue) ?? 0]));
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await wait(1000);
    try {
      const now = await fetchPortalInvoices();
      const byId = new Map(now.map((invoice) => [invoice.id, invoice]));
      const shown = lines.every((line) => {
        const invoice = byId.get(line.invoiceId);
        return invoice && (invoice.status === 'paid' || (parseMoney(invoice.amountDue) ?? 0) <= (dueBefore.get(line.invoiceId) ?? 0) - line.amount);
      });
      if (shown) return true;
    } catch {
      // Keep polling; the payment itself went through Stripe.
    }
  }
  return false;
}

/**
 * The portal's "pay several invoices at once": tick open invoices (optionally a partial amount on
 * one), then pay the sum, by card or US bank account through Stripe, or by bank transfer quoting a
 * reference when the organization has no Stripe keys. "Payment received" once the invoices show it.
 */
export function PayInvoices(props: { account: PortalAccount; invoices: PortalInvoice[]; selected: string[]; onSelectedChange(ids: string[]): void; onPaid(): void }): ReactElement {
  const { account, invoices, selected, onSelectedChange, onPaid } = props;
  const currency = account.currency;
  const symbol = findCurrency(currency)?.symbol ?? currency;
  const idBase = useId();
  const open = useMemo(() => invoices.filter(isOpen), [invoices]);
  const [partial, setPartial] = useState<{ invoiceId: string; amount: string } | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const canPay = account.permissions.includes('pay');

  const ticked = open.filter((invoice) => selected.includes(invoice.id));
  const lines: Line[] = ticked.map((invoice) => {
    const due = parseMoney(invoice.amountDue) ?? 0;
    const typed = partial?.invoiceId === invoice.id ? parseMoney(partial.amount) : null;
    return { invoiceId: invoice.id, amount: typed ?? due };
  });
  const badLine = ticked.find((invoice, index) => {
    const amount = lines[index]?.amount ?? 0;
    return amount <= 0 || amount > (parseMoney(invoice.amountDue) ?? 0);
  });
  const total = sumCents(lines.map((line) => line.amount));

  async function pay() {
    setSubmitting(true);
    setError(null);
    try {
      const payment = await apiRequest<PortalPaymentResult>('POST', '/api/portal/payments', {
        method: account.payment.stripe ? 'stripe' : 'bank_transfer',
        invoices: lines.map((line) => ({ invoiceId: line.invoiceId, amount: toDecimal(line.amount) })),
      });
      setStage(payment.clientSecret && payment.publishableKey ? { kind: 'card', payment, lines } : { kind: 'bank', payment });
    } catch (caught) {
      setError(caught instanceof ApiError ? (Object.values(caught.fields ?? {})[0] ?? caught.message) : 'The payment could not be started.');
    } finally {
      setSubmitting(false);
    }
  }

  async function confirmed(payment: PortalPaymentResult, paidLines: Line[]) {
    setStage({ kind: 'confirming', payment });
    const shown = await waitUntilShown(invoices, paidLines);
    setStage({ kind: 'received', payment, shown });
    onSelectedChange([]);
    setPartial(null);
    onPaid();
  }

  if (stage.kind === 'card') {
    return (
      <div className={PANEL} data-testid="pay-invoices">
        <div>
          <h3 className="text-base font-semibold">Pay {portalMoney(stage.payment.amount, stage.payment.currency)}</h3>
          <p className="text-sm text-muted-foreground">Reference {stage.payment.reference}</p>
        </div>
        <StripeConfirmForm
          intent="payment"
          publishableKey={stage.payment.publishableKey ?? ''}
          clientSecret={stage.payment.clientSecret ?? ''}
          submitLabel={`Pay ${portalMoney(stage.payment.amount, stage.payment.currency)}`}
          pendingLabel="Processing..."
          cancelLabel="Back"
          failureMessage="The payment could not be completed."
          onConfirmed={() => void confirmed(stage.payment, stage.lines)}
          onCancel={() => setStage({ kind: 'choose' })}
          footer={
            <p className="flex items-center justify-center gap-1 text-xs text-slate-500">
              <Lock className="size-3" aria-hidden="true" /> Card or US bank account, through Stripe
            </p>
          }
        />
      </div>
    );
  }

  if (stage.kind === 'bank') {
    return (
      <div className={PANEL} data-testid="pay-invoices">
        <h3 className="flex items-center gap-2 text-base font-semibold">
          <Landmark className="size-5" aria-hidden="true" /> Pay {portalMoney(stage.payment.amount, stage.payment.currency)} by bank transfer
        </h3>
        <div className="flex flex-col gap-4">
          <p className="text-sm whitespace-pre-line">{stage.payment.bankTransferInstructions}</p>
          <div className="rounded-md border bg-background p-3">
            <p className="text-xs text-slate-600">Reference to quote</p>
            <p className="font-mono text-lg font-semibold tracking-wider" data-testid="payment-reference">
              {stage.payment.reference}
            </p>
          </div>
          <p className="text-sm text-slate-600">The invoices show as paid once {account.brand.name} receives the transfer.</p>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              setStage({ kind: 'choose' });
              onSelectedChange([]);
            }}
          >
            Done
          </Button>
        </div>
      </div>
    );
  }

  if (stage.kind === 'confirming' || stage.kind === 'received') {
    const done = stage.kind === 'received';
    return (
      <div className={PANEL} data-testid="pay-invoices">
        <div className="flex flex-col items-start gap-3" role="status">
          <p className="flex items-center gap-2 text-lg font-semibold">
            {done ? <CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" /> : null}
            {done ? (stage.shown ? 'Payment received' : 'Payment submitted') : 'Confirming your payment...'}
          </p>
          <p className="text-sm text-slate-600">
            {done && !stage.shown
              ? `Stripe accepted ${portalMoney(stage.payment.amount, stage.payment.currency)}; your invoices will show it within a few minutes.`
              : `${portalMoney(stage.payment.amount, stage.payment.currency)}, reference ${stage.payment.reference}.`}
          </p>
          {done ? (
            <Button variant="outline" onClick={() => setStage({ kind: 'choose' })}>
              Pay other invoices
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const partialInvoice = ticked.find((invoice) => invoice.id === partial?.invoiceId) ?? null;
  return (
    <div className={PANEL} data-testid="pay-invoices">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <div className="text-sm text-muted-foreground">
            {ticked.length === 0 ? 'Tick the invoices to pay' : ticked.length === 1 ? '1 invoice selected' : `${ticked.length} invoices selected`}
          </div>
          <div className="text-lg font-semibold tabular-nums" data-testid="pay-total">
            {portalMoney(total, currency)}
          </div>
        </div>
        {canPay ? (
          <Button className="w-full sm:w-auto" disabled={ticked.length === 0 || Boolean(badLine) || submitting} onClick={() => void pay()}>
            {submitting ? 'Starting payment...' : `Pay ${portalMoney(total, currency)}`}
          </Button>
        ) : null}
      </div>
      {ticked.length > 0 ? (
        partialInvoice ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${idBase}-partial-invoice`} className="text-sm font-medium">
                Pay part of
              </label>
              <select
                id={`${idBase}-partial-invoice`}
                className={`${inputClassName} sm:w-56`}
                value={partialInvoice.id}
                onChange={(event) => {
                  const next = ticked.find((invoice) => invoice.id === event.target.value);
                  if (next) setPartial({ invoiceId: next.id, amount: next.amountDue });
                }}
              >
                {ticked.map((invoice) => (
                  <option key={invoice.id} value={invoice.id}>
                    Invoice {invoice.invoiceNumber} ({portalMoney(invoice.amountDue, currency)} due)
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${idBase}-partial-amount`} className="text-sm font-medium">
                Amount
              </label>
              <MoneyInput
                id={`${idBase}-partial-amount`}
                currencySymbol={symbol}
                className="sm:w-36"
                value={partial?.amount ?? ''}
                onValueChange={(amount) => setPartial({ invoiceId: partialInvoice.id, amount })}
              />
            </div>
            <Button type="button" variant="ghost" onClick={() => setPartial(null)}>
              Pay in full
            </Button>
          </div>
        ) : (
          <Button
            type="button"
            variant="link"
            className="h-auto self-start p-0"
            onClick={() => {
              const first = ticked[0];
              if (first) setPartial({ invoiceId: first.id, amount: first.amountDue });
            }}
          >
            Pay part of an invoice
          </Button>
        )
      ) : null}
      {badLine ? (
        <p role="alert" className="text-sm text-destructive">
          Enter an amount above zero and at most {portalMoney(badLine.amountDue, currency)} for invoice {badLine.invoiceNumber}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {account.payment.stripe ? 'Card or US bank account, through Stripe.' : 'You get the bank transfer details and a reference to quote.'}
      </p>
    </div>
  );
}
