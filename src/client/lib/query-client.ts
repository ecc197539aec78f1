import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest, withParams, type QueryParams } from './api';
import { followWorkspace, workspaceQueryKeyHash } from './workspaces';

/** Default read: GET on the first element of the query key, with an optional params object second. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [url, params] = queryKey as [string, QueryParams | undefined];
  return apiRequest('GET', withParams(url, params));
};

// Spec 7.1 and 9: data never goes stale, no refetch on focus, no polling, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      // Every query's identity includes the workspace it was asked in (workspaces.ts).
      queryKeyHashFn: workspaceQueryKeyHash,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

followWorkspace(queryClient);
