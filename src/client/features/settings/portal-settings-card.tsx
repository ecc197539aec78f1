import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type PortalSettings, portalSettingsInput } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { apiRequest } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const portalSettingsKey = ['/api/settings/portal'] as const;
type FormValues = z.input<typeof portalSettingsInput>;

/** Settings > Customer portal: bank transfer instructions shown in the portal, and autopay retries (issue 31). */
export function PortalSettingsCard() {
  const { data: settings } = useQuery<PortalSettings>({ queryKey: portalSettingsKey });
  const { data: user } = useCurrentUser();
  if (!settings) return <Skeleton className="h-56 w-full" />;
  const canEdit = user?.role === 'owner' || user?.role === 'admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Customer Portal</h2>
        </CardTitle>
        <CardDescription>
          What customers see when they pay in the portal, and how often a failed autopay charge is tried.
          {canEdit ? '' : ' Only owners and admins can change this.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PortalSettingsForm key={JSON.stringify(settings)} settings={settings} canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}

function PortalSettingsForm({ settings, canEdit }: { settings: PortalSettings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: z.output<typeof portalSettingsInput>) => apiRequest<PortalSettings>('PUT', '/api/settings/portal', input),
    onSuccess: (saved) => queryClient.setQueryData(portalSettingsKey, saved),
  });
  const form = useForm<FormValues, unknown, z.output<typeof portalSettingsInput>>({
    resolver: zodResolver(portalSettingsInput),
    defaultValues: {
      paymentInstructions: settings.paymentInstructions ?? '',
      autopayMaxAttempts: settings.autopayMaxAttempts,
      autopayRetryDays: settings.autopayRetryDays,
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Portal settings saved' }),
      onError: (error) => {
        applyServerErrors(error, form.setError, ['paymentInstructions', 'autopayMaxAttempts', 'autopayRetryDays']);
        toast({ title: 'Update failed', description: error.message, variant: 'destructive' });
      },
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset className="grid gap-4" disabled={!canEdit || save.isPending}>
        <Field
          label="Payment instructions"
          description="Shown in the portal for bank transfers (and when online payment is not set up): account, bank, what to quote."
          error={errors.paymentInstructions?.message}
        >
          <Textarea rows={4} {...form.register('paymentInstructions')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Autopay attempts" description="Tries in all for one invoice (1 to 10)." error={errors.autopayMaxAttempts?.message}>
            <Input type="number" inputMode="numeric" min={1} max={10} {...form.register('autopayMaxAttempts')} />
          </Field>
          <Field label="Days between attempts" description="1 to 30 days." error={errors.autopayRetryDays?.message}>
            <Input type="number" inputMode="numeric" min={1} max={30} {...form.register('autopayRetryDays')} />
          </Field>
        </div>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            Save Portal Settings
          </Button>
        </div>
      ) : null}
    </form>
  );
}
