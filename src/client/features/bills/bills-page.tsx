import { FileText, Plus, ReceiptText, Search } from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { type Bill, type BillStatus, billStatuses } from '@shared/contracts/bills';
import type { VendorCredit } from '@shared/contracts/credits';
import { SchedulePaymentDialog } from '../payments/schedule-payment-dialog';
import { VendorCreditDialog } from '../vendor-credits/vendor-credit-dialog';
import { VendorCreditsPanel } from '../vendor-credits/vendor-credits-panel';
import { BILLS_PAGE_SIZE, useBills, useDeleteBill } from './api';
import { BillCard } from './bill-card';
import { BillFormDialog } from './bill-form-dialog';

const ALL = 'all';

export default function BillsPage() {
  const [status, setStatus] = useState<BillStatus | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [formOpen, setFormOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [paying, setPaying] = useState<string[] | null>(null);
  const [crediting, setCrediting] = useState<{ credit: VendorCredit | null } | null>(null);
  const bills = useBills({ status, search, offset });
  const remove = useDeleteBill();
  const { deleting, setDeleting, confirmDelete } = useConfirmDelete<Bill>(remove, 'Bill');

  const openForm = (id: string | null) => {
    setEditingId(id);
    setFormOpen(true);
  };

  const page = bills.data;
  const filtered = Boolean(status || search);
  const empty = page && page.total === 0 && !filtered;

  return (
    <PageLayout
      title="Bills"
      subtitle="Manage your vendor bills and payments"
      actions={
        <>
          <Button variant="outline" onClick={() => setCrediting({ credit: null })}>
            <ReceiptText aria-hidden="true" />
            Record Vendor Credit
          </Button>
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden="true" />
            Add Bill
          </Button>
        </>
      }
    >
      {!empty && (
        <div className="mb-4 flex flex-wrap gap-3">
          <SearchInput
            label="Search bills"
            placeholder="Search by number, vendor or notes"
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setOffset(0);
            }}
          />
          <Select
            value={status ?? ALL}
            onValueChange={(value) => {
              setStatus(value === ALL ? undefined : (value as BillStatus));
              setOffset(0);
            }}
          >
            <SelectTrigger className="w-44 capitalize" aria-label="Filter by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {billStatuses.map((value) => (
                <SelectItem key={value} value={value} className="capitalize">
                  {value}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {bills.isLoading ? (
        <div className="grid grid-cols-1 gap-3">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : bills.isError ? (
        <EmptyState title="Could not load bills" description={bills.error.message} />
      ) : empty ? (
        <EmptyState
          icon={FileText}
          title="No bills yet"
          description="Record the bills your vendors send, and pay them once approved."
          action={<Button onClick={() => openForm(null)}>Add Your First Bill</Button>}
        />
      ) : page && page.items.length === 0 ? (
        <EmptyState icon={Search} title="No bills match these filters" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3">
            {page?.items.map((bill) => (
              <BillCard
                key={bill.id}
                bill={bill}
                onEdit={() => openForm(bill.id)}
                onDelete={() => setDeleting(bill)}
                onPay={() => setPaying([bill.id])}
              />
            ))}
          </div>
          {page && page.total > BILLS_PAGE_SIZE && <Pager total={page.total} capped={page.capped} limit={BILLS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />}
        </>
      )}
      <VendorCreditsPanel onApply={(credit) => setCrediting({ credit })} />
      <VendorCreditDialog open={crediting !== null} onOpenChange={(open) => !open && setCrediting(null)} credit={crediting?.credit ?? null} />
      <SchedulePaymentDialog open={paying !== null} onOpenChange={(open) => !open && setPaying(null)} billIds={paying ?? []} />
      <BillFormDialog open={formOpen} onOpenChange={setFormOpen} billId={editingId} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete bill?"
        description={`${deleting?.billNumber ?? 'This bill'} from ${deleting?.vendor.name ?? 'this vendor'} will be removed with its approvals. This cannot be undone.`}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </PageLayout>
  );
}
