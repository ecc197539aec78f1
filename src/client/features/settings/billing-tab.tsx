import { CreditCard } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useBilling } from './api';
import { FirmPlansCard } from './firm-plans-card';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Back from the card provider's checkout page (?checkout=success or cancelled in the return address). */
function CheckoutReturnNotice() {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  if (outcome === 'success') {
    return (
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900">
        Payment received. Your new plan applies as soon as our payment provider confirms the subscription.
      </p>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        Checkout was cancelled; your plan is unchanged.
      </p>
    );
  }
  return null;
}

/** The organization's actual subscription, as stored on the organization; for a firm, its plans and clients. */
export function BillingTab() {
  const { data: billing, isLoading, error } = useBilling();
  if (isLoading) return <Skeleton className="h-48 w-full" />;
  if (error || !billing) return <p className="text-sm text-destructive">Could not load billing: {error?.message}</p>;
  const active = billing.status === 'active';
  return (
    <div className="grid gap-6">
      <CheckoutReturnNotice />
      <Card>
        <CardHeader>
          <CardTitle>Current Plan</CardTitle>
          <CardDescription>The subscription of {billing.organizationName}.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-500">Plan</dt>
              <dd className="text-lg font-semibold text-slate-900">{capitalize(billing.plan)} plan</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">Status</dt>
              <dd>
                <Badge variant={active ? 'success' : 'warning'}>{capitalize(billing.status)}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">Team members</dt>
              <dd className="font-medium text-slate-900">{billing.memberCount}</dd>
            </div>
            {billing.practice ? (
              <div>
                <dt id="active-clients-label" className="text-sm text-slate-500">
                  Active clients
                </dt>
                <dd className="grid gap-2">
                  <span className="font-medium text-slate-900">
                    {billing.practice.activeClients} of {billing.maxClients} clients
                  </span>
                  <Progress
                    aria-labelledby="active-clients-label"
                    value={Math.round((billing.practice.activeClients / Math.max(billing.maxClients, 1)) * 100)}
                  />
                </dd>
              </div>
            ) : (
              <div>
                <dt className="text-sm text-slate-500">Client limit</dt>
                <dd className="font-medium text-slate-900">{billing.maxClients} clients</dd>
              </div>
            )}
          </dl>
        </CardContent>
      </Card>
      {billing.practice && <FirmPlansCard billing={billing} practice={billing.practice} />}
      <Card>
        <CardHeader>
          <CardTitle>Payment Method</CardTitle>
        </CardHeader>
        <CardContent className="flex items-center gap-3 text-sm text-slate-600">
          <CreditCard className="size-5 text-slate-400" aria-hidden="true" />
          {billing.hasPaymentMethod
            ? 'A payment method is on file with our payment provider.'
            : 'No payment method on file.'}
        </CardContent>
      </Card>
    </div>
  );
}
