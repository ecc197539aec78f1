import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { Bill, BillDetail, BillStatus } from '@shared/contracts/bills';
import type { DocumentDto } from '@shared/contracts/documents';

export const BILLS_URL = '/api/bills';
export const BILLS_PAGE_SIZE = 20;

export function useBills(params: { status: BillStatus | undefined; search: string; offset: number }) {
  const query = { status: params.status, search: params.search, offset: params.offset, limit: BILLS_PAGE_SIZE };
  return useQuery({
    queryKey: [BILLS_URL, query],
    queryFn: () => apiList<Bill>(BILLS_URL, query),
    placeholderData: keepPreviousData,
  });
}

export function useBill(id: string | null) {
  return useQuery<BillDetail>({ queryKey: [`${BILLS_URL}/${id ?? ''}`], enabled: id !== null });
}

/** Uploaded bills and receipts a bill can point at as its attachment. */
export function useAttachableDocuments(enabled: boolean) {
  const query = { limit: 100 };
  return useQuery({
    queryKey: ['/api/documents', query],
    queryFn: () => apiList<DocumentDto>('/api/documents', query),
    enabled,
  });
}

/** The form's figures as the API takes them: amounts as decimal strings. */
export interface BillPayload {
  vendorId: string;
  billNumber: string;
  status: BillStatus;
  billDate: string;
  dueDate: string;
  subtotal: string;
  taxAmount: string;
  totalAmount: string;
  notes: string | null;
  attachmentUrl: string | null;
  documentId: string | null;
  scheduledPaymentDate: string | null;
  items: { description: string; quantity: string; unitPrice: string; totalPrice: string }[];
}

function useInvalidateBills() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [BILLS_URL] }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(`${BILLS_URL}/`) }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/approvals') }),
      queryClient.invalidateQueries({ queryKey: ['/api/vendors'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

export function useSaveBill() {
  const invalidate = useInvalidateBills();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string | undefined; payload: BillPayload }) =>
      id ? apiRequest<BillDetail>('PUT', `${BILLS_URL}/${id}`, payload) : apiRequest<BillDetail>('POST', BILLS_URL, payload),
    onSuccess: invalidate,
  });
}

export function useDeleteBill() {
  const invalidate = useInvalidateBills();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${BILLS_URL}/${id}`),
    onSuccess: invalidate,
  });
}
