import { ChevronDown, Download, Eye, Layers, Mail, MoreHorizontal, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Progress } from '@/components/ui/progress';
import { SearchInput } from '@/components/ui/search-input';
import { FilterSelect } from '@/components/ui/filter-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import type { PracticeClient } from '@shared/contracts/practice';
import { PORTFOLIO_PAGE_SIZE, type PortfolioFilter, exportUrl, usePortfolio } from './portfolio-api';
import { isServiceLevel, onboardingStatusLabels, onboardingStatusVariants, serviceLevelLabels, serviceLevelVariants } from './portfolio-labels';
import { SendMessageDialog } from './send-message-dialog';
import { ServiceLevelDialog } from './service-level-dialog';

const filterOptions: { value: PortfolioFilter; label: string }[] = [
  { value: 'all', label: 'All Clients' },
  { value: 'onboarding', label: 'Onboarding' },
  { value: 'completed', label: 'Completed' },
  { value: 'active', label: 'Active' },
];

/** Spec 2.5's Client Portfolio: search, filter, selectable rows with a menu each, bulk actions, pages. */
export function ClientPortfolio({ canWrite }: { canWrite: boolean }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<PortfolioFilter>('all');
  const [offset, setOffset] = useState(0);
  // Kept across pages and searches: the rows themselves, so dialogs can name them.
  const [selected, setSelected] = useState<ReadonlyMap<string, PracticeClient>>(new Map());
  const [editing, setEditing] = useState<PracticeClient[] | null>(null);
  const [messaging, setMessaging] = useState<PracticeClient[] | null>(null);
  const portfolio = usePortfolio({ search, filter, offset });
  const page = portfolio.data;
  const rows = page?.items ?? [];

  const toggle = (rowsToToggle: readonly PracticeClient[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rowsToToggle) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someOnPage = rows.some((row) => selected.has(row.id));
  const selection = [...selected.values()];
  const clearSelection = () => setSelected(new Map());

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 space-y-0 md:flex-row md:items-center md:justify-between">
        <CardTitle className="text-base">Client Portfolio</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <SearchInput
            className="md:w-64"
            label="Search clients"
            placeholder="Search by name or email"
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setOffset(0);
            }}
          />
          <FilterSelect
            label="Filter clients"
            value={filter}
            options={filterOptions}
            onValueChange={(value) => {
              setFilter(value);
              setOffset(0);
            }}
          />
          {selection.length > 0 && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <Layers aria-hidden="true" />
                  Bulk Actions ({selection.length})
                  <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent className="w-56">
                {canWrite && (
                  <>
                    <DropdownMenuItem onSelect={() => setEditing(selection)}>
                      <Layers aria-hidden="true" />
                      Change Service Level
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setMessaging(selection)}>
                      <Mail aria-hidden="true" />
                      Send Message
                    </DropdownMenuItem>
                  </>
                )}
                <DropdownMenuItem asChild>
                  <a href={exportUrl(selection.map((row) => row.id))} download>
                    <Download aria-hidden="true" />
                    Export Selection (CSV)
                  </a>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={clearSelection}>Clear Selection</DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {portfolio.isLoading ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading clients">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : portfolio.isError ? (
          <EmptyState title="Could not load clients" description={portfolio.error.message} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={search || filter !== 'all' ? Search : Users}
            title="No clients found"
            description={
              search || filter !== 'all'
                ? 'No client matches this search and filter. Try another name or email, or All Clients.'
                : 'Add your first client with Add New Client, or start a client onboarding.'
            }
          />
        ) : (
          <>
            <div className="flex items-center gap-3 border-b pb-2 text-xs font-medium text-slate-500">
              <Checkbox
                checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                onCheckedChange={(value) => toggle(rows, value === true)}
                aria-label="Select all clients on this page"
              />
              <span>{selection.length > 0 ? `${selection.length} selected` : 'Select all'}</span>
            </div>
            <ul className="divide-y" aria-label="Clients">
              {rows.map((client) => (
                <PortfolioRow
                  key={client.id}
                  client={client}
                  selected={selected.has(client.id)}
                  onSelectedChange={(on) => toggle([client], on)}
                  canWrite={canWrite}
                  onEditServiceLevel={() => setEditing([client])}
                  onSendMessage={() => setMessaging([client])}
                />
              ))}
            </ul>
            {page && page.total > PORTFOLIO_PAGE_SIZE && <Pager total={page.total} limit={PORTFOLIO_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />}
          </>
        )}
      </CardContent>
      <ServiceLevelDialog clients={editing} onOpenChange={(open) => !open && setEditing(null)} onDone={clearSelection} />
      <SendMessageDialog clients={messaging} onOpenChange={(open) => !open && setMessaging(null)} onDone={clearSelection} />
    </Card>
  );
}

function PortfolioRow(props: {
  client: PracticeClient;
  selected: boolean;
  onSelectedChange: (on: boolean) => void;
  canWrite: boolean;
  onEditServiceLevel: () => void;
  onSendMessage: () => void;
}) {
  const { client } = props;
  const { formatAmount } = useMoneyFormat();
  const navigate = useNavigate();
  const level = isServiceLevel(client.serviceLevel) ? client.serviceLevel : null;
  const detailsUrl = `/practice/clients/${client.id}`;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="portfolio-row">
      <Checkbox className="mt-1" checked={props.selected} onCheckedChange={(value) => props.onSelectedChange(value === true)} aria-label={`Select ${client.name}`} />
      <div className="grid min-w-0 flex-1 gap-2 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
        <div className="min-w-0 space-y-1">
          <Link to={detailsUrl} className="block truncate font-medium text-slate-900 hover:underline" title={client.name}>
            {client.name}
          </Link>
          <p className="truncate text-sm text-slate-500" title={client.email}>
            {client.email}
          </p>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant={level ? serviceLevelVariants[level] : 'secondary'}>{level ? serviceLevelLabels[level] : client.serviceLevel}</Badge>
            <Badge variant={onboardingStatusVariants[client.onboardingStatus]}>{onboardingStatusLabels[client.onboardingStatus]}</Badge>
            {!client.isActive && <Badge variant="destructive">Deactivated</Badge>}
          </div>
          {client.onboardingStatus === 'in_progress' && (
            <div className="flex max-w-xs items-center gap-2">
              <Progress value={client.onboardingProgress.completionPercentage} aria-label={`Onboarding progress of ${client.name}`} />
              <span className="text-xs tabular-nums text-slate-500">{client.onboardingProgress.completionPercentage}%</span>
            </div>
          )}
        </div>
        <p className="text-sm font-semibold tabular-nums text-slate-900 md:text-right">
          {formatAmount(client.monthlyFee ?? '0')}
          <span className="font-normal text-slate-500">/month</span>
        </p>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${client.name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-48">
          <DropdownMenuItem onSelect={() => navigate(detailsUrl)}>
            <Eye aria-hidden="true" />
            View Details
          </DropdownMenuItem>
          {props.canWrite && (
            <>
              <DropdownMenuItem onSelect={props.onEditServiceLevel}>
                <Layers aria-hidden="true" />
                Edit Service Level
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={props.onSendMessage}>
                <Mail aria-hidden="true" />
                Send Message
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
