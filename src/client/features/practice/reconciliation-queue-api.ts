import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api';
import type { PracticeReconciliationRow } from '@shared/contracts/bank-reconciliation';

export const RECONCILIATION_QUEUE_URL = '/api/practice/reconciliation';
export const RECONCILIATION_QUEUE_PAGE_SIZE = 25;

export function useReconciliationQueue(offset: number) {
  const query = { limit: RECONCILIATION_QUEUE_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [RECONCILIATION_QUEUE_URL, query],
    queryFn: () => apiList<PracticeReconciliationRow>(RECONCILIATION_QUEUE_URL, query),
    placeholderData: keepPreviousData,
  });
}
