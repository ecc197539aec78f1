import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@shared/contracts/invoices';
import { INVOICES_URL } from './api';
import { InvoiceFormDialog } from './invoice-form-dialog';

type Props = { invoiceId: string | null; onClose: () => void };

/** Edit Invoice where only the invoice's id is at hand (the practice hub's rows): loads it, then opens the invoice form. */
export function EditInvoiceDialog({ invoiceId, onClose }: Props) {
  const invoice = useQuery<Invoice>({ queryKey: [`${INVOICES_URL}/${invoiceId ?? ''}`], enabled: invoiceId !== null });
  return (
    <>
      <InvoiceFormDialog
        open={invoiceId !== null && invoice.data !== undefined}
        invoice={invoice.data ?? null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      />
      {invoice.error && invoiceId !== null && <p className="px-6 pb-4 text-sm text-red-700">{invoice.error.message}</p>}
    </>
  );
}
