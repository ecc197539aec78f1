import { format, parseISO } from 'date-fns';
import { Download, Info, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { Statement } from '@shared/contracts/statements';
import { parseMoney } from '@shared/money';
import { statementPdfUrl, useSendStatements, useStatement } from './api';

/** The balance definition (src/shared/contracts/statements.ts), said for the people reading the statement. */
export const STATEMENT_HELP =
  'Invoices and refunds add to the balance; payments (the whole amount received) and credit notes take it off. ' +
  'Applying a credit to an invoice is not a line: it only moves credit the customer already has. ' +
  'The opening balance is everything before the period; the closing balance equals what open invoices still owe on the last day, less credit not yet applied. ' +
  'The aging buckets show what each invoice still owed on the last day, by days past its due date.';

const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');

/** Customers > customer > Statement: the statement of account for a period, its PDF, and mailing it. */
export function CustomerStatementDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: { id: string; name: string; email: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const today = dateInputValue(new Date(), timeZone);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const statement = useStatement(customer.id, from, to, open);
  const send = useSendStatements();
  const backwards = Boolean(from && to && to < from);

  const sendStatement = () =>
    send.mutate(
      { statementDate: to, from, customerIds: [customer.id] },
      {
        onSuccess: (result) => {
          if (result.sent > 0) toast({ title: 'Statement sent', description: `Mailed to ${customer.email}.` });
          else if (result.alreadySent > 0) toast({ title: 'Already sent', description: `A statement dated ${day(to)} was already sent to this customer.` });
          else if (result.skipped[0]) toast({ title: 'Not sent', description: result.skipped[0].reason, variant: 'destructive' });
          else toast({ title: 'Nothing to send', description: `${customer.name} owes nothing on ${day(to)}.` });
        },
        onError: (error) => toast({ title: 'Could not send the statement', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Statement of account</DialogTitle>
          <DialogDescription>{customer.name}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="From" className="sm:w-44" error={undefined}>
            <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
          </Field>
          <Field label="To" className="sm:w-44" error={backwards ? 'Must be on or after From' : undefined}>
            <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </Field>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button variant="outline" asChild disabled={backwards}>
              <a href={backwards ? undefined : statementPdfUrl(customer.id, from, to)} download aria-disabled={backwards}>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
            <Button onClick={sendStatement} disabled={backwards || send.isPending}>
              <Send aria-hidden="true" />
              {send.isPending ? 'Sending…' : 'Send statement'}
            </Button>
          </div>
        </div>
        {statement.isError ? (
          <p className="text-sm text-destructive">{statement.error.message}</p>
        ) : !statement.data || backwards ? (
          backwards ? null : <Skeleton className="h-64 w-full" />
        ) : (
          <StatementBody statement={statement.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function StatementBody({ statement }: { statement: Statement }) {
  const { formatAmountIn } = useMoneyFormat();
  const money = (amount: string) => formatAmountIn(amount, statement.currency);
  const blankIfZero = (amount: string) => ((parseMoney(amount) ?? 0) === 0 ? '' : money(amount));
  const unapplied = (parseMoney(statement.unappliedCredit) ?? 0) > 0;
  return (
    <div className="space-y-4" data-testid="statement">
      <dl className="grid grid-cols-2 gap-3 rounded-md border bg-slate-50 p-3 text-sm sm:grid-cols-4">
        <Figure label="Opening balance" value={money(statement.openingBalance)} />
        <Figure label="Invoiced and refunded" value={money(statement.totalDebits)} />
        <Figure label="Paid and credited" value={money(statement.totalCredits)} />
        <Figure label="Closing balance" value={money(statement.closingBalance)} strong />
      </dl>
      <ol className="divide-y rounded-md border text-sm sm:hidden" aria-label="Statement lines">
        <li className="flex justify-between gap-2 p-3 font-medium">
          <span>Opening balance</span>
          <span className="tabular-nums">{money(statement.openingBalance)}</span>
        </li>
        {statement.lines.map((line) => {
          const debit = (parseMoney(line.debit) ?? 0) !== 0;
          return (
            <li key={`${line.kind}-${line.sourceId}`} className="flex justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="break-words text-slate-900">{line.description}</p>
                <p className="text-xs text-slate-500">
                  {day(line.date)}
                  {line.dueDate ? ` · due ${day(line.dueDate)}` : ''}
                </p>
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <p className="text-slate-900">{debit ? money(line.debit) : `−${money(line.credit)}`}</p>
                <p className="text-xs text-slate-500">{money(line.balance)}</p>
              </div>
            </li>
          );
        })}
        <li className="flex justify-between gap-2 p-3 font-semibold">
          <span>Closing balance</span>
          <span className="tabular-nums">{money(statement.closingBalance)}</span>
        </li>
      </ol>
      <div className="hidden overflow-x-auto rounded-md border sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="whitespace-nowrap">Date</TableHead>
              <TableHead>Description</TableHead>
              <TableHead className="text-right">Charges</TableHead>
              <TableHead className="text-right">Credits</TableHead>
              <TableHead className="text-right">Balance</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow className="font-medium">
              <TableCell className="whitespace-nowrap">{day(statement.from)}</TableCell>
              <TableCell>Opening balance</TableCell>
              <TableCell />
              <TableCell />
              <TableCell className="text-right tabular-nums">{money(statement.openingBalance)}</TableCell>
            </TableRow>
            {statement.lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} className="text-center text-slate-500">
                  No activity in this period
                </TableCell>
              </TableRow>
            )}
            {statement.lines.map((line) => (
              <TableRow key={`${line.kind}-${line.sourceId}`}>
                <TableCell className="whitespace-nowrap">{day(line.date)}</TableCell>
                <TableCell className="min-w-40">
                  {line.description}
                  {line.dueDate && <span className="block text-xs text-slate-500">Due {day(line.dueDate)}</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{blankIfZero(line.debit)}</TableCell>
                <TableCell className="text-right tabular-nums">{blankIfZero(line.credit)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(line.balance)}</TableCell>
              </TableRow>
            ))}
            <TableRow className="font-semibold">
              <TableCell className="whitespace-nowrap">{day(statement.to)}</TableCell>
              <TableCell>Closing balance</TableCell>
              <TableCell className="text-right tabular-nums">{money(statement.totalDebits)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(statement.totalCredits)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(statement.closingBalance)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
      {unapplied && <p className="text-sm text-slate-600">Includes {money(statement.unappliedCredit)} of credit not yet applied to an invoice.</p>}
      <section aria-labelledby="statement-aging">
        <h3 id="statement-aging" className="mb-2 text-sm font-medium text-slate-700">
          Amounts due by age on {day(statement.to)}
        </h3>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {statement.aging.map((bucket) => (
            <div key={bucket.key} className="rounded-md border p-2">
              <dt className="text-xs text-slate-500">{bucket.label}</dt>
              <dd className="font-medium tabular-nums text-slate-900">{money(bucket.amount)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="flex gap-2 text-xs text-slate-500">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span>{STATEMENT_HELP}</span>
      </p>
    </div>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={strong ? 'text-base font-semibold tabular-nums text-slate-900' : 'font-medium tabular-nums text-slate-800'}>{value}</dd>
    </div>
  );
}
