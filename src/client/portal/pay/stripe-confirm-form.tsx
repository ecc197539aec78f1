import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, type ReactElement, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { stripeFor } from './portal-stripe';

interface StripeConfirmFormProps {
  /** 'payment' confirms a PaymentIntent (paying invoices), 'setup' a SetupIntent (saving a method for autopay). */
  intent: 'payment' | 'setup';
  publishableKey: string;
  clientSecret: string;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  /** Shown when Stripe refuses without a message of its own. */
  failureMessage: string;
  /** After Stripe confirmed; the form stays busy until it settles (a poll for the webhook's effect, say). */
  onConfirmed(): Promise<void> | void;
  onCancel(): void;
  footer?: ReactNode;
}

/**
 * The portal's one Stripe Elements form: mounts the Payment Element for the intent's client secret
 * and confirms it with Stripe.js. Confirmation goes to Stripe, not to our API; the signed webhook
 * records what it did.
 */
export function StripeConfirmForm({ publishableKey, clientSecret, ...props }: StripeConfirmFormProps): ReactElement {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}

function ConfirmForm(props: Omit<StripeConfirmFormProps, 'publishableKey' | 'clientSecret'>): ReactElement {
  const { intent, submitLabel, pendingLabel, cancelLabel, failureMessage, onConfirmed, onCancel, footer } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setError(null);
    const confirmParams = { return_url: window.location.href };
    const result =
      intent === 'setup'
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
    if (result.error) {
      setPending(false);
      setError(result.error.message ?? failureMessage);
      return;
    }
    try {
      await onConfirmed();
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PaymentElement />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={!stripe || !elements || pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
      {footer}
    </form>
  );
}
