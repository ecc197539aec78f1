import { PageLayout } from '@/components/page-layout';

export default function DashboardPage() {
  return <PageLayout title="Dashboard" subtitle="Welcome back! Here's your business overview." />;
}
