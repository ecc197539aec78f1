import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest, withParams } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import type {
  Tax1099DeliverResult,
  Tax1099IssueResult,
  Tax1099PrintConfirmResult,
  Tax1099YearSummary,
  W9BulkResult,
} from '@shared/contracts/tax-1099';

export const TAX_1099_URL = '/api/tax/1099';
export const TAX_1099_PAGE_SIZE = 50;
export type Tax1099Filter = 'all' | 'needs_form' | 'problems';

export function useTax1099Year(params: { year: number; filter: Tax1099Filter; offset: number }) {
  const query = { year: params.year, filter: params.filter, offset: params.offset, limit: TAX_1099_PAGE_SIZE };
  return useQuery({
    queryKey: [TAX_1099_URL, query],
    queryFn: () => apiRequest<Tax1099YearSummary>('GET', withParams(TAX_1099_URL, query)),
    placeholderData: keepPreviousData,
  });
}

function useYearMutation<T, V = void>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [TAX_1099_URL] }) });
}

export const useIssueForms = (year: number) =>
  useYearMutation((vendorIds: string[] | undefined) => apiRequest<Tax1099IssueResult>('POST', withParams(`${TAX_1099_URL}/issue`, { year }), vendorIds ? { vendorIds } : {}));

export const useDeliverForms = (year: number) =>
  useYearMutation(() => apiRequest<Tax1099DeliverResult>('POST', withParams(`${TAX_1099_URL}/deliver`, { year }), {}));

export const useConfirmPrinted = (year: number) =>
  useYearMutation(() => apiRequest<Tax1099PrintConfirmResult>('POST', withParams(`${TAX_1099_URL}/print/confirm`, { year })));

/** POST /api/vendors/{id}/w9-requests (the W-9 request feature's route). */
export const useRequestW9 = () =>
  useYearMutation((vendorId: string) => apiRequest<unknown>('POST', `/api/vendors/${vendorId}/w9-requests`, { includePayment: false }));

/** POST /api/vendors/w9-requests: every chosen vendor missing a W-9. */
export const useRequestW9s = () => useYearMutation((vendorIds: string[]) => apiRequest<W9BulkResult>('POST', '/api/vendors/w9-requests', { vendorIds }));

/** Fetches a PDF through the API client (workspace header, error messages) and saves it. */
export async function downloadPdf(url: string, fileName: string): Promise<void> {
  await saveDownload(await apiFetch('GET', url), fileName);
}

export const copyBUrl = (vendorId: string, year: number) => withParams(`${TAX_1099_URL}/${vendorId}/form`, { year, copy: 'B' });
export const printUrl = (year: number) => withParams(`${TAX_1099_URL}/print`, { year });
