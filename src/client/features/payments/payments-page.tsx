import { PageLayout } from '@/components/page-layout';

export default function PaymentsPage() {
  return <PageLayout title="Payments" subtitle="Track all payment transactions" />;
}
