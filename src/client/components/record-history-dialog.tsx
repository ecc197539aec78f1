import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import type { AuditLogEntry } from '@shared/contracts/audit-log';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { apiList } from '@/lib/api';
import { formatAuditTime } from './record-history';

const LIMIT = 50;

type Kind = 'invoice' | 'bill';

/** The events of one invoice or bill, oldest first: what happened, who did it ("System" for the product), when. */
function HistoryList({ kind, id }: { kind: Kind; id: string }) {
  const [offset, setOffset] = useState(0);
  const url = `/api/${kind}s/${id}/history`;
  const { data, error, isLoading } = useQuery({
    queryKey: [url, { limit: LIMIT, offset }],
    queryFn: () => apiList<AuditLogEntry>(url, { limit: LIMIT, offset }),
    // Dropped when the dialog closes, so opening it again shows what the background work (reminders) added since.
    gcTime: 0,
  });
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (error) return <p className="text-sm text-destructive">Could not load the history: {error.message}</p>;
  if (!data || data.total === 0) return <EmptyState icon={History} title="No history yet" />;
  return (
    <>
      <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="record-history">
        {data.items.map((entry) => (
          <li key={entry.id} className="relative" data-testid="history-entry">
            <span className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white bg-blue-600" aria-hidden="true" />
            <p className="text-sm font-medium text-slate-900">{entry.actionLabel}</p>
            {entry.summary && <p className="text-sm break-words text-slate-700">{entry.summary}</p>}
            <p className="text-xs text-slate-500">
              {entry.user ? entry.user.name : 'System'} · <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
      {data.total > LIMIT && <Pager total={data.total} limit={LIMIT} offset={offset} onOffsetChange={setOffset} />}
    </>
  );
}

/** A card's History button: opens the record's own history in a dialog. */
/** The history dialog of one invoice or bill (radix dialog): loaded on the first press of its button. */
export default function RecordHistoryDialog({ kind, id, label, open, onOpenChange }: { kind: Kind; id: string; label: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>History of {label}</DialogTitle>
          <DialogDescription>Every change to this {kind}, oldest first.</DialogDescription>
        </DialogHeader>
        {open && <HistoryList kind={kind} id={id} />}
      </DialogContent>
    </Dialog>
  );
}
