import { Briefcase, ClipboardCheck, Download, FileSpreadsheet, Landmark, ListChecks, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { ClientPortfolio } from './client-portfolio';
import { exportUrl } from './portfolio-api';
import { OnboardingOverview, PracticeStatCards } from './practice-stats';

/** The Practice Dashboard (spec 2.5, titled Practice Management): figures, onboarding overview and the client portfolio. */
export default function PracticePage() {
  const { data: user, isLoading } = useCurrentUser();
  const isFirm = Boolean(user?.firmId);
  const canWrite = user?.homeRole !== 'viewer';
  return (
    <PageLayout
      title="Practice Management"
      subtitle="Manage your clients and practice"
      actions={
        isFirm && (
          <>
            <Button variant="outline" asChild>
              <a href={exportUrl()} download>
                <Download aria-hidden="true" />
                Export Data
              </a>
            </Button>
            {canWrite && (
              <Button asChild>
                <Link to="/practice/onboard-client">
                  <ClipboardCheck aria-hidden="true" />
                  Start Client Onboarding
                </Link>
              </Button>
            )}
          </>
        )
      }
    >
      {isLoading ? (
        <Skeleton className="h-28" />
      ) : !isFirm ? (
        <EmptyState
          icon={Briefcase}
          title="Practice management is for accounting firms"
          description="An accounting firm manages its clients here: onboarding, service levels, fees and each client's workspace. Register your firm to use it."
        />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" asChild>
              <Link to="/practice/queue">
                <ListChecks aria-hidden="true" />
                Approval Queue
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/practice/reconciliation">
                <Landmark aria-hidden="true" />
                Reconciliation
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/practice/1099s">
                <FileSpreadsheet aria-hidden="true" />
                1099s
              </Link>
            </Button>
            {canWrite && (
              <Button variant="outline" asChild>
                <Link to="/practice/add-client">
                  <UserPlus aria-hidden="true" />
                  Add New Client
                </Link>
              </Button>
            )}
          </div>
          <PracticeStatCards />
          <OnboardingOverview />
          <ClientPortfolio canWrite={canWrite} />
        </div>
      )}
    </PageLayout>
  );
}
