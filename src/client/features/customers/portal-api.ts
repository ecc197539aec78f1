import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalAccess, PortalAccessInput } from '@shared/contracts/portal';
import { apiRequest } from '@/lib/api';

/** A customer's portal access (issue 31); the workspace is part of the key through the query client's key hash. */
export const portalAccessKey = (customerId: string) => [`/api/customers/${customerId}/portal`] as const;

export function usePortalAccess(customerId: string) {
  return useQuery<PortalAccess>({ queryKey: portalAccessKey(customerId) });
}

export function useUpdatePortalAccess(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PortalAccessInput) => apiRequest<PortalAccess>('PUT', `/api/customers/${customerId}/portal`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(portalAccessKey(customerId), saved);
      // The customer cards show whether the portal is on.
      return queryClient.invalidateQueries({ queryKey: ['/api/customers'] });
    },
  });
}

export function useInvitePortalCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ sentTo: string; expiresAt: string }>('POST', `/api/customers/${customerId}/portal/invite`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessKey(customerId) }),
  });
}
