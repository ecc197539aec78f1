import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest, withParams } from '@/lib/api';
import { bankTransactionsKey } from './api';
import type { BankReconciliation, ReconciliationPreview } from '@shared/contracts/bank-reconciliation';

export const reconciliationsUrl = (bankAccountId: string) => `/api/bank-accounts/${bankAccountId}/reconciliations`;
export const RECONCILIATIONS_PAGE_SIZE = 10;

/** What the preview and the reconciliation are asked for: the statement's day and balance (decimal text). */
export interface StatementPoint {
  throughDate: string;
  statementBalance: string;
}

export function useReconciliationPreview(bankAccountId: string, point: StatementPoint | null) {
  const url = `${reconciliationsUrl(bankAccountId)}/preview`;
  return useQuery({
    queryKey: [url, point],
    queryFn: () => apiRequest<ReconciliationPreview>('GET', withParams(url, { ...point })),
    enabled: point !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReconciliations(bankAccountId: string, offset: number) {
  const query = { limit: RECONCILIATIONS_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [reconciliationsUrl(bankAccountId), query],
    queryFn: () => apiList<BankReconciliation>(reconciliationsUrl(bankAccountId), query),
    placeholderData: keepPreviousData,
  });
}

/** Marking a period reconciled changes the history, the preview, the lines' locks and the account's balance. */
export function useReconcilePeriod(bankAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (point: StatementPoint) => apiRequest<BankReconciliation>('POST', reconciliationsUrl(bankAccountId), point),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(reconciliationsUrl(bankAccountId)) }),
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/bank-accounts') }),
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/dashboard') }),
        // The period's matched lines are locked now.
        queryClient.invalidateQueries({ queryKey: [bankTransactionsKey] }),
      ]),
  });
}
