import { BarChart3 } from 'lucide-react';
import { PageLayout } from '@/components/page-layout';
import { EmptyState } from '@/components/ui/empty-state';

/** Reports (spec 2.13) are not built yet; the page says so rather than showing sample figures. */
export default function ReportsPage() {
  return (
    <PageLayout title="Reports & Analytics" subtitle="Generate insights and track performance">
      <EmptyState
        icon={BarChart3}
        title="Reports are not available yet"
        description="Revenue, aging, payment trend and vendor spending reports are on the way. Until then, the Dashboard shows your live figures."
      />
    </PageLayout>
  );
}
