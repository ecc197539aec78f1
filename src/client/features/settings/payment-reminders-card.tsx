import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AutomationSettings, reminderDaysFormSchema } from '@shared/contracts/invoice-reminders';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleRow } from '@/components/ui/toggle-row';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAutomationSettings, useUpdateAutomationSettings } from './automation-api';

const failed = (error: Error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' });

/** Payment reminders of this workspace: on or off, and the days after the due date (owners and admins change them). */
export function PaymentRemindersCard() {
  const { data: settings } = useAutomationSettings();
  const { data: user } = useCurrentUser();
  const update = useUpdateAutomationSettings();
  if (!settings) return <Skeleton className="h-40 w-full" />;
  const canEdit = user?.role === 'owner' || user?.role === 'admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Payment Reminders</h2>
        </CardTitle>
        <CardDescription>
          Customers get an email with the invoice attached when a sent invoice is still unpaid this many days after its due date.
          {canEdit ? '' : ' Only owners and admins can change this.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <ToggleRow
          label="Automatic Payment Reminders"
          description={settings.sendReminders ? `On: ${dayList(settings.reminderDays)} after the due date.` : 'Off: no reminders are sent.'}
          checked={settings.sendReminders}
          disabled={!canEdit || update.isPending}
          onChange={(checked) =>
            update.mutate(
              { sendReminders: checked },
              { onSuccess: () => toast({ title: checked ? 'Payment reminders on' : 'Payment reminders off' }), onError: failed },
            )
          }
        />
        {settings.sendReminders && canEdit && <ReminderDaysForm key={settings.reminderDays.join(',')} settings={settings} />}
      </CardContent>
    </Card>
  );
}

function dayList(days: readonly number[]): string {
  if (days.length === 0) return 'no days chosen';
  const text = days.map(String);
  const last = text.pop();
  return `${text.length ? `${text.join(', ')} and ` : ''}${last} ${days.length === 1 && days[0] === 1 ? 'day' : 'days'}`;
}

function ReminderDaysForm({ settings }: { settings: AutomationSettings }) {
  const update = useUpdateAutomationSettings();
  const form = useForm<z.input<typeof reminderDaysFormSchema>, unknown, z.output<typeof reminderDaysFormSchema>>({
    resolver: zodResolver(reminderDaysFormSchema),
    defaultValues: { reminderDays: settings.reminderDays.join(', ') },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => toast({ title: 'Reminder days saved', description: `Reminders go out ${dayList(saved.reminderDays)} after the due date.` }),
      onError: (error) => {
        applyServerErrors(error, form.setError, ['reminderDays']);
        failed(error);
      },
    }),
  );
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start" noValidate>
      <Field
        label="Reminder days"
        description="Days after the due date, separated by commas (1 to 365, at most 10)."
        error={form.formState.errors.reminderDays?.message}
        className="flex-1"
      >
        <Input inputMode="numeric" {...form.register('reminderDays')} />
      </Field>
      <Button type="submit" variant="outline" className="sm:mt-6" disabled={update.isPending}>
        Save Days
      </Button>
    </form>
  );
}
