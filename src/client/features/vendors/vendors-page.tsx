import { PageLayout } from '@/components/page-layout';

export default function VendorsPage() {
  return <PageLayout title="Vendors" subtitle="Manage your suppliers and vendors" />;
}
