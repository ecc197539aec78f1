import { Activity, AlertTriangle } from 'lucide-react';
import type { IntegrationHealthReport } from '@shared/contracts/integrations';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { formatWhen } from './hub-format';
import { healthStatusLabels, healthStatusVariants } from './hub-labels';

/** The page's 'How health is scored' note: the same rules as server/features/integrations/health.ts. */
export function HealthHelp() {
  return (
    <Card data-testid="health-help">
      <CardHeader>
        <CardTitle className="text-base">How health is scored</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-slate-600">
        <p>
          Each integration's score is the share of successful syncs among its last 20 finished syncs (× 100), minus 10 points for
          each failure in a row since the last success, never below 0. An integration that has not synced yet shows Connected with 100.
        </p>
        <p>
          Status: Error after 3 failures in a row or below 50; Warning after a failure or below 80; Healthy otherwise. Issues are the
          last errors, each with the action that usually fixes it. Overall health is the average of the scores (100 with no integrations).
        </p>
      </CardContent>
    </Card>
  );
}

export function HealthTab({ report, loading }: { report: IntegrationHealthReport | undefined; loading: boolean }) {
  if (!report) {
    return (
      <div className="grid gap-6">
        {!loading && <EmptyState icon={Activity} title="No integrations to monitor" description="Connect a provider in the Marketplace; its syncs are monitored here." />}
        <HealthHelp />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Overall System Health</CardTitle>
          <CardDescription>The average health score of your integrations</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-3xl font-semibold tabular-nums" data-testid="overall-health">
            {report.overall}%
          </p>
          <Progress value={report.overall} aria-label="Overall system health" />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {report.integrations.map((item) => (
          <Card key={item.integrationId} data-testid="health-card">
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <CardTitle className="text-base">{item.providerName}</CardTitle>
                <CardDescription>Last successful sync: {formatWhen(item.lastSuccessfulSync)}</CardDescription>
              </div>
              <Badge variant={healthStatusVariants[item.status]}>{healthStatusLabels[item.status]}</Badge>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-slate-500">Health score</span>
                <span className="text-lg font-semibold tabular-nums">{item.healthScore}</span>
              </div>
              <Progress value={item.healthScore} aria-label={`${item.providerName} health score`} />
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-500">Consecutive failures</dt>
                <dd className="text-right tabular-nums">{item.consecutiveFailures}</dd>
                <dt className="text-slate-500">Failed of last syncs</dt>
                <dd className="text-right tabular-nums">
                  {item.recentFailures} of {item.recentSyncs}
                </dd>
              </dl>
              {item.issues.length > 0 && (
                <ul className="grid gap-2" aria-label="Issues">
                  {item.issues.map((issue) => (
                    <li key={issue.message} className="rounded-md border border-yellow-200 bg-yellow-50 p-2 text-sm">
                      <p className="flex items-start gap-2 font-medium text-slate-800 [overflow-wrap:anywhere]">
                        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-yellow-600" aria-hidden="true" />
                        {issue.message}
                      </p>
                      <p className="mt-1 text-slate-600">Suggested action: {issue.suggestedAction}</p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <HealthHelp />
    </div>
  );
}
