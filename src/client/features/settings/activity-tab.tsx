import { useQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { type AuditLogEntry, type AuditLogUser, auditActionLabels, auditEntityTypeLabels } from '@shared/contracts/audit-log';
import { formatAuditTime } from '@/components/record-history';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiList, withParams } from '@/lib/api';

const LIMIT = 25;
const AUDIT_LOG_URL = '/api/audit-log';
// Radix Select items cannot have an empty value: "all" stands for no filter.
const ALL = 'all';

interface Filters {
  userId: string;
  action: string;
  entityType: string;
  from: string;
  to: string;
}

const noFilters: Filters = { userId: ALL, action: ALL, entityType: ALL, from: '', to: '' };

/** The filters as query parameters: "all" and empty dates are left out. */
function filterParams(filters: Filters): Record<string, string | undefined> {
  const chosen = (value: string) => (value === ALL || value === '' ? undefined : value);
  return { userId: chosen(filters.userId), action: chosen(filters.action), entityType: chosen(filters.entityType), from: chosen(filters.from), to: chosen(filters.to) };
}

const byLabel = (labels: Readonly<Record<string, string>>) => Object.entries(labels).sort(([, a], [, b]) => a.localeCompare(b));
const actionOptions = byLabel(auditActionLabels);
const entityTypeOptions = byLabel(auditEntityTypeLabels);

function FilterSelect(props: { id: string; label: string; value: string; allLabel: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value} onValueChange={props.onChange}>
        <SelectTrigger id={props.id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{props.allLabel}</SelectItem>
          {props.options.map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function Who({ entry }: { entry: AuditLogEntry }) {
  return entry.user ? <>{entry.user.name}</> : <>System</>;
}

/** Settings > Activity (owners and admins): who did what to which record and when, newest first. */
export function ActivityTab() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [offset, setOffset] = useState(0);
  const params = filterParams(filters);
  const users = useQuery<AuditLogUser[]>({ queryKey: [`${AUDIT_LOG_URL}/users`], gcTime: 0 });
  // Dropped when the tab closes (gcTime 0), so opening it again reads the log as it is now.
  const log = useQuery({
    queryKey: [AUDIT_LOG_URL, { ...params, limit: LIMIT, offset }],
    queryFn: () => apiList<AuditLogEntry>(AUDIT_LOG_URL, { ...params, limit: LIMIT, offset }),
    gcTime: 0,
  });
  const change = (key: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setOffset(0);
  };
  const userOptions: [string, string][] = [['system', 'System'], ...(users.data ?? []).map((user): [string, string] => [user.id, user.name])];
  const filtered = JSON.stringify(filters) !== JSON.stringify(noFilters);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Activity</CardTitle>
          <CardDescription>Every change to money, approvals and access in this workspace, newest first.</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <a href={withParams(`${AUDIT_LOG_URL}/export`, params)} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="group" aria-label="Filters">
          <FilterSelect id="activity-user" label="User" value={filters.userId} allLabel="All users" options={userOptions} onChange={change('userId')} />
          <FilterSelect id="activity-action" label="Action" value={filters.action} allLabel="All actions" options={actionOptions} onChange={change('action')} />
          <FilterSelect id="activity-type" label="Record type" value={filters.entityType} allLabel="All records" options={entityTypeOptions} onChange={change('entityType')} />
          <div className="grid gap-1.5">
            <Label htmlFor="activity-from">From</Label>
            <Input id="activity-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => change('from')(event.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-to">To</Label>
            <Input id="activity-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => change('to')(event.target.value)} />
          </div>
        </div>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => (setFilters(noFilters), setOffset(0))}>
            Clear filters
          </Button>
        )}

        {log.isLoading ? (
          <Skeleton className="h-48 w-full" />
        ) : log.error ? (
          <p className="text-sm text-destructive">{log.error.message}</p>
        ) : !log.data || log.data.total === 0 ? (
          <EmptyState icon={ScrollText} title="No activity found" description={filtered ? 'Try other filters.' : 'Changes to invoices, bills, payments and the team appear here.'} />
        ) : (
          <>
            {/* Phones: one entry per block; wider screens: the table. */}
            <ul className="divide-y sm:hidden" data-testid="activity-list">
              {log.data.items.map((entry) => (
                <li key={entry.id} className="space-y-0.5 py-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {entry.actionLabel} <span className="font-normal text-slate-600">· {entry.entityTypeLabel} {entry.reference ?? entry.entityId}</span>
                  </p>
                  {entry.summary && <p className="break-words text-slate-700">{entry.summary}</p>}
                  <p className="text-xs text-slate-500">
                    <Who entry={entry} /> · <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <Table data-testid="activity-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>When</TableHead>
                    <TableHead>User</TableHead>
                    <TableHead>Action</TableHead>
                    <TableHead>Record</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {log.data.items.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell className="align-top text-slate-600">
                        <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt)}</time>
                      </TableCell>
                      <TableCell className="align-top">
                        {entry.user ? (
                          <>
                            <span className="font-medium">{entry.user.name}</span>
                            <span className="block text-xs text-slate-500">{entry.user.email}</span>
                          </>
                        ) : (
                          <span className="text-slate-600">System</span>
                        )}
                      </TableCell>
                      <TableCell className="align-top whitespace-normal">
                        <span className="font-medium">{entry.actionLabel}</span>
                        {entry.summary && <span className="block text-xs break-words text-slate-600">{entry.summary}</span>}
                      </TableCell>
                      <TableCell className="align-top whitespace-normal">
                        <span className="block text-xs text-slate-500">{entry.entityTypeLabel}</span>
                        <span className="break-all">{entry.reference ?? entry.entityId}</span>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <Pager total={log.data.total} limit={LIMIT} offset={offset} onOffsetChange={setOffset} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
