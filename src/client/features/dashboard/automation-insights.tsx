import { useQuery } from '@tanstack/react-query';
import { Bell, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dashboardStatsKey } from './stat-cards';

/** Real counts only: active approval workflows and reminders sent (none until reminders exist). */
export function AutomationInsights() {
  const { data } = useQuery<DashboardStats>({ queryKey: dashboardStatsKey });
  const workflows = data?.activeWorkflows ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Automation Insights</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3 rounded-lg bg-blue-50 p-3">
          <Workflow className="mt-0.5 size-5 text-blue-700" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900" data-testid="active-workflows">
              {workflows} active approval {workflows === 1 ? 'workflow' : 'workflows'}
            </p>
            <p className="text-sm text-slate-600">Bills matching a rule wait for approval before they can be paid.</p>
          </div>
        </div>
        <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3">
          <Bell className="mt-0.5 size-5 text-slate-600" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900">{data?.remindersSentThisMonth ?? 0} auto reminders sent this month</p>
            <p className="text-sm text-slate-600">Automatic payment reminders are not set up yet.</p>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to="/approvals">Manage Rules</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
