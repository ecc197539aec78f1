import { PageLayout } from '@/components/page-layout';
import { PaymentHistory } from './payment-history';

// The Schedule Payment dialog and the payment runs list join this page with the payables work.
export default function PaymentsPage() {
  return (
    <PageLayout title="Payments" subtitle="Track all payment transactions">
      <div className="grid gap-6">
        <PaymentHistory />
      </div>
    </PageLayout>
  );
}
