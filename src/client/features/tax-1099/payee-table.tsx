import { Download, Mail } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import {
  type Form1099Box,
  type Tax1099Row,
  type Tax1099Status,
  form1099BoxInfo,
} from '@shared/contracts/tax-1099';
import { useRequestW9 } from './api';

const STATUS: Record<Tax1099Status, { label: string; variant: BadgeVariant }> = {
  ready: { label: 'Ready', variant: 'success' },
  needs_attention: { label: 'Needs attention', variant: 'warning' },
  exempt: { label: 'Exempt', variant: 'secondary' },
  below_threshold: { label: 'Below threshold', variant: 'secondary' },
  not_reportable: { label: 'Not reportable', variant: 'secondary' },
};

const boxLabel = (box: Form1099Box) => {
  const info = form1099BoxInfo[box];
  return `${info.form === 'nec' ? 'NEC' : 'MISC'} ${info.box}`;
};

function Problems(props: {
  row: Tax1099Row;
  onRequest: (row: Tax1099Row) => void;
  pending: boolean;
}) {
  if (props.row.problems.length === 0) return <>—</>;
  return (
    <>
      {props.row.problems.map((problem) => (
        <div key={problem.code} className="mb-2 whitespace-normal">
          <p className="font-medium text-slate-900">{problem.message}</p>
          <p className="text-xs text-slate-500">{problem.fix}</p>
          {problem.code === 'missing_w9' && (
            <Button
              size="sm"
              variant="outline"
              className="mt-1"
              onClick={() => props.onRequest(props.row)}
              disabled={props.pending}
            >
              <Mail aria-hidden="true" />
              Request W-9
            </Button>
          )}
        </div>
      ))}
    </>
  );
}

function FormState(props: { row: Tax1099Row; onDownload: (row: Tax1099Row) => void }) {
  const { row } = props;
  if (!row.issued)
    return row.forms.length > 0 ? <span className="text-slate-500">Not issued</span> : <>—</>;
  return (
    <>
      <p>
        {row.issued.corrected ? `Corrected (v${row.issued.version})` : 'Issued'}
        {row.issued.deliveredAt ? ', delivered' : ''}
      </p>
      {row.correctionDue && <Badge variant="warning">Correction due</Badge>}
      <Button
        size="sm"
        variant="ghost"
        className="-ml-2"
        onClick={() => props.onDownload(row)}
        aria-label={`Download Copy B for ${row.name}`}
      >
        <Download aria-hidden="true" />
        Copy B
      </Button>
    </>
  );
}

/** The year's payees: what each was paid, in which boxes, its state and what to fix. A table from md up, cards on phones. */
export function PayeeTable(props: { rows: Tax1099Row[]; onDownload: (row: Tax1099Row) => void }) {
  const { formatAmount } = useMoneyFormat();
  const requestW9 = useRequestW9();
  const request = (row: Tax1099Row) =>
    requestW9.mutate(row.vendorId, {
      onSuccess: () => toast({ title: `W-9 request sent to ${row.name}` }),
      onError: (error) =>
        toast({
          title: 'Could not send the W-9 request',
          description: error.message,
          variant: 'destructive',
        }),
    });
  const boxList = (row: Tax1099Row) => {
    const boxes = Object.entries(row.boxes) as [Form1099Box, string][];
    return boxes.length === 0
      ? '—'
      : boxes.map(([box, amount]) => (
          <p key={box} title={form1099BoxInfo[box].label}>
            {boxLabel(box)}: <span className="tabular-nums">{formatAmount(amount)}</span>
          </p>
        ));
  };

  return (
    <>
      <ul className="space-y-3 md:hidden">
        {props.rows.map((row) => {
          const status = STATUS[row.status];
          return (
            <li
              key={row.vendorId}
              data-testid={`payee-card-${row.vendorId}`}
              className="rounded-lg border bg-white p-4 text-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{row.name}</p>
                  {row.legalName && row.legalName !== row.name && (
                    <p className="text-xs text-slate-500">{row.legalName}</p>
                  )}
                  <p className="font-mono text-xs text-slate-500">TIN {row.tinMasked ?? '—'}</p>
                </div>
                <Badge variant={status.variant}>{status.label}</Badge>
              </div>
              <div className="mt-2 flex justify-between gap-2">
                <span className="text-slate-500">Total paid</span>
                <span className="tabular-nums">{formatAmount(row.totalPaid)}</span>
              </div>
              <div className="mt-1 text-slate-700">{boxList(row)}</div>
              {row.problems.length > 0 && (
                <div className="mt-2">
                  <Problems row={row} onRequest={request} pending={requestW9.isPending} />
                </div>
              )}
              <div className="mt-2">
                <FormState row={row} onDownload={props.onDownload} />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border bg-white md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Payee</TableHead>
              <TableHead>TIN</TableHead>
              <TableHead className="text-right">Total paid</TableHead>
              <TableHead>Boxes</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Problems</TableHead>
              <TableHead>Form</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.rows.map((row) => {
              const status = STATUS[row.status];
              return (
                <TableRow key={row.vendorId} data-testid={`payee-${row.vendorId}`}>
                  <TableCell className="min-w-40 align-top whitespace-normal">
                    <p className="font-medium text-slate-900">{row.name}</p>
                    {row.legalName && row.legalName !== row.name && (
                      <p className="text-xs text-slate-500">{row.legalName}</p>
                    )}
                    {row.alsoPaidAs.length > 0 && (
                      <p className="text-xs text-slate-500">
                        Also paid as {row.alsoPaidAs.map((a) => a.name).join(', ')}
                      </p>
                    )}
                  </TableCell>
                  <TableCell className="align-top font-mono text-sm whitespace-nowrap">
                    {row.tinMasked ?? '—'}
                  </TableCell>
                  <TableCell className="text-right align-top tabular-nums whitespace-nowrap">
                    {formatAmount(row.totalPaid)}
                    {row.excludedPaid !== '0.00' && (
                      <p className="text-xs text-slate-500">
                        {formatAmount(row.excludedPaid)} by card, on 1099-K
                      </p>
                    )}
                  </TableCell>
                  <TableCell className="align-top text-sm whitespace-nowrap">
                    {boxList(row)}
                  </TableCell>
                  <TableCell className="align-top">
                    <Badge variant={status.variant}>{status.label}</Badge>
                    {row.exemptReason && (
                      <p className="mt-1 text-xs text-slate-500">{row.exemptReason}</p>
                    )}
                  </TableCell>
                  <TableCell className="max-w-80 min-w-56 align-top text-sm whitespace-normal">
                    <Problems row={row} onRequest={request} pending={requestW9.isPending} />
                  </TableCell>
                  <TableCell className="align-top text-sm whitespace-nowrap">
                    <FormState row={row} onDownload={props.onDownload} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
