import { Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { ImportButton } from '@/features/integrations/import-button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import type { Customer } from '@shared/contracts/customers';
import { CUSTOMERS_PAGE_SIZE, useCustomers, useDeleteCustomer } from './api';
import { CustomerCard } from './customer-card';
import { CustomerFormDialog } from './customer-form-dialog';
import { PortalAccessDialog } from './portal-access-dialog';

export default function CustomersPage() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [portalFor, setPortalFor] = useState<Customer | null>(null);
  const customers = useCustomers({ search, offset });
  const remove = useDeleteCustomer();
  const { deleting, setDeleting, confirmDelete } = useConfirmDelete<Customer>(remove, 'Customer');

  const openForm = (customer: Customer | null) => {
    setEditing(customer);
    setFormOpen(true);
  };

  const page = customers.data;
  const empty = page && page.total === 0 && !search;

  return (
    <PageLayout
      title="Customers"
      subtitle="Manage your customers and clients"
      actions={
        <>
          <ImportButton entity="customers" />
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden="true" />
            Add Customer
          </Button>
        </>
      }
    >
      {!empty && (
        <SearchInput className="mb-4"
          label="Search customers"
          placeholder="Search by name or email"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setOffset(0);
          }}
        />
      )}
      {customers.isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading customers">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-36" />
          ))}
        </div>
      ) : customers.isError ? (
        <EmptyState title="Could not load customers" description={customers.error.message} />
      ) : empty ? (
        <EmptyState
          icon={Users}
          title="No customers yet"
          description="Add the people and companies you invoice."
          action={<Button onClick={() => openForm(null)}>Add Your First Customer</Button>}
        />
      ) : page && page.items.length === 0 ? (
        <EmptyState icon={Search} title="No customers match your search" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {page?.items.map((customer) => (
              <CustomerCard key={customer.id} customer={customer} onEdit={() => openForm(customer)} onDelete={() => setDeleting(customer)} onPortal={() => setPortalFor(customer)} />
            ))}
          </div>
          {page && page.total > CUSTOMERS_PAGE_SIZE && (
            <Pager total={page.total} limit={CUSTOMERS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
          )}
        </>
      )}
      <CustomerFormDialog open={formOpen} onOpenChange={setFormOpen} customer={editing} />
      <PortalAccessDialog customer={portalFor} onOpenChange={(open) => !open && setPortalFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete customer?"
        description={`${deleting?.name ?? 'This customer'} will be removed. This cannot be undone. A customer with invoices cannot be deleted; edit it and turn off Active instead.`}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </PageLayout>
  );
}
