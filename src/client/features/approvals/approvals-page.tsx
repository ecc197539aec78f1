import { PageLayout } from '@/components/page-layout';

export default function ApprovalsPage() {
  return <PageLayout title="Approvals" subtitle="Manage pending approval requests" />;
}
