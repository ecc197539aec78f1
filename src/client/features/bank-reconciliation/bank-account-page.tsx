import { format, parseISO } from 'date-fns';
import { ArrowLeft, FileUp, Landmark, Sparkles, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import type { BankAccountDetail } from '@shared/contracts/bank-accounts';
import type { BankTransaction, BankTransactionStatus } from '@shared/contracts/bank-reconciliation';
import {
  BANK_LINES_PAGE_SIZE,
  type BankRuleRequest,
  useBankAccountDetail,
  useBankTransactions,
  useProposeRule,
} from './api';
import { CreateFromLineDialog } from './create-from-line-dialog';
import { FindMatchDialog } from './find-match-dialog';
import { ImportStatementDialog } from './import-statement-dialog';
import { LinePanel } from './line-panel';
import { LinesTable } from './lines-table';
import { ReconcilePanel } from './reconcile-panel';
import { RuleFormDialog } from './rule-form-dialog';
import { RulesTab } from './rules-tab';

const lineTabs: Array<{ status: BankTransactionStatus; label: string }> = [
  { status: 'unmatched', label: 'Unmatched' },
  { status: 'matched', label: 'Matched' },
  { status: 'excluded', label: 'Excluded' },
];
const tabs = ['unmatched', 'matched', 'excluded', 'reconcile', 'rules'] as const;
type Tab = (typeof tabs)[number];

function accountSubtitle(account: BankAccountDetail, formatAmount: (value: string) => string): string {
  const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');
  return [
    `••••${account.accountLast4}`,
    account.balance === null ? 'Balance not known yet' : `Balance ${formatAmount(account.balance)}`,
    account.lastImportAt ? `Last import ${day(account.lastImportAt)}` : 'No statement imported yet',
    ...(account.lastSyncAt ? [`Last feed sync ${day(account.lastSyncAt)}`] : []),
  ].join(' · ');
}

/** The matching screen of one bank account: its lines by status, each line's suggestions, and the rules. */
export default function BankAccountPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = tabs.find((value) => value === requested) ?? 'unmatched';
  const status: BankTransactionStatus = tab === 'rules' || tab === 'reconcile' ? 'unmatched' : tab;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [offset, setOffset] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [finding, setFinding] = useState<BankTransaction | null>(null);
  const [creating, setCreating] = useState<BankTransaction | null>(null);
  const [justMatched, setJustMatched] = useState<BankTransaction | null>(null);
  const [proposal, setProposal] = useState<Partial<BankRuleRequest> | null>(null);
  const [importing, setImporting] = useState(false);
  const account = useBankAccountDetail(id);
  const lines = useBankTransactions(id, { status, search: deferredSearch, offset });
  const propose = useProposeRule();
  const user = useCurrentUser();
  const desktop = useMediaQuery('(min-width: 1024px)');
  const { formatAmount } = useMoneyFormat();

  const items = lines.data?.data ?? [];
  const selected = items.find((line) => line.id === selectedId) ?? null;
  const counts = lines.data?.counts;

  const changeTab = (next: string) => {
    setParams(next === 'unmatched' ? {} : { tab: next }, { replace: true });
    setOffset(0);
    setSelectedId(null);
  };

  const proposeRule = (line: BankTransaction) =>
    propose.mutate(line.id, {
      onSuccess: (proposed) => setProposal({ ...proposed }),
      onError: (error) =>
        toast({ title: 'Could not propose a rule', description: error.message, variant: 'destructive' }),
    });

  if (account.isError) {
    return (
      <PageLayout title="Bank account" subtitle="Statement lines and matching">
        <EmptyState
          icon={Landmark}
          title="Bank account not found"
          description={account.error.message}
          action={
            <Button asChild variant="outline">
              <Link to="/bank-accounts">Back to bank accounts</Link>
            </Button>
          }
        />
      </PageLayout>
    );
  }

  const panel = selected && (
    <LinePanel
      key={selected.id}
      line={selected}
      isOwner={user.data?.role === 'owner'}
      onAccepted={(line) => {
        setJustMatched(line);
        setSelectedId(null);
      }}
      onFindMatch={() => setFinding(selected)}
      onCreate={() => setCreating(selected)}
      onDone={() => setSelectedId(null)}
    />
  );

  return (
    <PageLayout
      title={account.data?.accountName ?? 'Bank account'}
      subtitle={account.data ? accountSubtitle(account.data, formatAmount) : 'Loading…'}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/bank-accounts">
              <ArrowLeft aria-hidden="true" />
              All accounts
            </Link>
          </Button>
          <Button disabled={!account.data} onClick={() => setImporting(true)}>
            <FileUp aria-hidden="true" />
            Import statement
          </Button>
        </>
      }
    >
      {justMatched && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          <Sparkles className="size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1 break-words">
            Matched “{justMatched.description}”. Match lines like it automatically from now on?
          </p>
          <Button size="sm" disabled={propose.isPending} onClick={() => proposeRule(justMatched)}>
            Create rule
          </Button>
          <Button size="icon" variant="ghost" aria-label="Dismiss" onClick={() => setJustMatched(null)}>
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList className="h-auto max-w-full flex-wrap justify-start">
          {lineTabs.map((item) => (
            <TabsTrigger key={item.status} value={item.status}>
              {item.label}
              {counts && <span className="rounded bg-slate-200 px-1.5 text-xs tabular-nums">{counts[item.status]}</span>}
            </TabsTrigger>
          ))}
          <TabsTrigger value="reconcile">Reconcile</TabsTrigger>
          <TabsTrigger value="rules">Rules</TabsTrigger>
        </TabsList>
        {lineTabs.map((item) => (
          <TabsContent key={item.status} value={item.status} className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <SearchInput
                label="Search lines"
                placeholder="Description, reference or amount"
                value={search}
                onValueChange={(value) => {
                  setSearch(value);
                  setOffset(0);
                }}
              />
              {item.status === 'unmatched' && lines.data && (
                <p className="text-sm text-slate-600">
                  {lines.data.counts.unmatched} unmatched, {formatAmount(lines.data.unmatchedAmount)} in total
                </p>
              )}
            </div>
            <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
              <div className="grid gap-2">
                {lines.isPending ? (
                  <Skeleton className="h-64" />
                ) : lines.isError ? (
                  <EmptyState icon={Landmark} title="Could not load the lines" description={lines.error.message} />
                ) : items.length === 0 ? (
                  <EmptyState
                    icon={Landmark}
                    title={deferredSearch ? 'No lines match the search' : `No ${item.label.toLowerCase()} lines`}
                    description={
                      item.status === 'unmatched' && !deferredSearch
                        ? 'Every line is accounted for. Import a statement to bring in new ones.'
                        : undefined
                    }
                  />
                ) : (
                  <>
                    <LinesTable lines={items} selectedId={selectedId} onSelect={(line) => setSelectedId(line.id)} />
                    <Pager
                      total={lines.data.total}
                      limit={BANK_LINES_PAGE_SIZE}
                      offset={offset}
                      onOffsetChange={setOffset}
                    />
                  </>
                )}
              </div>
              {desktop && (
                <aside className="sticky top-4 rounded-md border bg-white p-4">
                  {panel ?? <p className="text-sm text-slate-500">Choose a line to see what it matches.</p>}
                </aside>
              )}
            </div>
          </TabsContent>
        ))}
        <TabsContent value="reconcile">
          <ReconcilePanel key={id} bankAccountId={id} />
        </TabsContent>
        <TabsContent value="rules">
          <RulesTab bankAccountId={id} />
        </TabsContent>
      </Tabs>
      {!desktop && (
        <Dialog open={selected !== null} onOpenChange={(open) => !open && setSelectedId(null)}>
          <DialogContent className="top-auto bottom-0 left-0 max-h-[85vh] w-full max-w-none translate-x-0 translate-y-0 rounded-b-none data-[state=open]:animate-sheet-in sm:max-w-none">
            <DialogTitle className="sr-only">Bank line</DialogTitle>
            <DialogDescription className="sr-only">Suggestions and actions for the line</DialogDescription>
            {panel}
          </DialogContent>
        </Dialog>
      )}
      {account.data && importing && (
        <ImportStatementDialog
          bankAccount={{ id, name: account.data.accountName }}
          open
          onOpenChange={setImporting}
        />
      )}
      <FindMatchDialog
        line={finding}
        onOpenChange={(open) => !open && setFinding(null)}
        onMatched={(line) => {
          setJustMatched(line);
          setSelectedId(null);
        }}
      />
      <CreateFromLineDialog
        line={creating}
        onOpenChange={(open) => !open && setCreating(null)}
        onCreated={() => setSelectedId(null)}
      />
      <RuleFormDialog
        open={proposal !== null}
        onOpenChange={(open) => {
          if (open) return;
          setProposal(null);
          setJustMatched(null);
        }}
        rule={proposal ?? {}}
        bankAccountId={id}
        title="Create rule from this match"
        description="New lines like this one are matched the same way when the suggestion is at least as confident as you set here."
      />
    </PageLayout>
  );
}
