import { type QueryClient, type QueryKey, hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@shared/contracts/auth';
import type { WorkspaceList } from '@shared/contracts/workspaces';
import { apiRequest, onWorkspaceChanged, setShownWorkspace, shownWorkspaceId, withParams } from './api';
import { userQueryKey } from './auth';
import { toast } from './toast';

export const workspacesKey = ['/api/workspaces'] as const;
const switchWorkspaceKey = ['workspace-switch'] as const;

/** The signed-in user is the same in every workspace, and says which one is open. */
const isUserQuery = (queryKey: QueryKey) => queryKey[0] === userQueryKey[0];

const workspaceScope = (organizationId: string | undefined) => `${organizationId ?? 'signed-out'}|`;

/**
 * The query client's key hash (its default for every query, so no query can leave it out): a key
 * means its answer in the workspace shown, and the same key in another workspace is another
 * query. A screen still mounted after a switch, or an answer of the old workspace that lands late,
 * can then never be read as the new workspace's. The user query is shared by all workspaces.
 */
export function workspaceQueryKeyHash(queryKey: QueryKey): string {
  const hash = hashKey(queryKey);
  return isUserQuery(queryKey) ? hash : `${workspaceScope(shownWorkspaceId())}${hash}`;
}

/** Drops every cached answer of a workspace other than the one shown (the user query stays). */
function forgetOtherWorkspaces(queryClient: QueryClient): void {
  const scope = workspaceScope(shownWorkspaceId());
  queryClient.removeQueries({ predicate: (query) => !isUserQuery(query.queryKey) && !query.queryHash.startsWith(scope) });
}

/**
 * Resolves once no write but the switch itself is on its way. A write's answer updates the cache in
 * its success handler (setQueryData): landing after the switch, it would be filed under the new
 * workspace. So a switch first lets the writes of the workspace it leaves finish.
 */
export function writesSettled(queryClient: QueryClient): Promise<void> {
  const cache = queryClient.getMutationCache();
  const writing = () => cache.getAll().some((mutation) => mutation.state.status === 'pending' && mutation.options.mutationKey?.[0] !== switchWorkspaceKey[0]);
  return new Promise((resolve) => {
    if (!writing()) return resolve();
    const unsubscribe = cache.subscribe(() => {
      if (writing()) return;
      unsubscribe();
      resolve();
    });
  });
}

const CHANGED_FLAG = 'signal-ar:workspace-changed';

/**
 * Keeps the workspace this tab shows in step with the signed-in user's active organization: the
 * header the API client sends, the scope of every query's hash, and the cache, which forgets the
 * previous workspace whatever changed it (a switch, a sign-in as someone else, a sign-out). When
 * the server says another tab switched the session's workspace, this tab reloads: open forms and
 * dialogs typed for the old workspace are dropped rather than sent into the new one.
 */
export function followWorkspace(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (!isUserQuery(event.query.queryKey)) return;
    const user = event.type === 'removed' ? undefined : (event.query.state.data as User | null | undefined);
    const organizationId = user?.organizationId;
    if (organizationId === shownWorkspaceId()) return;
    setShownWorkspace(organizationId);
    forgetOtherWorkspaces(queryClient);
  });
  onWorkspaceChanged((sentFor) => {
    // A request sent before this tab's own switch: the tab already shows (or is opening) the new workspace.
    if (sentFor !== shownWorkspaceId() || queryClient.isMutating({ mutationKey: switchWorkspaceKey }) > 0) return;
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

export interface WorkspaceSwitch {
  organizationId: string;
  /** The page to show inside the workspace once it is open. */
  landOn: string;
}

/**
 * Opens a workspace: the session's active organization changes, the screens showing the old one
 * are dropped (the signed-in shell is keyed by the workspace) and the app lands on `landOn` in it.
 * The landing is done here, not by the caller: the caller is part of the screens dropped.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: switchWorkspaceKey,
    mutationFn: async ({ organizationId }: WorkspaceSwitch) => {
      await writesSettled(queryClient);
      return apiRequest<User>('PUT', '/api/session/workspace', { organizationId });
    },
    onSuccess: (user, { landOn }) => {
      queryClient.setQueryData(userQueryKey, user);
      void navigate(landOn);
      toast({
        title: user.clientWorkspace ? `Now working in ${user.organizationName}` : 'Back in your firm',
        description: user.clientWorkspace ? `Every screen shows ${user.organizationName}'s books until you switch back.` : user.organizationName,
      });
    },
    onError: (error) => toast({ title: 'Could not open the workspace', description: error.message, variant: 'destructive' }),
  });
}
