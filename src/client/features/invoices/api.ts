import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { Customer } from '@shared/contracts/customers';
import type { Invoice, InvoiceInput, InvoicePayment, InvoiceSettings, InvoiceStatus, RecordPaymentInput } from '@shared/contracts/invoices';
import { toDecimal } from '@shared/money';
import { lineVatRequest } from '@/components/vat-lines';

export const INVOICES_URL = '/api/invoices';
export const INVOICES_PAGE_SIZE = 20;

export function useInvoices(params: { status: InvoiceStatus | 'all'; search: string; offset: number }) {
  const query = {
    status: params.status === 'all' ? undefined : params.status,
    search: params.search,
    offset: params.offset,
    limit: INVOICES_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [INVOICES_URL, query],
    queryFn: () => apiList<Invoice>(INVOICES_URL, query),
    placeholderData: keepPreviousData,
  });
}

/** Active customers for the invoice form's picker. */
export function useCustomerOptions(enabled: boolean) {
  const query = { limit: 200 };
  return useQuery({
    queryKey: ['/api/customers', query],
    queryFn: () => apiList<Customer>('/api/customers', query),
    enabled,
  });
}

/**
 * The organization's invoice numbering and defaults, for a new invoice's form; read afresh each time
 * the form opens, since another user (or tab) may have taken the number meanwhile.
 */
export function useInvoiceSettings(enabled: boolean) {
  return useQuery<InvoiceSettings>({ queryKey: ['/api/invoice-settings'], enabled, staleTime: 0 });
}

/** Everything an invoice change can move: the lists, the dashboard figures, payments, customers' balances, credits, the sidebar counts. */
function useInvalidateReceivables() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        predicate: (query) => {
          const key = query.queryKey[0];
          // Customers' balances and credits too: a payment above the balance becomes credit.
          return typeof key === 'string' && [INVOICES_URL, '/api/dashboard', '/api/payments', '/api/customers', '/api/credit-notes'].some((prefix) => key.startsWith(prefix));
        },
      }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

/** The contract's output is in minor units of the organization's currency; the API takes decimal strings. */
function toRequest(input: InvoiceInput, currency?: string) {
  return {
    ...input,
    subtotal: toDecimal(input.subtotal, currency),
    taxAmount: toDecimal(input.taxAmount, currency),
    discountAmount: toDecimal(input.discountAmount, currency),
    totalAmount: toDecimal(input.totalAmount, currency),
    items: input.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: toDecimal(item.unitPrice, currency),
      totalPrice: toDecimal(item.totalPrice, currency),
      ...lineVatRequest(item),
    })),
  };
}

export function useSaveInvoice() {
  const invalidate = useInvalidateReceivables();
  return useMutation({
    mutationFn: ({ id, input, currency }: { id?: string | undefined; input: InvoiceInput; currency?: string }) =>
      id ? apiRequest<Invoice>('PUT', `${INVOICES_URL}/${id}`, toRequest(input, currency)) : apiRequest<Invoice>('POST', INVOICES_URL, toRequest(input, currency)),
    onSuccess: invalidate,
  });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidateReceivables();
  return useMutation({ mutationFn: (id: string) => apiRequest('DELETE', `${INVOICES_URL}/${id}`), onSuccess: invalidate });
}

export function useSendInvoice() {
  const invalidate = useInvalidateReceivables();
  // Settled, not only success: a refused e-invoice delivery leaves a failed status to show.
  return useMutation({ mutationFn: (id: string) => apiRequest<Invoice>('POST', `${INVOICES_URL}/${id}/send`), onSettled: invalidate });
}

export function useRecordPayment() {
  const invalidate = useInvalidateReceivables();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RecordPaymentInput }) =>
      apiRequest<{ invoice: Invoice; payment: InvoicePayment }>('POST', `${INVOICES_URL}/${id}/payments`, {
        ...input,
        amount: toDecimal(input.amount),
      }),
    onSuccess: invalidate,
  });
}

export const pdfUrl = (id: string): string => `${INVOICES_URL}/${id}/pdf`;
