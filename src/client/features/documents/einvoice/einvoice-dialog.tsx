import { AlertTriangle } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { DocumentDto } from '@shared/contracts/documents';
import { useDocumentEinvoice } from '../api';
import { EinvoiceHeader, EinvoiceParties, EinvoicePaymentDetails } from './einvoice-parties';
import { EinvoiceAllowancesCharges, EinvoiceLines, EinvoiceTotals, EinvoiceVatBreakdown } from './einvoice-tables';

export function EinvoiceWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">The figures of this e-invoice do not add up (EN 16931)</p>
        <ul className="list-disc pl-4">
          {warnings.map((warning) => (
            <li key={warning} className="break-words">
              {warning}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The human-readable rendering of a received UBL / CII e-invoice (issue 36). */
export function EinvoiceDialog(props: { document: DocumentDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const query = useDocumentEinvoice(props.document.id, props.open);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>E-invoice {query.data ? query.data.einvoice.number : ''}</DialogTitle>
          <DialogDescription className="break-words">{props.document.fileName}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading e-invoice">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {query.error.message}
          </p>
        ) : (
          <div className="min-w-0 space-y-4">
            <EinvoiceWarnings warnings={query.data.warnings} />
            <EinvoiceParties einvoice={query.data.einvoice} />
            <EinvoiceHeader einvoice={query.data.einvoice} />
            <EinvoiceLines einvoice={query.data.einvoice} />
            <EinvoiceAllowancesCharges einvoice={query.data.einvoice} />
            <EinvoiceVatBreakdown einvoice={query.data.einvoice} />
            <EinvoiceTotals einvoice={query.data.einvoice} />
            <EinvoicePaymentDetails einvoice={query.data.einvoice} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
