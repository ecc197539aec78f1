import type { UserSettings } from '@shared/contracts/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useSettings, useUpdatePreferences } from './api';
import { ToggleRow } from '@/components/ui/toggle-row';
import { PaymentRemindersCard } from './payment-reminders-card';
import { LateFeesCard } from '@/features/statements/late-fees-card';
import { PortalSettingsCard } from './portal-settings-card';
import { MailInCard } from './mail-in-card';

type NotificationKey = keyof UserSettings['notifications'];

const toggles: { key: NotificationKey; label: string; description: string }[] = [
  { key: 'invoiceUpdates', label: 'Invoice Updates', description: 'When an invoice is viewed, paid or becomes overdue.' },
  { key: 'paymentConfirmations', label: 'Payment Confirmations', description: 'When a payment is received or sent.' },
  { key: 'weeklyReports', label: 'Weekly Reports', description: 'A summary of receivables and payables every week.' },
  { key: 'securityAlerts', label: 'Security Alerts', description: 'Sign-ins and changes to your account security.' },
];

export function NotificationsTab() {
  const { data: settings } = useSettings();
  const update = useUpdatePreferences();
  if (!settings) return <Skeleton className="h-64 w-full" />;
  const set = (key: NotificationKey) => (checked: boolean) =>
    update.mutate(
      { notifications: { [key]: checked } },
      { onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }) },
    );
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Email Notifications</CardTitle>
          <CardDescription>Choose what we email you about. Changes are saved as you make them.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          {toggles.map((toggle) => (
            <ToggleRow
              key={toggle.key}
              label={toggle.label}
              description={toggle.description}
              checked={settings.notifications[toggle.key]}
              disabled={update.isPending}
              onChange={set(toggle.key)}
            />
          ))}
        </CardContent>
      </Card>
      <MailInCard />
      <PaymentRemindersCard />
      <LateFeesCard />
      <PortalSettingsCard />
    </div>
  );
}
