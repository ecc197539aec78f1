import { useQuery } from '@tanstack/react-query';
import {
  CalendarClock,
  DollarSign,
  FileText,
  Layers,
  MoreHorizontal,
  Plus,
  Repeat,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import {
  type HubInvoice,
  type HubStatusFilter,
  hubStatusFilters,
} from '@shared/contracts/invoice-hub';
import type { Invoice, InvoiceStatus } from '@shared/contracts/invoices';
import { InvoiceFormDialog } from '../invoices/invoice-form-dialog';
import { BulkInvoiceDialog } from './bulk-invoice-dialog';
import { CreateClientInvoiceDialog } from './create-client-invoice-dialog';
import {
  HUB_PAGE_SIZE,
  hubPdfUrl,
  newIdempotencyKey,
  useBulkInvoices,
  useGenerateRecurring,
  useHubInvoices,
  useInvalidateHub,
  useInvoiceOverview,
} from './invoice-hub-api';
import { formatDay } from './queue-table-parts';

const filterLabels: Record<HubStatusFilter, string> = {
  all: 'All',
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
};
const statusBadges: Record<InvoiceStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  overdue: { label: 'Overdue', variant: 'destructive' },
  cancelled: { label: 'Void', variant: 'secondary' },
};

function HubStats() {
  const { formatAmount } = useMoneyFormat();
  const { data, error } = useInvoiceOverview();
  if (error) return <p className="text-sm text-red-700">{error.message}</p>;
  if (!data) return <Skeleton className="h-28" aria-label="Loading invoice figures" />;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Clients with Invoices"
        value={String(data.totalClientsWithInvoices)}
        icon={Users}
        iconTone="bg-blue-50 text-blue-700"
      />
      <StatCard
        label="Outstanding Amount"
        value={formatAmount(data.totalOutstandingAmount)}
        detail="Sent and overdue, less paid"
        icon={DollarSign}
        iconTone="bg-yellow-50 text-yellow-700"
      />
      <StatCard
        label="Monthly Recurring"
        value={formatAmount(data.totalMonthlyRecurring)}
        detail="Active clients' fees per month"
        icon={Repeat}
        iconTone="bg-green-50 text-green-700"
      />
      <StatCard
        label="Recent Invoices"
        value={String(data.recentInvoiceCount)}
        detail="Issued in the last 30 days"
        icon={FileText}
        iconTone="bg-purple-50 text-purple-700"
      />
    </div>
  );
}

function UpcomingDueDates() {
  const { formatAmount } = useMoneyFormat();
  const { data } = useInvoiceOverview();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5" />
          Upcoming Due Dates
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-20" />
        ) : data.upcomingInvoices.length === 0 ? (
          <p className="text-sm text-slate-500">No sent invoices are coming due.</p>
        ) : (
          <ul className="divide-y" aria-label="Upcoming due dates">
            {data.upcomingInvoices.map((row) => (
              <li
                key={row.id}
                className="flex items-center justify-between gap-3 py-2 text-sm"
                data-testid="upcoming-invoice"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{row.clientName}</span>
                  <span className="block text-xs text-slate-500">
                    {row.invoiceNumber} · due {formatDay(row.dueDate)}
                  </span>
                </span>
                <span className="font-medium tabular-nums">{formatAmount(row.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DetailsDialog({
  invoice,
  onOpenChange,
}: {
  invoice: HubInvoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { formatAmount } = useMoneyFormat();
  const rows: [string, string][] = invoice
    ? [
        ['Client', invoice.clientName],
        ['Description', invoice.description],
        ['Status', statusBadges[invoice.status].label],
        ['Amount', formatAmount(invoice.amount)],
        ['Balance due', formatAmount(invoice.balance)],
        ['Issued', formatDay(invoice.issueDate)],
        ['Due', formatDay(invoice.dueDate)],
      ]
    : [];
  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invoice {invoice?.invoiceNumber}</DialogTitle>
          <DialogDescription>In your firm's books, to {invoice?.clientName}.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

function RecentInvoices({
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
  const editing = useQuery<Invoice>({
    queryKey: [`/api/invoices/${editId ?? ''}`],
    enabled: editId !== null,
  });
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
          <Select
            value={status}
            onValueChange={(value) => {
              setStatus(value as HubStatusFilter);
              setOffset(0);
            }}
          >
            <SelectTrigger className="w-40" aria-label="Filter by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {hubStatusFilters.map((value) => (
                <SelectItem key={value} value={value}>
                  {filterLabels[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
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
      <DetailsDialog invoice={details} onOpenChange={(open) => !open && setDetails(null)} />
      <InvoiceFormDialog
        open={editId !== null && editing.data !== undefined}
        invoice={editing.data ?? null}
        onOpenChange={(open) => {
          if (!open) {
            setEditId(null);
            void invalidate();
          }
        }}
      />
      {editing.error && editId !== null && (
        <p className="px-6 pb-4 text-sm text-red-700">{editing.error.message}</p>
      )}
    </Card>
  );
}

/** The Invoice Automation Hub (spec 2.6, titled Invoice Management): the firm's invoices to the clients the member may see. */
export default function InvoiceHubPage() {
  const { data: user } = useCurrentUser();
  const canWrite = user?.homeRole !== 'viewer';
  const [creating, setCreating] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const recurring = useGenerateRecurring();

  const generate = async () => {
    try {
      const { generated } = await recurring.mutateAsync();
      toast({
        title: 'Recurring Invoices Generated',
        description: `${generated} ${generated === 1 ? 'invoice' : 'invoices'} generated.`,
      });
    } catch (error) {
      toast({
        title: 'Generation Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };

  if (user && !user.firmId) {
    return (
      <PageLayout title="Invoice Management" subtitle="Automate invoicing across your clients">
        <EmptyState
          icon={FileText}
          title="Practice management is for accounting firms"
          description="The invoice hub works across a firm's clients. Your own invoices are under Invoices."
        />
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Invoice Management" subtitle="Automate invoicing across your clients">
      <div className="grid grid-cols-1 gap-6">
        {canWrite && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => void generate()}
              disabled={recurring.isPending}
            >
              <Repeat aria-hidden="true" />
              {recurring.isPending ? 'Generating…' : 'Generate Recurring'}
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create Invoice
            </Button>
          </div>
        )}
        <HubStats />
        <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <UpcomingDueDates />
          <RecentInvoices
            canWrite={canWrite}
            selected={selected}
            setSelected={setSelected}
            onBulk={() => setBulkOpen(true)}
          />
        </div>
      </div>
      <CreateClientInvoiceDialog open={creating} onOpenChange={setCreating} />
      <BulkInvoiceDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        selectedInvoiceIds={selected}
        onDone={() => setSelected([])}
      />
    </PageLayout>
  );
}
