import { FileText, Plus, Search, Store } from 'lucide-react';
import { Link } from 'react-router';
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
import type { Vendor } from '@shared/contracts/vendors';
import { VENDORS_PAGE_SIZE, useDeleteVendor, useVendors } from './api';
import { VendorCard } from './vendor-card';
import { VendorFormDialog } from './vendor-form-dialog';
import { RequestMissingW9s } from './request-missing-w9s';
import { VendorTaxDialog } from './vendor-tax-dialog';

export default function VendorsPage() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Vendor | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [taxVendor, setTaxVendor] = useState<Vendor | null>(null);
  const vendors = useVendors({ search, offset });
  const remove = useDeleteVendor();
  const { deleting, setDeleting, confirmDelete } = useConfirmDelete<Vendor>(remove, 'Vendor');

  const openForm = (vendor: Vendor | null) => {
    setEditing(vendor);
    setFormOpen(true);
  };

  const page = vendors.data;
  const empty = page && page.total === 0 && !search;

  return (
    <PageLayout
      title="Vendors"
      subtitle="Manage your suppliers and vendors"
      actions={
        <>
          <ImportButton entity="vendors" />
          {!empty && <RequestMissingW9s />}
          <Button variant="outline" asChild>
            <Link to="/vendors/1099">
              <FileText aria-hidden="true" />
              1099s
            </Link>
          </Button>
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden="true" />
            Add Vendor
          </Button>
        </>
      }
    >
      {!empty && (
        <SearchInput className="mb-4"
          label="Search vendors"
          placeholder="Search vendors"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setOffset(0);
          }}
        />
      )}
      {vendors.isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-44" />
          ))}
        </div>
      ) : vendors.isError ? (
        <EmptyState title="Could not load vendors" description={vendors.error.message} />
      ) : empty ? (
        <EmptyState
          icon={Store}
          title="No vendors yet"
          description="Add the suppliers you pay, with how they are paid."
          action={<Button onClick={() => openForm(null)}>Add Your First Vendor</Button>}
        />
      ) : page && page.items.length === 0 ? (
        <EmptyState icon={Search} title="No vendors match your search" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {page?.items.map((vendor) => (
              <VendorCard key={vendor.id} vendor={vendor} onEdit={() => openForm(vendor)} onDelete={() => setDeleting(vendor)} onTaxDetails={() => setTaxVendor(vendor)} />
            ))}
          </div>
          {page && page.total > VENDORS_PAGE_SIZE && (
            <Pager total={page.total} limit={VENDORS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
          )}
        </>
      )}
      <VendorFormDialog open={formOpen} onOpenChange={setFormOpen} vendor={editing} />
      <VendorTaxDialog vendor={taxVendor} onOpenChange={(open) => !open && setTaxVendor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete vendor?"
        description={
          deleting && deleting.billCount > 0
            ? `${deleting.name} has bills, so it cannot be deleted. Edit it and turn off Active instead.`
            : `${deleting?.name ?? 'This vendor'} will be removed. This cannot be undone.`
        }
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </PageLayout>
  );
}
