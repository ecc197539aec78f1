import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest, withParams } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type {
  ClientAccessEntry,
  ClientMessageInput,
  ClientMessageResult,
  GrantableRole,
  OnboardingStats,
  PracticeClientDetails,
} from '@shared/contracts/portfolio';
import type { PracticeClient, ServiceLevel } from '@shared/contracts/practice';
import { type Cents, toDecimal } from '@shared/money';
import type { TeamMember } from '@shared/contracts/team';

export const PRACTICE_CLIENTS_URL = '/api/practice/clients';
export const ONBOARDING_STATS_URL = '/api/onboarding/stats';
export const PORTFOLIO_PAGE_SIZE = 20;

export type PortfolioFilter = 'all' | 'onboarding' | 'completed' | 'active';

export function usePortfolio(params: { search: string; filter: PortfolioFilter; offset: number }) {
  const query = { ...params, limit: PORTFOLIO_PAGE_SIZE };
  return useQuery({
    queryKey: [PRACTICE_CLIENTS_URL, query],
    queryFn: () => apiList<PracticeClient>(PRACTICE_CLIENTS_URL, query),
    placeholderData: keepPreviousData,
  });
}

export function useOnboardingStats() {
  return useQuery<OnboardingStats>({ queryKey: [ONBOARDING_STATS_URL] });
}

export const clientDetailsKey = (id: string) => [`${PRACTICE_CLIENTS_URL}/${id}`] as const;

export function useClientDetails(id: string) {
  return useQuery<PracticeClientDetails>({ queryKey: clientDetailsKey(id) });
}

export function useFirmMembers(enabled: boolean) {
  return useQuery({ queryKey: ['/api/practice/members'], queryFn: () => apiList<TeamMember>('/api/practice/members', { limit: 200 }), enabled });
}

/** The CSV of the whole portfolio, or of the selected clients. */
export function exportUrl(ids?: readonly string[]): string {
  return withParams(`${PRACTICE_CLIENTS_URL}/export`, ids ? { ids: ids.join(',') } : undefined);
}

/** After a change to clients: the portfolio, the figures, the details pages and the My Practice badge. */
function useInvalidatePractice() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(PRACTICE_CLIENTS_URL) }),
      queryClient.invalidateQueries({ queryKey: [ONBOARDING_STATS_URL] }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

/** One PUT per client (spec 7), in turn; resolves with how many succeeded and the first error. */
export function useUpdateServiceLevels() {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: async ({ ids, input }: { ids: readonly string[]; input: { serviceLevel: ServiceLevel; monthlyFee: Cents } }) => {
      const body = { serviceLevel: input.serviceLevel, monthlyFee: toDecimal(input.monthlyFee) };
      let updated = 0;
      let failure: Error | null = null;
      for (const id of ids) {
        try {
          await apiRequest<PracticeClient>('PUT', `${PRACTICE_CLIENTS_URL}/${id}/service-level`, body);
          updated += 1;
        } catch (error) {
          failure ??= error instanceof Error ? error : new Error(String(error));
        }
      }
      return { updated, failure };
    },
    onSettled: invalidate,
  });
}

/**
 * Send Message to each client, with an Idempotency-Key per client chosen when the dialog opened:
 * pressing Send again after a failure retries the same messages, and the server mails each once.
 */
export function useSendMessages() {
  return useMutation({
    mutationFn: async ({ keys, input }: { keys: ReadonlyMap<string, string>; input: ClientMessageInput }) => {
      let sent = 0;
      let failure: Error | null = null;
      for (const [clientId, key] of keys) {
        try {
          await apiRequest<ClientMessageResult>('POST', `${PRACTICE_CLIENTS_URL}/${clientId}/message`, input, { 'Idempotency-Key': key });
          sent += 1;
        } catch (error) {
          failure ??= error instanceof Error ? error : new Error(String(error));
        }
      }
      return { sent, failure };
    },
  });
}

export function useSetClientStatus(id: string) {
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: (isActive: boolean) => apiRequest<PracticeClient>('PUT', `${PRACTICE_CLIENTS_URL}/${id}/status`, { isActive }),
    onSuccess: invalidate,
  });
}

export function useDeleteClient(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `${PRACTICE_CLIENTS_URL}/${id}`),
    // The client is gone: its page is dropped rather than asked for again (a 404).
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clientDetailsKey(id), exact: true });
      return invalidate();
    },
  });
}

export function useGrantAccess(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: GrantableRole }) =>
      apiRequest<ClientAccessEntry[]>('PUT', `${PRACTICE_CLIENTS_URL}/${clientId}/access/${userId}`, { role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientDetailsKey(clientId) }),
  });
}

export function useRevokeAccess(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>('DELETE', `${PRACTICE_CLIENTS_URL}/${clientId}/access/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientDetailsKey(clientId) }),
  });
}

/** A random (version 4) UUID; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
