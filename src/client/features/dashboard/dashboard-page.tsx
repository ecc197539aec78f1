import { FilePlus, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { AutomationInsights } from './automation-insights';
import { CashFlowChart } from './cash-flow-chart';
import { QuickActions } from './quick-actions';
import { RecentInvoices } from './recent-invoices';
import { StatCards } from './stat-cards';
import { UpcomingPayments } from './upcoming-payments';

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
          <CashFlowChart />
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
