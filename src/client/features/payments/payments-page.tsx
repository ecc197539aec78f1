import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { PaymentHistory } from './payment-history';
import { PaymentRunsList } from './payment-runs-list';
import { SchedulePaymentDialog } from './schedule-payment-dialog';

export default function PaymentsPage() {
  const [scheduling, setScheduling] = useState(false);
  return (
    <PageLayout
      title="Payments"
      subtitle="Track all payment transactions"
      actions={
        <Button onClick={() => setScheduling(true)}>
          <CalendarPlus aria-hidden="true" />
          Schedule Payment
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-6">
        <PaymentHistory />
        <PaymentRunsList />
      </div>
      <SchedulePaymentDialog open={scheduling} onOpenChange={setScheduling} />
    </PageLayout>
  );
}
