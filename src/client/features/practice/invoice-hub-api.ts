import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import type {
  BulkInvoiceResult,
  HubInvoice,
  HubStatusFilter,
  InvoiceOverview,
} from '@shared/contracts/invoice-hub';
import type { Invoice } from '@shared/contracts/invoices';
import type { PracticeClient } from '@shared/contracts/practice';
import { newIdempotencyKey } from './portfolio-api';

export const INVOICE_OVERVIEW_URL = '/api/practice/invoice-overview';
export const HUB_INVOICES_URL = '/api/practice/invoices';
export const HUB_PAGE_SIZE = 10;

export function useInvoiceOverview() {
  return useQuery<InvoiceOverview>({ queryKey: [INVOICE_OVERVIEW_URL] });
}

export function useHubInvoices(params: { status: HubStatusFilter; offset: number }) {
  const query = { ...params, limit: HUB_PAGE_SIZE };
  return useQuery({
    queryKey: [HUB_INVOICES_URL, query],
    queryFn: () => apiList<HubInvoice>(HUB_INVOICES_URL, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * The active clients the member may see, for the client pickers (the firm's plan allows at most a
 * few hundred): a deactivated client or one still onboarding is not invoiced (the server refuses it too).
 */
export function useHubClients(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/practice/clients', { filter: 'active', limit: 200, offset: 0 }],
    queryFn: () =>
      apiList<PracticeClient>('/api/practice/clients', { filter: 'active', limit: 200, offset: 0 }),
    enabled,
  });
}

export const hubPdfUrl = (invoiceId: string) => `${HUB_INVOICES_URL}/${invoiceId}/pdf`;

/** After any invoice change: the hub's figures and lists. */
export function useInvalidateHub() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [INVOICE_OVERVIEW_URL] }),
      queryClient.invalidateQueries({ queryKey: [HUB_INVOICES_URL] }),
      queryClient.invalidateQueries({ queryKey: ['/api/invoices'] }),
    ]);
}

export function useCreateClientInvoice() {
  const invalidate = useInvalidateHub();
  return useMutation({
    mutationFn: ({
      clientId,
      body,
      key,
    }: {
      clientId: string;
      body: { description: string; amount: string; dueDate: string };
      key: string;
    }) =>
      apiRequest<Invoice>('POST', `/api/clients/${clientId}/invoices`, body, {
        'Idempotency-Key': key,
      }),
    onSuccess: () => invalidate(),
  });
}

export type BulkRequest =
  | {
      operation: 'generate';
      items: { clientId: string; description: string; amount: string; dueDate: string }[];
    }
  | { operation: 'send' | 'auto-approve'; items: { invoiceId: string }[] };

/** One bulk run; the key is the run's, kept by the caller so a retry of the same run reuses it. */
export function useBulkInvoices() {
  const invalidate = useInvalidateHub();
  return useMutation({
    mutationFn: ({ request, key }: { request: BulkRequest; key: string }) =>
      apiRequest<BulkInvoiceResult>('POST', `${HUB_INVOICES_URL}/bulk`, request, {
        'Idempotency-Key': key,
      }),
    onSettled: () => invalidate(),
  });
}

/** Runs every recurring schedule due now (features/recurring-invoices). */
export function useGenerateRecurring() {
  const invalidate = useInvalidateHub();
  return useMutation({
    mutationFn: () => apiRequest<{ generated: number }>('POST', `${HUB_INVOICES_URL}/recurring`),
    onSettled: () => invalidate(),
  });
}

export { newIdempotencyKey };
