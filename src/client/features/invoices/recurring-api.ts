import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import type { RecurringInvoice, RecurringInvoiceInput } from '@shared/contracts/recurring-invoices';
import { toDecimal } from '@shared/money';

export const RECURRING_URL = '/api/recurring-invoices';
export const RECURRING_PAGE_SIZE = 20;

export function useRecurringInvoices(offset: number) {
  const query = { offset, limit: RECURRING_PAGE_SIZE };
  return useQuery({
    queryKey: [RECURRING_URL, query],
    queryFn: () => apiList<RecurringInvoice>(RECURRING_URL, query),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateSchedules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [RECURRING_URL] });
}

/** The contract's output is in cents; the API takes decimal strings. */
function toRequest(input: RecurringInvoiceInput) {
  return {
    ...input,
    taxAmount: toDecimal(input.taxAmount),
    discountAmount: toDecimal(input.discountAmount),
    items: input.items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: toDecimal(item.unitPrice) })),
  };
}

export function useSaveRecurringInvoice() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: RecurringInvoiceInput }) =>
      id
        ? apiRequest<RecurringInvoice>('PUT', `${RECURRING_URL}/${id}`, toRequest(input))
        : apiRequest<RecurringInvoice>('POST', RECURRING_URL, toRequest(input)),
    onSuccess: invalidate,
  });
}

/** Pause or resume: a partial update naming only the status. */
export function useSetRecurringStatus() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) => apiRequest<RecurringInvoice>('PUT', `${RECURRING_URL}/${id}`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteRecurringInvoice() {
  const invalidate = useInvalidateSchedules();
  return useMutation({ mutationFn: (id: string) => apiRequest('DELETE', `${RECURRING_URL}/${id}`), onSuccess: invalidate });
}
