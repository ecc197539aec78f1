import { useQuery } from '@tanstack/react-query';

export interface NavigationCounts {
  customers: number;
  openInvoices: number;
  unpaidBills: number;
  pendingApprovals: number;
  /** Firm members: their clients in onboarding (glossary.activeOnboarding: started, not completed); 0 for everyone else. */
  clientsInOnboarding: number;
}

export const navigationCountsKey = ['/api/navigation/counts'] as const;

/** Live counts for the sidebar badges and the header bell; undefined while loading or failing. */
export function useNavigationCounts(): NavigationCounts | undefined {
  return useQuery<NavigationCounts>({ queryKey: navigationCountsKey }).data;
}
