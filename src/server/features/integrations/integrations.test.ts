import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Integration, IntegrationHealthReport, IntegrationProvider, IntegrationStats, SyncResult } from '../../../shared/contracts/integrations';
import { auditLog, imports, integrationSyncs, integrations, jobs } from '../../db/schema';
import { renewJobLease } from '../../platform/jobs';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addClient, openWorkspace, signUpFirm } from '../practice/practice.fixtures';
import { addMember } from '../team/team.fixtures';
import type { ProviderConnector, ProviderId, SyncContext, SyncSummary } from './provider';
import { connectors } from './providers';
import { runDueSyncs } from './scheduler';
import { claimSync, runningSyncCount } from './sync';

/**
 * The hub with fake connectors put in the registry (the real API connectors are another
 * engineer's): connect, tenancy, syncs and their failures, figures and health, the scheduler.
 */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
const saved = { ...connectors };

afterEach(() => {
  for (const key of Object.keys(connectors) as ProviderId[]) delete connectors[key];
  Object.assign(connectors, saved);
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(async () => t.close());

interface Fake extends ProviderConnector {
  calls: SyncContext[];
}

/** A connector that answers `results` in turn (an Error is thrown), then the last one again. */
function fake(id: ProviderId, results: (SyncSummary | Error)[] = [{ customersProcessed: 2, invoicesProcessed: 3, paymentsProcessed: 1 }], extra: Partial<ProviderConnector> = {}): Fake {
  const calls: SyncContext[] = [];
  const connector: Fake = {
    id,
    calls,
    isConfigured: () => true,
    sync: async (context) => {
      calls.push(context);
      const next = results[Math.min(calls.length - 1, results.length - 1)];
      if (next instanceof Error) throw next;
      return next ?? { customersProcessed: 0, invoicesProcessed: 0, paymentsProcessed: 0 };
    },
    ...extra,
  };
  connectors[id] = connector;
  return connector;
}

async function connect(user: SignedIn, provider: string, settings: Record<string, unknown> = {}) {
  return user.request({ method: 'POST', url: '/api/integrations', payload: { provider, settings } });
}

async function connected(user: SignedIn, provider: string, settings: Record<string, unknown> = {}): Promise<Integration> {
  const response = await connect(user, provider, settings);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Integration>();
}

const sync = (user: SignedIn, id: string) => user.request({ method: 'POST', url: `/api/integrations/${id}/sync` });
const minute = 60_000;

describe('provider catalogue', () => {
  it('lists the providers with the spec fields; one without a connector is coming_soon', async () => {
    delete connectors.netsuite;
    delete connectors.webhooks;
    const providers = (await owner.request({ method: 'GET', url: '/api/integrations/providers' })).json<IntegrationProvider[]>();
    expect(providers.map((p) => p.id)).toEqual(['quickbooks_desktop', 'xero_csv', 'quickbooks_online_csv', 'csv_excel', 'webhooks', 'quickbooks_online', 'xero', 'netsuite']);
    for (const provider of providers) {
      expect(provider.features.length).toBeGreaterThanOrEqual(3);
      expect(typeof provider.syncCapabilities.realTime).toBe('boolean');
      expect(provider.connected).toBe(false);
    }
    const status = Object.fromEntries(providers.map((p) => [p.id, p.status]));
    expect(status.csv_excel).toBe('available');
    expect(status.quickbooks_online_csv).toBe('available');
    expect(status.webhooks).toBe('coming_soon');
    expect(status.netsuite).toBe('coming_soon');
  });

  it('shows an API provider as beta once its connector is configured, coming_soon while not', async () => {
    fake('xero', undefined, { isConfigured: () => false });
    fake('netsuite');
    const providers = (await owner.request({ method: 'GET', url: '/api/integrations/providers' })).json<IntegrationProvider[]>();
    expect(providers.find((p) => p.id === 'xero')?.status).toBe('coming_soon');
    expect(providers.find((p) => p.id === 'netsuite')?.status).toBe('beta');
  });
});

describe('connect, change, disconnect', () => {
  it('refuses members who are not owners or admins (403), coming_soon providers (400) and unknown ones (400)', async () => {
    const accountant = await addMember(t, owner, 'accountant');
    const viewer = await addMember(t, owner, 'viewer');
    expect((await connect(accountant, 'csv_excel')).statusCode).toBe(403);
    expect((await connect(viewer, 'csv_excel')).statusCode).toBe(403);
    delete connectors.netsuite;
    const soon = await connect(owner, 'netsuite');
    expect(soon.statusCode).toBe(400);
    expect(soon.json().message).toMatch(/coming soon/);
    expect((await connect(owner, 'myob')).statusCode).toBe(400);
    expect((await connect(owner, 'csv_excel', { syncFrequency: 'monthly' })).statusCode).toBe(400);
    const rows = await t.deps.db.select().from(integrations).where(eq(integrations.organizationId, owner.user.organizationId));
    expect(rows).toEqual([]);
  });

  it('connects with the default frequency and direction, audits it, and refuses a second connection (409)', async () => {
    const integration = await connected(owner, 'csv_excel');
    // CSV / Excel only brings files in: its one direction is the default.
    expect(integration).toMatchObject({ provider: 'csv_excel', providerName: 'CSV / Excel', status: 'connected', syncDirection: 'to_platform', lastSyncAt: null });
    expect(integration.settings.syncFrequency).toBe('daily');
    expect(integration.health).toEqual({ status: 'connected', healthScore: 100 });
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, integration.integrationId), eq(auditLog.action, 'integration.connected')));
    expect(audit?.userId).toBe(owner.user.id);
    const again = await connect(owner, 'csv_excel', { syncFrequency: 'hourly' });
    expect(again.statusCode).toBe(409);
    const providers = (await owner.request({ method: 'GET', url: '/api/integrations/providers' })).json<IntegrationProvider[]>();
    expect(providers.find((p) => p.id === 'csv_excel')?.connected).toBe(true);
    const listed = await owner.request({ method: 'GET', url: '/api/integrations' });
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json<Integration[]>().map((item) => item.integrationId)).toEqual([integration.integrationId]);
  });

  it('offers a file connector only the direction and frequencies it can sync, and refuses the others', async () => {
    const user = await signUp(t.app);
    const providers = (await user.request({ method: 'GET', url: '/api/integrations/providers' })).json<IntegrationProvider[]>();
    const modes = (id: string) => providers.find((p) => p.id === id)?.syncCapabilities;
    // QuickBooks Desktop and Xero files go out of Signal AR; the import templates come in; none is real-time.
    expect(modes('quickbooks_desktop')).toEqual({ realTime: false, directions: ['from_platform'], frequencies: ['hourly', 'daily', 'weekly'] });
    expect(modes('xero_csv')?.directions).toEqual(['from_platform']);
    expect(modes('csv_excel')?.directions).toEqual(['to_platform']);
    expect(modes('quickbooks_online_csv')?.directions).toEqual(['to_platform']);
    // An API connector still syncs both ways, bidirectional by default.
    expect(modes('quickbooks_online')?.directions).toEqual(['bidirectional', 'to_platform', 'from_platform']);

    const both = await connect(user, 'quickbooks_desktop', { syncDirection: 'bidirectional' });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ syncDirection: 'QuickBooks Desktop cannot sync Bidirectional: choose From platform' });
    const realTime = await connect(user, 'quickbooks_desktop', { syncFrequency: 'real_time' });
    expect(realTime.statusCode).toBe(400);
    expect(realTime.json().fields).toEqual({ syncFrequency: 'QuickBooks Desktop cannot sync Real-time: choose Hourly, Daily or Weekly' });
    expect(await t.deps.db.select().from(integrations).where(eq(integrations.organizationId, user.user.organizationId))).toEqual([]);

    const desktop = await connected(user, 'quickbooks_desktop');
    expect(desktop.syncDirection).toBe('from_platform');
    for (const payload of [{ syncDirection: 'bidirectional' }, { syncDirection: 'to_platform' }, { syncFrequency: 'real_time' }]) {
      const refused = await user.request({ method: 'PUT', url: `/api/integrations/${desktop.integrationId}`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, desktop.integrationId));
    expect(row).toMatchObject({ syncDirection: 'from_platform', syncFrequency: 'daily' });
    const weekly = await user.request({ method: 'PUT', url: `/api/integrations/${desktop.integrationId}`, payload: { syncFrequency: 'weekly' } });
    expect(weekly.statusCode, weekly.body).toBe(200);
  });

  it('keeps the secrets prepareConnect returns encrypted, and hands them decrypted to the sync', async () => {
    const connector = fake('netsuite', undefined, {
      prepareConnect: async (_deps, input) => ({ settings: { account: String(input.settings.account), seen: 'yes' }, secrets: { token: 'tok-s3cret-value' } }),
    });
    const integration = await connected(owner, 'netsuite', { account: 'ACME-1', syncFrequency: 'weekly', syncDirection: 'to_platform' });
    expect(integration.settings).toMatchObject({ account: 'ACME-1', seen: 'yes', syncFrequency: 'weekly', syncDirection: 'to_platform' });
    const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, integration.integrationId));
    expect(row?.secretsEncrypted).toBeTruthy();
    expect(row?.secretsEncrypted).not.toContain('tok-s3cret-value');
    expect(JSON.stringify(row?.settings)).not.toContain('tok-s3cret-value');
    expect((await sync(owner, integration.integrationId)).statusCode).toBe(200);
    expect(connector.calls[0]?.secrets).toEqual({ token: 'tok-s3cret-value' });
  });

  it('answers authorizationUrl and keeps the integration pending (no sync) when the provider needs authorization', async () => {
    const user = await signUp(t.app);
    fake('xero', undefined, { prepareConnect: async () => ({ settings: {}, secrets: { state: 'x' }, authorizationUrl: 'https://login.xero.example/authorize?state=x' }) });
    const integration = await connected(user, 'xero');
    expect(integration.status).toBe('pending_authorization');
    expect(integration.authorizationUrl).toBe('https://login.xero.example/authorize?state=x');
    const refused = await sync(user, integration.integrationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/authorization/);
  });

  it("hides another organization's integration (404) and changes nothing", async () => {
    const mine = await connected(other, 'csv_excel');
    for (const [method, url] of [
      ['PUT', `/api/integrations/${mine.integrationId}`],
      ['DELETE', `/api/integrations/${mine.integrationId}`],
      ['POST', `/api/integrations/${mine.integrationId}/sync`],
      ['POST', '/api/integrations/not-a-uuid/sync'],
    ] as const) {
      const response = await owner.request({ method, url, payload: method === 'PUT' ? { syncFrequency: 'hourly' } : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, mine.integrationId));
    expect(row).toMatchObject({ status: 'connected', syncFrequency: 'daily' });
    expect(await t.deps.db.select().from(integrationSyncs).where(eq(integrationSyncs.integrationId, mine.integrationId))).toEqual([]);
    const list = (await owner.request({ method: 'GET', url: '/api/integrations' })).json<Integration[]>();
    expect(list.some((item) => item.integrationId === mine.integrationId)).toBe(false);
  });

  it('changes frequency and direction (audited, next sync re-planned), then disconnects: no sync, reconnect possible', async () => {
    const user = await signUp(t.app);
    fake('netsuite');
    const integration = await connected(user, 'netsuite');
    const changed = await user.request({ method: 'PUT', url: `/api/integrations/${integration.integrationId}`, payload: { syncFrequency: 'hourly' } });
    expect(changed.statusCode).toBe(200);
    const body = changed.json<Integration>();
    expect(body.settings.syncFrequency).toBe('hourly');
    expect(body.syncDirection).toBe('bidirectional');
    expect(new Date(body.nextSyncAt ?? 0).getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(3600_000);
    expect((await user.request({ method: 'DELETE', url: `/api/integrations/${integration.integrationId}` })).statusCode).toBe(204);
    const refused = await sync(user, integration.integrationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/disconnected/);
    expect((await user.request({ method: 'GET', url: '/api/integrations' })).json()).toEqual([]);
    const actions = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, integration.integrationId)).orderBy(auditLog.createdAt, auditLog.id);
    expect(actions.map((row) => row.action)).toEqual(['integration.connected', 'integration.updated', 'integration.disconnected']);
    const again = await connected(user, 'netsuite');
    expect(again.integrationId).toBe(integration.integrationId);
    expect(again.status).toBe('connected');
  });

  it("lets a firm member in a client's workspace connect the client's integration", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    await openWorkspace(firm, client.organizationId);
    const integration = await connected(firm, 'csv_excel');
    const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, integration.integrationId));
    expect(row?.organizationId).toBe(client.organizationId);
  });
});

describe('syncs, figures and health', () => {
  it('answers the summary of a sync, and a failed sync as 409 SYNC_FAILED with the provider message', async () => {
    const user = await signUp(t.app);
    fake('netsuite', [{ customersProcessed: 4, invoicesProcessed: 7, paymentsProcessed: 2 }, new Error('401 invalid_grant: the refresh token has expired')]);
    const integration = await connected(user, 'netsuite');
    const ok = await sync(user, integration.integrationId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<SyncResult>()).toMatchObject({ status: 'succeeded', summary: { customersProcessed: 4, invoicesProcessed: 7, paymentsProcessed: 2 } });
    const failed = await sync(user, integration.integrationId);
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ code: 'SYNC_FAILED', message: '401 invalid_grant: the refresh token has expired' });
    const health = (await user.request({ method: 'GET', url: '/api/integrations/health' })).json<IntegrationHealthReport>();
    // 1 of 2 succeeded (50) minus 10 for the failure in a row: 40, below 50, so an error.
    expect(health.integrations[0]).toMatchObject({ status: 'error', consecutiveFailures: 1, healthScore: 40 });
    expect(health.integrations[0]?.issues).toEqual([{ message: '401 invalid_grant: the refresh token has expired', suggestedAction: 'Reconnect the integration' }]);
    // The job ran and is done, both times.
    const syncJobs = await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'integration.sync'));
    expect(syncJobs.filter((job) => job.status !== 'done')).toEqual([]);
  });

  it('computes stats and health by hand: 20 syncs with 3 failures, then 2 failures in a row', async () => {
    const user = await signUp(t.app);
    const failAt = new Set([3, 8, 12]);
    const results: (SyncSummary | Error)[] = [];
    for (let n = 1; n <= 20; n += 1) results.push(failAt.has(n) ? new Error('Request timed out') : { customersProcessed: 2, invoicesProcessed: 3, paymentsProcessed: 1 });
    results.push(new Error('getaddrinfo ENOTFOUND hooks.example.test'), new Error('getaddrinfo ENOTFOUND hooks.example.test'));
    fake('netsuite', results);
    const integration = await connected(user, 'netsuite');
    fake('xero');
    const idle = await connected(user, 'xero');
    // The clock stands still: syncs finished in the same instant still count newest first.
    for (let n = 0; n < results.length; n += 1) await sync(user, integration.integrationId);
    // Window = the last 20: syncs 3..22 -> failures 3, 8, 12, 21, 22 = 5; 15 succeeded -> 75, minus 2 x 10 in a row.
    const health = (await user.request({ method: 'GET', url: '/api/integrations/health' })).json<IntegrationHealthReport>();
    const figures = health.integrations.find((item) => item.integrationId === integration.integrationId);
    expect(figures).toMatchObject({ status: 'warning', healthScore: 55, consecutiveFailures: 2, recentSyncs: 20, recentFailures: 5 });
    expect(figures?.issues).toEqual([{ message: 'getaddrinfo ENOTFOUND hooks.example.test', suggestedAction: 'Check the webhook URL' }]);
    expect(figures?.lastSuccessfulSync).not.toBeNull();
    expect(health.integrations.find((item) => item.integrationId === idle.integrationId)).toMatchObject({ status: 'connected', healthScore: 100, lastSuccessfulSync: null });
    expect(health.overall).toBe(78); // (55 + 100) / 2 = 77.5
    const stats = (await user.request({ method: 'GET', url: '/api/integrations/stats' })).json<IntegrationStats>();
    expect(stats).toEqual({
      totalIntegrations: 2,
      activeIntegrations: 2,
      totalSyncs: 22,
      lastSyncStatus: 'failed',
      dataPoints: { customersSynced: 17 * 2, invoicesSynced: 17 * 3, paymentsSynced: 17 },
      syncSummary: { successRate: 77, healthyShare: 50, onScheduleShare: 100 }, // 17/22; connected of 2
    });
    // A third failure in a row makes it an error.
    await sync(user, integration.integrationId);
    const worse = (await user.request({ method: 'GET', url: '/api/integrations/health' })).json<IntegrationHealthReport>();
    // Window: syncs 4..23 -> failures 8, 12, 21, 22, 23 = 5 -> 75 - 30.
    expect(worse.integrations.find((item) => item.integrationId === integration.integrationId)).toMatchObject({ status: 'error', healthScore: 45, consecutiveFailures: 3 });
  });

  it('reports an empty organization: overall 100, no figures', async () => {
    const user = await signUp(t.app);
    expect((await user.request({ method: 'GET', url: '/api/integrations/health' })).json()).toEqual({ overall: 100, integrations: [] });
    expect((await user.request({ method: 'GET', url: '/api/integrations/stats' })).json<IntegrationStats>()).toMatchObject({
      totalIntegrations: 0,
      totalSyncs: 0,
      lastSyncStatus: null,
      syncSummary: { successRate: null, healthyShare: null, onScheduleShare: null },
    });
  });

  it('never runs two syncs of one integration at once: the second gets 409 while the first runs', async () => {
    const user = await signUp(t.app);
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake('netsuite', undefined, {
      sync: async () => {
        entered();
        await gate;
        return { customersProcessed: 1, invoicesProcessed: 0, paymentsProcessed: 0 };
      },
    });
    const integration = await connected(user, 'netsuite');
    const first = sync(user, integration.integrationId);
    await inside;
    expect(await runningSyncCount(t.deps.db, integration.integrationId)).toBe(1);
    const second = await sync(user, integration.integrationId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already running/);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await sync(user, integration.integrationId)).statusCode).toBe(200);
  });
});

describe('scheduler', () => {
  // Its own database: the scheduler serves every organization, so other tests' integrations stay out.
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(async () => s.close());

  it('runs each period once, with two schedulers at the same time', async () => {
    const user = await signUp(s.app);
    const connector = fake('netsuite');
    const integration = await connected(user, 'netsuite', { syncFrequency: 'hourly' });
    const registry = { netsuite: connector };
    expect((await runDueSyncs(s.deps, registry)).ran).toBe(0); // not due before the next hour
    s.clock.set(new Date(new Date(integration.nextSyncAt ?? 0).getTime() + minute));
    const [a, b] = await Promise.all([runDueSyncs(s.deps, registry), runDueSyncs(s.deps, registry)]);
    expect(a.ran + b.ran).toBe(1);
    expect(connector.calls).toHaveLength(1);
    s.clock.advance(10 * minute);
    expect((await runDueSyncs(s.deps, registry)).ran).toBe(0);
    s.clock.advance(3600_000);
    await Promise.all([runDueSyncs(s.deps, registry), runDueSyncs(s.deps, registry)]);
    expect(connector.calls).toHaveLength(2);
    const rows = await s.deps.db.select().from(integrationSyncs).where(eq(integrationSyncs.integrationId, integration.integrationId));
    expect(rows.map((row) => row.trigger)).toEqual(['scheduled', 'scheduled']);
    expect(new Set(rows.map((row) => row.slot)).size).toBe(2);
    const [after] = await s.deps.db.select().from(integrations).where(eq(integrations.id, integration.integrationId));
    expect(after?.lastSyncAt).not.toBeNull();
    expect(after?.nextSyncAt?.getTime()).toBeGreaterThan(s.clock.now.getTime());
  });

  it('runs again a sync left running by a dead process once it is stale, and only then', async () => {
    const user = await signUp(s.app);
    const connector = fake('netsuite', [{ customersProcessed: 5, invoicesProcessed: 0, paymentsProcessed: 0 }]);
    const integration = await connected(user, 'netsuite', { syncFrequency: 'weekly' });
    // The process claims a sync, then dies before running it.
    const claimed = await claimSync(s.deps, { organizationId: user.user.organizationId, integrationId: integration.integrationId, trigger: 'manual' });
    expect(claimed).not.toBeNull();
    s.clock.advance(minute);
    expect((await runDueSyncs(s.deps, { netsuite: connector })).recovered).toBe(0);
    expect((await sync(user, integration.integrationId)).statusCode).toBe(409); // still counted as running
    s.clock.advance(11 * minute);
    expect((await runDueSyncs(s.deps, { netsuite: connector })).recovered).toBe(1);
    expect(connector.calls).toHaveLength(1);
    const [row] = await s.deps.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, claimed?.syncId ?? ''));
    expect(row).toMatchObject({ status: 'succeeded', customersProcessed: 5 });
    expect((await runDueSyncs(s.deps, { netsuite: connector })).recovered).toBe(0);
    expect(connector.calls).toHaveLength(1);
  });
  it('closes an interrupted sync as failed when another sync keeps it from running again', async () => {
    const user = await signUp(s.app);
    const connector = fake('netsuite');
    const integration = await connected(user, 'netsuite', { syncFrequency: 'weekly' });
    const input = { organizationId: user.user.organizationId, integrationId: integration.integrationId, trigger: 'manual' as const };
    const dead = await claimSync(s.deps, input);
    s.clock.advance(11 * minute);
    // A newer sync runs (its process alive: it renews its job's lease) while the dead one's job is
    // handed out again.
    const newer = await claimSync(s.deps, input);
    expect(newer).not.toBeNull();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await runDueSyncs(s.deps, { netsuite: connector });
      s.clock.advance(2 * minute);
      if (newer) expect(await renewJobLease(s.deps.db, newer.job, s.clock.now)).toBe(true);
    }
    expect(connector.calls).toHaveLength(0);
    const [row] = await s.deps.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, dead?.syncId ?? ''));
    expect(row).toMatchObject({ status: 'failed', error: 'The sync was interrupted (the server stopped) and could not run again' });
    const [job] = await s.deps.db.select().from(jobs).where(eq(jobs.id, dead?.job.id ?? ''));
    expect(job?.status).toBe('done');
  });
});

describe('import providers', () => {
  it("report the organization's committed imports of their template since the previous successful sync", async () => {
    const user = await signUp(t.app);
    const organizationId = user.user.organizationId;
    const csv = await connected(user, 'csv_excel');
    const qbo = await connected(user, 'quickbooks_online_csv');
    const base = { organizationId, fileName: 'x.csv', fileSha256: 'abc' };
    t.clock.advance(minute);
    await t.deps.db.insert(imports).values([
      { ...base, entity: 'customers', template: 'generic', status: 'committed', rowCount: 20, result: { created: 18, matched: 2 }, committedAt: t.clock.now },
      { ...base, entity: 'invoices', template: 'generic', status: 'committed', rowCount: 5, committedAt: t.clock.now },
      { ...base, entity: 'vendors', template: 'generic', status: 'committed', rowCount: 3, result: { created: 3 }, committedAt: t.clock.now },
      { ...base, entity: 'customers', template: 'generic', status: 'preview', rowCount: 50 },
      { ...base, entity: 'customers', template: 'quickbooks_online', status: 'committed', rowCount: 4, result: { created: 4 }, committedAt: t.clock.now },
      { ...base, organizationId: other.user.organizationId, entity: 'customers', template: 'generic', status: 'committed', rowCount: 9, committedAt: t.clock.now },
    ]);
    t.clock.advance(minute);
    const first = (await sync(user, csv.integrationId)).json<SyncResult>();
    expect(first.summary).toEqual({ customersProcessed: 20, invoicesProcessed: 5, paymentsProcessed: 0 });
    expect(first.other).toEqual({ vendors: 3 });
    expect((await sync(user, qbo.integrationId)).json<SyncResult>().summary).toEqual({ customersProcessed: 4, invoicesProcessed: 0, paymentsProcessed: 0 });
    t.clock.advance(minute);
    expect((await sync(user, csv.integrationId)).json<SyncResult>().summary).toEqual({ customersProcessed: 0, invoicesProcessed: 0, paymentsProcessed: 0 });
    t.clock.advance(minute);
    await t.deps.db.insert(imports).values({ ...base, entity: 'invoices', template: 'generic', status: 'committed', rowCount: 7, result: { created: 6, matched: 1 }, committedAt: t.clock.now });
    t.clock.advance(minute);
    expect((await sync(user, csv.integrationId)).json<SyncResult>().summary).toEqual({ customersProcessed: 0, invoicesProcessed: 7, paymentsProcessed: 0 });
  });
});
