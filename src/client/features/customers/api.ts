import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { Customer, CustomerInput } from '@shared/contracts/customers';

export const CUSTOMERS_URL = '/api/customers';
export const CUSTOMERS_PAGE_SIZE = 24;

export function useCustomers(params: { search: string; offset: number }) {
  const query = { search: params.search, offset: params.offset, limit: CUSTOMERS_PAGE_SIZE, includeInactive: true };
  return useQuery({
    queryKey: [CUSTOMERS_URL, query],
    queryFn: () => apiList<Customer>(CUSTOMERS_URL, query),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CUSTOMERS_URL] }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

export function useSaveCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: CustomerInput }) =>
      id ? apiRequest<Customer>('PUT', `${CUSTOMERS_URL}/${id}`, input) : apiRequest<Customer>('POST', CUSTOMERS_URL, input),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${CUSTOMERS_URL}/${id}`),
    onSuccess: invalidate,
  });
}
