import {
  AlertTriangle,
  CheckCircle2,
  FileText,
  Mail,
  Printer,
  Receipt,
  Send,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useOrganizationTimeZone } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { calendarDay } from '@shared/calendar';
import { FilingPanel } from './filing-panel';
import {
  TAX_1099_PAGE_SIZE,
  type Tax1099Filter,
  copyBUrl,
  downloadPdf,
  printUrl,
  useConfirmPrinted,
  useDeliverForms,
  useIssueForms,
  useTax1099Year,
} from './api';
import { PayeeTable } from './payee-table';

/** Last year until the end of March (the forms are due January 31, corrections follow), this year after. */
export function defaultTaxYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) < 4 ? year - 1 : year;
}

const FILTERS: { value: Tax1099Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'needs_form', label: 'Need a 1099' },
  { value: 'problems', label: 'Problems' },
];

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

export default function Tax1099Page() {
  const timeZone = useOrganizationTimeZone();
  const thisYear = defaultTaxYear(calendarDay(new Date(), timeZone ?? 'UTC'));
  const [chosenYear, setYear] = useState<number | null>(null);
  const year = chosenYear ?? thisYear;
  const [filter, setFilter] = useState<Tax1099Filter>('all');
  const [offset, setOffset] = useState(0);
  const summary = useTax1099Year({ year, filter, offset });
  const issue = useIssueForms(year);
  const deliver = useDeliverForms(year);
  const confirmPrinted = useConfirmPrinted(year);
  const [printing, setPrinting] = useState(false);

  const years = Array.from({ length: 5 }, (_, i) => String(thisYear + 1 - i));
  const data = summary.data;
  const counts = data?.counts;

  const onIssue = () =>
    issue.mutate(undefined, {
      onSuccess: (result) => {
        const corrected = result.issued.filter((f) => f.corrected).length;
        toast({
          title: result.issued.length
            ? `${result.issued.length} form${result.issued.length === 1 ? '' : 's'} issued`
            : 'No new forms to issue',
          description: [
            corrected ? `${corrected} corrected.` : '',
            result.unchanged ? `${result.unchanged} already issued and unchanged.` : '',
            result.refused.length
              ? `Left out until fixed: ${result.refused.map((r) => r.name).join(', ')}.`
              : '',
          ]
            .filter(Boolean)
            .join(' '),
        });
      },
      onError: failed('Could not issue the forms'),
    });

  const onDeliver = () =>
    deliver.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: `${result.emailed} Copy B emailed`,
          description: [
            result.forPrint ? `${result.forPrint} to print and post (no consent to email).` : '',
            result.failed.length
              ? `${result.failed.length} could not be mailed; try again later.`
              : '',
            result.alreadyDelivered ? `${result.alreadyDelivered} delivered before.` : '',
          ]
            .filter(Boolean)
            .join(' '),
        }),
      onError: failed('Could not deliver Copy B'),
    });

  const onPrint = async () => {
    setPrinting(true);
    try {
      await downloadPdf(printUrl(year), `1099-${year}-copy-B-to-print.pdf`);
      if (window.confirm('Did the Copy B forms print? Mark them delivered by mail.')) {
        confirmPrinted.mutate(undefined, {
          onSuccess: (result) => toast({ title: `${result.printed} Copy B marked printed` }),
          onError: failed('Could not mark the forms printed'),
        });
      }
    } catch (error) {
      failed('Nothing to print')(error as Error);
    } finally {
      setPrinting(false);
    }
  };

  const results = (
    <>
      {summary.isLoading ? (
        <Skeleton className="h-64" />
      ) : summary.isError ? (
        <EmptyState title="Could not load the 1099 year" description={summary.error.message} />
      ) : data && data.total === 0 ? (
        <EmptyState
          icon={Receipt}
          title={filter === 'all' ? `No vendor payments in ${year}` : 'No vendors in this view'}
        />
      ) : data ? (
        <>
          <PayeeTable
            rows={data.rows}
            onDownload={(row) =>
              void downloadPdf(
                copyBUrl(row.vendorId, year),
                `1099-${year}-${row.name}-copy-B.pdf`,
              ).catch(failed('Could not download Copy B'))
            }
          />
          <Pager
            offset={offset}
            limit={TAX_1099_PAGE_SIZE}
            total={data.total}
            onOffsetChange={setOffset}
          />
        </>
      ) : null}
    </>
  );

  return (
    <PageLayout
      title="1099s"
      subtitle="Vendors paid in the tax year, their 1099-NEC and 1099-MISC, and delivery of Copy B"
      actions={
        <>
          <FilterSelect
            label="Tax year"
            className="w-40"
            value={String(year)}
            options={years.map((y) => ({ value: y, label: `Tax year ${y}` }))}
            onValueChange={(value) => {
              setYear(Number(value));
              setOffset(0);
            }}
          />
          <Button onClick={onIssue} disabled={issue.isPending || !counts?.ready}>
            <FileText aria-hidden="true" />
            Issue forms
          </Button>
          <Button variant="outline" onClick={onDeliver} disabled={deliver.isPending}>
            <Send aria-hidden="true" />
            Deliver Copy B
          </Button>
          <Button variant="outline" onClick={() => void onPrint()} disabled={printing}>
            <Printer aria-hidden="true" />
            Print Copy B
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <StatCard
          label="Vendors paid"
          value={String(counts?.vendorsPaid ?? 0)}
          icon={Users}
          iconTone="bg-slate-100 text-slate-700"
          loading={summary.isLoading}
        />
        <StatCard
          label="Need a 1099"
          value={String(counts?.needForm ?? 0)}
          icon={Receipt}
          iconTone="bg-blue-100 text-blue-700"
          loading={summary.isLoading}
          hint={data?.thresholdNote}
        />
        <StatCard
          label="Ready"
          value={String(counts?.ready ?? 0)}
          icon={CheckCircle2}
          iconTone="bg-green-100 text-green-700"
          loading={summary.isLoading}
        />
        <StatCard
          label="Need attention"
          value={String(counts?.needsAttention ?? 0)}
          icon={AlertTriangle}
          iconTone="bg-yellow-100 text-yellow-800"
          loading={summary.isLoading}
        />
        <StatCard
          label="Missing W-9"
          value={String(counts?.missingW9 ?? 0)}
          icon={Mail}
          iconTone="bg-red-100 text-red-700"
          loading={summary.isLoading}
        />
      </div>
      {data && (
        <p className="mt-3 text-sm text-slate-500" data-testid="threshold-note">
          {data.thresholdNote}
        </p>
      )}

      <Tabs
        className="mt-4"
        value={filter}
        onValueChange={(value) => {
          setFilter(value as Tax1099Filter);
          setOffset(0);
        }}
      >
        <TabsList>
          {FILTERS.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map((f) => (
          <TabsContent key={f.value} value={f.value} className="mt-4">
            {f.value === filter && results}
          </TabsContent>
        ))}
      </Tabs>

      {/* Filing files (IRIS CSV, Publication 1220): the filing panel. */}
      <FilingPanel year={year} />
    </PageLayout>
  );
}
