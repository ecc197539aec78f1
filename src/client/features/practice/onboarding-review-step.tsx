import { useState } from 'react';
import { CheckCircle2, CircleAlert, Rocket } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { billedFee } from '@shared/practice-fees';
import { clientDocumentCatalogue, clientDocumentTypes, onboardingDefaults, stepValues } from '@shared/contracts/onboarding';
import { type BillingFrequency, type ServiceLevel, billingFrequencies, serviceLevels } from '@shared/contracts/practice';
import { parseMoney } from '@shared/money';
import { accountTypeLabels, billingFrequencyLabels, serviceLevelLabels } from './practice-labels';
import { useCompleteOnboarding } from './onboarding-api';
import { type StepProps, StepFooter, savedData } from './onboarding-step-shell';

const isLevel = (value: unknown): value is ServiceLevel => serviceLevels.some((level) => level === value);
const isFrequency = (value: unknown): value is BillingFrequency => billingFrequencies.some((frequency) => frequency === value);

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{value || '—'}</dd>
    </div>
  );
}

/** Step 5, Review & Activation: what was entered, what activation still needs, and the activation itself. */
export function ReviewStep(props: StepProps) {
  const navigate = useNavigate();
  const { formatAmount, formatCents } = useMoneyFormat();
  const activate = useCompleteOnboarding(props.clientId);
  const [refused, setRefused] = useState<Record<string, string> | null>(null);
  const { onboarding } = props;
  const info = stepValues(onboardingDefaults.businessInfo, savedData(onboarding, 1).businessInfo);
  const contact = stepValues(onboardingDefaults.primaryContact, savedData(onboarding, 1).primaryContact);
  const service = stepValues(onboardingDefaults.serviceSettings, savedData(onboarding, 2).serviceSettings);
  const feeCents = typeof service.monthlyFee === 'string' ? parseMoney(service.monthlyFee) : null;
  const frequency = isFrequency(service.billingFrequency) ? service.billingFrequency : 'monthly';
  const account = onboarding.bankAccount;
  const missing = refused ?? onboarding.missing;

  async function onActivate() {
    try {
      await activate.mutateAsync();
      toast({ title: 'Onboarding Complete', description: 'Client has been successfully onboarded and activated.' });
      void navigate('/practice');
    } catch (error) {
      setRefused(error instanceof ApiError && error.fields ? error.fields : {});
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'The client could not be activated', variant: 'destructive' });
    }
  }

  return (
    <div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Business Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Business name" value={info.name} />
              <Row label="Email" value={info.email} />
              <Row label="Phone" value={info.phone} />
              <Row label="Tax ID" value={info.taxId} />
              <Row label="Primary contact" value={[contact.name, contact.title].filter(Boolean).join(', ')} />
              <Row label="Contact email" value={contact.email} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Service Configuration</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Service level" value={isLevel(service.serviceLevel) ? serviceLevelLabels[service.serviceLevel] : ''} />
              <Row label="Monthly fee" value={feeCents === null ? '' : formatCents(feeCents)} />
              <Row label="Billing frequency" value={billingFrequencyLabels[frequency]} />
              <Row label="Billed per period" value={feeCents === null ? '' : formatCents(billedFee(feeCents, frequency))} />
              <Row label="Auto-approval limit" value={typeof service.autoApprovalLimit === 'string' && service.autoApprovalLimit ? formatAmount(service.autoApprovalLimit) : ''} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Documents</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              {clientDocumentTypes.map((type) => {
                const document = onboarding.documents[type];
                const entry = clientDocumentCatalogue[type];
                return <Row key={type} label={entry.label} value={document ? document.fileName : entry.required ? 'Missing' : 'Not provided'} />;
              })}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Banking</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Bank" value={account?.bankName ?? ''} />
              <Row label="Account" value={account ? `${accountTypeLabels[account.accountType as keyof typeof accountTypeLabels] ?? account.accountType} •••• ${account.accountLast4}` : 'Not added'} />
              <Row label="Verification" value={account ? (account.isVerified ? 'Verified' : 'Micro-deposits sent, pending') : ''} />
            </dl>
          </CardContent>
        </Card>
      </div>

      {Object.keys(missing).length > 0 ? (
        <div role={refused ? 'alert' : undefined} className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="activation-missing">
          <p className="flex items-center gap-2 font-semibold">
            <CircleAlert className="size-4" aria-hidden="true" /> Before this client can be activated:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {Object.entries(missing).map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-6 flex items-center gap-2 rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Everything required is in place. Activating the client completes its onboarding.
        </p>
      )}

      <StepFooter step={5} onPrevious={props.onPrevious} submitting={activate.isPending}>
        <Button type="button" className="h-auto min-h-9 w-full whitespace-normal sm:w-auto" onClick={() => void onActivate()} disabled={activate.isPending}>
          <Rocket aria-hidden="true" /> {activate.isPending ? 'Activating...' : 'Complete Onboarding & Activate Client'}
        </Button>
      </StepFooter>
    </div>
  );
}
