import { FilePlus, Receipt } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AutomationInsights } from './automation-insights';
import { QuickActions } from './quick-actions';
import { RecentInvoices } from './recent-invoices';
import { StatCards } from './stat-cards';
import { UpcomingPayments } from './upcoming-payments';

// The chart library (recharts, about 100 KB gzip) loads after the page has rendered, not before it.
const CashFlowChart = lazy(async () => ({ default: (await import('./cash-flow-chart')).CashFlowChart }));

/** The chart's card while its code loads: the same size, so nothing moves when it arrives. */
function CashFlowPlaceholder() {
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex flex-row items-center justify-between gap-4">
        <CardTitle asChild>
          <h2>Cash Flow Overview</h2>
        </CardTitle>
        <Skeleton className="h-8 w-36" />
      </CardHeader>
      <CardContent>
        <Skeleton className="h-72 w-full" />
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  return (
    <PageLayout
      title="Dashboard"
      subtitle="Welcome back! Here's your business overview."
      actions={
        <>
          <Button asChild>
            <Link to="/invoices">
              <FilePlus aria-hidden="true" />
              Create Invoice
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/bills">
              <Receipt aria-hidden="true" />
              Pay Bills
            </Link>
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-6">
        <StatCards />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <Suspense fallback={<CashFlowPlaceholder />}>
            <CashFlowChart />
          </Suspense>
          <QuickActions />
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <RecentInvoices />
          <UpcomingPayments />
          <AutomationInsights />
        </div>
      </div>
    </PageLayout>
  );
}
