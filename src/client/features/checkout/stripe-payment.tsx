import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutSession } from '@shared/contracts/checkout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';

type AvailableSession = Extract<CheckoutSession, { available: true }>;

function PaymentForm() {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    // Confirmation goes to Stripe, not to our API; the webhook records the payment.
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.origin },
      redirect: 'if_required',
    });
    setPending(false);
    if (error) {
      toast({ title: 'Payment Failed', description: error.message ?? 'The payment could not be completed.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Payment Successful', description: 'Thank you for your payment!' });
    void navigate('/');
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PaymentElement />
      <Button type="submit" disabled={!stripe || !elements || pending}>
        {pending ? 'Processing...' : 'Pay Now'}
      </Button>
      <p className="flex items-center justify-center gap-1 text-xs text-slate-500">
        <Lock className="size-3" aria-hidden="true" /> Secure payment powered by Stripe
      </p>
    </form>
  );
}

/** The configured branch of /checkout: Stripe's Payment Element for the link's PaymentIntent. */
export default function StripePayment({ session }: { session: AvailableSession }) {
  const stripePromise = useMemo(() => loadStripe(session.publishableKey), [session.publishableKey]);
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle asChild>
          <h1 className="text-xl">Complete Payment</h1>
        </CardTitle>
        <CardDescription>
          Invoice {session.invoiceNumber} from {session.organizationName}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Elements stripe={stripePromise} options={{ clientSecret: session.clientSecret }}>
          <PaymentForm />
        </Elements>
      </CardContent>
    </Card>
  );
}
