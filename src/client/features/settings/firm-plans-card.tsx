import { Check } from 'lucide-react';
import { useState } from 'react';
import { type FirmPlan, firmPlans } from '@shared/contracts/firms';
import type { Billing } from '@shared/contracts/settings';
import { formatMoney } from '@shared/money';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChangePlan } from './api';

type Practice = NonNullable<Billing['practice']>;

const price = (plan: FirmPlan) => formatMoney(plan.monthlyPriceCents, { currency: 'USD', locale: 'en-US' });

/** Leaves for the card provider's checkout page (a full navigation, outside the app). */
function openCheckout(url: string) {
  window.location.assign(url);
}

/** The firm's three plans (registration's Starter, Professional, Enterprise); the owner switches between them. */
export function FirmPlansCard({ billing, practice }: { billing: Billing; practice: Practice }) {
  const changePlan = useChangePlan();
  const [chosen, setChosen] = useState<FirmPlan | null>(null);

  const confirm = async () => {
    if (!chosen) return;
    try {
      const result = await changePlan.mutateAsync({ plan: chosen.id });
      if (result.status === 'checkout') {
        openCheckout(result.checkoutUrl);
        return;
      }
      toast({ title: 'Plan Changed', description: `Your firm is now on the ${chosen.name} plan (up to ${chosen.maxClients} clients).` });
      setChosen(null);
    } catch (error) {
      toast({ title: 'Plan Not Changed', description: error instanceof Error ? error.message : 'The plan could not be changed', variant: 'destructive' });
      setChosen(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Plans</h2>
        </CardTitle>
        <CardDescription>
          {practice.canChangePlan
            ? 'Each plan limits how many active clients your practice can manage.'
            : 'Each plan limits how many active clients your practice can manage. Only the firm owner can change the plan.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 md:grid-cols-3">
          {firmPlans.map((plan) => {
            const current = plan.id === billing.plan;
            const tooSmall = practice.activeClients > plan.maxClients;
            return (
              <li
                key={plan.id}
                aria-label={`${plan.name} plan`}
                className={cn('flex flex-col gap-4 rounded-lg border p-5', current ? 'border-blue-700 ring-1 ring-blue-700' : 'border-slate-200')}
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
                  {current && <Badge variant="info">Current plan</Badge>}
                </div>
                <p>
                  <span className="text-2xl font-bold text-slate-900">{price(plan)}</span>
                  <span className="text-sm text-slate-500">/month</span>
                </p>
                <p className="text-sm font-medium text-slate-700">Up to {plan.maxClients} clients</p>
                <ul className="grid gap-1.5 text-sm text-slate-600">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex items-center gap-2">
                      <Check className="size-4 shrink-0 text-green-700" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {practice.canChangePlan && !current && (
                  <div className="mt-auto grid gap-2">
                    {tooSmall && (
                      <p className="text-sm text-amber-800">
                        You have {practice.activeClients} active clients; this plan allows up to {plan.maxClients}.
                      </p>
                    )}
                    <Button
                      type="button"
                      variant={plan.maxClients > billing.maxClients ? 'default' : 'outline'}
                      disabled={tooSmall || changePlan.isPending}
                      onClick={() => setChosen(plan)}
                    >
                      Switch to {plan.name}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <AlertDialog open={chosen !== null} onOpenChange={(open) => !open && setChosen(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Switch to the {chosen?.name} plan?</AlertDialogTitle>
            <AlertDialogDescription>
              {chosen && `Up to ${chosen.maxClients} active clients for ${price(chosen)} a month. `}
              {practice.changeThroughCheckout
                ? 'You will continue to our payment provider to start the subscription; the plan changes once the payment is confirmed.'
                : 'The change applies at once.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={changePlan.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="default"
              disabled={changePlan.isPending}
              onClick={(event) => {
                // Stay open until the server answers.
                event.preventDefault();
                void confirm();
              }}
            >
              {practice.changeThroughCheckout ? 'Continue to Payment' : 'Change Plan'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
