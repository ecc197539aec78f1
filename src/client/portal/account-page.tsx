import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { AlertTriangle, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useOutletContext } from 'react-router';
import type { PortalAccount, PortalInvoice } from '@shared/contracts/portal';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { invoicePdfUrl, usePortalInvoices } from './api';
import { moneyFormatter } from './money';
import { AutopayCard } from './pay/autopay-card';
import { PayInvoices } from './pay/pay-invoices';
import type { PortalOutletContext } from './portal-layout';

export const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');

const METHOD_NAMES: Record<string, string> = { ach: 'ACH', wire: 'Wire', check: 'Check', card: 'Card', stripe: 'Card (online)' };

/** /portal: the balance, open and paid invoices (open ones can be ticked to pay), credits and payments. */
export function AccountPage() {
  const { account } = useOutletContext<PortalOutletContext>();
  const queryClient = useQueryClient();
  const canView = account.permissions.includes('view_invoices');
  const canPay = account.permissions.includes('pay');
  const invoices = usePortalInvoices(canView || canPay);
  const [selected, setSelected] = useState<string[]>([]);
  const money = moneyFormatter(account.currency);
  const all = invoices.data?.items ?? [];
  const open = all.filter((invoice) => invoice.status !== 'paid');
  const paid = all.filter((invoice) => invoice.status === 'paid');
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['portal'] });
  };
  const toggle = (id: string, on: boolean) => setSelected((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  return (
    <div className="space-y-4">
      <BalanceCard account={account} />
      {account.autopay.available ? <AutopayCard account={account} onChanged={refresh} /> : null}
      {canView || canPay ? (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle asChild>
              <h2 className="text-base">Open invoices</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {invoices.isPending ? (
              <Skeleton className="h-24 w-full" />
            ) : open.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing is open. Thank you!</p>
            ) : (
              <ul className="divide-y rounded-lg border" aria-label="Open invoices">
                {open.map((invoice) => (
                  <InvoiceRow
                    key={invoice.id}
                    invoice={invoice}
                    amount={money.amount(invoice.amountDue)}
                    showPdf={canView}
                    {...(canPay ? { checked: selected.includes(invoice.id), onCheckedChange: (on: boolean) => toggle(invoice.id, on) } : {})}
                  />
                ))}
              </ul>
            )}
            {canPay && open.length > 0 ? (
              <PayInvoices account={account} invoices={open} selected={selected} onSelectedChange={setSelected} onPaid={refresh} />
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {canView ? (
        <>
          <ListCard title="Paid invoices" empty="No paid invoices yet." count={paid.length}>
            {paid.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} amount={money.amount(invoice.totalAmount)} showPdf />
            ))}
          </ListCard>
          <ListCard title="Credit notes and credit" empty="No credit notes." count={account.credits.length}>
            {account.credits.map((credit) => (
              <li key={credit.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{credit.kind === 'credit_note' ? `Credit note ${credit.creditNumber ?? ''}` : 'Overpayment'}</div>
                  <div className="text-sm text-muted-foreground">
                    {day(credit.issueDate)}
                    {credit.invoiceNumber ? ` · for ${credit.invoiceNumber}` : ''}
                  </div>
                </div>
                <div className="text-right">
                  <div className="font-medium tabular-nums">{money.amount(credit.amount)}</div>
                  <div className="text-sm text-muted-foreground tabular-nums">{money.amount(credit.remaining)} unapplied</div>
                </div>
              </li>
            ))}
          </ListCard>
          <ListCard title="Payments" empty="No payments yet." count={account.payments.length}>
            {account.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{day(payment.date)}</div>
                  <div className="text-sm text-muted-foreground">
                    {METHOD_NAMES[payment.method] ?? payment.method}
                    {payment.invoiceNumber ? ` · ${payment.invoiceNumber}` : ''}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{money.amount(payment.amount)}</div>
              </li>
            ))}
          </ListCard>
        </>
      ) : null}
    </div>
  );
}

function BalanceCard({ account }: { account: PortalAccount }) {
  const money = moneyFormatter(account.currency);
  const figures = [
    { label: 'Balance', value: account.balance, detail: account.openInvoiceCount === 1 ? '1 open invoice' : `${account.openInvoiceCount} open invoices` },
    { label: 'Overdue', value: account.overdueAmount, detail: 'Past its due date' },
    { label: 'Unapplied credit', value: account.unappliedCredit, detail: 'Already taken off the balance' },
  ];
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:grid-cols-3 sm:p-6" data-testid="portal-balance">
        {figures.map((figure) => (
          <div key={figure.label} className="flex items-baseline justify-between gap-2 sm:block">
            <div className="text-sm text-muted-foreground">{figure.label}</div>
            <div className="text-right sm:text-left">
              <div className={`text-xl font-semibold tabular-nums sm:text-2xl ${figure.label === 'Overdue' && figure.value !== '0.00' ? 'text-destructive' : ''}`}>
                {money.amount(figure.value)}
              </div>
              <div className="hidden text-xs text-muted-foreground sm:block">{figure.detail}</div>
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function InvoiceRow(props: {
  invoice: PortalInvoice;
  amount: string;
  showPdf: boolean;
  checked?: boolean;
  onCheckedChange?: (on: boolean) => void;
}) {
  const { invoice, onCheckedChange } = props;
  const label = `Invoice ${invoice.invoiceNumber}`;
  return (
    <li className="flex items-start gap-3 p-3" data-testid="portal-invoice">
      {onCheckedChange ? (
        <Checkbox className="mt-1" checked={props.checked ?? false} onCheckedChange={(value) => onCheckedChange(value === true)} aria-label={`Pay ${label}`} />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{invoice.invoiceNumber}</span>
          {invoice.status === 'overdue' ? <Badge variant="destructive">Overdue</Badge> : null}
          {invoice.status === 'paid' ? <Badge variant="success">Paid</Badge> : null}
          {invoice.lateFeeFor ? <Badge variant="warning">Late fee for {invoice.lateFeeFor}</Badge> : null}
        </div>
        <div className="text-sm text-muted-foreground">
          {invoice.status === 'paid' ? `Issued ${day(invoice.issueDate)}` : `Due ${day(invoice.dueDate)}`}
        </div>
        {invoice.autopayFailure ? (
          <div className="mt-1 flex items-center gap-1 text-sm text-destructive">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            Automatic payment failed: {invoice.autopayFailure}
          </div>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="font-medium tabular-nums">{props.amount}</span>
        {props.showPdf ? (
          <a className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline" href={invoicePdfUrl(invoice.id)} download aria-label={`Download ${label} (PDF)`}>
            <Download className="size-3.5" aria-hidden />
            PDF
          </a>
        ) : null}
      </div>
    </li>
  );
}

function ListCard(props: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle asChild>
          <h2 className="text-base">{props.title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {props.count === 0 ? <p className="text-sm text-muted-foreground">{props.empty}</p> : <ul className="divide-y rounded-lg border">{props.children}</ul>}
      </CardContent>
    </Card>
  );
}
