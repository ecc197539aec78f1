import { PageLayout } from '@/components/page-layout';

export default function ReportsPage() {
  return <PageLayout title="Reports & Analytics" subtitle="Generate insights and track performance" />;
}
