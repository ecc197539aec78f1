import { CreditCard } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBilling } from './api';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The organization's actual subscription, as stored on the organization. */
export function BillingTab() {
  const { data: billing, isLoading, error } = useBilling();
  if (isLoading) return <Skeleton className="h-48 w-full" />;
  if (error || !billing) return <p className="text-sm text-destructive">Could not load billing: {error?.message}</p>;
  const active = billing.status === 'active';
  return (
    <div className="grid gap-6">
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
            <div>
              <dt className="text-sm text-slate-500">Client limit</dt>
              <dd className="font-medium text-slate-900">{billing.maxClients} clients</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
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
