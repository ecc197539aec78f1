import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { BankTransaction } from '@shared/contracts/bank-reconciliation';
import { LineAmount, LineStatus, lineDay } from './line-parts';

/**
 * The statement lines of one tab: a table from md up, stacked rows on a phone. A row opens the
 * line's panel; descriptions are the bank's text, rendered as text.
 */
export function LinesTable(props: {
  lines: BankTransaction[];
  selectedId: string | null;
  onSelect: (line: BankTransaction) => void;
}) {
  return (
    <>
      <div className="hidden rounded-md border bg-white md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Reference</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.lines.map((line) => (
              <TableRow
                key={line.id}
                data-testid="bank-line"
                data-state={line.id === props.selectedId ? 'selected' : undefined}
                className="cursor-pointer"
                onClick={() => props.onSelect(line)}
              >
                <TableCell>{lineDay(line.postedOn)}</TableCell>
                <TableCell className="max-w-[22rem] truncate whitespace-normal">
                  <button
                    type="button"
                    className="line-clamp-2 text-left font-medium text-slate-900 hover:underline focus-visible:underline focus-visible:outline-none"
                    onClick={(event) => {
                      event.stopPropagation();
                      props.onSelect(line);
                    }}
                  >
                    {line.description || '(no description)'}
                  </button>
                  {line.matchedTo && <p className="truncate text-xs text-slate-500">{line.matchedTo}</p>}
                </TableCell>
                <TableCell className="max-w-[10rem] truncate text-slate-600">{line.reference ?? ''}</TableCell>
                <TableCell className="text-right">
                  <LineAmount amount={line.amount} />
                </TableCell>
                <TableCell>
                  <LineStatus line={line} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y rounded-md border bg-white md:hidden">
        {props.lines.map((line) => (
          <li key={line.id} data-testid="bank-line">
            <button
              type="button"
              onClick={() => props.onSelect(line)}
              className={cn(
                'grid w-full grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-3 py-3 text-left text-sm',
                line.id === props.selectedId && 'bg-muted',
              )}
            >
              <span className="truncate font-medium text-slate-900">{line.description || '(no description)'}</span>
              <LineAmount amount={line.amount} className="text-right" />
              <span className="truncate text-xs text-slate-500">
                {lineDay(line.postedOn)}
                {line.reference ? ` · ${line.reference}` : ''}
              </span>
              <span className="justify-self-end">
                <LineStatus line={line} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
