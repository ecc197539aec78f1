import { PageLayout } from '@/components/page-layout';

export default function InvoicesPage() {
  return <PageLayout title="Invoices" subtitle="Manage your customer invoices" />;
}
