import { format, parseISO } from 'date-fns';
import { Pause, Pencil, Play, Plus, Repeat, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import type { RecurringInvoice, RecurringStatus } from '@shared/contracts/recurring-invoices';
import { RECURRING_PAGE_SIZE, useDeleteRecurringInvoice, useRecurringInvoices, useSetRecurringStatus } from './recurring-api';
import { frequencyLabels, RecurringInvoiceDialog } from './recurring-invoice-dialog';

const statusBadges: Record<RecurringStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  paused: { label: 'Paused', variant: 'warning' },
  completed: { label: 'Completed', variant: 'secondary' },
};

const day = (value: string) => format(parseISO(value), 'MMM d, yyyy');

function endText(schedule: RecurringInvoice): string {
  if (schedule.endType === 'after_count') return `Ends after ${schedule.endAfterCount ?? 0} invoices`;
  if (schedule.endType === 'on_date' && schedule.endDate) return `Ends ${day(schedule.endDate)}`;
  return 'No end date';
}

/** The Recurring tab of the Invoices page: the organization's schedules, created, edited, paused, resumed and deleted here. */
export function RecurringTab() {
  const [offset, setOffset] = useState(0);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<RecurringInvoice | null>(null);
  const schedules = useRecurringInvoices(offset);
  const setStatus = useSetRecurringStatus();
  const remove = useDeleteRecurringInvoice();
  const { deleting, setDeleting, confirmDelete } = useConfirmDelete<RecurringInvoice>(remove, 'Recurring invoice');
  const { formatAmount } = useMoneyFormat();

  const openForm = (schedule: RecurringInvoice | null) => {
    setEditing(schedule);
    setFormOpen(true);
  };

  const toggle = async (schedule: RecurringInvoice) => {
    const status = schedule.status === 'active' ? 'paused' : 'active';
    try {
      await setStatus.mutateAsync({ id: schedule.id, status });
      toast({ title: status === 'paused' ? 'Schedule paused' : 'Schedule resumed', description: `Recurring invoice for ${schedule.customer.name}.` });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not change the schedule', variant: 'destructive' });
    }
  };

  const page = schedules.data;
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" />
          New Recurring Invoice
        </Button>
      </div>
      {schedules.isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading recurring invoices">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      ) : schedules.isError ? (
        <EmptyState title="Could not load recurring invoices" description={schedules.error.message} />
      ) : page && page.total === 0 ? (
        <EmptyState
          icon={Repeat}
          title="No recurring invoices yet"
          description="Bill a customer the same amount every week, month, quarter or year; each invoice is made and numbered for you."
        />
      ) : (
        <>
          <div className="grid gap-3">
            {page?.items.map((schedule) => {
              const badge = statusBadges[schedule.status];
              return (
                <Card key={schedule.id} className="gap-0 p-0" data-testid="recurring-card">
                  <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-5">
                    <div className="min-w-0 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="truncate font-semibold text-slate-900">{schedule.customer.name}</h3>
                        <Badge variant={badge.variant}>{badge.label}</Badge>
                        {schedule.kind === 'practice_fee' && <Badge variant="info">Service fee</Badge>}
                        {schedule.autoSend && <Badge variant="outline">Auto-send</Badge>}
                      </div>
                      <p className="text-sm text-slate-600">
                        {frequencyLabels[schedule.frequency]} · {schedule.items[0]?.description}
                        {schedule.items.length > 1 ? ` + ${schedule.items.length - 1} more` : ''}
                      </p>
                      <p className="text-xs text-slate-500">
                        {schedule.nextRunDate ? `Next invoice ${day(schedule.nextRunDate)}` : 'No further invoices'} · {endText(schedule)} · {schedule.generatedCount} made
                      </p>
                    </div>
                    <p className="text-lg font-semibold tabular-nums text-slate-900">{formatAmount(schedule.totalAmount)}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1 border-t bg-slate-50/60 px-3 py-2">
                    {schedule.status !== 'completed' && (
                      <Button size="sm" variant="ghost" onClick={() => void toggle(schedule)} disabled={setStatus.isPending}>
                        {schedule.status === 'active' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                        {schedule.status === 'active' ? 'Pause' : 'Resume'}
                      </Button>
                    )}
                    <div className="ml-auto flex gap-1">
                      <Button variant="ghost" size="icon" onClick={() => openForm(schedule)} aria-label={`Edit recurring invoice for ${schedule.customer.name}`}>
                        <Pencil />
                      </Button>
                      <Button variant="ghost" size="icon" onClick={() => setDeleting(schedule)} aria-label={`Delete recurring invoice for ${schedule.customer.name}`}>
                        <Trash2 />
                      </Button>
                    </div>
                  </div>
                </Card>
              );
            })}
          </div>
          {page && page.total > RECURRING_PAGE_SIZE && <Pager total={page.total} limit={RECURRING_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />}
        </>
      )}
      <RecurringInvoiceDialog open={formOpen} onOpenChange={setFormOpen} schedule={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete recurring invoice?"
        description="No further invoices will be made. Invoices already made stay."
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </div>
  );
}
