import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CostSettings } from '@shared/contracts/analytics';
import { apiRequest } from '@/lib/api';

export const costSettingsQueryKey = ['/api/analytics/cost-settings'] as const;

export function useCostSettings() {
  return useQuery<CostSettings>({ queryKey: costSettingsQueryKey });
}

/** The body of PUT /api/analytics/cost-settings: minutes as numbers, the hourly rate as a decimal string. */
export interface CostSettingsBody {
  documentMinutes: number;
  invoiceMinutes: number;
  billMinutes: number;
  approvalMinutes: number;
  exceptionMinutes: number;
  hourlyRate: string;
}

/** New costs change every client's cost of work, so the profitability list is fetched again. */
export function useSaveCostSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CostSettingsBody) => apiRequest<CostSettings>('PUT', '/api/analytics/cost-settings', body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(costSettingsQueryKey, saved);
      await queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/analytics/client-profitability'),
      });
    },
  });
}
