import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type IntegrationProvider,
  syncDirectionLabels,
  syncDirections,
  syncFrequencies,
  syncFrequencyLabels,
  webhookEvents,
} from '@shared/contracts/integrations';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { toast } from '@/lib/toast';
import { useConnectIntegration } from './api';

const formSchema = z
  .object({
    webhooks: z.boolean(),
    syncFrequency: z.enum(syncFrequencies),
    syncDirection: z.enum(syncDirections),
    url: z.string().trim(),
    events: z.array(z.string()),
  })
  .superRefine((values, context) => {
    if (!values.webhooks) return;
    const url = URL.canParse(values.url) ? new URL(values.url) : null;
    if (!url || url.protocol !== 'https:')
      context.addIssue({ code: 'custom', path: ['url'], message: 'Enter an https:// URL' });
    if (values.events.length === 0)
      context.addIssue({ code: 'custom', path: ['events'], message: 'Choose at least one event' });
  });
type FormValues = z.infer<typeof formSchema>;

const defaults = (provider: IntegrationProvider | null): FormValues => ({
  webhooks: provider?.id === 'webhooks',
  syncFrequency: 'daily',
  // A file connector syncs one way: its only direction is the default.
  syncDirection: provider?.syncCapabilities.directions[0] ?? 'bidirectional',
  url: '',
  events: [...webhookEvents],
});

/** The names of the values a connector reveals once (revealOnce); another key is spelled out. */
const revealLabels: Record<string, string> = { signingSecret: 'Signing secret' };
const revealLabel = (key: string) =>
  revealLabels[key] ??
  key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

interface Revealed {
  providerName: string;
  values: Record<string, string>;
}

function RevealedValue({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied', description: `The ${label.toLowerCase()} is on your clipboard.` });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the value and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Field label={label}>
      {(control) => (
        <div className="flex min-w-0 gap-2">
          <Input
            {...control}
            readOnly
            value={value}
            className="min-w-0 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-9 shrink-0"
            onClick={() => void copy()}
            aria-label={`Copy ${label.toLowerCase()}`}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      )}
    </Field>
  );
}

/**
 * What a connector reveals once at connect (the webhook signing secret): shown here, with a copy
 * button, and never again (the server keeps it encrypted and answers it only in the connect call).
 */
function RevealOnceDialog({
  revealed,
  onClose,
}: {
  revealed: Revealed | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{revealed?.providerName} connected</DialogTitle>
          <DialogDescription>
            Copy the signing secret now and keep it with your receiver: it checks the
            X-Signal-Signature header with it.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          {Object.entries(revealed?.values ?? {}).map(([key, value]) => (
            <RevealedValue key={key} label={revealLabel(key)} value={value} />
          ))}
          <p
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            You will not see it again. If you lose it, disconnect the integration and connect it
            again for a new secret.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            I have saved it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The connect dialog (spec 2.8): Sync Frequency and Sync Direction, plus the provider's own fields
 * (Webhooks: the https URL and the events), then 'Connect Now' (POST /api/integrations). A provider
 * that needs an authorization step answers authorizationUrl, where the browser goes next; one that
 * reveals a value once (revealOnce: the webhook signing secret) gets RevealOnceDialog.
 */
export function ConnectDialog({
  provider,
  onOpenChange,
}: {
  provider: IntegrationProvider | null;
  onOpenChange: (open: boolean) => void;
}) {
  const connect = useConnectIntegration();
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const { control, register, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(provider),
  });

  useEffect(() => {
    if (provider) reset(defaults(provider));
  }, [provider, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!provider) return;
    const settings: Record<string, unknown> = {
      syncFrequency: values.syncFrequency,
      syncDirection: values.syncDirection,
    };
    if (values.webhooks) {
      settings.url = values.url;
      settings.events = values.events;
    }
    try {
      const integration = await connect.mutateAsync({ provider: provider.id, settings });
      if (integration.authorizationUrl) {
        window.location.assign(integration.authorizationUrl);
        return;
      }
      toast({ title: 'Integration Connected', description: `${provider.name} is connected.` });
      if (integration.revealOnce && Object.keys(integration.revealOnce).length > 0) {
        setRevealed({ providerName: provider.name, values: integration.revealOnce });
      }
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Connection Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  });

  const isWebhooks = provider?.id === 'webhooks';
  return (
    <>
      <RevealOnceDialog revealed={revealed} onClose={() => setRevealed(null)} />
      <Dialog open={provider !== null} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Connect {provider?.name}</DialogTitle>
            <DialogDescription>{provider?.description}</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <SelectField
              control={control}
              name="syncFrequency"
              label="Sync Frequency"
              options={labelledOptions(
                provider?.syncCapabilities.frequencies ?? syncFrequencies,
                syncFrequencyLabels,
              )}
            />
            <SelectField
              control={control}
              name="syncDirection"
              label="Sync Direction"
              options={labelledOptions(
                provider?.syncCapabilities.directions ?? syncDirections,
                syncDirectionLabels,
              )}
            />
            {isWebhooks && (
              <>
                <Field
                  label="Webhook URL"
                  error={formState.errors.url?.message}
                  description="Events are sent here, signed with HMAC-SHA256."
                  required
                >
                  <Input
                    type="url"
                    inputMode="url"
                    placeholder="https://example.com/hooks/signal"
                    autoComplete="off"
                    {...register('url')}
                  />
                </Field>
                <fieldset className="grid gap-2">
                  <legend className="mb-1 text-sm font-medium">Events</legend>
                  <Controller
                    control={control}
                    name="events"
                    render={({ field }) => (
                      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                        {webhookEvents.map((event) => (
                          <label key={event} className="flex items-center gap-2 text-sm">
                            <Checkbox
                              checked={field.value.includes(event)}
                              onCheckedChange={(checked) =>
                                field.onChange(
                                  checked === true
                                    ? [...field.value, event]
                                    : field.value.filter((value) => value !== event),
                                )
                              }
                            />
                            <span className="font-mono text-xs">{event}</span>
                          </label>
                        ))}
                      </div>
                    )}
                  />
                  {formState.errors.events?.message && (
                    <p className="text-sm text-destructive">{formState.errors.events.message}</p>
                  )}
                </fieldset>
              </>
            )}
            <DialogFormFooter
              onCancel={() => onOpenChange(false)}
              pending={connect.isPending}
              submitLabel="Connect Now"
              pendingLabel="Connecting…"
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
