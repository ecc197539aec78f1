import { Briefcase } from 'lucide-react';
import { PageLayout } from '@/components/page-layout';
import { EmptyState } from '@/components/ui/empty-state';

/** The practice-management area is not built yet; the page says so rather than showing sample data. */
export default function PracticePage() {
  return (
    <PageLayout title="Practice Management" subtitle="Manage your clients and practice">
      <EmptyState
        icon={Briefcase}
        title="Practice management is not available yet"
        description="Client onboarding, the practice dashboard and analytics are on the way. Your clients are under Clients in the meantime."
      />
    </PageLayout>
  );
}
