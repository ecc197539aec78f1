import { ArrowLeft, CheckCircle2, FileWarning, Mail, Send, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useSwitchWorkspace } from '@/lib/workspaces';
import type { Practice1099Row, PracticeW9RequestsResult, Tax1099FilingStatus } from '@shared/contracts/tax-1099';
import { PRACTICE_1099_PAGE_SIZE, defaultTaxYear, usePractice1099, useSendPracticeW9Requests } from './practice-1099-api';

const filingBadges: Record<Tax1099FilingStatus, { label: string; variant: BadgeVariant }> = {
  not_started: { label: 'Not started', variant: 'secondary' },
  in_progress: { label: 'Forms issued', variant: 'info' },
  file_generated: { label: 'File generated', variant: 'info' },
  filed: { label: 'Filed', variant: 'success' },
  correction_due: { label: 'Correction due', variant: 'warning' },
};

function yearOptions(): { value: string; label: string }[] {
  const current = new Date().getFullYear();
  return [current, current - 1, current - 2, current - 3].map((year) => ({ value: String(year), label: `Tax year ${year}` }));
}

const seasonText = (from: string, to: string) =>
  `Requests created from ${new Date(`${from}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })} to ${new Date(`${to}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })} count for the year; a vendor asked twice counts once.`;

/**
 * My Practice > 1099s (issue 32 item 5): the tax year's 1099s across the clients the member may
 * open, the firm's totals, one button to send every missing W-9 request, and each client opened
 * on its own 1099 page.
 */
export default function Practice1099Page() {
  const [year, setYear] = useState(defaultTaxYear);
  const [offset, setOffset] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<PracticeW9RequestsResult | null>(null);
  const { data: user } = useCurrentUser();
  const canWrite = user?.homeRole !== 'viewer';
  const list = usePractice1099(year, offset);
  const send = useSendPracticeW9Requests();
  const open = useSwitchWorkspace();
  const data = list.data;
  const rows = data?.rows ?? [];
  const totals = data?.totals;

  const openClient = (row: Practice1099Row) => open.mutate({ organizationId: row.organizationId, landOn: `/vendors/1099?year=${year}` });
  const changeYear = (value: string) => {
    setYear(Number(value));
    setOffset(0);
    setResult(null);
  };

  return (
    <PageLayout
      title="1099s"
      subtitle="Each client's vendors that need a 1099, and the W-9s still missing"
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to="/practice">
              <ArrowLeft aria-hidden="true" />
              My Practice
            </Link>
          </Button>
          {canWrite && (
            <Button onClick={() => setConfirming(true)} disabled={!totals || totals.missingW9 === 0 || send.isPending}>
              <Send aria-hidden="true" />
              Send all missing W-9 requests
            </Button>
          )}
        </>
      }
    >
      <div className="grid grid-cols-1 gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FilterSelect label="Tax year" value={String(year)} options={yearOptions()} onValueChange={changeYear} className="w-44" />
          {data && <p className="text-xs text-slate-500">{seasonText(data.requestSeason.from, data.requestSeason.to)}</p>}
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label="Vendors needing a 1099"
            value={String(totals?.needForm ?? 0)}
            icon={Users}
            iconTone="bg-blue-100 text-blue-700"
            detail={totals ? `${totals.clientsWithForms} of ${totals.clients} clients` : undefined}
            loading={list.isLoading}
          />
          <StatCard label="Ready to file" value={String(totals?.ready ?? 0)} icon={CheckCircle2} iconTone="bg-green-100 text-green-700" loading={list.isLoading} />
          <StatCard
            label="Missing a W-9"
            value={String(totals?.missingW9 ?? 0)}
            icon={FileWarning}
            iconTone="bg-amber-100 text-amber-700"
            detail={totals ? `${totals.missingTin} without a valid TIN` : undefined}
            loading={list.isLoading}
          />
          <StatCard
            label="W-9 requests answered"
            value={totals ? `${totals.requestsAnswered} of ${totals.requestsSent}` : '0'}
            icon={Mail}
            iconTone="bg-violet-100 text-violet-700"
            detail="Vendors that filled the form, of vendors asked"
            loading={list.isLoading}
          />
        </div>

        {result && <SendResult result={result} onClose={() => setResult(null)} />}

        <Card>
          <CardContent className="p-0">
            {list.isLoading ? (
              <div className="grid gap-2 p-4">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : list.error ? (
              <p className="p-6 text-sm text-destructive" role="alert">
                {list.error.message}
              </p>
            ) : rows.length === 0 ? (
              <EmptyState
                icon={Users}
                title="No client workspaces yet"
                description="Your active clients appear here, each with the vendors it paid in the tax year and the 1099s they need."
              />
            ) : (
              <>
                <div className="overflow-x-auto">
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Client</TableHead>
                        <TableHead className="text-right">Need a 1099</TableHead>
                        <TableHead className="text-right">Ready</TableHead>
                        <TableHead className="text-right">Missing W-9</TableHead>
                        <TableHead className="text-right">Missing TIN</TableHead>
                        <TableHead className="text-right">Requests sent / answered</TableHead>
                        <TableHead>Filing</TableHead>
                        <TableHead>
                          <span className="sr-only">Open</span>
                        </TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.map((row) => {
                        const badge = filingBadges[row.filing.status];
                        return (
                          <TableRow key={row.organizationId} data-testid="practice-1099-row">
                            <TableCell className="font-medium [overflow-wrap:anywhere]">
                              {row.clientName}
                              <span className="block text-xs font-normal text-slate-500">{row.vendorsPaid} {row.vendorsPaid === 1 ? 'vendor' : 'vendors'} paid</span>
                            </TableCell>
                            <TableCell className="text-right tabular-nums">{row.needForm}</TableCell>
                            <TableCell className="text-right tabular-nums">{row.ready}</TableCell>
                            <TableCell className={cn('text-right tabular-nums', row.missingW9 > 0 && 'font-semibold text-amber-700')}>{row.missingW9}</TableCell>
                            <TableCell className={cn('text-right tabular-nums', row.missingTin > 0 && 'font-semibold text-amber-700')}>{row.missingTin}</TableCell>
                            <TableCell className="text-right tabular-nums whitespace-nowrap">
                              {row.requestsSent} / {row.requestsAnswered}
                            </TableCell>
                            <TableCell>
                              <Badge variant={badge.variant}>{badge.label}</Badge>
                            </TableCell>
                            <TableCell className="text-right">
                              <Button size="sm" variant="outline" disabled={open.isPending} onClick={() => openClient(row)} aria-label={`Open ${row.clientName}`}>
                                Open
                              </Button>
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </div>
                <Pager className="px-4" total={data?.total ?? 0} limit={PRACTICE_1099_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
              </>
            )}
          </CardContent>
        </Card>
      </div>

      <AlertDialog open={confirming} onOpenChange={(next) => !next && !send.isPending && setConfirming(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Send every missing W-9 request for {year}?</AlertDialogTitle>
            <AlertDialogDescription>
              Each vendor that needs a {year} 1099 and has no W-9, in every client you may work in ({totals?.missingW9 ?? 0} missing now), gets an email with a
              single-use link to fill its W-9. Vendors without an email address, or with a request still open, are skipped.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {send.error && (
            <p className="text-sm text-destructive" role="alert">
              {send.error.message}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={send.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="default"
              disabled={send.isPending}
              onClick={(event) => {
                event.preventDefault();
                send.mutate(
                  { year, includePayment: false },
                  {
                    onSuccess: (answer) => {
                      setResult(answer);
                      setConfirming(false);
                    },
                  },
                );
              }}
            >
              {send.isPending ? 'Sending…' : 'Send requests'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </PageLayout>
  );
}

function SendResult({ result, onClose }: { result: PracticeW9RequestsResult; onClose: () => void }) {
  const skipped = result.perClient.flatMap((client) => client.skipped.map((item) => ({ ...item, clientName: client.clientName })));
  return (
    <Card role="status" aria-label="W-9 requests sent">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="font-medium text-slate-900">
            {result.sent} W-9 {result.sent === 1 ? 'request' : 'requests'} sent across {result.clients} {result.clients === 1 ? 'client' : 'clients'}
            {result.failed > 0 && `, ${result.failed} could not be mailed (try again later)`}
            {result.skipped > 0 && `, ${result.skipped} skipped`}.
          </p>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Dismiss
          </Button>
        </div>
        {skipped.length > 0 && (
          <ul className="grid gap-1 text-sm text-slate-600">
            {skipped.map((item) => (
              <li key={`${item.clientName}-${item.vendorId}`} className="[overflow-wrap:anywhere]">
                {item.clientName}: {item.name} — {item.reason}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
