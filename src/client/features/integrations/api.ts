import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectIntegrationInput,
  Integration,
  IntegrationHealthReport,
  IntegrationProvider,
  IntegrationStats,
  SyncResult,
  UpdateIntegrationInput,
} from '@shared/contracts/integrations';
import { apiRequest } from '@/lib/api';

const base = '/api/integrations';

export function useProviders() {
  return useQuery<IntegrationProvider[]>({ queryKey: [`${base}/providers`] });
}

export function useIntegrations() {
  return useQuery<Integration[]>({ queryKey: [base] });
}

export function useIntegrationStats() {
  return useQuery<IntegrationStats>({ queryKey: [`${base}/stats`] });
}

/** Spec 7: asked only when at least one integration exists. */
export function useIntegrationHealth(enabled: boolean) {
  return useQuery<IntegrationHealthReport>({ queryKey: [`${base}/health`], enabled });
}

/** Every hub query: the catalogue's 'Connected', the list, the figures and health all move together. */
export function useRefreshHub() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(base) });
}

export function useConnectIntegration() {
  const refresh = useRefreshHub();
  return useMutation({
    mutationFn: (body: ConnectIntegrationInput) => apiRequest<Integration>('POST', base, body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateIntegration() {
  const refresh = useRefreshHub();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateIntegrationInput }) => apiRequest<Integration>('PUT', `${base}/${id}`, body),
    onSuccess: () => refresh(),
  });
}

export function useDisconnectIntegration() {
  const refresh = useRefreshHub();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `${base}/${id}`),
    onSuccess: () => refresh(),
  });
}

/** A failed sync is also recorded, so the figures and health are fetched again either way. */
export function useSyncIntegration() {
  const refresh = useRefreshHub();
  return useMutation({
    mutationFn: (id: string) => apiRequest<SyncResult>('POST', `${base}/${id}/sync`),
    onSettled: () => refresh(),
  });
}
