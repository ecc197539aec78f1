import { format, parseISO } from 'date-fns';
import { Check, FileCog, FileUp, Landmark, ListChecks, Star, Trash2, X } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  type BankAccount,
  bankAccountTypeLabels,
  verificationLabel,
} from '@shared/contracts/bank-accounts';
import { BankFeedConnect } from './bank-feed-connect';

const labelVariant: Record<ReturnType<typeof verificationLabel>, BadgeVariant> = {
  Verified: 'success',
  Pending: 'warning',
  Unverified: 'secondary',
};

function day(value: string | null): string {
  return value ? format(parseISO(value), 'MMM d, yyyy') : '';
}

function Capability({ enabled, label }: { enabled: boolean; label: string }) {
  const Icon = enabled ? Check : X;
  return (
    <span
      className={`flex items-center gap-1 text-xs ${enabled ? 'text-green-700' : 'text-slate-400'}`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label} {enabled ? 'enabled' : 'disabled'}
    </span>
  );
}

/** Spec 2.10: one card per account, numbers masked, verification state and what it can send. */
export function BankAccountCard(props: {
  account: BankAccount;
  onVerify: () => void;
  onMakePrimary: () => void;
  onRemove: () => void;
  onImportStatement: () => void;
  onAchSettings: () => void;
  busy: boolean;
}) {
  const { account } = props;
  const label = verificationLabel(account);
  const voided =
    account.verificationStatus === 'failed' || account.verificationStatus === 'expired';
  return (
    <Card data-testid="bank-account-card">
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <div className="rounded-full bg-slate-100 p-2 text-slate-700">
          <Landmark className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle className="truncate text-base" title={account.accountName}>
            <Link to={`/bank-accounts/${account.id}`} className="hover:underline">
              {account.accountName}
            </Link>
          </CardTitle>
          <p className="truncate text-sm text-slate-500">{account.bankName ?? 'Unknown Bank'}</p>
          <div className="flex flex-wrap gap-1.5">
            {account.isPrimary && <Badge variant="info">Primary</Badge>}
            <Badge variant={labelVariant[label]}>{label}</Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-600">
          <dt className="text-slate-500">Type</dt>
          <dd>{bankAccountTypeLabels[account.accountType]}</dd>
          <dt className="text-slate-500">Account</dt>
          <dd className="font-mono">••••{account.accountLast4}</dd>
          <dt className="text-slate-500">Routing</dt>
          <dd className="font-mono">{account.routingNumber}</dd>
          <dt className="text-slate-500">Holder</dt>
          <dd className="truncate">{account.accountHolderName}</dd>
        </dl>
        <div className="flex gap-4">
          <Capability enabled={account.achEnabled} label="ACH" />
          <Capability enabled={account.wireEnabled} label="Wire" />
        </div>
        <BankFeedConnect account={account} />
        {account.needsMicroDeposits && (
          <p className="rounded-md bg-yellow-50 px-3 py-2 text-yellow-900">
            Micro-deposits sent {day(account.microDepositsSentAt)}. Enter them by{' '}
            {day(account.microDepositsExpireAt)} ({account.verificationAttemptsLeft}{' '}
            {account.verificationAttemptsLeft === 1 ? 'attempt' : 'attempts'} left).
          </p>
        )}
        {voided && (
          <p
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800"
            role="note"
          >
            {account.verificationStatus === 'expired'
              ? 'The micro-deposits expired before they were confirmed.'
              : 'Verification failed after 3 wrong attempts.'}{' '}
            Remove this account and add it again.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" asChild>
          <Link to={`/bank-accounts/${account.id}`} aria-label={`Transactions of ${account.accountName}`}>
            <ListChecks aria-hidden="true" />
            Transactions
          </Link>
        </Button>
        {account.needsMicroDeposits && (
          <Button size="sm" onClick={props.onVerify}>
            Verify Micro-Deposits
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={props.onImportStatement} aria-label={`Import statement into ${account.accountName}`}>
          <FileUp aria-hidden="true" />
          Import statement
        </Button>
        <Button size="sm" variant="outline" onClick={props.onAchSettings} aria-label={`ACH settings of ${account.accountName}`}>
          <FileCog aria-hidden="true" />
          ACH settings
        </Button>
        {!account.isPrimary && !voided && (
          <Button size="sm" variant="outline" onClick={props.onMakePrimary} disabled={props.busy}>
            <Star aria-hidden="true" />
            Make Primary
          </Button>
        )}
        <Button size="sm" variant="outline" asChild>
          <Link to={`/bank-accounts/${account.id}?tab=reconcile`} aria-label={`Reconcile ${account.accountName}`}>
            <ListChecks aria-hidden="true" />
            Reconcile
          </Link>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={props.onRemove}
          aria-label={`Remove ${account.accountName}`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </CardFooter>
    </Card>
  );
}
