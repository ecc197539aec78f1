import { format } from 'date-fns';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { day } from './account-page';
import { statementPdfUrl, usePortalStatement } from './api';
import { moneyFormatter } from './money';
import type { PortalOutletContext } from './portal-layout';

const firstOfMonth = (today: string) => `${today.slice(0, 8)}01`;

/** /portal/statement: the statement of account for a period, on screen and as PDF. */
export function StatementPage() {
  const { account } = useOutletContext<PortalOutletContext>();
  const today = format(new Date(), 'yyyy-MM-dd');
  const [from, setFrom] = useState(firstOfMonth(today));
  const [to, setTo] = useState(today);
  const canView = account.permissions.includes('view_invoices');
  const canDownload = account.permissions.includes('download_statements');
  const outOfOrder = Boolean(from && to && to < from);
  const statement = usePortalStatement(from, to, canView && !outOfOrder);
  const money = moneyFormatter(account.currency);
  const data = statement.data;

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle asChild>
            <h1 className="text-lg">Statement of account</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="statement-from">From</Label>
            <Input id="statement-from" type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} className="w-40" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="statement-to">To</Label>
            <Input id="statement-to" type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} className="w-40" />
          </div>
          {canDownload ? (
            <a
              className={cn(buttonVariants({ variant: 'outline' }), outOfOrder && 'pointer-events-none opacity-50')}
              href={statementPdfUrl(from, to)}
              download
              aria-disabled={outOfOrder}
            >
              <Download aria-hidden />
              Download PDF
            </a>
          ) : null}
          {outOfOrder ? (
            <p className="w-full text-sm text-destructive" role="alert">
              The end of the period is before its start.
            </p>
          ) : null}
        </CardContent>
      </Card>
      {!canView ? (
        <p className="text-sm text-muted-foreground">Download the statement as a PDF for the period you choose.</p>
      ) : statement.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {statement.error.message}
        </p>
      ) : !data ? (
        outOfOrder ? null : <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <Card>
            <CardContent className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-4 sm:p-6" data-testid="statement-summary">
              <Figure label="Opening balance" value={money.amount(data.openingBalance)} hint={`On ${day(data.from)}`} />
              <Figure label="Invoiced" value={money.amount(data.totalDebits)} />
              <Figure label="Paid and credited" value={money.amount(data.totalCredits)} />
              <Figure label="Closing balance" value={money.amount(data.closingBalance)} hint={`On ${day(data.to)}`} strong />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle asChild>
                <h2 className="text-base">Activity</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Description</TableHead>
                    <TableHead className="text-right">Charges</TableHead>
                    <TableHead className="text-right">Payments and credits</TableHead>
                    <TableHead className="text-right">Balance</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRow>
                    <TableCell className="whitespace-nowrap">{day(data.from)}</TableCell>
                    <TableCell>Opening balance</TableCell>
                    <TableCell />
                    <TableCell />
                    <TableCell className="text-right tabular-nums">{money.amount(data.openingBalance)}</TableCell>
                  </TableRow>
                  {data.lines.map((line) => (
                    <TableRow key={`${line.kind}-${line.sourceId}`} data-testid="statement-line">
                      <TableCell className="whitespace-nowrap">{day(line.date)}</TableCell>
                      <TableCell className="min-w-40">
                        {line.description}
                        {line.dueDate ? <div className="text-xs text-muted-foreground">Due {day(line.dueDate)}</div> : null}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{line.debit === '0.00' ? '' : money.amount(line.debit)}</TableCell>
                      <TableCell className="text-right tabular-nums">{line.credit === '0.00' ? '' : money.amount(line.credit)}</TableCell>
                      <TableCell className="text-right tabular-nums">{money.amount(line.balance)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow className="font-semibold">
                    <TableCell className="whitespace-nowrap">{day(data.to)}</TableCell>
                    <TableCell>Closing balance</TableCell>
                    <TableCell />
                    <TableCell />
                    <TableCell className="text-right tabular-nums">{money.amount(data.closingBalance)}</TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle asChild>
                <h2 className="text-base">What is due, by age</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="statement-aging">
              {data.aging.map((bucket) => (
                <div key={bucket.key} className="rounded-lg border p-3">
                  <div className="text-xs text-muted-foreground">{bucket.label}</div>
                  <div className="font-medium tabular-nums">{money.amount(bucket.amount)}</div>
                </div>
              ))}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function Figure(props: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <div>
      <div className="text-sm text-muted-foreground">{props.label}</div>
      <div className={cn('text-lg tabular-nums', props.strong ? 'font-bold' : 'font-semibold')}>{props.value}</div>
      {props.hint ? <div className="text-xs text-muted-foreground">{props.hint}</div> : null}
    </div>
  );
}
