import { format, parseISO } from 'date-fns';
import { Ban, Download, HandCoins, ReceiptText, Search, Undo2 } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EinvoiceDownloadMenu } from '@/components/einvoice-download-menu';
import { PageLayout } from '@/components/page-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { CreditNote } from '@shared/contracts/credits';
import { parseMoney } from '@shared/money';
import { CREDIT_NOTES_PAGE_SIZE, creditPdfUrl, useCreditNotes, useVoidCredit } from './api';
import { creditName } from './credit-name';

const ApplyCreditDialog = lazy(() => import('./apply-credit-dialog').then((m) => ({ default: m.ApplyCreditDialog })));
const RefundCreditDialog = lazy(() => import('./refund-credit-dialog').then((m) => ({ default: m.RefundCreditDialog })));
const ConfirmDialog = lazy(() => import('@/components/ui/alert-dialog').then((m) => ({ default: m.ConfirmDialog })));

type StatusFilter = 'all' | 'open' | 'closed' | 'void';
const filters: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Used' },
  { value: 'void', label: 'Void' },
];

const statusBadge: Record<CreditNote['status'], { label: string; variant: 'default' | 'secondary' | 'outline' }> = {
  open: { label: 'Open', variant: 'default' },
  closed: { label: 'Used', variant: 'secondary' },
  void: { label: 'Void', variant: 'outline' },
};

function CreditCard({ credit, onApply, onRefund, onVoid }: { credit: CreditNote; onApply: () => void; onRefund: () => void; onVoid: () => void }) {
  const { formatAmount } = useMoneyFormat();
  const left = (parseMoney(credit.remaining) ?? 0) > 0;
  const untouched = credit.status !== 'void' && (parseMoney(credit.amountApplied) ?? 0) === 0 && (parseMoney(credit.amountRefunded) ?? 0) === 0;
  const badge = statusBadge[credit.status];
  return (
    <Card className="gap-0 p-0" data-testid="credit-card">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-5">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">{credit.creditNumber ?? 'Overpayment'}</h3>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          <p className="truncate text-sm text-slate-600">{credit.customerName}</p>
          <p className="text-xs text-slate-500">
            {format(parseISO(credit.issueDate), 'MMM d, yyyy')}
            {credit.invoiceNumber ? ` · ${credit.kind === 'credit_note' ? 'Credits' : 'Paid above'} ${credit.invoiceNumber}` : ''}
          </p>
          {credit.reason && <p className="max-w-prose text-xs break-words text-slate-500">{credit.reason}</p>}
        </div>
        <div className="sm:text-right">
          <p className="text-lg font-semibold tabular-nums text-slate-900">{formatAmount(credit.amount)}</p>
          <p className="text-xs text-slate-500">
            Remaining <span className="font-medium tabular-nums text-slate-700" data-testid="credit-remaining">{formatAmount(credit.remaining)}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1 border-t bg-slate-50/60 px-3 py-2">
        {left && (
          <Button size="sm" variant="outline" onClick={onApply}>
            <HandCoins aria-hidden="true" />
            Apply
          </Button>
        )}
        {left && (
          <Button size="sm" variant="ghost" onClick={onRefund}>
            <Undo2 aria-hidden="true" />
            Refund
          </Button>
        )}
        <Button size="sm" variant="ghost" asChild>
          <a href={creditPdfUrl(credit.id)} download aria-label={`Download PDF of ${creditName(credit)}`}>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        {credit.kind === 'credit_note' && <EinvoiceDownloadMenu basePath={`/api/credit-notes/${credit.id}`} label={creditName(credit)} />}
        {untouched && (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={onVoid}>
            <Ban aria-hidden="true" />
            Void
          </Button>
        )}
      </div>
    </Card>
  );
}

export default function CreditNotesPage() {
  const [params, setParams] = useSearchParams();
  const customerId = params.get('customerId') ?? undefined;
  const [status, setStatus] = useState<StatusFilter>('all');
  const [offset, setOffset] = useState(0);
  const [applying, setApplying] = useState<CreditNote | null>(null);
  const [refunding, setRefunding] = useState<CreditNote | null>(null);
  const [voiding, setVoiding] = useState<CreditNote | null>(null);
  const credits = useCreditNotes({ status, customerId, offset });
  const voidCredit = useVoidCredit();
  const page = credits.data;
  const filtered = status !== 'all' || customerId !== undefined;
  const empty = page && page.total === 0 && !filtered;

  const confirmVoid = async () => {
    if (!voiding) return;
    try {
      await voidCredit.mutateAsync(voiding.id);
      toast({ title: 'Credit voided', description: `${creditName(voiding)} no longer counts as credit for ${voiding.customerName}.` });
      setVoiding(null);
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not void the credit', variant: 'destructive' });
    }
  };

  return (
    <PageLayout title="Credit Notes" subtitle="Credit notes and overpayments your customers can use">
      {!empty && (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <div className="flex flex-wrap gap-1" role="group" aria-label="Filter by status">
            {filters.map((filter) => (
              <Button
                key={filter.value}
                size="sm"
                variant={status === filter.value ? 'default' : 'outline'}
                aria-pressed={status === filter.value}
                onClick={() => {
                  setStatus(filter.value);
                  setOffset(0);
                }}
              >
                {filter.label}
              </Button>
            ))}
          </div>
          {customerId && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                params.delete('customerId');
                setParams(params);
                setOffset(0);
              }}
            >
              Show every customer
            </Button>
          )}
        </div>
      )}
      {credits.isLoading ? (
        <div className="grid grid-cols-1 gap-3" aria-busy="true" aria-label="Loading credit notes">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-32" />
          ))}
        </div>
      ) : credits.isError ? (
        <EmptyState title="Could not load credit notes" description={credits.error.message} />
      ) : empty ? (
        <EmptyState
          icon={ReceiptText}
          title="No credit notes yet"
          description="Issue a credit note from a sent or paid invoice, or keep a payment above the balance as credit."
          action={
            <Button asChild variant="outline">
              <Link to="/invoices">Go to Invoices</Link>
            </Button>
          }
        />
      ) : page && page.items.length === 0 ? (
        <EmptyState icon={Search} title="No credits match these filters" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3">
            {page?.items.map((credit) => (
              <CreditCard
                key={credit.id}
                credit={credit}
                onApply={() => setApplying(credit)}
                onRefund={() => setRefunding(credit)}
                onVoid={() => setVoiding(credit)}
              />
            ))}
          </div>
          {page && page.total > CREDIT_NOTES_PAGE_SIZE && (
            <Pager total={page.total} limit={CREDIT_NOTES_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
          )}
        </>
      )}
      {applying && (
        <Suspense fallback={null}>
          <ApplyCreditDialog credit={applying} onOpenChange={(open) => !open && setApplying(null)} />
        </Suspense>
      )}
      {refunding && (
        <Suspense fallback={null}>
          <RefundCreditDialog credit={refunding} onOpenChange={(open) => !open && setRefunding(null)} />
        </Suspense>
      )}
      {voiding && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setVoiding(null)}
            title="Void this credit?"
            description={`${creditName(voiding)} for ${voiding.customerName} will no longer count as credit. This cannot be undone.`}
            confirmLabel="Void"
            onConfirm={() => void confirmVoid()}
            pending={voidCredit.isPending}
          />
        </Suspense>
      )}
    </PageLayout>
  );
}
