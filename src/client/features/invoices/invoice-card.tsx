import { format, parseISO } from 'date-fns';
import { Banknote, Download, Link2, Pencil, ReceiptText, Send, Trash2 } from 'lucide-react';
import { EinvoiceDownloadMenu } from '@/components/einvoice-download-menu';
import { RecordHistoryButton } from '@/components/record-history';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMoneyFormat } from '@/lib/money-format';
import type { Invoice } from '@shared/contracts/invoices';
import { parseMoney } from '@shared/money';
import { pdfUrl } from './api';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { ReminderBadge } from './reminder-badge';
import { LateFeesButton } from '@/features/statements/invoice-late-fees-dialog';
import { AutopayFailureBadge } from './autopay-failure-badge';
import { EinvoiceDeliveryLine } from './einvoice-delivery-line';

export type InvoiceAction = 'edit' | 'delete' | 'send' | 'pay' | 'link' | 'credit';

type Props = { invoice: Invoice; onAction: (action: InvoiceAction) => void; sending: boolean };

export function InvoiceCard({ invoice, onAction, sending }: Props) {
  const { formatAmount } = useMoneyFormat();
  const open = (parseMoney(invoice.balance) ?? 0) > 0 && invoice.status !== 'cancelled';
  const partlyPaid = (parseMoney(invoice.amountPaid) ?? 0) > 0;
  // A credit note is issued from an invoice the customer has: sent, overdue or paid.
  const creditable = invoice.status === 'sent' || invoice.status === 'overdue' || invoice.status === 'paid';
  return (
    <Card className="gap-0 p-0" data-testid="invoice-card">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-5">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">{invoice.invoiceNumber}</h3>
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.status === 'overdue' && <ReminderBadge invoiceId={invoice.id} />}
            {invoice.status === 'overdue' && <AutopayFailureBadge invoiceId={invoice.id} />}
          </div>
          <p className="truncate text-sm text-slate-600">{invoice.customer.name}</p>
          <p className="text-xs text-slate-500">Due {format(parseISO(invoice.dueDate), 'MMM d, yyyy')}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold tabular-nums text-slate-900">{formatAmount(invoice.totalAmount)}</p>
          {invoice.status !== 'cancelled' && (
            <p className="text-xs text-slate-500">
              {partlyPaid ? 'Balance' : 'Balance due'}{' '}
              <span className="font-medium tabular-nums text-slate-700">{formatAmount(invoice.balance)}</span>
            </p>
          )}
        </div>
      </div>
      <EinvoiceDeliveryLine invoiceId={invoice.id} onSendAgain={() => onAction('send')} sending={sending} />
      <div className="flex flex-wrap items-center gap-1 border-t bg-slate-50/60 px-3 py-2">
        {open && (
          <Button size="sm" variant="outline" onClick={() => onAction('pay')}>
            <Banknote aria-hidden="true" />
            Record Payment
          </Button>
        )}
        <Button size="sm" variant="ghost" asChild>
          <a href={pdfUrl(invoice.id)} download aria-label={`Download PDF of ${invoice.invoiceNumber}`}>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        <EinvoiceDownloadMenu basePath={`/api/invoices/${invoice.id}`} label={invoice.invoiceNumber} />
        {invoice.status !== 'cancelled' && (
          <Button size="sm" variant="ghost" onClick={() => onAction('send')} disabled={sending}>
            <Send aria-hidden="true" />
            {sending ? 'Sending…' : 'Send'}
          </Button>
        )}
        {open && (
          <Button size="sm" variant="ghost" onClick={() => onAction('link')}>
            <Link2 aria-hidden="true" />
            Payment link
          </Button>
        )}
        {(invoice.status === 'overdue' || invoice.status === 'paid') && <LateFeesButton invoice={invoice} />}
        {creditable && (
          <Button size="sm" variant="ghost" onClick={() => onAction('credit')}>
            <ReceiptText aria-hidden="true" />
            Credit note
          </Button>
        )}
        <RecordHistoryButton kind="invoice" id={invoice.id} label={invoice.invoiceNumber} />
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" size="icon" onClick={() => onAction('edit')} aria-label={`Edit ${invoice.invoiceNumber}`}>
            <Pencil />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => onAction('delete')} aria-label={`Delete ${invoice.invoiceNumber}`}>
            <Trash2 />
          </Button>
        </div>
      </div>
    </Card>
  );
}
