import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/contracts/auth';
import { WORKSPACE_HEADER } from '@shared/errors';
import type * as ApiModule from './api';
import type * as AuthModule from './auth';
import type * as QueryClientModule from './query-client';
import type * as WorkspacesModule from './workspaces';

/**
 * The client's cache across a workspace switch, with the app's own query client and a fake server
 * that answers each request for the workspace its header names. A switch is what the app does on
 * one: the user query gets the user inside the new workspace, and the screens mount again.
 */

const FIRM = '00000000-0000-4000-8000-00000000000f';
const CLIENT = '00000000-0000-4000-8000-00000000000a';
const statsKey = ['/api/dashboard/stats'] as const;

interface Pending {
  url: string;
  workspace: string | null;
  answer: (status: number, body: unknown) => void;
}
const requests: Pending[] = [];
const reload = vi.fn();

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  return new Promise((resolve) => {
    requests.push({
      url: String(input),
      workspace: headers.get(WORKSPACE_HEADER),
      answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
    });
  });
}

/** Answers every waiting request with that workspace's figure. */
function answerAll(): void {
  for (const request of requests.splice(0)) request.answer(200, { workspace: request.workspace, url: request.url });
}

const userIn = (organizationId: string) => ({ id: 'u1', organizationId, homeOrganizationId: FIRM, clientWorkspace: organizationId !== FIRM }) as unknown as User;

// Loaded after the browser globals are in place (the query client reads sessionStorage when it starts).
let app: typeof QueryClientModule;
let api: typeof ApiModule;
let auth: typeof AuthModule;
let workspaces: typeof WorkspacesModule;

beforeAll(async () => {
  const storage = new Map<string, string>();
  vi.stubGlobal('sessionStorage', { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value), removeItem: (key: string) => storage.delete(key) });
  vi.stubGlobal('window', { location: { reload } });
  vi.stubGlobal('fetch', fakeFetch);
  app = await import('./query-client');
  api = await import('./api');
  auth = await import('./auth');
  workspaces = await import('./workspaces');
});

afterEach(() => {
  app.queryClient.clear();
  app.queryClient.setQueryData(auth.userQueryKey, null);
  requests.splice(0);
  reload.mockClear();
});

const openWorkspace = (organizationId: string) => app.queryClient.setQueryData(auth.userQueryKey, userIn(organizationId));

/** A screen showing `key`: an observer subscribed as a mounted component's is. */
function mount(key: readonly unknown[]) {
  const observer = new QueryObserver(app.queryClient, { queryKey: key });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unmount: unsubscribe };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the query cache across a workspace switch', () => {
  it("never answers a key with the previous workspace's data, whatever opened the new one", async () => {
    openWorkspace(FIRM);
    const firmScreen = mount(statsKey);
    await settle();
    answerAll();
    await settle();
    expect(firmScreen.observer.getCurrentResult().data).toMatchObject({ workspace: FIRM });
    firmScreen.unmount();

    openWorkspace(CLIENT);
    expect(app.queryClient.getQueryData(statsKey)).toBeUndefined();
    const clientScreen = mount(statsKey);
    expect(clientScreen.observer.getCurrentResult().data).toBeUndefined();
    await settle();
    expect(requests.map((request) => request.workspace)).toEqual([CLIENT]);
    answerAll();
    await settle();
    expect(clientScreen.observer.getCurrentResult().data).toMatchObject({ workspace: CLIENT });
    clientScreen.unmount();
  });

  it("keeps a late answer of the old workspace out of the new workspace's screens", async () => {
    openWorkspace(FIRM);
    const firmScreen = mount(statsKey);
    await settle();
    const firmRequest = requests.splice(0);
    expect(firmRequest.map((request) => request.workspace)).toEqual([FIRM]);

    // The switch lands while the firm's request is still on its way; the screens mount again.
    openWorkspace(CLIENT);
    firmScreen.unmount();
    const clientScreen = mount(statsKey);
    await settle();
    expect(requests.map((request) => request.workspace)).toEqual([CLIENT]);
    firmRequest[0]?.answer(200, { workspace: FIRM });
    await settle();
    expect(clientScreen.observer.getCurrentResult().data).toBeUndefined();
    expect(app.queryClient.getQueryData(statsKey)).toBeUndefined();
    answerAll();
    await settle();
    expect(clientScreen.observer.getCurrentResult().data).toMatchObject({ workspace: CLIENT });
    expect(app.queryClient.getQueryData(statsKey)).toMatchObject({ workspace: CLIENT });
    clientScreen.unmount();
  });

  it('scopes every query to the workspace, a custom query function included, and not the user', () => {
    openWorkspace(CLIENT);
    const cache = app.queryClient.getQueryCache();
    // As useQuery builds it: the client's defaults first (a query cannot leave the hash function out).
    const custom = cache.build(app.queryClient, app.queryClient.defaultQueryOptions({ queryKey: ['/api/invoices', { limit: 5 }], queryFn: () => Promise.resolve([]) }));
    expect(custom.queryHash.startsWith(`${CLIENT}|`)).toBe(true);
    expect(cache.find({ queryKey: auth.userQueryKey })?.queryHash.startsWith(CLIENT)).toBe(false);
  });

  it('still lets a write update and refresh what the open workspace shows', async () => {
    openWorkspace(CLIENT);
    const screen = mount(['/api/invoices', { limit: 5 }]);
    await settle();
    answerAll();
    await settle();
    app.queryClient.setQueryData(['/api/invoices', { limit: 5 }], { workspace: CLIENT, edited: true });
    expect(screen.observer.getCurrentResult().data).toEqual({ workspace: CLIENT, edited: true });
    void app.queryClient.invalidateQueries({ queryKey: ['/api/invoices'] });
    await settle();
    expect(requests.map((request) => [request.url, request.workspace])).toEqual([['/api/invoices?limit=5', CLIENT]]);
    answerAll();
    await settle();
    expect(screen.observer.getCurrentResult().data).toMatchObject({ workspace: CLIENT, url: '/api/invoices?limit=5' });
    screen.unmount();
  });

  it("does not reload the tab when a request sent before its own switch is refused, but does for another tab's switch", async () => {
    openWorkspace(FIRM);
    const sentBefore = api.apiRequest('GET', '/api/navigation/counts').catch((error: unknown) => error);
    await settle();
    openWorkspace(CLIENT);
    requests.splice(0)[0]?.answer(409, { message: 'You switched workspace in another tab.', code: 'WORKSPACE_CHANGED' });
    expect(await sentBefore).toMatchObject({ code: 'WORKSPACE_CHANGED' });
    expect(reload).not.toHaveBeenCalled();

    const sentNow = api.apiRequest('GET', '/api/navigation/counts').catch((error: unknown) => error);
    await settle();
    requests.splice(0)[0]?.answer(409, { message: 'You switched workspace in another tab.', code: 'WORKSPACE_CHANGED' });
    expect(await sentNow).toMatchObject({ code: 'WORKSPACE_CHANGED' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("lets the old workspace's writes finish, and their answers update its cache, before the switch is sent", async () => {
    openWorkspace(FIRM);
    const write = new MutationObserver(app.queryClient, {
      mutationFn: () => api.apiRequest('PUT', '/api/user/settings', { currency: 'EUR' }),
      onSuccess: (saved) => app.queryClient.setQueryData(['/api/user/settings'], saved),
    });
    const saving = write.mutate();
    await settle();
    let settled = false;
    const ready = workspaces.writesSettled(app.queryClient).then(() => {
      settled = true;
    });
    await settle();
    expect(settled).toBe(false);
    answerAll();
    await saving;
    await ready;
    expect(settled).toBe(true);
    expect(app.queryClient.getQueryData(['/api/user/settings'])).toMatchObject({ workspace: FIRM });
    openWorkspace(CLIENT);
    expect(app.queryClient.getQueryData(['/api/user/settings'])).toBeUndefined();
  });
});
