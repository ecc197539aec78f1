import { zodResolver } from '@hookform/resolvers/zod';
import { format, parseISO } from 'date-fns';
import { CheckCircle2, Lock } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { createReconciliationSchema } from '@shared/contracts/bank-reconciliation';
import { glossary } from '@shared/glossary';
import { parseMoney, toDecimal } from '@shared/money';
import {
  RECONCILIATIONS_PAGE_SIZE,
  type StatementPoint,
  useReconcilePeriod,
  useReconciliationPreview,
  useReconciliations,
} from './reconciliation-api';

type FormInput = z.input<typeof createReconciliationSchema>;
type FormOutput = z.output<typeof createReconciliationSchema>;

const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');

function Figure(props: { label: string; hint: string; value: string; tone?: string; testId: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm font-medium text-slate-500">{props.label}</dt>
      <dd className="mt-1">
        <span data-testid={props.testId} className={cn('block text-xl font-semibold tabular-nums [overflow-wrap:anywhere]', props.tone ?? 'text-slate-900')}>
          {props.value}
        </span>
        <span className="mt-1 block text-xs text-slate-500">{props.hint}</span>
      </dd>
    </div>
  );
}

/**
 * Reconcile a period of one bank account: the statement's end date and balance, the book balance
 * and the difference with the unmatched lines explaining it, "Mark reconciled through <date>",
 * and the history. The figures are the server's (glossary: Statement balance, Book balance,
 * Difference).
 */
export function ReconcilePanel({ bankAccountId }: { bankAccountId: string }) {
  const timeZone = useOrganizationTimeZone();
  const { formatAmount } = useMoneyFormat();
  const [point, setPoint] = useState<StatementPoint | null>(null);
  const preview = useReconciliationPreview(bankAccountId, point);
  const reconcile = useReconcilePeriod(bankAccountId);
  const { handleSubmit, control, register, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createReconciliationSchema),
    defaultValues: { throughDate: dateInputValue(new Date(), timeZone), statementBalance: '' },
  });
  const { errors } = formState;
  const shown = preview.data;
  const difference = shown ? parseMoney(shown.difference) : null;

  const onPreview = handleSubmit((input) => setPoint({ throughDate: input.throughDate, statementBalance: toDecimal(input.statementBalance) }));

  const markReconciled = async () => {
    if (!point || !shown) return;
    try {
      const done = await reconcile.mutateAsync(point);
      toast({ title: `Reconciled through ${day(done.throughDate)}`, description: `${done.linesLocked} ${done.linesLocked === 1 ? 'line' : 'lines'} locked.` });
      setPoint(null);
    } catch (error) {
      applyServerErrors(error, setError, ['throughDate', 'statementBalance']);
      toast({ title: 'Could not reconcile', description: error instanceof Error ? error.message : 'Please try again', variant: 'destructive' });
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Reconcile</CardTitle>
          <CardDescription>Enter the end date and closing balance from the bank statement to compare it with the books.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <form onSubmit={onPreview} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
            <Field label="Statement end date" required error={errors.throughDate?.message}>
              <Input type="date" {...register('throughDate')} />
            </Field>
            <Field label={glossary.statementBalance.label} required error={errors.statementBalance?.message}>
              {(controlProps) => (
                <Controller
                  control={control}
                  name="statementBalance"
                  render={({ field }) => (
                    <MoneyInput
                      {...controlProps}
                      currencySymbol="$"
                      placeholder="0.00"
                      allowNegative
                      value={String(field.value ?? '')}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                    />
                  )}
                />
              )}
            </Field>
            <Button type="submit" variant="outline" disabled={preview.isFetching}>
              Compare
            </Button>
          </form>

          {preview.error && <p className="text-sm text-destructive" role="alert">{preview.error.message}</p>}

          {shown && point && (
            <section aria-label="Reconciliation preview" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
              <dl className="grid gap-3 sm:grid-cols-3">
                <Figure testId="figure-statement" label={glossary.statementBalance.label} hint={glossary.statementBalance.definition} value={formatAmount(shown.statementBalance)} />
                <Figure testId="figure-book" label={glossary.bookBalance.label} hint={glossary.bookBalance.definition} value={formatAmount(shown.bookBalance)} />
                <Figure
                  testId="figure-difference"
                  label={glossary.reconciliationDifference.label}
                  hint={glossary.reconciliationDifference.definition}
                  value={formatAmount(shown.difference)}
                  tone={difference === 0 ? 'text-green-700' : 'text-amber-700'}
                />
              </dl>
              {shown.lastReconciledThrough && (
                <p className="text-sm text-slate-500">Last reconciled through {day(shown.lastReconciledThrough)}.</p>
              )}
              <div className="grid min-w-0 gap-2">
                <h3 className="text-sm font-semibold text-slate-900">
                  {shown.unmatchedCount === 0
                    ? 'No unmatched lines in this period.'
                    : `${shown.unmatchedCount} unmatched ${shown.unmatchedCount === 1 ? 'line' : 'lines'} (${formatAmount(shown.unmatchedAmount)}) explain the difference`}
                </h3>
                {shown.unmatched.length > 0 && (
                  <div className="overflow-x-auto rounded-lg border">
                    <Table>
                      <TableHeader>
                        <TableRow>
                          <TableHead>Date</TableHead>
                          <TableHead>Description</TableHead>
                          <TableHead className="text-right">Amount</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {shown.unmatched.map((line) => (
                          <TableRow key={line.id}>
                            <TableCell className="whitespace-nowrap">{day(line.postedOn)}</TableCell>
                            <TableCell className="max-w-[28rem] [overflow-wrap:anywhere]">{line.description || line.reference || '—'}</TableCell>
                            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatAmount(line.amount)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                )}
                {shown.unmatchedCount > shown.unmatched.length && (
                  <p className="text-xs text-slate-500">The first {shown.unmatched.length} by date are listed.</p>
                )}
              </div>
              {difference !== 0 && (
                <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">
                  The books differ from the statement by {formatAmount(shown.difference)}. Match the lines above first, or mark the period reconciled
                  and the difference is recorded with it.
                </p>
              )}
              <div>
                <Button type="button" className="h-auto min-h-9 w-full whitespace-normal sm:w-auto" onClick={() => void markReconciled()} disabled={reconcile.isPending}>
                  <Lock aria-hidden="true" />
                  Mark reconciled through {day(shown.throughDate)}
                </Button>
              </div>
            </section>
          )}
        </CardContent>
      </Card>
      <ReconciliationHistory bankAccountId={bankAccountId} />
    </div>
  );
}

function ReconciliationHistory({ bankAccountId }: { bankAccountId: string }) {
  const [offset, setOffset] = useState(0);
  const history = useReconciliations(bankAccountId, offset);
  const { formatAmount } = useMoneyFormat();
  const rows = history.data?.items ?? [];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Reconciliation history</CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">
        {history.isLoading ? (
          <Skeleton className="h-16" />
        ) : rows.length === 0 ? (
          <EmptyState icon={CheckCircle2} title="Not reconciled yet" description="Each period you mark reconciled is listed here with its balances." />
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Through</TableHead>
                    <TableHead className="text-right">{glossary.statementBalance.label}</TableHead>
                    <TableHead className="text-right">{glossary.bookBalance.label}</TableHead>
                    <TableHead className="text-right">{glossary.reconciliationDifference.label}</TableHead>
                    <TableHead className="text-right">Lines locked</TableHead>
                    <TableHead>By</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell className="whitespace-nowrap">{day(row.throughDate)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatAmount(row.statementBalance)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatAmount(row.bookBalance)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatAmount(row.difference)}</TableCell>
                      <TableCell className="text-right tabular-nums">{row.linesLocked}</TableCell>
                      <TableCell>{row.userName ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <Pager total={history.data?.total ?? 0} limit={RECONCILIATIONS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
