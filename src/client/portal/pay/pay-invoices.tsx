import type { JSX } from 'react';
import type { PortalAccount, PortalInvoice } from '@shared/contracts/portal';
import { centsFromDecimal, sumCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { moneyFormatter } from '../money';

/**
 * The pay panel: the sum of the ticked invoices. A placeholder until the payments part of issue 31
 * (i31-pay) replaces this file with Stripe and bank transfer payment; the signature stays.
 */
export function PayInvoices(props: {
  account: PortalAccount;
  invoices: PortalInvoice[];
  selected: string[];
  onSelectedChange(ids: string[]): void;
  onPaid(): void;
}): JSX.Element {
  const money = moneyFormatter(props.account.currency);
  const chosen = props.invoices.filter((invoice) => props.selected.includes(invoice.id));
  const total = sumCents(chosen.map((invoice) => centsFromDecimal(invoice.amountDue)));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 p-4" data-testid="pay-invoices">
      <div>
        <div className="text-sm text-muted-foreground">
          {chosen.length === 1 ? '1 invoice selected' : `${chosen.length} invoices selected`}
        </div>
        <div className="text-lg font-semibold tabular-nums">{money.cents(total)}</div>
      </div>
      <Button disabled>Pay</Button>
    </div>
  );
}
