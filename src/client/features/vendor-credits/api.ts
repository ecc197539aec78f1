import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { Bill } from '@shared/contracts/bills';
import type { VendorCredit } from '@shared/contracts/credits';
import { parseMoney } from '@shared/money';

export const VENDOR_CREDITS_URL = '/api/vendor-credits';
export const VENDOR_CREDITS_PAGE_SIZE = 10;

export function useVendorCredits(params: { offset: number; vendorId?: string | undefined }) {
  const query = {
    offset: params.offset,
    limit: VENDOR_CREDITS_PAGE_SIZE,
    vendorId: params.vendorId,
  };
  return useQuery({
    queryKey: [VENDOR_CREDITS_URL, query],
    queryFn: () => apiList<VendorCredit>(VENDOR_CREDITS_URL, query),
    placeholderData: keepPreviousData,
  });
}

/** A vendor's bills that can take credit: not paid, no payment scheduled, not rejected, something left to pay; oldest due first. */
export function useCreditableBills(vendorId: string | null) {
  const query = { vendorId: vendorId ?? undefined, limit: 200 };
  return useQuery({
    queryKey: ['/api/bills', query],
    queryFn: () => apiList<Bill>('/api/bills', query),
    enabled: vendorId !== null,
    select: (page) =>
      page.items
        .filter(
          (bill) =>
            bill.status !== 'paid' &&
            bill.status !== 'scheduled' &&
            bill.approvalStatus !== 'rejected' &&
            (parseMoney(bill.amountDue, { round: true }) ?? 0) > 0,
        )
        .sort(
          (a, b) => a.dueDate.localeCompare(b.dueDate) || a.billNumber.localeCompare(b.billNumber),
        ),
  });
}

export interface VendorCreditPayload {
  vendorId: string;
  creditNumber: string;
  creditDate: string;
  amount: string;
  reason: string | null;
  applications: { billId: string; amount: string }[];
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [VENDOR_CREDITS_URL] }),
      queryClient.invalidateQueries({ queryKey: ['/api/bills'] }),
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/bills/'),
      }),
      queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

export function useRecordVendorCredit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (payload: VendorCreditPayload) =>
      apiRequest<VendorCredit>('POST', VENDOR_CREDITS_URL, payload),
    onSuccess: invalidate,
  });
}

export function useApplyVendorCredit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      applications,
    }: {
      id: string;
      applications: { billId: string; amount: string }[];
    }) => apiRequest<VendorCredit>('POST', `${VENDOR_CREDITS_URL}/${id}/apply`, { applications }),
    onSuccess: invalidate,
  });
}

export function useReverseVendorCreditApplication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (applicationId: string) =>
      apiRequest<VendorCredit>('POST', `/api/vendor-credit-applications/${applicationId}/reverse`),
    onSuccess: invalidate,
  });
}
