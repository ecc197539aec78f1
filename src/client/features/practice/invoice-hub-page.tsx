import { FileText, Plus, Repeat } from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { BulkInvoiceDialog } from './bulk-invoice-dialog';
import { CreateClientInvoiceDialog } from './create-client-invoice-dialog';
import { useGenerateRecurring } from './invoice-hub-api';
import { HubStats, UpcomingDueDates } from './invoice-hub-overview';
import { RecentInvoices } from './invoice-hub-recent-invoices';


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
