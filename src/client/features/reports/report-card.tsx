import { Building2, Clock, DollarSign, Landmark, type LucideIcon, TrendingUp, UserPlus, Users } from 'lucide-react';
import { type ReportDownloadFormat, type ReportFilters, type ReportPeriod, type ReportType, reportCatalogue, reportFilterKeys } from '@shared/contracts/reports';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { type ReportWithFigures, downloadUrl, filtersFor, startDownload, useGenerateReport } from './api';
import { DownloadMenu } from './download-menu';

const icons: Record<ReportType, LucideIcon> = {
  revenue_summary: DollarSign,
  client_profitability: Users,
  invoice_aging: Clock,
  payment_trends: TrendingUp,
  client_onboarding: UserPlus,
  vendor_spending: Building2,
  bank_reconciliation: Landmark,
};

export interface PeriodChoice {
  period: ReportPeriod;
  from?: string;
  to?: string;
}

function announce(report: ReportWithFigures): boolean {
  if (report.status === 'ready') {
    toast({ title: 'Report Generated', description: 'Your report has been generated successfully and is ready for download.' });
    return true;
  }
  if (report.status === 'failed') {
    toast({ title: 'Generation Failed', description: report.error ?? 'Failed to generate report. Please try again.', variant: 'destructive' });
    return false;
  }
  toast({ title: 'Report Generating', description: 'This report is large; it appears in Recent Reports when it is ready.' });
  return false;
}

/** One of the reports: Generate stores it for the chosen period; the download icon generates it and downloads the file. */
export function ReportCard({ type, period, filters, disabled }: { type: ReportType; period: PeriodChoice; filters: ReportFilters; disabled: boolean }) {
  const entry = reportCatalogue[type];
  const Icon = icons[type];
  const generate = useGenerateReport();
  const applied = filtersFor(reportFilterKeys[type], filters);
  const run = (format?: ReportDownloadFormat) =>
    generate.mutate(
      { type, ...period, filters: applied },
      {
        onSuccess: (report) => {
          if (announce(report) && format) startDownload(downloadUrl(report.id, format));
        },
        onError: (error) =>
          toast({
            title: 'Generation Failed',
            description: error instanceof ApiError && error.message ? error.message : 'Failed to generate report. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  const filterCount = Object.keys(applied).length;
  return (
    <Card className="flex flex-col" data-testid={`report-card-${type}`}>
      <CardHeader className="flex flex-row items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-md bg-blue-50">
          <Icon className="size-5 text-blue-600" aria-hidden="true" />
        </div>
        <div className="min-w-0 space-y-1">
          <CardTitle asChild>
            <h3>{entry.name}</h3>
          </CardTitle>
          <CardDescription>{entry.description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="mt-auto flex flex-wrap items-center gap-2">
        <Badge variant="secondary" className="capitalize">
          {entry.category}
        </Badge>
        {filterCount > 0 && <Badge variant="info">{filterCount === 1 ? '1 filter' : `${filterCount} filters`}</Badge>}
        <div className="ml-auto flex items-center gap-2">
          <Button onClick={() => run()} disabled={generate.isPending || disabled} aria-label={`Generate ${entry.name}`}>
            {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
          <DownloadMenu label={`Download ${entry.name}`} disabled={generate.isPending || disabled} onChoose={(format) => run(format)} />
        </div>
      </CardContent>
    </Card>
  );
}
