import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type {
  ApprovalRequest,
  ApprovalStats,
  ApprovalWorkflow,
  ApprovalWorkflowInput,
  BatchApproveResult,
  EligibleApprover,
} from '@shared/contracts/approvals';

export const PENDING_URL = '/api/approvals/pending';
export const STATS_URL = '/api/approvals/stats';
export const WORKFLOWS_URL = '/api/approval-workflows';
const PAGE = { limit: 200 };

export function usePendingRequests() {
  return useQuery({ queryKey: [PENDING_URL, PAGE], queryFn: () => apiList<ApprovalRequest>(PENDING_URL, PAGE) });
}

export function useApprovalStats() {
  return useQuery<ApprovalStats>({ queryKey: [STATS_URL] });
}

/** Approve, reject and batch approve change the list, the tiles, the bills and the sidebar badge. */
function useInvalidateApprovals() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/approvals') }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/bills') }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

export function useDecision() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: ({ requestId, action, comments }: { requestId: string; action: 'approve' | 'reject'; comments: string }) =>
      apiRequest('POST', `/api/approvals/${requestId}/${action}`, { comments }),
    onSuccess: invalidate,
  });
}

export function useBatchApprove() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: (body: { requestIds: string[]; comments: string }) => apiRequest<BatchApproveResult>('POST', '/api/approvals/batch-approve', body),
    onSuccess: invalidate,
  });
}

export function useWorkflows(enabled: boolean) {
  return useQuery<ApprovalWorkflow[]>({ queryKey: [WORKFLOWS_URL], enabled });
}

export function useEligibleApprovers(enabled: boolean) {
  return useQuery<EligibleApprover[]>({ queryKey: [`${WORKFLOWS_URL}/approvers`], enabled });
}

export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: ApprovalWorkflowInput }) =>
      id ? apiRequest<ApprovalWorkflow>('PUT', `${WORKFLOWS_URL}/${id}`, input) : apiRequest<ApprovalWorkflow>('POST', WORKFLOWS_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [WORKFLOWS_URL] }),
  });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${WORKFLOWS_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [WORKFLOWS_URL] }),
  });
}
