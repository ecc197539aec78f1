import { format, parseISO } from 'date-fns';
import { ArrowLeftRight, Ban, Lock, Plus, Search, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { BankSuggestion, BankTransaction } from '@shared/contracts/bank-reconciliation';
import { useBankSuggestions, useExcludeLine, useMatchLine, useUnmatchLine } from './api';
import { ConfidenceBadge, LineAmount, LineStatus, lineDay, resolutionLabels } from './line-parts';

function failure(error: unknown, fallback: string) {
  toast({ title: fallback, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
}

/** One line: what the bank said, then its suggestions and actions (unmatched) or what it matched (undo). */
export function LinePanel(props: {
  line: BankTransaction;
  isOwner: boolean;
  onAccepted: (line: BankTransaction) => void;
  onFindMatch: () => void;
  onCreate: () => void;
  onDone: () => void;
}) {
  const { line } = props;
  return (
    <section aria-label="Selected line" data-testid="line-panel" className="grid gap-4">
      <div className="grid gap-1">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-medium break-words text-slate-900">{line.description || '(no description)'}</p>
          <LineAmount amount={line.amount} className="text-lg" />
        </div>
        <p className="text-sm text-slate-500">
          {lineDay(line.postedOn)}
          {line.reference ? ` · Ref ${line.reference}` : ''}
          {line.counterparty ? ` · ${line.counterparty}` : ''}
        </p>
        {line.returnCode && <p className="text-sm text-red-700">ACH return {line.returnCode}</p>}
        <div>
          <LineStatus line={line} />
        </div>
      </div>
      {line.status === 'unmatched' ? <UnmatchedActions {...props} /> : <MatchedDetails {...props} />}
    </section>
  );
}

function UnmatchedActions(props: Parameters<typeof LinePanel>[0]) {
  const { line } = props;
  const suggestions = useBankSuggestions(line.id);
  const match = useMatchLine();
  const exclude = useExcludeLine();
  const deposit = !line.amount.startsWith('-');

  // mutateAsync, not mutate's callbacks: the refreshed list drops the line and unmounts this panel
  // before the request's own callbacks would run.
  const accept = async (suggestion: BankSuggestion) => {
    try {
      await match.mutateAsync({ id: line.id, body: { suggestionKey: suggestion.key } });
      toast({ title: 'Matched', description: suggestion.action });
      props.onAccepted(line);
    } catch (error) {
      failure(error, 'Could not accept the match');
    }
  };

  const setAside = async (as: 'transfer' | 'excluded') => {
    try {
      await exclude.mutateAsync({ id: line.id, as });
      toast({ title: as === 'transfer' ? 'Marked as transfer' : 'Line excluded' });
      props.onDone();
    } catch (error) {
      failure(error, 'Could not set the line aside');
    }
  };

  return (
    <>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Suggestions</h3>
        {suggestions.isPending ? (
          <Skeleton className="h-24" />
        ) : suggestions.isError ? (
          <p className="text-sm text-red-700">{suggestions.error.message}</p>
        ) : suggestions.data.suggestions.length === 0 ? (
          <p className="text-sm text-slate-500">
            Nothing in the books matches this line. Find the {deposit ? 'invoices' : 'bills'} yourself, or create it.
          </p>
        ) : (
          <ul className="grid gap-2">
            {suggestions.data.suggestions.map((suggestion) => (
              <li key={suggestion.key} data-testid="suggestion" className="grid gap-2 rounded-md border p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium text-slate-900">{suggestion.action}</p>
                  <ConfidenceBadge confidence={suggestion.confidence} />
                </div>
                <p className="text-slate-600">{suggestion.reason}</p>
                <Button size="sm" className="w-fit" disabled={match.isPending} onClick={() => void accept(suggestion)}>
                  Accept
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {deposit && (
          <Button size="sm" variant="outline" onClick={props.onFindMatch}>
            <Search aria-hidden="true" />
            Find and match
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={props.onCreate}>
          <Plus aria-hidden="true" />
          Create
        </Button>
        <Button size="sm" variant="outline" disabled={exclude.isPending} onClick={() => void setAside('transfer')}>
          <ArrowLeftRight aria-hidden="true" />
          Transfer
        </Button>
        <Button size="sm" variant="ghost" disabled={exclude.isPending} onClick={() => void setAside('excluded')}>
          <Ban aria-hidden="true" />
          Exclude
        </Button>
      </div>
    </>
  );
}

function MatchedDetails(props: Parameters<typeof LinePanel>[0]) {
  const { line } = props;
  const { formatAmount } = useMoneyFormat();
  const unmatch = useUnmatchLine();
  const blocked = line.locked && !props.isOwner;
  const undo = async () => {
    try {
      await unmatch.mutateAsync(line.id);
      toast({ title: 'Undone', description: 'The line is unmatched again.' });
      props.onDone();
    } catch (error) {
      failure(error, 'Could not undo the match');
    }
  };

  return (
    <>
      <div className="grid gap-2 text-sm">
        <h3 className="font-semibold text-slate-900">
          {line.status === 'excluded' ? 'Set aside' : 'Matched to'}
        </h3>
        {line.matches.length > 0 ? (
          <ul className="grid gap-1">
            {line.matches.map((match, index) => (
              <li key={`${match.kind}-${index}`} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">{match.label}</span>
                <span className="tabular-nums">{formatAmount(match.amount)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">
            {line.matchedTo ?? (line.resolution ? resolutionLabels[line.resolution] : 'Matched')}
          </p>
        )}
        {line.matchedAt && (
          <p className="text-xs text-slate-500">on {format(parseISO(line.matchedAt), 'MMM d, yyyy')}</p>
        )}
      </div>
      {line.locked && (
        <p role="note" className="flex gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This line is in a reconciled period. Only an owner can undo it, and the undo is audited.
        </p>
      )}
      <Button size="sm" variant="outline" className="w-fit" disabled={blocked || unmatch.isPending} onClick={() => void undo()}>
        <Undo2 aria-hidden="true" />
        Undo
      </Button>
    </>
  );
}
