import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { BellRing } from 'lucide-react';
import type { InvoiceReminder } from '@shared/contracts/invoice-reminders';
import { Badge } from '@/components/ui/badge';

const latestOnly = { limit: 1 };

/** "Reminder sent 14 days overdue, Nov 3": the invoice's latest payment reminder, if any (asked only for overdue invoices). */
export function ReminderBadge({ invoiceId }: { invoiceId: string }) {
  const { data } = useQuery<InvoiceReminder[]>({ queryKey: [`/api/invoices/${invoiceId}/reminders`, latestOnly] });
  const latest = data?.[0];
  if (!latest) return null;
  const days = `${latest.daysOverdue} ${latest.daysOverdue === 1 ? 'day' : 'days'} overdue`;
  if (latest.status === 'failed') {
    return (
      <Badge variant="destructive" title={latest.failureReason ?? undefined} data-testid="reminder-badge">
        <BellRing aria-hidden="true" />
        Reminder failed, {days}
      </Badge>
    );
  }
  const when = latest.sentAt ? `, ${format(parseISO(latest.sentAt), 'MMM d')}` : '';
  return (
    <Badge variant="info" data-testid="reminder-badge">
      <BellRing aria-hidden="true" />
      {latest.status === 'sent' ? `Reminder sent ${days}${when}` : `Reminder sending, ${days}`}
    </Badge>
  );
}
