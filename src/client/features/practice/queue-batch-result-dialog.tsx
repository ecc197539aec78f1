import { CircleCheck, CircleSlash } from 'lucide-react';
import type { QueueBatchResult } from '@shared/contracts/practice-queue';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a batch approval did with each request: approved, or skipped and why. */
export function QueueBatchResultDialog({ result, onClose }: { result: QueueBatchResult | null; onClose: () => void }) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Batch Approval Results</DialogTitle>
          <DialogDescription>
            {result ? `${plural(result.approvedCount, 'request', 'requests')} approved, ${result.skippedCount} skipped.` : ''}
          </DialogDescription>
        </DialogHeader>
        <ul className="max-h-96 divide-y overflow-y-auto text-sm" aria-label="Results">
          {result?.results.map((item) => {
            const approved = item.outcome === 'approved';
            const Icon = approved ? CircleCheck : CircleSlash;
            return (
              <li key={item.approvalId} className="flex gap-3 py-2" data-testid="batch-result">
                <Icon className={approved ? 'mt-0.5 size-4 shrink-0 text-green-700' : 'mt-0.5 size-4 shrink-0 text-amber-700'} aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {item.clientName ? `${item.clientName} · ${item.billNumber ?? ''}` : 'Unknown request'}
                    {item.vendor && <span className="font-normal text-slate-500"> from {item.vendor}</span>}
                  </p>
                  <p className={approved ? 'text-green-800' : 'text-amber-800'}>
                    {approved ? (item.billApprovalStatus === 'approved' ? 'Approved' : 'Approved, waiting for other approvers') : `Skipped: ${item.reason ?? ''}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
