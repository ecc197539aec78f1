import { format, parseISO } from 'date-fns';
import { ArrowLeft, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMoneyFormat } from '@/lib/money-format';
import { useSwitchWorkspace } from '@/lib/workspaces';
import { cn } from '@/lib/utils';
import type { PracticeReconciliationRow } from '@shared/contracts/bank-reconciliation';
import { glossary } from '@shared/glossary';
import { RECONCILIATION_QUEUE_PAGE_SIZE, useReconciliationQueue } from './reconciliation-queue-api';

const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');
const when = (value: string) => format(new Date(value), 'MMM d, yyyy');

/**
 * My Practice > Reconciliation: per client workspace, what is left to match and which accounts
 * have not been reconciled for a month; a row opens the client's workspace on its bank account.
 */
export default function ReconciliationQueuePage() {
  const [offset, setOffset] = useState(0);
  const queue = useReconciliationQueue(offset);
  const open = useSwitchWorkspace();
  const { formatAmount } = useMoneyFormat();
  const rows = queue.data?.items ?? [];

  const openClient = (row: PracticeReconciliationRow) =>
    open.mutate({ organizationId: row.organizationId, landOn: row.firstBankAccountId ? `/bank-accounts/${row.firstBankAccountId}` : '/bank-accounts' });

  return (
    <PageLayout
      title="Reconciliation"
      subtitle="Unmatched bank lines and overdue reconciliations across your clients"
      actions={
        <Button variant="outline" asChild>
          <Link to="/practice">
            <ArrowLeft aria-hidden="true" />
            My Practice
          </Link>
        </Button>
      }
    >
      <Card>
        <CardContent className="p-0">
          {queue.isLoading ? (
            <div className="grid gap-2 p-4">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : queue.error ? (
            <p className="p-6 text-sm text-destructive" role="alert">{queue.error.message}</p>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={Landmark}
              title="No client workspaces to reconcile"
              description="Clients you may open appear here once they are added; their bank lines show up after a statement is imported or a bank feed syncs."
            />
          ) : (
            <>
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Client</TableHead>
                      <TableHead className="text-right" title={glossary.unmatchedLines.definition}>Unmatched</TableHead>
                      <TableHead className="text-right">Unmatched amount</TableHead>
                      <TableHead>Oldest unmatched</TableHead>
                      <TableHead className="text-right" title={glossary.staleAccounts.definition}>{glossary.staleAccounts.label}</TableHead>
                      <TableHead>Last import or sync</TableHead>
                      <TableHead><span className="sr-only">Open</span></TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.organizationId}>
                        <TableCell className="font-medium [overflow-wrap:anywhere]">{row.clientName}</TableCell>
                        <TableCell className="text-right tabular-nums">{row.unmatchedCount}</TableCell>
                        <TableCell className="text-right whitespace-nowrap tabular-nums">{formatAmount(row.unmatchedAmount)}</TableCell>
                        <TableCell className="whitespace-nowrap">{row.oldestUnmatchedOn ? day(row.oldestUnmatchedOn) : '—'}</TableCell>
                        <TableCell className={cn('text-right tabular-nums', row.staleAccounts > 0 && 'font-semibold text-amber-700')}>{row.staleAccounts}</TableCell>
                        <TableCell className="whitespace-nowrap">{row.lastImportAt ? when(row.lastImportAt) : 'Never'}</TableCell>
                        <TableCell className="text-right">
                          <Button size="sm" variant="outline" disabled={open.isPending} onClick={() => openClient(row)} aria-label={`Open ${row.clientName}`}>
                            Open
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              <Pager className="px-4" total={queue.data?.total ?? 0} limit={RECONCILIATION_QUEUE_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
            </>
          )}
        </CardContent>
      </Card>
      <p className="mt-3 text-xs text-slate-500">
        {glossary.unmatchedLines.definition} {glossary.staleAccounts.label}: {glossary.staleAccounts.definition}
      </p>
    </PageLayout>
  );
}
