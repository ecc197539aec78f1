import { Briefcase } from 'lucide-react';
import { useLocation } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState } from '@/components/ui/empty-state';

const areas: Record<string, { title: string; subtitle: string; what: string }> = {
  '/practice/integrations': { title: 'Integration Hub', subtitle: 'Connect your clients’ accounting software', what: 'The integration hub' },
};

/** The practice screens built in later issues say so, rather than showing sample data. */
export default function PracticeAreaPendingPage() {
  const { pathname } = useLocation();
  const area = areas[pathname] ?? { title: 'Practice Management', subtitle: 'Manage your clients and practice', what: 'This screen' };
  return (
    <PageLayout title={area.title} subtitle={area.subtitle}>
      <EmptyState
        icon={Briefcase}
        title={`${area.what} is not available yet`}
        description="Your clients, their onboarding and the approval queue are under My Practice in the meantime."
      />
    </PageLayout>
  );
}
