import { Download, SlidersHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  type ReportCategory,
  type ReportFilters,
  type ReportPeriod,
  defaultReportPeriod,
  exportAllQuery,
  reportCatalogue,
  reportPeriodLabels,
  reportPeriods,
  reportTypes,
} from '@shared/contracts/reports';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCurrentUser, useOrganizationTimeZone } from '@/lib/auth';
import { addDaysToDay, dateInputValue } from '@/lib/dates';
import { exportAllUrl } from './api';
import { MoreFiltersDialog } from './more-filters-dialog';
import { type PeriodChoice, ReportCard } from './report-card';
import { ReportViewDialog } from './report-view-dialog';
import { RecentReports } from './recent-reports';

type TypeFilter = 'all' | ReportCategory;
const typeFilterLabels: Record<TypeFilter, string> = { all: 'All Reports', financial: 'Financial', operational: 'Operational', client: 'Client', vendor: 'Vendor' };

/** Reports & Analytics (spec 2.13): six reports for a period, generated, kept and downloadable. */
export default function ReportsPage() {
  const timeZone = useOrganizationTimeZone();
  // Viewers open and download reports; generating one stores it, a write they may not make.
  const viewer = useCurrentUser().data?.role === 'viewer';
  const today = dateInputValue(new Date(), timeZone);
  const [typeFilter, setTypeFilter] = useState<TypeFilter>('all');
  const [period, setPeriod] = useState<ReportPeriod>(defaultReportPeriod);
  const [from, setFrom] = useState(() => addDaysToDay(today, -29));
  const [to, setTo] = useState(today);
  const [filters, setFilters] = useState<ReportFilters>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [openReport, setOpenReport] = useState<string | null>(null);

  const choice: PeriodChoice = period === 'custom' ? { period, from, to } : { period };
  // The same rule the server applies: both days, in order, at most five years.
  const periodErrors = useMemo(() => {
    if (period !== 'custom') return {};
    const parsed = exportAllQuery.safeParse({ period, from, to });
    if (parsed.success) return {};
    return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as { from?: string; to?: string };
  }, [period, from, to]);
  const invalid = Boolean(periodErrors.from || periodErrors.to);
  const visible = reportTypes.filter((type) => typeFilter === 'all' || reportCatalogue[type].category === typeFilter);
  const filterCount = Object.values(filters).filter(Boolean).length;

  return (
    <PageLayout
      title="Reports & Analytics"
      subtitle="Generate insights and track performance"
      actions={
        <>
          <Button variant="outline" onClick={() => setFiltersOpen(true)}>
            <SlidersHorizontal aria-hidden="true" />
            More Filters{filterCount > 0 ? ` (${filterCount})` : ''}
          </Button>
          {invalid ? (
            <Button disabled>
              <Download aria-hidden="true" />
              Export All Reports
            </Button>
          ) : (
            <Button asChild>
              <a href={exportAllUrl(choice)} download>
                <Download aria-hidden="true" />
                Export All Reports
              </a>
            </Button>
          )}
        </>
      }
    >
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <Field label="Report type" className="w-44">
          {(control) => (
            <Select value={typeFilter} onValueChange={(value) => setTypeFilter(value as TypeFilter)}>
              <SelectTrigger {...control} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(typeFilterLabels) as TypeFilter[]).map((value) => (
                  <SelectItem key={value} value={value}>
                    {typeFilterLabels[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field label="Period" className="w-44">
          {(control) => (
            <Select value={period} onValueChange={(value) => setPeriod(value as ReportPeriod)}>
              <SelectTrigger {...control} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {reportPeriods.map((value) => (
                  <SelectItem key={value} value={value}>
                    {reportPeriodLabels[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        {period === 'custom' && (
          <>
            <Field label="From" error={periodErrors.from} className="w-44">
              <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
            </Field>
            <Field label="To" error={periodErrors.to} className="w-44">
              <Input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
            </Field>
          </>
        )}
      </div>

      <section aria-label="Reports" className="mb-6 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {visible.map((type) => (
          <ReportCard key={type} type={type} period={choice} filters={filters} disabled={invalid || viewer} />
        ))}
      </section>

      <RecentReports onOpen={setOpenReport} />

      <MoreFiltersDialog
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        filters={filters}
        onApply={(next) => {
          setFilters(next);
          setFiltersOpen(false);
        }}
      />
      <ReportViewDialog reportId={openReport} onOpenChange={(open) => !open && setOpenReport(null)} />
    </PageLayout>
  );
}
