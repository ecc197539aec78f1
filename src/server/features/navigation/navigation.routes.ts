import { z } from 'zod';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { countPendingApprovalsFor } from '../approvals/approvals.queries';
import { countUnpaidBills } from '../bills/bills.queries';
import { countActiveCustomers } from '../customers/customers.queries';
import { countOpenInvoices } from '../invoices/invoices.queries';
import { countClientsInOnboarding } from '../practice/portfolio.queries';

const navigationCounts = z.object({
  customers: z.number().int(),
  openInvoices: z.number().int(),
  unpaidBills: z.number().int(),
  pendingApprovals: z.number().int(),
  /** Firm members: the clients they may see that are still in onboarding (My Practice); 0 for everyone else. */
  clientsInOnboarding: z.number().int(),
});

/** The sidebar badges and the header bell: live counts of the organization's data. */
export async function navigationRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/navigation/counts',
    { schema: { tags: ['platform'], summary: 'Counts for the sidebar badges', response: { 200: navigationCounts } } },
    async (request) => {
      const { organizationId, userId, firmId, homeRole } = requireAuth(request);
      const [customers, openInvoices, unpaidBills, pendingApprovals, clientsInOnboarding] = await Promise.all([
        countActiveCustomers(deps.db, organizationId),
        countOpenInvoices(deps.db, organizationId),
        countUnpaidBills(deps.db, organizationId),
        countPendingApprovalsFor(deps.db, organizationId, userId),
        firmId ? countClientsInOnboarding(deps.db, { firmId, userId, role: homeRole }) : 0,
      ]);
      return { customers, openInvoices, unpaidBills, pendingApprovals, clientsInOnboarding };
    },
  );
}
