import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { ReconcilePanel } from './reconcile-panel';

/** /bank-accounts/:id/reconcile: the Reconcile panel on its own page. */
export default function ReconcilePage() {
  const { id = '' } = useParams();
  return (
    <PageLayout
      title="Reconcile"
      subtitle="Compare the bank statement with the books and close the period"
      actions={
        <Button variant="outline" asChild>
          <Link to="/bank-accounts">
            <ArrowLeft aria-hidden="true" />
            Bank Accounts
          </Link>
        </Button>
      }
    >
      <ReconcilePanel key={id} bankAccountId={id} />
    </PageLayout>
  );
}
