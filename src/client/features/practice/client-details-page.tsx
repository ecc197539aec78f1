import { ArrowLeft, Building2, ClipboardCheck, DoorOpen, Layers, Mail, Receipt, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatAddress } from '@/components/record-card-parts';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useSwitchWorkspace } from '@/lib/workspaces';
import type { PracticeClientDetails } from '@shared/contracts/portfolio';
import { billingPeriodLabels, asBillingFrequency } from '@shared/practice-fees';
import { ClientAccessCard } from './client-access-card';
import { useClientDetails, useDeleteClient, useSetClientStatus } from './portfolio-api';
import { choiceLabel, isServiceLevel, onboardingStatusLabels, onboardingStatusVariants, serviceLevelLabels, serviceLevelVariants } from './portfolio-labels';
import { SendMessageDialog } from './send-message-dialog';
import { ServiceLevelDialog } from './service-level-dialog';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere] text-slate-900">{children || '—'}</dd>
    </div>
  );
}

const backLink = (
  <Button variant="outline" asChild>
    <Link to="/practice">
      <ArrowLeft aria-hidden="true" />
      Practice Dashboard
    </Link>
  </Button>
);

/** A client's page (View Details): profile, onboarding, fees, open balance, access and its workspace. */
export default function ClientDetailsPage() {
  const { id = '' } = useParams();
  const details = useClientDetails(id);
  const client = details.data;
  const { data: user } = useCurrentUser();
  const open = useSwitchWorkspace();
  const canWrite = user?.homeRole !== 'viewer';
  const canManage = user?.homeRole === 'owner' || user?.homeRole === 'admin';
  const [editing, setEditing] = useState(false);
  const [messaging, setMessaging] = useState(false);

  const notFound = details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 403);
  const title = notFound || (!client && !details.isLoading) ? 'Client not found' : (client?.name ?? 'Client');
  return (
    <PageLayout
      title={title}
      subtitle="Client details"
      actions={
        <>
          {backLink}
          {client && !notFound && (
            <Button
              disabled={!client.organizationId || !client.isActive || open.isPending}
              onClick={() =>
                client.organizationId && open.mutate({ organizationId: client.organizationId, landOn: '/dashboard' })
              }
            >
              <DoorOpen aria-hidden="true" />
              Open workspace
            </Button>
          )}
        </>
      }
    >
      {details.isLoading ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : notFound || !client ? (
        <EmptyState icon={Building2} title="Client not found" description={notFound ? 'This client is not in your practice, or you have no access to it.' : details.error?.message} />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <ProfileCard client={client} />
          <div className="grid grid-cols-1 content-start gap-4">
            <OnboardingCard client={client} />
            <FeesCard client={client} canWrite={canWrite} onEdit={() => setEditing(true)} onMessage={() => setMessaging(true)} />
          </div>
          <ClientAccessCard client={client} canManage={canManage} />
          {canManage && <StatusCard client={client} />}
          <ServiceLevelDialog clients={editing ? [client] : null} onOpenChange={setEditing} />
          <SendMessageDialog clients={messaging ? [client] : null} onOpenChange={setMessaging} />
        </div>
      )}
    </PageLayout>
  );
}

function ProfileCard({ client }: { client: PracticeClientDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Building2 className="size-4 text-slate-500" aria-hidden="true" />
          Profile
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Item label="Business email">{client.email}</Item>
          <Item label="Phone">{client.phone}</Item>
          <Item label="Address">{formatAddress(client)}</Item>
          <Item label="Industry">{choiceLabel(client.industry)}</Item>
          <Item label="Business type">{choiceLabel(client.businessType)}</Item>
          <Item label="Website">{client.website}</Item>
          <Item label="Primary contact">{client.contactName}</Item>
          <Item label="Contact email">{client.contactEmail}</Item>
          <Item label="Accounting software">{choiceLabel(client.accountingSoftware)}</Item>
          <Item label="Client since">{client.relationshipStartDate}</Item>
          <Item label="Tags">
            {client.tags.length > 0 && (
              <span className="flex flex-wrap gap-1">
                {client.tags.map((tag) => (
                  <Badge key={tag} variant="outline">
                    {tag}
                  </Badge>
                ))}
              </span>
            )}
          </Item>
          <Item label="Status">{client.isActive ? 'Active' : 'Deactivated'}</Item>
        </dl>
        {client.notes && (
          <div className="mt-3">
            <p className="text-xs font-medium text-slate-500">Notes</p>
            <p className="text-sm whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">{client.notes}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function OnboardingCard({ client }: { client: PracticeClientDetails }) {
  const progress = client.onboardingProgress;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ClipboardCheck className="size-4 text-slate-500" aria-hidden="true" />
          Onboarding
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={onboardingStatusVariants[progress.status]}>{onboardingStatusLabels[progress.status]}</Badge>
          {progress.status !== 'completed' && <span className="text-sm text-slate-600">Step {progress.currentStep} of 5</span>}
        </div>
        <div className="flex items-center gap-2">
          <Progress value={progress.completionPercentage} aria-label="Onboarding progress" />
          <span className="text-sm tabular-nums text-slate-600">{progress.completionPercentage}%</span>
        </div>
        {progress.status !== 'completed' && (
          <Button variant="outline" className="justify-self-start" asChild>
            <Link to={`/practice/onboard-client?clientId=${encodeURIComponent(client.id)}`}>Continue Onboarding</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function FeesCard({ client, canWrite, onEdit, onMessage }: { client: PracticeClientDetails; canWrite: boolean; onEdit: () => void; onMessage: () => void }) {
  const { formatAmount } = useMoneyFormat();
  const level = isServiceLevel(client.serviceLevel) ? client.serviceLevel : null;
  const frequency = asBillingFrequency(client.billingFrequency);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Wallet className="size-4 text-slate-500" aria-hidden="true" />
          Service and Fees
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Item label="Service level">
            <Badge variant={level ? serviceLevelVariants[level] : 'secondary'}>{level ? serviceLevelLabels[level] : client.serviceLevel}</Badge>
          </Item>
          <Item label="Monthly fee">{formatAmount(client.fees.monthlyFee)}</Item>
          <Item label="Billing">
            {choiceLabel(frequency)}
            {client.fees.discountPercent > 0 ? ` (${client.fees.discountPercent}% discount)` : ''}
          </Item>
          <Item label="Billed fee">
            {formatAmount(client.fees.billedFee)} {billingPeriodLabels[frequency]}
          </Item>
          <Item label="Open balance">
            <span className="flex items-center gap-1 font-semibold tabular-nums">
              <Receipt className="size-4 text-slate-400" aria-hidden="true" />
              {formatAmount(client.openBalance)}
            </span>
            <span className="text-xs text-slate-500">
              {client.openInvoices} open {client.openInvoices === 1 ? 'invoice' : 'invoices'} from your practice
            </span>
          </Item>
        </dl>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Layers aria-hidden="true" />
              Edit Service Level
            </Button>
            <Button variant="outline" size="sm" onClick={onMessage}>
              <Mail aria-hidden="true" />
              Send Message
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Deactivate or reactivate (frees or takes a place in the plan), or delete a client added by mistake. */
function StatusCard({ client }: { client: PracticeClientDetails }) {
  const setStatus = useSetClientStatus(client.id);
  const remove = useDeleteClient(client.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const fail = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Client Status</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 text-sm text-slate-600">
        <p>
          {client.isActive
            ? 'A deactivated client frees its place in your plan, and no one can open its workspace until it is reactivated.'
            : 'This client is deactivated: its workspace cannot be opened. Reactivating takes a place in your plan again.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={setStatus.isPending}
            onClick={() =>
              setStatus.mutate(!client.isActive, {
                onSuccess: () => toast({ title: client.isActive ? 'Client Deactivated' : 'Client Reactivated', description: client.name }),
                onError: fail(client.isActive ? 'Deactivation Failed' : 'Reactivation Failed'),
              })
            }
          >
            {client.isActive ? 'Deactivate Client' : 'Reactivate Client'}
          </Button>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            Delete Client
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete client?"
        description={`${client.name} and its workspace will be removed. This cannot be undone. A client with invoices or bills cannot be deleted; deactivate it instead.`}
        pending={remove.isPending}
        onConfirm={() => {
          // mutateAsync: the page goes on to the portfolio even though this card unmounts on the way.
          remove.mutateAsync().then(
            () => {
              toast({ title: 'Client Deleted', description: client.name });
              void navigate('/practice');
            },
            (error: Error) => {
              setConfirming(false);
              fail('Delete Failed')(error);
            },
          );
        }}
      />
    </Card>
  );
}
