import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { Vendor, VendorInput } from '@shared/contracts/vendors';

export const VENDORS_URL = '/api/vendors';
export const VENDORS_PAGE_SIZE = 24;

export function useVendors(params: { search: string; offset: number }) {
  const query = { search: params.search, offset: params.offset, limit: VENDORS_PAGE_SIZE };
  return useQuery({
    queryKey: [VENDORS_URL, query],
    queryFn: () => apiList<Vendor>(VENDORS_URL, query),
    placeholderData: keepPreviousData,
  });
}

/** Active vendors for pickers (bill form, approval rules). */
export function useActiveVendors() {
  const query = { includeInactive: false, limit: 200 };
  return useQuery({ queryKey: [VENDORS_URL, query], queryFn: () => apiList<Vendor>(VENDORS_URL, query) });
}

export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: VendorInput }) =>
      id ? apiRequest<Vendor>('PUT', `${VENDORS_URL}/${id}`, input) : apiRequest<Vendor>('POST', VENDORS_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VENDORS_URL] }),
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${VENDORS_URL}/${id}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [VENDORS_URL] }), queryClient.invalidateQueries({ queryKey: navigationCountsKey })]),
  });
}
