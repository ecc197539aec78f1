import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, withParams } from '@/lib/api';
import type { Practice1099List, PracticeW9RequestsResult } from '@shared/contracts/tax-1099';

export const PRACTICE_1099_URL = '/api/practice/1099';
export const PRACTICE_1099_PAGE_SIZE = 25;

/** The tax year the page opens on: last year until the end of March (the filing season), then this year. */
export function defaultTaxYear(today = new Date()): number {
  return today.getMonth() < 3 ? today.getFullYear() - 1 : today.getFullYear();
}

export function usePractice1099(year: number, offset: number) {
  const query = { year, limit: PRACTICE_1099_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [PRACTICE_1099_URL, query],
    queryFn: () => apiRequest<Practice1099List>('GET', withParams(PRACTICE_1099_URL, query)),
    placeholderData: keepPreviousData,
  });
}

/** Sends every missing W-9 request in every client the member may act in, for the year. */
export function useSendPracticeW9Requests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; includePayment: boolean }) => apiRequest<PracticeW9RequestsResult>('POST', `${PRACTICE_1099_URL}/w9-requests`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PRACTICE_1099_URL] }),
  });
}
