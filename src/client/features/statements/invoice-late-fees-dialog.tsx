import { format, parseISO } from 'date-fns';
import { Percent, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useInvoiceLateFees, useReverseLateFee } from './api';

/** The invoice view's late fees: each month's fee with its own invoice, and Reverse for an unpaid one. */
export function InvoiceLateFeesDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: { id: string; invoiceNumber: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fees = useInvoiceLateFees(invoice.id);
  const reverse = useReverseLateFee(invoice.id);
  const { formatAmount } = useMoneyFormat();
  const { data: user } = useCurrentUser();
  const canReverse = user?.role === 'owner' || user?.role === 'admin' || user?.role === 'accountant';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Late fees on {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>
            Each fee is its own invoice to the same customer. Reversing a fee cancels its invoice; that month is never charged again. A fee already paid
            needs a credit note instead.
          </DialogDescription>
        </DialogHeader>
        {fees.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : fees.isError ? (
          <p className="text-sm text-destructive">{fees.error.message}</p>
        ) : !fees.data?.length ? (
          <p className="text-sm text-slate-600">No late fees have been charged on this invoice.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Late fees">
            {fees.data.map((fee) => (
              <li key={fee.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    Month {fee.period}: <span className="tabular-nums">{formatAmount(fee.amount)}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    Charged {format(parseISO(fee.chargedOn), 'MMM d, yyyy')}
                    {fee.feeInvoiceNumber ? ` as ${fee.feeInvoiceNumber}` : ''}
                  </p>
                </div>
                {fee.reversedAt ? (
                  <Badge variant="secondary">Reversed</Badge>
                ) : fee.feeInvoiceStatus === 'paid' ? (
                  <Badge variant="outline">Paid</Badge>
                ) : (
                  canReverse && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={reverse.isPending}
                      onClick={() =>
                        reverse.mutate(fee.id, {
                          onSuccess: () => toast({ title: 'Late fee reversed', description: `Month ${fee.period} will not be charged again.` }),
                          onError: (error) => toast({ title: 'Could not reverse the late fee', description: error.message, variant: 'destructive' }),
                        })
                      }
                      aria-label={`Reverse the month ${fee.period} late fee`}
                    >
                      <Undo2 aria-hidden="true" />
                      Reverse
                    </Button>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Late fees" on an invoice card: opens the dialog above (the fees are only read when it opens). */
export function LateFeesButton({ invoice }: { invoice: { id: string; invoiceNumber: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={`Late fees on ${invoice.invoiceNumber}`}>
        <Percent aria-hidden="true" />
        Late fees
      </Button>
      {open && <InvoiceLateFeesDialog invoice={invoice} open onOpenChange={setOpen} />}
    </>
  );
}
