import { useQuery } from '@tanstack/react-query';
import { Bell, Repeat, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dashboardStatsKey } from './stat-cards';

/** Real counts only: approval workflows, recurring schedules and the invoices they made this month, reminders sent this month. */
export function AutomationInsights() {
  const { data } = useQuery<DashboardStats>({ queryKey: dashboardStatsKey });
  const workflows = data?.activeWorkflows ?? 0;
  const schedules = data?.activeRecurringSchedules ?? 0;
  const generated = data?.recurringInvoicesThisMonth ?? 0;
  const reminders = data?.remindersSentThisMonth ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Automation Insights</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3 rounded-lg bg-blue-50 p-3">
          <Workflow className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900" data-testid="active-workflows">
              {workflows} active approval {workflows === 1 ? 'workflow' : 'workflows'}
            </p>
            <p className="text-sm text-slate-600">Bills matching a rule wait for approval before they can be paid.</p>
          </div>
        </div>
        <div className="flex items-start gap-3 rounded-lg bg-emerald-50 p-3">
          <Repeat className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900" data-testid="active-recurring-schedules">
              {schedules} active recurring {schedules === 1 ? 'schedule' : 'schedules'}
            </p>
            <p className="text-sm text-slate-600" data-testid="recurring-invoices-this-month">
              {generated} {generated === 1 ? 'invoice' : 'invoices'} generated this month
            </p>
          </div>
        </div>
        <div className="flex items-start gap-3 rounded-lg bg-amber-50 p-3">
          <Bell className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900" data-testid="reminders-sent-this-month">
              {reminders} auto {reminders === 1 ? 'reminder' : 'reminders'} sent this month
            </p>
            <p className="text-sm text-slate-600">Overdue invoices get a payment reminder on the days set in Settings.</p>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to="/approvals">Manage Rules</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
