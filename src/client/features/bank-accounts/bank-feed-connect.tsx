import { formatDistanceToNowStrict } from 'date-fns';
import { PlugZap, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { BankAccount } from '@shared/contracts/bank-accounts';
import { useBankFeedStatus, useLinkPlaidAccount, useLinkSandboxAccount, usePlaidLinkToken, useSyncBankFeed } from './bank-feed-api';
import { openPlaidLink } from './plaid-link';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: error instanceof Error ? error.message : 'Please try again', variant: 'destructive' });

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The account card's live feed (Plaid): linked, its last sync and a Sync now; not linked, Connect
 * bank feed (Plaid Link) and, in Plaid's sandbox, a test account; not configured, how to enable it.
 */
export function BankFeedConnect({ account }: { account: BankAccount }) {
  const status = useBankFeedStatus();
  const linkToken = usePlaidLinkToken();
  const link = useLinkPlaidAccount();
  const sandbox = useLinkSandboxAccount();
  const sync = useSyncBankFeed();
  const { formatAmount } = useMoneyFormat();
  const busy = linkToken.isPending || link.isPending || sandbox.isPending || sync.isPending;
  const synced = (result: { added: number }) => toast({ title: 'Bank feed synced', description: `${plural(result.added, 'new line')}.` });

  if (!status.data) return null;
  if (account.feedLinked) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2" data-testid="bank-feed">
        <p className="text-slate-600">
          Bank feed linked{account.lastSyncAt ? ` · synced ${formatDistanceToNowStrict(new Date(account.lastSyncAt), { addSuffix: true })}` : ''}
          {account.balance !== null ? ` · balance ${formatAmount(account.balance)}` : ''}
        </p>
        <Button size="sm" variant="outline" disabled={busy || !status.data.configured} onClick={() => sync.mutate(account.id, { onSuccess: synced, onError: failed('Could not sync the bank feed') })}>
          <RefreshCw aria-hidden="true" />
          Sync now
        </Button>
      </div>
    );
  }
  if (!status.data.configured) {
    return (
      <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-600" data-testid="bank-feed">
        <span className="font-medium text-slate-700">Live bank feed not enabled.</span> {status.data.message}
      </p>
    );
  }
  const connect = async () => {
    try {
      const { linkToken: token } = await linkToken.mutateAsync(account.id);
      const chosen = await openPlaidLink(token);
      if (!chosen) return;
      synced(await link.mutateAsync({ bankAccountId: account.id, ...chosen }));
    } catch (error) {
      failed('Could not connect the bank feed')(error);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="bank-feed">
      <Button size="sm" variant="outline" disabled={busy} onClick={() => void connect()}>
        <PlugZap aria-hidden="true" />
        Connect bank feed
      </Button>
      {status.data.environment === 'sandbox' && (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => sandbox.mutate(account.id, { onSuccess: synced, onError: failed('Could not link the test account') })}>
          Link a Plaid sandbox test account
        </Button>
      )}
    </div>
  );
}
