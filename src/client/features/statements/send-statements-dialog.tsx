import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import type { SendStatementsResult } from '@shared/contracts/statements';
import { useSendStatements } from './api';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Sent 3 statements; 1 already sent; 1 skipped: no email". */
export function sendSummary(result: SendStatementsResult): string {
  const parts = [`Sent ${plural(result.sent, 'statement', 'statements')}`];
  if (result.alreadySent > 0) parts.push(`${result.alreadySent} already sent`);
  if (result.skipped.length > 0) {
    const reasons = [...new Set(result.skipped.map((skip) => skip.reason.toLowerCase()))].join(', ');
    parts.push(`${result.skipped.length} skipped: ${reasons}`);
  }
  return parts.join('; ');
}

/** Customers > Send statements: every customer with an open balance on the date gets its statement by mail, once per date. */
export function SendStatementsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const timeZone = useOrganizationTimeZone();
  const [statementDate, setStatementDate] = useState(() => dateInputValue(new Date(), timeZone));
  const [result, setResult] = useState<SendStatementsResult | null>(null);
  const [error, setError] = useState<string | undefined>();
  const send = useSendStatements();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setResult(null);
      setError(undefined);
      send.reset();
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    send.mutate(
      { statementDate },
      {
        onSuccess: setResult,
        onError: (failure) => setError(failure instanceof ApiError ? (failure.fields?.statementDate ?? failure.message) : failure.message),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Send statements</DialogTitle>
          <DialogDescription>
            Every active customer with an open balance on the statement date gets its statement of account by email, with the PDF attached. The
            period starts on the first day of that month. A customer is never mailed twice for the same date.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="space-y-3" role="status">
            <p className="font-medium text-slate-900">{sendSummary(result)}</p>
            {result.skipped.length > 0 && (
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
                {result.skipped.map((skip) => (
                  <li key={skip.customerId}>
                    {skip.name}: {skip.reason}
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm text-slate-500">Statement date {format(parseISO(result.statementDate), 'MMM d, yyyy')}.</p>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <Field label="Statement date" error={error} required>
              <Input type="date" value={statementDate} onChange={(event) => setStatementDate(event.target.value)} />
            </Field>
            <DialogFormFooter onCancel={() => close(false)} pending={send.isPending} submitLabel="Send statements" pendingLabel="Sending…" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
