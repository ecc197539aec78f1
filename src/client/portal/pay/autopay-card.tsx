import { CreditCard } from 'lucide-react';
import { type ReactElement, useId, useState } from 'react';
import type { PortalAccount } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError, apiRequest } from '@/lib/api';
import { wait } from './portal-stripe';
import { StripeConfirmForm } from './stripe-confirm-form';

interface AutopayResult {
  enabled: boolean;
  method: string | null;
  clientSecret: string | null;
  publishableKey: string | null;
}

/** Stripe tells the server by webhook; wait (at most ~15 s) until the account shows the saved method. */
async function waitForSavedMethod(): Promise<void> {
  for (let attempt = 0; attempt < 15; attempt += 1) {
    const account = await apiRequest<PortalAccount>('GET', '/api/portal/account').catch(() => null);
    if (account?.autopay.method) return;
    await wait(1000);
  }
}

/**
 * Autopay in the portal: save a card or US bank account (a Stripe SetupIntent confirmed with
 * Stripe.js), then the "Autopay" switch: invoices from recurring schedules are charged to it on
 * their due date.
 */
export function AutopayCard(props: { account: PortalAccount; onChanged(): void }): ReactElement {
  const { account, onChanged } = props;
  const switchId = useId();
  const [setup, setSetup] = useState<AutopayResult | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canPay = account.permissions.includes('pay');

  async function send(action: 'setup' | 'enable' | 'disable') {
    setPending(true);
    setError(null);
    try {
      const result = await apiRequest<AutopayResult>('POST', '/api/portal/autopay', { action });
      if (action === 'setup') setSetup(result);
      else onChanged();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Autopay could not be changed.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-lg">
            <CreditCard className="size-5" aria-hidden="true" /> Autopay
          </h2>
        </CardTitle>
        <CardDescription>Invoices from your recurring plan are paid automatically on their due date, with a receipt by mail.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!account.autopay.available ? (
          <p className="text-sm text-slate-600">Autopay is not offered by {account.brand.name}.</p>
        ) : setup?.clientSecret && setup.publishableKey ? (
          <StripeConfirmForm
            intent="setup"
            publishableKey={setup.publishableKey}
            clientSecret={setup.clientSecret}
            submitLabel="Save payment method"
            pendingLabel="Saving..."
            cancelLabel="Cancel"
            failureMessage="The payment method could not be saved."
            onConfirmed={async () => {
              await waitForSavedMethod();
              setSetup(null);
              onChanged();
            }}
            onCancel={() => setSetup(null)}
          />
        ) : (
          <>
            {account.autopay.method ? (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm">
                  Saved method: <span className="font-medium">{account.autopay.method}</span>
                </p>
                <div className="flex items-center gap-2">
                  <Switch
                    id={switchId}
                    checked={account.autopay.enabled}
                    disabled={pending || !canPay}
                    onCheckedChange={(on) => void send(on ? 'enable' : 'disable')}
                  />
                  <Label htmlFor={switchId}>Autopay</Label>
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-600">No payment method saved yet.</p>
            )}
            {canPay ? (
              <Button variant="outline" className="self-start" disabled={pending} onClick={() => void send('setup')}>
                {account.autopay.method ? 'Replace payment method' : 'Save a payment method'}
              </Button>
            ) : null}
          </>
        )}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
