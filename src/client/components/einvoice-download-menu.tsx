import { FileCode2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { apiRequest } from '@/lib/api';
import { type EinvoiceCheckResponse, type EinvoiceFileFormat, einvoiceFileFormats } from '@shared/contracts/einvoicing';
import { einvoiceFormatLabels } from '@shared/einvoice-codes';

type Props = {
  /** The document's API path: /api/invoices/<id> or /api/credit-notes/<id>. */
  basePath: string;
  label: string;
};

interface Refusal {
  format: EinvoiceFileFormat;
  violations: EinvoiceCheckResponse['violations'];
}

/**
 * "Download e-invoice": the four formats. The rules are checked first; a document that breaks one
 * shows the rules it breaks (rule id and the rule's words) instead of downloading.
 */
export function EinvoiceDownloadMenu({ basePath, label }: Props) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function download(format: EinvoiceFileFormat) {
    setBusy(true);
    setFailed(null);
    try {
      const check = await apiRequest<EinvoiceCheckResponse>('GET', `${basePath}/einvoice/check?format=${format}`);
      if (!check.valid) {
        setRefusal({ format, violations: check.violations });
        return;
      }
      const link = document.createElement('a');
      link.href = `${basePath}/einvoice?format=${format}`;
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'The e-invoice could not be checked');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="ghost" disabled={busy} aria-label={`Download e-invoice of ${label}`}>
            <FileCode2 aria-hidden="true" />
            Download e-invoice
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {einvoiceFileFormats.map((format) => (
            <DropdownMenuItem key={format} onSelect={() => void download(format)}>
              {einvoiceFormatLabels[format]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {failed && (
        <span role="alert" className="text-xs text-red-700">
          {failed}
        </span>
      )}
      <Dialog open={refusal !== null} onOpenChange={(open) => !open && setRefusal(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>
              {label} cannot be sent as {refusal ? einvoiceFormatLabels[refusal.format] : ''}
            </DialogTitle>
            <DialogDescription>These e-invoicing rules are not met. Fix the invoice, the customer or your business details, then try again.</DialogDescription>
          </DialogHeader>
          <ul className="space-y-2 text-sm" aria-label="Rules not met">
            {refusal?.violations.map((violation) => (
              <li key={violation.rule} className="rounded-md border border-red-200 bg-red-50 p-3">
                <span className="font-mono font-semibold text-red-800">{violation.rule}</span>{' '}
                <span className="break-words text-slate-800">{violation.message}</span>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </>
  );
}
