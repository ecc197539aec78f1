import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { CreditNote, CreditNoteDetail } from '@shared/contracts/credits';
import type { Invoice } from '@shared/contracts/invoices';

export const CREDIT_NOTES_URL = '/api/credit-notes';
export const CREDIT_NOTES_PAGE_SIZE = 20;

export function useCreditNotes(params: { status: 'open' | 'closed' | 'void' | 'all'; customerId?: string | undefined; offset: number }) {
  const query = { status: params.status === 'all' ? undefined : params.status, customerId: params.customerId, offset: params.offset, limit: CREDIT_NOTES_PAGE_SIZE };
  return useQuery({
    queryKey: [CREDIT_NOTES_URL, query],
    queryFn: () => apiList<CreditNote>(CREDIT_NOTES_URL, query),
    placeholderData: keepPreviousData,
  });
}

/** The customer's open invoices (sent and overdue), for the Apply dialog. */
export function useOpenInvoicesOf(customerId: string | null) {
  const query = { customerId: customerId ?? undefined, limit: 200 };
  return useQuery({
    queryKey: ['/api/invoices', query, 'open-of-customer'],
    queryFn: async () => (await apiList<Invoice>('/api/invoices', query)).items.filter((invoice) => invoice.status === 'sent' || invoice.status === 'overdue'),
    enabled: customerId !== null,
    staleTime: 0,
  });
}

/** A credit changes invoices, payments, the dashboard, customers' balances and the credit lists. */
function useInvalidateCredits() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        predicate: (query) => {
          const key = query.queryKey[0];
          return (
            typeof key === 'string' &&
            ['/api/credit-notes', '/api/invoices', '/api/dashboard', '/api/payments', '/api/customers'].some((prefix) => key.startsWith(prefix))
          );
        },
      }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

export interface CreateCreditNoteRequest {
  whole?: boolean;
  items?: { invoiceItemId: string; quantity: string }[];
  amount?: string;
  reason?: string | null;
  applyToInvoice: boolean;
}

export function useCreateCreditNote() {
  const invalidate = useInvalidateCredits();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: CreateCreditNoteRequest }) =>
      apiRequest<CreditNoteDetail>('POST', `/api/invoices/${invoiceId}/credit-notes`, body),
    onSuccess: invalidate,
  });
}

export function useApplyCredit() {
  const invalidate = useInvalidateCredits();
  return useMutation({
    mutationFn: ({ id, allocations }: { id: string; allocations: { invoiceId: string; amount: string }[] }) =>
      apiRequest<CreditNoteDetail>('POST', `${CREDIT_NOTES_URL}/${id}/apply`, { allocations }),
    onSuccess: invalidate,
  });
}

export function useRefundCredit() {
  const invalidate = useInvalidateCredits();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { amount: string; date: string; method: string; reference: string | null } }) =>
      apiRequest<CreditNoteDetail>('POST', `${CREDIT_NOTES_URL}/${id}/refund`, body),
    onSuccess: invalidate,
  });
}

export function useVoidCredit() {
  const invalidate = useInvalidateCredits();
  return useMutation({ mutationFn: (id: string) => apiRequest<CreditNoteDetail>('POST', `${CREDIT_NOTES_URL}/${id}/void`), onSuccess: invalidate });
}

export const creditPdfUrl = (id: string): string => `${CREDIT_NOTES_URL}/${id}/pdf`;
