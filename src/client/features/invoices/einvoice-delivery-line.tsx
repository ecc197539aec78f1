import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { FileCode2, RotateCw } from 'lucide-react';
import type { EinvoiceDelivery } from '@shared/contracts/einvoice-deliveries';
import type { EinvoiceDeliveryStatus, EinvoiceFormat } from '@shared/einvoice-codes';
import { Button } from '@/components/ui/button';
import { INVOICES_URL } from './api';

const shortFormat: Record<EinvoiceFormat, string> = {
  pdf: 'PDF',
  factur_x: 'Factur-X',
  ubl: 'UBL',
  xrechnung_ubl: 'XRechnung UBL',
  xrechnung_cii: 'XRechnung CII',
};

const statusWord: Record<EinvoiceDeliveryStatus, string> = { queued: 'Queued', sent: 'Sent', delivered: 'Delivered', failed: 'Failed' };

const statusTone: Record<EinvoiceDeliveryStatus, string> = {
  queued: 'text-slate-600',
  sent: 'text-slate-700',
  delivered: 'text-emerald-700',
  failed: 'text-red-700',
};

/** "Sent by email (UBL)", "Delivered through Peppol (XRechnung UBL)". */
export function deliverySummary(delivery: Pick<EinvoiceDelivery, 'status' | 'channel' | 'format'>): string {
  const channel = delivery.channel === 'network' ? 'through Peppol' : 'by email';
  return `${statusWord[delivery.status]} ${channel} (${shortFormat[delivery.format]})`;
}

/**
 * The invoice's last e-invoice delivery (issue 36): format, channel, status and time, the
 * provider's or mail server's error when it failed, and "Send again" for a failed one.
 */
export function EinvoiceDeliveryLine({ invoiceId, onSendAgain, sending }: { invoiceId: string; onSendAgain: () => void; sending: boolean }) {
  const { data } = useQuery<EinvoiceDelivery[]>({ queryKey: [`${INVOICES_URL}/${invoiceId}/einvoice-deliveries`], staleTime: 30_000 });
  const last = data?.[0];
  if (!last) return null;
  const when = last.deliveredAt ?? last.sentAt ?? last.updatedAt;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-t px-4 py-2 text-xs sm:px-5" data-testid="einvoice-delivery">
      <FileCode2 aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
      <span className="font-medium text-slate-700">E-invoice</span>
      <span className={`font-medium ${statusTone[last.status]}`}>{deliverySummary(last)}</span>
      <span className="text-slate-500">to {last.recipient}</span>
      <time className="text-slate-500" dateTime={when}>
        {format(parseISO(when), 'MMM d, yyyy HH:mm')}
      </time>
      {last.status === 'failed' && (
        <>
          {last.error && <span className="basis-full break-words text-red-700 sm:basis-auto">{last.error}</span>}
          <Button size="sm" variant="outline" className="h-7" onClick={onSendAgain} disabled={sending}>
            <RotateCw aria-hidden="true" />
            Send again
          </Button>
        </>
      )}
    </div>
  );
}
