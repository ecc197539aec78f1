import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type {
  QueueApproval,
  QueueBatchResult,
  QueueDecision,
  QueueKind,
  QueuePayment,
  QueueSort,
  QueueSummary,
} from '@shared/contracts/practice-queue';

export const QUEUE_URL = '/api/practice/queue';
export const QUEUE_SUMMARY_URL = '/api/practice/queue/summary';
export const QUEUE_PAGE_SIZE = 50;

export interface QueueView {
  organizationId: string | undefined;
  sort: QueueSort;
  order: 'asc' | 'desc';
  offset: number;
}

const params = (kind: QueueKind, view: QueueView) => ({ kind, ...view, limit: QUEUE_PAGE_SIZE });

export function useQueueApprovals(view: QueueView, enabled: boolean) {
  return useQuery({
    queryKey: [QUEUE_URL, params('approvals', view)],
    queryFn: () => apiList<QueueApproval>(QUEUE_URL, params('approvals', view)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useQueuePayments(view: QueueView, enabled: boolean) {
  return useQuery({
    queryKey: [QUEUE_URL, params('payments', view)],
    queryFn: () => apiList<QueuePayment>(QUEUE_URL, params('payments', view)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useQueueSummary() {
  return useQuery<QueueSummary>({ queryKey: [QUEUE_SUMMARY_URL] });
}

/** A decision changes the queue, its counts, the Approvals page's lists, the bills and the sidebar badge. */
function useInvalidateQueue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(QUEUE_URL) }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/approvals') }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/bills') }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

export function useQueueDecision() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: ({ approvalId, action, comments }: { approvalId: string; action: 'approve' | 'reject'; comments: string }) =>
      apiRequest<QueueDecision>('POST', `${QUEUE_URL}/${approvalId}/${action}`, { comments }),
    onSuccess: invalidate,
  });
}

export function useQueueBatchApprove() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: (body: { approvalIds: string[]; comments: string }) => apiRequest<QueueBatchResult>('POST', `${QUEUE_URL}/batch-approve`, body),
    onSuccess: invalidate,
  });
}
