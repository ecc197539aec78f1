import { useRef } from 'react';
import { ArrowLeft, SearchX, UserPlus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useOnboarding } from './onboarding-api';
import { OnboardingClientPicker } from './onboarding-client-picker';
import type { DraftSaver } from './onboarding-step-shell';
import { OnboardingWorkflow, keepDraft } from './onboarding-workflow';

function ClientOnboarding({ clientId, draft }: { clientId: string; draft: DraftSaver }) {
  const onboarding = useOnboarding(clientId);
  if (onboarding.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading the onboarding">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (onboarding.isError) {
    const missing = onboarding.error instanceof ApiError && onboarding.error.status === 404;
    return (
      <Card>
        <CardContent>
          <EmptyState
            icon={SearchX}
            title={missing ? 'Client not found' : 'The onboarding could not be loaded'}
            description={missing ? 'This client is not in your practice, or you have no access to it.' : onboarding.error.message}
            action={
              <Button asChild variant="outline">
                <Link to="/practice/onboard-client">Clients in onboarding</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    );
  }
  return <OnboardingWorkflow clientId={clientId} onboarding={onboarding.data} draft={draft} />;
}

/**
 * Client Onboarding Workflow (/practice/onboard-client, spec 2.4). With ?clientId= it opens that
 * client's onboarding where it was left; without, it lists the clients still onboarding.
 */
export default function OnboardClientPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const clientId = params.get('clientId');
  const draft: DraftSaver = useRef(null);

  // Spec 2.4 sends this button to /dashboard; in this product the practice dashboard is /practice.
  const back = async () => {
    if (await keepDraft(draft)) void navigate('/practice');
  };

  return (
    <PageLayout
      title="Client Onboarding"
      subtitle={clientId ? 'Complete client setup in 5 steps' : 'Choose a client to continue its onboarding'}
      actions={
        <>
          {!clientId && (
            <Button asChild variant="outline">
              <Link to="/practice/add-client">
                <UserPlus aria-hidden="true" /> Add New Client
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => void back()}>
            <ArrowLeft aria-hidden="true" /> Back to Practice Dashboard
          </Button>
        </>
      }
    >
      {clientId ? <ClientOnboarding key={clientId} clientId={clientId} draft={draft} /> : <OnboardingClientPicker />}
    </PageLayout>
  );
}
