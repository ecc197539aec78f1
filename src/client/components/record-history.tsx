import { History } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';

const RecordHistoryDialog = lazy(() => import('./record-history-dialog'));

type Kind = 'invoice' | 'bill';

/** "Nov 24, 2026, 9:30 AM" in the reader's own clock. */
export function formatAuditTime(instant: string): string {
  return new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function RecordHistoryButton({ kind, id, label }: { kind: Kind; id: string; label: string }) {
  const [open, setOpen] = useState(false);
  // The dialog (radix dialog) loads on the first press and stays mounted, so closing keeps its animation.
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => {
          setMounted(true);
          setOpen(true);
        }} aria-label={`History of ${label}`}>
        <History aria-hidden="true" />
        History
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <RecordHistoryDialog kind={kind} id={id} label={label} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
