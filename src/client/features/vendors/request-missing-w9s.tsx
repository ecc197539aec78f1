import { MailQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { W9BulkResult } from '@shared/contracts/tax-1099';
import { useRequestMissingW9s } from './api';

/** "Request missing W-9s": mails every active vendor without a W-9 a link to its form, then says what happened. */
export function RequestMissingW9s() {
  const [open, setOpen] = useState(false);
  const [includePayment, setIncludePayment] = useState(false);
  const [result, setResult] = useState<W9BulkResult | null>(null);
  const request = useRequestMissingW9s();
  const id = useId();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setResult(null);
      request.reset();
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MailQuestion aria-hidden="true" />
        Request missing W-9s
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Request missing W-9s</DialogTitle>
            <DialogDescription>Every active vendor without a W-9 on file gets a mail with a link to fill it online (good once, for 30 days).</DialogDescription>
          </DialogHeader>
          {result ? (
            <div className="space-y-2 text-sm" role="status" data-testid="w9-bulk-result">
              <p>
                <strong>{result.sent}</strong> {result.sent === 1 ? 'request' : 'requests'} sent
                {result.failed > 0 ? `, ${result.failed} could not be mailed` : ''}.
              </p>
              {result.skipped.length > 0 && (
                <>
                  <p>Skipped:</p>
                  <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
                    {result.skipped.map((item) => (
                      <li key={item.vendorId}>
                        {item.name || 'Unknown vendor'}: {item.reason}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          ) : (
            <div className="flex items-center gap-2">
              <Checkbox id={id} checked={includePayment} onCheckedChange={(checked) => setIncludePayment(checked === true)} />
              <Label htmlFor={id} className="font-normal">
                Also ask for payment details
              </Label>
            </div>
          )}
          {request.isError && (
            <p className="text-sm text-destructive" role="alert">
              {request.error.message}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              {result ? 'Close' : 'Cancel'}
            </Button>
            {!result && (
              <Button disabled={request.isPending} onClick={() => request.mutate({ includePayment }, { onSuccess: setResult })}>
                {request.isPending ? 'Sending…' : 'Send requests'}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
