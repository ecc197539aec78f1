import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useMoneyFormat } from '@/lib/money-format';
import type { HubInvoice } from '@shared/contracts/invoice-hub';
import { statusBadges } from './invoice-hub-labels';
import { formatDay } from './queue-table-parts';

/** A recent invoice's View Details. */
export function InvoiceDetailsDialog({
  invoice,
  onOpenChange,
}: {
  invoice: HubInvoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { formatAmount } = useMoneyFormat();
  const rows: [string, string][] = invoice
    ? [
        ['Client', invoice.clientName],
        ['Description', invoice.description],
        ['Status', statusBadges[invoice.status].label],
        ['Amount', formatAmount(invoice.amount)],
        ['Balance due', formatAmount(invoice.balance)],
        ['Issued', formatDay(invoice.issueDate)],
        ['Due', formatDay(invoice.dueDate)],
      ]
    : [];
  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invoice {invoice?.invoiceNumber}</DialogTitle>
          <DialogDescription>In your firm's books, to {invoice?.clientName}.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
