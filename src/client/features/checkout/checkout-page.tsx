import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { CheckoutSession } from '@shared/contracts/checkout';
import { formatMoney, parseMoney } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';

// Stripe's code (and its script from js.stripe.com) loads only when a card provider is configured.
const StripePayment = lazy(() => import('./stripe-payment'));

const DEFAULT_AMOUNT_CENTS = 100_00;

function Preparing() {
  return (
    <div className="flex items-center justify-center gap-2 py-8 text-slate-600" role="status">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>Preparing payment...</span>
    </div>
  );
}

function Unavailable({ message, note }: { message: string; note: string }) {
  const navigate = useNavigate();
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <AlertCircle className="size-10 text-red-500" aria-hidden="true" />
        <CardTitle asChild>
          <h1 className="text-xl">Payment Unavailable</h1>
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <p className="text-sm text-slate-500">{note}</p>
        <Button onClick={() => navigate('/dashboard')}>Back to Dashboard</Button>
      </CardContent>
    </Card>
  );
}

/** Spec 2.15. Opened from a payment link (public) or by a signed-in user (amount from the query string). */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const link = params.get('link') ?? undefined;
  const amountCents = parseMoney(params.get('amount') ?? '', { round: true }) ?? DEFAULT_AMOUNT_CENTS;
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const mayOpen = link !== undefined || Boolean(user);
  const session = useQuery<CheckoutSession>({
    queryKey: ['/api/checkout/session', { link }],
    enabled: mayOpen,
    staleTime: 0,
    gcTime: 0,
  });

  if (!link && !userLoading && !user) return <Navigate to="/auth" replace />;

  let body;
  if (session.error) {
    body = <Unavailable message={session.error.message} note="Ask the sender of this link for a new one, or contact your administrator." />;
  } else if (!session.data) {
    body = <Preparing />;
  } else if (!session.data.available) {
    body = <Unavailable message={session.data.message} note="Contact your administrator to configure payment processing." />;
  } else {
    body = (
      <Suspense fallback={<Preparing />}>
        <StripePayment session={session.data} />
      </Suspense>
    );
  }

  const shownCents = session.data?.available ? (parseMoney(session.data.amount) ?? amountCents) : amountCents;
  const currency = session.data?.available ? session.data.currency : 'USD';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 p-6">
      <div className="text-center">
        <p className="text-sm text-slate-500">Amount due</p>
        <p className="text-3xl font-semibold text-slate-900" data-testid="checkout-amount">
          {formatMoney(shownCents, { currency, locale: 'en-US' })}
        </p>
      </div>
      {body}
    </main>
  );
}
