import { PageLayout } from '@/components/page-layout';

export default function CustomersPage() {
  return <PageLayout title="Customers" subtitle="Manage your customers and clients" />;
}
