import { FileBarChart } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { REPORTS_PAGE_SIZE, downloadUrl, startDownload, useRecentReports } from './api';
import { DownloadMenu } from './download-menu';
import { periodText, statusVariant } from './report-format';

/** Recent Reports: the organization's stored reports, newest first, with their status. */
export function RecentReports({ onOpen }: { onOpen: (id: string) => void }) {
  const [offset, setOffset] = useState(0);
  const reports = useRecentReports(offset);
  const page = reports.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Recent Reports</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {reports.isLoading ? (
          <div className="space-y-2">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-14" />
            ))}
          </div>
        ) : reports.isError ? (
          <EmptyState title="Could not load reports" description={reports.error.message} />
        ) : !page || page.total === 0 ? (
          <EmptyState icon={FileBarChart} title="No reports yet" description="Generate a report above; it is kept here to open and download again." />
        ) : (
          <>
            <ul className="divide-y" aria-label="Recent reports">
              {page.items.map((report) => (
                <li key={report.id} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                    <p className="font-medium text-slate-900">{report.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {periodText(report)} · generated {new Date(report.createdAt).toLocaleString()}
                      {report.generatedBy && ` by ${report.generatedBy}`}
                    </p>
                  </div>
                  {Object.keys(report.filters).length > 0 && <Badge variant="info">Filtered</Badge>}
                  <Badge variant={statusVariant[report.status]} className="capitalize">
                    {report.status}
                  </Badge>
                  <Button variant="outline" size="sm" onClick={() => onOpen(report.id)} aria-label={`Open ${report.name} of ${periodText(report)}`}>
                    Open
                  </Button>
                  <DownloadMenu
                    label={`Download ${report.name} of ${periodText(report)}`}
                    disabled={report.status !== 'ready'}
                    onChoose={(format) => startDownload(downloadUrl(report.id, format))}
                  />
                </li>
              ))}
            </ul>
            {page.total > REPORTS_PAGE_SIZE && <Pager total={page.total} limit={REPORTS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
