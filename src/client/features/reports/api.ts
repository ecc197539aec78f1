import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest, withParams } from '@/lib/api';
import type { GenerateReportInput, Report, ReportDownloadFormat, ReportListItem, ReportFigures, ReportFilters, ReportPeriod } from '@shared/contracts/reports';

export const REPORTS_URL = '/api/reports';
export const REPORTS_PAGE_SIZE = 10;

export type ReportWithFigures = Report & { figures: ReportFigures | null };

/** Recent Reports; polls while one is still generating in the job queue. */
export function useRecentReports(offset: number) {
  const query = { limit: REPORTS_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [REPORTS_URL, query],
    queryFn: () => apiList<ReportListItem>(REPORTS_URL, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.items.some((report) => report.status === 'generating') ? 2000 : false),
  });
}

export function useReport(id: string | null) {
  return useQuery<ReportWithFigures>({
    queryKey: [`${REPORTS_URL}/${id ?? ''}`],
    enabled: id !== null,
    refetchInterval: (current) => (current.state.data?.status === 'generating' ? 2000 : false),
  });
}

export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateReportInput) => apiRequest<ReportWithFigures>('POST', `${REPORTS_URL}/generate`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REPORTS_URL] }),
  });
}

export const downloadUrl = (id: string, format: ReportDownloadFormat) => `${REPORTS_URL}/${id}/download?format=${format}`;

export const exportAllUrl = (period: { period: ReportPeriod; from?: string; to?: string }) =>
  withParams(`${REPORTS_URL}/export-all`, period.period === 'custom' ? period : { period: period.period });

/** Starts a file download the way a link would (the session cookie goes with it). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Only the filters the report reads (the server refuses the others). */
export function filtersFor(keys: readonly (keyof ReportFilters)[], filters: ReportFilters): ReportFilters {
  return Object.fromEntries(keys.filter((key) => filters[key]).map((key) => [key, filters[key]])) as ReportFilters;
}
