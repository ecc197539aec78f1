import { format, parseISO } from 'date-fns';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { VendorCredit } from '@shared/contracts/credits';
import { parseMoney } from '@shared/money';
import {
  VENDOR_CREDITS_PAGE_SIZE,
  useReverseVendorCreditApplication,
  useVendorCredits,
} from './api';

/** The workspace's vendor credits with what is left of each; Apply opens the dialog for one. Hidden while there are none. */
export function VendorCreditsPanel({ onApply }: { onApply: (credit: VendorCredit) => void }) {
  const [offset, setOffset] = useState(0);
  const credits = useVendorCredits({ offset });
  const reverse = useReverseVendorCreditApplication();
  const { formatAmount } = useMoneyFormat();
  const page = credits.data;
  if (!page || page.total === 0) return null;

  const undo = async (applicationId: string, billNumber: string) => {
    try {
      await reverse.mutateAsync(applicationId);
      toast({ title: 'Credit taken off', description: `${billNumber} owes the amount again.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Could not take the credit off',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="vendor-credits-heading" className="mt-8">
      <h2 id="vendor-credits-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Vendor credits
      </h2>
      <div className="grid grid-cols-1 gap-3">
        {page.items.map((credit) => {
          const left =
            (parseMoney(credit.remaining, { round: true }) ?? 0) > 0 && credit.status === 'open';
          const live = credit.applications.filter((application) => application.reversedAt === null);
          return (
            <Card
              key={credit.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
              data-testid="vendor-credit-card"
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-slate-900">{credit.creditNumber}</p>
                  <Badge variant={left ? 'info' : 'secondary'}>
                    {left ? 'Open' : credit.status === 'void' ? 'Void' : 'Fully applied'}
                  </Badge>
                </div>
                <p className="truncate text-sm text-slate-600">
                  {credit.vendorName} · {format(parseISO(credit.creditDate), 'MMM d, yyyy')}
                </p>
                {credit.reason && <p className="text-sm text-slate-500">{credit.reason}</p>}
                {live.length > 0 && (
                  <ul className="space-y-1 text-sm text-slate-600">
                    {live.map((application) => (
                      <li key={application.id} className="flex flex-wrap items-center gap-2">
                        <span>
                          Applied to {application.billNumber}: {formatAmount(application.amount)}
                        </span>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={reverse.isPending}
                          onClick={() => void undo(application.id, application.billNumber)}
                          aria-label={`Take the credit off ${application.billNumber}`}
                        >
                          <Undo2 aria-hidden="true" />
                          Undo
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
                <div className="text-right">
                  <p className="text-lg font-semibold tabular-nums text-slate-900">
                    {formatAmount(credit.amount)}
                  </p>
                  <p className="text-sm tabular-nums text-slate-500">
                    {formatAmount(credit.remaining)} remaining
                  </p>
                </div>
                {left && (
                  <Button size="sm" variant="outline" onClick={() => onApply(credit)}>
                    Apply
                  </Button>
                )}
              </div>
            </Card>
          );
        })}
      </div>
      {page.total > VENDOR_CREDITS_PAGE_SIZE && (
        <Pager
          total={page.total}
          limit={VENDOR_CREDITS_PAGE_SIZE}
          offset={offset}
          onOffsetChange={setOffset}
        />
      )}
    </section>
  );
}
