import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewClient, PracticeClient } from '@shared/contracts/practice';
import { apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';

/** POST /api/practice/clients; the portfolio, the workspace switcher and the sidebar counts follow. */
export function useAddClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewClient) => apiRequest<PracticeClient>('POST', '/api/practice/clients', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => {
            const key = query.queryKey[0];
            return typeof key === 'string' && (key.startsWith('/api/practice') || key.startsWith('/api/onboarding') || key === '/api/workspaces' || key === '/api/user/billing');
          },
        }),
        queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
      ]),
  });
}
