import { FileText, Layers, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { FilterSelect } from '@/components/ui/filter-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { type HubInvoice, type HubStatusFilter, hubStatusFilters } from '@shared/contracts/invoice-hub';
import { EditInvoiceDialog } from '../invoices';
import { InvoiceDetailsDialog } from './invoice-hub-details-dialog';
import { HUB_PAGE_SIZE, hubPdfUrl, newIdempotencyKey, useBulkInvoices, useHubInvoices, useInvalidateHub } from './invoice-hub-api';
import { filterLabels, statusBadges } from './invoice-hub-labels';
import { formatDay } from './queue-table-parts';

/** The firm's recent invoices to its clients: the status filter, selection for bulk runs, and each row's actions. */
export function RecentInvoices({
  canWrite,
  selected,
  setSelected,
  onBulk,
}: {
  canWrite: boolean;
  selected: string[];
  setSelected: (ids: string[]) => void;
  onBulk: () => void;
}) {
  const { formatAmount } = useMoneyFormat();
  const [status, setStatus] = useState<HubStatusFilter>('all');
  const [offset, setOffset] = useState(0);
  const [details, setDetails] = useState<HubInvoice | null>(null);
  const [editId, setEditId] = useState<string | null>(null);
  const list = useHubInvoices({ status, offset });
  const bulk = useBulkInvoices();
  const invalidate = useInvalidateHub();
  const items = list.data?.items ?? [];
  const allChecked = items.length > 0 && items.every((row) => selected.includes(row.id));

  const send = async (row: HubInvoice) => {
    try {
      const result = await bulk.mutateAsync({
        request: { operation: 'send', items: [{ invoiceId: row.id }] },
        key: newIdempotencyKey(),
      });
      const outcome = result.results[0];
      toast(
        outcome?.ok
          ? { title: 'Invoice Sent', description: outcome.message }
          : {
              title: 'Send Failed',
              description: outcome?.message ?? 'Not sent',
              variant: 'destructive',
            },
      );
    } catch (error) {
      toast({
        title: 'Send Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Recent Invoices</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {canWrite && (
            <Button variant="outline" onClick={onBulk}>
              <Layers aria-hidden="true" />
              Bulk Operations{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
          )}
          <FilterSelect
            label="Filter by status"
            value={status}
            options={hubStatusFilters.map((value) => ({ value, label: filterLabels[value] }))}
            onValueChange={(value) => {
              setStatus(value);
              setOffset(0);
            }}
          />
        </div>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Skeleton className="h-40" />
        ) : items.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No invoices"
            description={
              status === 'all'
                ? 'Invoices your firm sends its clients appear here.'
                : `No ${filterLabels[status].toLowerCase()} invoices.`
            }
          />
        ) : (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-10">
                    <Checkbox
                      checked={allChecked}
                      onCheckedChange={(on) =>
                        setSelected(
                          on === true
                            ? [...new Set([...selected, ...items.map((row) => row.id)])]
                            : selected.filter((id) => !items.some((row) => row.id === id)),
                        )
                      }
                      aria-label="Select all invoices on this page"
                    />
                  </TableHead>
                  <TableHead>Invoice</TableHead>
                  <TableHead>Client</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Due</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="w-10">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((row) => (
                  <TableRow key={row.id} data-testid="hub-invoice">
                    <TableCell>
                      <Checkbox
                        checked={selected.includes(row.id)}
                        onCheckedChange={(on) =>
                          setSelected(
                            on === true
                              ? [...selected, row.id]
                              : selected.filter((id) => id !== row.id),
                          )
                        }
                        aria-label={`Select ${row.invoiceNumber}`}
                      />
                    </TableCell>
                    <TableCell>
                      <span className="block font-medium">{row.invoiceNumber}</span>
                      <span className="block max-w-56 truncate text-xs text-slate-500">
                        {row.description}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-48 truncate">{row.clientName}</TableCell>
                    <TableCell className="text-right font-medium tabular-nums">
                      {formatAmount(row.amount)}
                    </TableCell>
                    <TableCell>{formatDay(row.dueDate)}</TableCell>
                    <TableCell>
                      <Badge variant={statusBadges[row.status].variant}>
                        {statusBadges[row.status].label}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Actions for ${row.invoiceNumber}`}
                          >
                            <MoreHorizontal aria-hidden="true" />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem onSelect={() => setDetails(row)}>
                            View Details
                          </DropdownMenuItem>
                          {canWrite && (
                            <DropdownMenuItem onSelect={() => setEditId(row.id)}>
                              Edit Invoice
                            </DropdownMenuItem>
                          )}
                          {canWrite && row.status !== 'paid' && row.status !== 'cancelled' && (
                            <DropdownMenuItem onSelect={() => void send(row)}>
                              Send to Client
                            </DropdownMenuItem>
                          )}
                          <DropdownMenuItem asChild>
                            <a href={hubPdfUrl(row.id)} download>
                              Download PDF
                            </a>
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager
              total={list.data?.total ?? 0}
              limit={HUB_PAGE_SIZE}
              offset={offset}
              onOffsetChange={setOffset}
              className="mt-3"
            />
          </>
        )}
      </CardContent>
      <InvoiceDetailsDialog invoice={details} onOpenChange={(open) => !open && setDetails(null)} />
      <EditInvoiceDialog
        invoiceId={editId}
        onClose={() => {
          setEditId(null);
          void invalidate();
        }}
      />
    </Card>
  );
}
