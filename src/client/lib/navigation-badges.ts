import type { NavigationCounts } from './navigation-counts';

/** What each sidebar badge counts, one and many ("1 client in onboarding", "3 clients in onboarding"). */
const badgeTitles: Record<keyof NavigationCounts, [string, string]> = {
  customers: ['active client', 'active clients'],
  openInvoices: ['open invoice', 'open invoices'],
  unpaidBills: ['bill to pay', 'bills to pay'],
  pendingApprovals: ['pending approval', 'pending approvals'],
  // glossary.activeOnboarding: the practice dashboard's Active Onboarding.
  clientsInOnboarding: ['client in onboarding', 'clients in onboarding'],
};

/** A badge's label and tooltip: the count and what it counts. */
export const badgeTitle = (badge: keyof NavigationCounts, count: number) => `${count} ${badgeTitles[badge][count === 1 ? 0 : 1]}`;
