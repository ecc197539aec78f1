import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { ONBOARDING_STEP_COUNT } from '@shared/contracts/onboarding';
import { ONBOARDING_CLIENTS_PAGE_SIZE, useOnboardingClients } from './onboarding-api';

/** Without a client chosen: the clients still onboarding (pending or in progress), to continue one. */
export function OnboardingClientPicker() {
  const [offset, setOffset] = useState(0);
  const clients = useOnboardingClients(offset);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Clients in onboarding</CardTitle>
      </CardHeader>
      <CardContent>
        {clients.isPending ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading clients">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : clients.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {clients.error.message}
          </p>
        ) : clients.data.items.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title="No clients are onboarding"
            description="Add a client to your practice to start its onboarding."
            action={
              <Button asChild>
                <Link to="/practice/add-client">Add New Client</Link>
              </Button>
            }
          />
        ) : (
          <>
            <ul className="divide-y" aria-label="Clients in onboarding">
              {clients.data.items.map((client) => (
                <li key={client.id} className="flex flex-wrap items-center justify-between gap-4 py-4">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{client.name}</p>
                    <p className="truncate text-sm text-slate-600">{client.email}</p>
                  </div>
                  <div className="w-48 space-y-1">
                    <div className="flex items-center justify-between text-xs text-slate-600">
                      <Badge variant={client.onboardingStatus === 'in_progress' ? 'info' : 'warning'}>
                        {client.onboardingStatus === 'in_progress' ? 'In progress' : 'Pending'}
                      </Badge>
                      <span>
                        Step {client.currentStep} of {ONBOARDING_STEP_COUNT}
                      </span>
                    </div>
                    <Progress value={client.completionPercentage} aria-label={`${client.name}: ${client.completionPercentage}% complete`} />
                  </div>
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/practice/onboard-client?clientId=${encodeURIComponent(client.id)}`}>
                      {client.onboardingStatus === 'in_progress' ? 'Continue Onboarding' : 'Start Onboarding'}
                      <span className="sr-only">for {client.name}</span>
                    </Link>
                  </Button>
                </li>
              ))}
            </ul>
            {clients.data.total > ONBOARDING_CLIENTS_PAGE_SIZE && (
              <Pager total={clients.data.total} limit={ONBOARDING_CLIENTS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
