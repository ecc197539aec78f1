import { PageLayout } from '@/components/page-layout';

export default function BillsPage() {
  return <PageLayout title="Bills" subtitle="Manage your vendor bills and payments" />;
}
