import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contracts/auth';
import type { WorkspaceList } from '@shared/contracts/workspaces';
import { apiRequest, onWorkspaceChanged, setShownWorkspace, withParams } from './api';
import { userQueryKey } from './auth';
import { toast } from './toast';

export const workspacesKey = ['/api/workspaces'] as const;

/** Everything cached belongs to one workspace: drop it all but the user when the workspace changes. */
function forgetWorkspaceData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
}

const CHANGED_FLAG = 'signal-ar:workspace-changed';

/**
 * Keeps the header the API client sends in step with the signed-in user's active workspace. When
 * the server says another tab switched the session's workspace, this tab reloads: open forms and
 * dialogs typed for the old workspace are dropped rather than sent into the new one.
 */
export function followWorkspace(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== userQueryKey[0]) return;
    const user = event.query.state.data as User | null | undefined;
    setShownWorkspace(user?.organizationId);
  });
  onWorkspaceChanged(() => {
    setShownWorkspace(undefined);
    sessionStorage.setItem(CHANGED_FLAG, '1');
    window.location.reload();
  });
  if (sessionStorage.getItem(CHANGED_FLAG)) {
    sessionStorage.removeItem(CHANGED_FLAG);
    // After the toaster mounts.
    setTimeout(() => {
      toast({ title: 'Workspace changed', description: 'You switched workspace in another tab. This page now shows the workspace that is open.' });
    }, 0);
  }
}

/** The workspaces the user may open (their own organization, then their firm's clients), by name. */
export function useWorkspaces(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...workspacesKey, { search, limit: 50 }],
    queryFn: () => apiRequest<WorkspaceList>('GET', withParams('/api/workspaces', { search, limit: 50 })),
    enabled,
  });
}

/** Opens a workspace: the session's active organization changes and every screen reloads inside it. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => apiRequest<User>('PUT', '/api/session/workspace', { organizationId }),
    onSuccess: (user) => {
      forgetWorkspaceData(queryClient);
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: user.clientWorkspace ? `Now working in ${user.organizationName}` : 'Back in your firm',
        description: user.clientWorkspace ? `Every screen shows ${user.organizationName}'s books until you switch back.` : user.organizationName,
      });
    },
    onError: (error) => toast({ title: 'Could not open the workspace', description: error.message, variant: 'destructive' }),
  });
}
