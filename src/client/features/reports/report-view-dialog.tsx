import { useRef } from 'react';
import type { ReportTable } from '@shared/contracts/reports';
import { glossary } from '@shared/glossary';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import StatHint from '@/components/ui/stat-hint';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMoneyFormat } from '@/lib/money-format';
import { downloadUrl, startDownload, useReport } from './api';
import { DownloadMenu } from './download-menu';
import { formatReportCell, periodText, statusVariant } from './report-format';
import { ReportChart } from './report-chart';

/** The reports' figures that have a glossary definition (the same label means the same on every screen). */
const definitions = new Map<string, string>(
  [glossary.invoiced, glossary.collected, glossary.outstanding, glossary.onboardingStarted, glossary.onboardingInProgress].map((entry) => [entry.label, entry.definition]),
);

/** A summary figure's label, with its definition as help text when it has one. */
function FigureLabel({ label }: { label: string }) {
  const focused = useRef(false);
  const definition = definitions.get(label);
  return (
    <dt className="flex items-center gap-1 text-xs text-muted-foreground">
      {label}
      {definition && <StatHint label={label} hint={definition} focusedRef={focused} />}
    </dt>
  );
}

function FiguresTable({ table, money }: { table: ReportTable; money: (amount: string | number) => string }) {
  return (
    <section className="space-y-2" aria-label={table.title}>
      <h3 className="text-sm font-semibold text-slate-900">{table.title}</h3>
      {table.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No data for this period</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                {table.columns.map((column) => (
                  <TableHead key={column.key} className={column.kind === 'text' ? undefined : 'text-right'}>
                    {column.label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.rows.map((row, index) => (
                <TableRow key={index}>
                  {table.columns.map((column) => (
                    <TableCell key={column.key} className={column.kind === 'text' ? 'max-w-64 truncate' : 'text-right tabular-nums'}>
                      {formatReportCell(column.kind, row[column.key] ?? null, money, column.key)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

/** An opened report: its headline figures, the chart of its main series and every table. */
export function ReportViewDialog({ reportId, onOpenChange }: { reportId: string | null; onOpenChange: (open: boolean) => void }) {
  const report = useReport(reportId);
  const { formatAmountIn } = useMoneyFormat();
  const data = report.data;
  const currency = data?.figures?.currency ?? 'USD';
  const money = (amount: string | number) => formatAmountIn(amount, currency);
  return (
    <Dialog open={reportId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{data?.name ?? 'Report'}</DialogTitle>
          <DialogDescription>{data ? periodText(data) : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {report.isError ? (
          <p className="text-sm text-red-700">{report.error.message}</p>
        ) : !data ? (
          <Skeleton className="h-64 w-full" />
        ) : data.status !== 'ready' || !data.figures ? (
          <div className="flex items-center gap-2 text-sm">
            <Badge variant={statusVariant[data.status]} className="capitalize">
              {data.status}
            </Badge>
            {data.status === 'failed' ? (data.error ?? 'Failed to generate report. Please try again.') : 'The report is being generated…'}
          </div>
        ) : (
          <div className="min-w-0 space-y-6">
            <div className="flex justify-end">
              <DownloadMenu label={`Download ${data.name}`} onChoose={(format) => startDownload(downloadUrl(data.id, format))} />
            </div>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {data.figures.summary.map((figure) => (
                <div key={figure.label} className="rounded-md border p-3">
                  <FigureLabel label={figure.label} />
                  <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatReportCell(figure.kind, figure.value, money)}</dd>
                </div>
              ))}
            </dl>
            <ReportChart figures={data.figures} money={money} />
            {data.figures.tables.map((table) => (
              <FiguresTable key={table.key} table={table} money={money} />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
