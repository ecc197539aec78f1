import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, withParams } from '@/lib/api';
import type { LateFee, LateFeePolicy, LateFeePolicyInput } from '@shared/contracts/late-fees';
import type { SendStatementsResult, Statement } from '@shared/contracts/statements';

export const statementUrl = (customerId: string) => `/api/customers/${customerId}/statement`;

export function statementPdfUrl(customerId: string, from: string, to: string): string {
  return withParams(statementUrl(customerId), { from, to, format: 'pdf' });
}

export function useStatement(customerId: string, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: [statementUrl(customerId), { from, to }],
    queryFn: () => apiRequest<Statement>('GET', withParams(statementUrl(customerId), { from, to })),
    enabled: enabled && Boolean(from && to) && from <= to,
    placeholderData: keepPreviousData,
  });
}

export function useSendStatements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { statementDate: string; from?: string; customerIds?: string[] }) =>
      apiRequest<SendStatementsResult>('POST', '/api/statements/send', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/audit-log'] }),
  });
}

export const LATE_FEES_URL = '/api/settings/late-fees';

export function useLateFeePolicy() {
  return useQuery({ queryKey: [LATE_FEES_URL], queryFn: () => apiRequest<LateFeePolicy>('GET', LATE_FEES_URL) });
}

export function useSaveLateFeePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LateFeePolicyInput) => apiRequest<LateFeePolicy>('PUT', LATE_FEES_URL, input),
    onSuccess: (policy) => queryClient.setQueryData([LATE_FEES_URL], policy),
  });
}

export const invoiceLateFeesUrl = (invoiceId: string) => `/api/invoices/${invoiceId}/late-fees`;

export function useInvoiceLateFees(invoiceId: string) {
  return useQuery({ queryKey: [invoiceLateFeesUrl(invoiceId)], queryFn: () => apiRequest<LateFee[]>('GET', invoiceLateFeesUrl(invoiceId)) });
}

export function useReverseLateFee(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<LateFee>('POST', `/api/late-fees/${id}/reverse`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [invoiceLateFeesUrl(invoiceId)] }),
        queryClient.invalidateQueries({ queryKey: ['/api/invoices'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/customers'] }),
      ]),
  });
}
