import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type {
  ConnectIntegrationInput,
  Integration as IntegrationView,
  IntegrationHealth,
  IntegrationHealthReport,
  IntegrationStats,
  SyncDirection,
  SyncFrequency,
  UpdateIntegrationInput,
} from '../../../shared/contracts/integrations';
import { connectIntegrationSchema } from '../../../shared/contracts/integrations';
import type { Database } from '../../db/client';
import { integrationSyncs, integrations, webhookDeliveries } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { type ConnectorRegistry, catalogueEntry, checkSyncModes, providerName, providerStatus } from './catalogue';
import { type FinishedSync, HEALTH_WINDOW, type HealthFigures, overallHealth, scoreHealth } from './health';
import { type Integration, type ProviderId, providerIds } from './provider';
import { connectors } from './providers';
import { encryptIntegrationSecrets } from './providers/integration-secrets';
import { firstSyncAt } from './scheduler';

export interface Actor {
  organizationId: string;
  userId: string;
}

/** Integrations shown in the hub: everything but disconnected ones (their history stays for a reconnect). */
const shown = (organizationId: string) => and(eq(integrations.organizationId, organizationId), ne(integrations.status, 'disconnected'));

function toView(row: Integration, health: HealthFigures, once: { authorizationUrl?: string; revealOnce?: Record<string, string> } = {}): IntegrationView {
  return {
    integrationId: row.id,
    provider: row.provider,
    providerName: providerName(row.provider),
    status: row.status,
    settings: { ...row.settings, syncFrequency: row.syncFrequency, syncDirection: row.syncDirection },
    syncDirection: row.syncDirection,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
    connectedAt: row.createdAt.toISOString(),
    health: { status: health.status, healthScore: health.healthScore },
    ...(once.authorizationUrl ? { authorizationUrl: once.authorizationUrl } : {}),
    ...(once.revealOnce ? { revealOnce: once.revealOnce } : {}),
  };
}

export const DISCONNECTED_DELIVERY_ERROR = 'Integration disconnected';

/**
 * A disconnected (or reconnected) webhook's undelivered events are failed, not kept pending: they
 * were signed up for the old URL and secret, and a reconnect must not send them to the new ones.
 * locked_at is cleared too, so a send in flight does not write its outcome over this.
 */
async function failPendingDeliveries(tx: Pick<Database, 'update'>, integrationId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lockedAt: null, lastError: DISCONNECTED_DELIVERY_ERROR })
    .where(and(eq(webhookDeliveries.integrationId, integrationId), eq(webhookDeliveries.status, 'pending')));
}

/** POST /api/integrations (owners and admins; the route checks the role). */
export async function connectIntegration(
  deps: AppDeps,
  actor: Actor,
  input: ConnectIntegrationInput,
  registry: ConnectorRegistry = connectors,
): Promise<IntegrationView> {
  const parsed = connectIntegrationSchema.parse(input);
  const entry = catalogueEntry(parsed.provider);
  if (!entry || !(providerIds as readonly string[]).includes(parsed.provider)) {
    throw new AppError('VALIDATION', 'Unknown provider', { provider: 'Unknown provider' });
  }
  const provider = parsed.provider as ProviderId;
  if (providerStatus(provider, deps, registry) === 'coming_soon') {
    throw new AppError('BAD_REQUEST', `${entry.name} is coming soon and cannot be connected yet`);
  }
  const { syncFrequency, syncDirection: chosenDirection, ...providerSettings } = parsed.settings;
  const syncDirection = chosenDirection ?? entry.directions[0] ?? 'bidirectional';
  checkSyncModes(entry, { syncFrequency, syncDirection });
  const [existing] = await deps.db
    .select({ id: integrations.id, status: integrations.status })
    .from(integrations)
    .where(and(eq(integrations.organizationId, actor.organizationId), eq(integrations.provider, provider)));
  if (existing && existing.status !== 'disconnected') throw new AppError('CONFLICT', `${entry.name} is already connected`);

  const connector = registry[provider];
  const prepared = connector?.prepareConnect
    ? await connector.prepareConnect(deps, { organizationId: actor.organizationId, userId: actor.userId, settings: providerSettings })
    : { settings: providerSettings, secrets: {} as Record<string, unknown> };
  const { authorizationUrl: settingsUrl, ...settings } = prepared.settings;
  const authorizationUrl = prepared.authorizationUrl ?? (typeof settingsUrl === 'string' ? settingsUrl : undefined);
  const secretsEncrypted = Object.keys(prepared.secrets).length > 0 ? encryptIntegrationSecrets(deps.config.encryptionKey, prepared.secrets) : null;
  const status = 'status' in prepared && prepared.status ? prepared.status : authorizationUrl ? ('pending_authorization' as const) : ('connected' as const);
  const revealOnce = 'revealOnce' in prepared ? prepared.revealOnce : undefined;
  const now = deps.now();
  const values = {
    status,
    syncFrequency,
    syncDirection,
    settings,
    secretsEncrypted,
    cursor: null,
    connectedBy: actor.userId,
    lastSyncAt: null,
    nextSyncAt: status === 'connected' ? firstSyncAt(syncFrequency, now) : null,
    updatedAt: now,
  };
  try {
    const row = await deps.db.transaction(async (tx) => {
      let saved: Integration | undefined;
      if (existing) {
        // createdAt is where the webhook feed starts (audit rows after it). The database's clock, as
        // for a first connect (the column's default) and as the audit rows carry: not the app's.
        [saved] = await tx
          .update(integrations)
          .set({ ...values, createdAt: sql`now()` })
          .where(and(eq(integrations.id, existing.id), eq(integrations.status, 'disconnected')))
          .returning();
        if (!saved) throw new AppError('CONFLICT', `${entry.name} is already connected`);
        // Also here, not only at disconnect: a feed that ran across the disconnect may have queued more.
        await failPendingDeliveries(tx, saved.id);
      } else {
        [saved] = await tx
          .insert(integrations)
          .values({ ...values, organizationId: actor.organizationId, provider })
          .returning();
      }
      if (!saved) throw new Error('Integration was not saved');
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'integration.connected',
        entityType: 'integration',
        entityId: saved.id,
        details: { provider, providerName: entry.name, syncFrequency, syncDirection, status: saved.status },
      });
      return saved;
    });
    return toView(row, scoreHealth(row.status, []), { authorizationUrl, revealOnce });
  } catch (error) {
    if (isUniqueViolation(error, 'integrations_org_provider_idx')) throw new AppError('CONFLICT', `${entry.name} is already connected`);
    throw error;
  }
}

/** PUT /api/integrations/{id}: frequency and direction; a new frequency re-plans the next scheduled sync. */
export async function updateIntegration(deps: AppDeps, actor: Actor, id: string, input: UpdateIntegrationInput): Promise<IntegrationView> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, id), shown(actor.organizationId)))
      .for('update');
    if (!current) throw notFound('Integration');
    const syncFrequency: SyncFrequency = input.syncFrequency ?? current.syncFrequency;
    const syncDirection: SyncDirection = input.syncDirection ?? current.syncDirection;
    const entry = catalogueEntry(current.provider);
    if (entry) checkSyncModes(entry, input);
    const replan = syncFrequency !== current.syncFrequency && current.status === 'connected';
    const [updated] = await tx
      .update(integrations)
      .set({ syncFrequency, syncDirection, updatedAt: now, ...(replan ? { nextSyncAt: firstSyncAt(syncFrequency, now) } : {}) })
      .where(eq(integrations.id, id))
      .returning();
    if (!updated) throw notFound('Integration');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'integration.updated',
      entityType: 'integration',
      entityId: id,
      details: {
        provider: current.provider,
        from: { syncFrequency: current.syncFrequency, syncDirection: current.syncDirection },
        to: { syncFrequency, syncDirection },
      },
    });
    return updated;
  });
  const health = await healthOf(deps.db, actor.organizationId, [row]);
  return toView(row, health.get(row.id) ?? scoreHealth(row.status, []));
}

/** DELETE /api/integrations/{id}: disconnected, its secrets dropped; its sync history stays. */
export async function disconnectIntegration(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, id), shown(actor.organizationId)))
      .for('update');
    if (!current) throw notFound('Integration');
    await tx
      .update(integrations)
      .set({ status: 'disconnected', secretsEncrypted: null, nextSyncAt: null, updatedAt: now })
      .where(eq(integrations.id, id));
    await failPendingDeliveries(tx, id);
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'integration.disconnected',
      entityType: 'integration',
      entityId: id,
      details: { provider: current.provider, providerName: providerName(current.provider) },
    });
  });
}

/** The connected providers of an organization (the catalogue's `connected`). */
export async function connectedProviders(db: Database, organizationId: string): Promise<Set<string>> {
  const rows = await db.select({ provider: integrations.provider }).from(integrations).where(shown(organizationId));
  return new Set(rows.map((row) => row.provider));
}

/** Health figures of these integrations, from their last HEALTH_WINDOW finished syncs (one query). */
async function healthOf(db: Database, organizationId: string, rows: readonly Integration[]): Promise<Map<string, HealthFigures & { lastSuccessfulSync: Date | null }>> {
  const result = new Map<string, HealthFigures & { lastSuccessfulSync: Date | null }>();
  if (rows.length === 0) return result;
  const ids = rows.map((row) => row.id);
  const ranked = db
    .select({
      integrationId: integrationSyncs.integrationId,
      status: integrationSyncs.status,
      error: integrationSyncs.error,
      finishedAt: integrationSyncs.finishedAt,
      rank: sql<number>`row_number() over (partition by ${integrationSyncs.integrationId} order by ${integrationSyncs.finishedAt} desc, ${integrationSyncs.id} desc)`.as('rank'),
    })
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.organizationId, organizationId), inArray(integrationSyncs.integrationId, ids), inArray(integrationSyncs.status, ['succeeded', 'failed'])))
    .as('ranked');
  const recent = await db.select().from(ranked).where(lte(ranked.rank, HEALTH_WINDOW)).orderBy(asc(ranked.integrationId), asc(ranked.rank));
  const lastSuccess = await db
    .select({ integrationId: integrationSyncs.integrationId, at: sql<string | null>`max(${integrationSyncs.finishedAt})` })
    .from(integrationSyncs)
    .where(and(eq(integrationSyncs.organizationId, organizationId), inArray(integrationSyncs.integrationId, ids), eq(integrationSyncs.status, 'succeeded')))
    .groupBy(integrationSyncs.integrationId);
  const byIntegration = new Map<string, FinishedSync[]>();
  for (const sync of recent) {
    const list = byIntegration.get(sync.integrationId) ?? [];
    list.push({ status: sync.status as FinishedSync['status'], error: sync.error, finishedAt: sync.finishedAt });
    byIntegration.set(sync.integrationId, list);
  }
  const successAt = new Map(lastSuccess.map((row) => [row.integrationId, row.at ? new Date(row.at) : null]));
  for (const row of rows) {
    result.set(row.id, { ...scoreHealth(row.status, byIntegration.get(row.id) ?? []), lastSuccessfulSync: successAt.get(row.id) ?? null });
  }
  return result;
}

async function shownRows(db: Database, organizationId: string): Promise<Integration[]> {
  return db.select().from(integrations).where(shown(organizationId)).orderBy(asc(integrations.createdAt), asc(integrations.id));
}

/** GET /api/integrations (one organization has at most one per provider: no paging needed, at most 8 rows). */
export async function listIntegrations(db: Database, organizationId: string): Promise<IntegrationView[]> {
  const rows = await shownRows(db, organizationId);
  const health = await healthOf(db, organizationId, rows);
  return rows.map((row) => toView(row, health.get(row.id) ?? scoreHealth(row.status, [])));
}

export async function integrationHealth(db: Database, organizationId: string): Promise<IntegrationHealthReport> {
  const rows = await shownRows(db, organizationId);
  const health = await healthOf(db, organizationId, rows);
  const list: IntegrationHealth[] = rows.map((row) => {
    const figures = health.get(row.id) ?? { ...scoreHealth(row.status, []), lastSuccessfulSync: null };
    return {
      integrationId: row.id,
      provider: row.provider,
      providerName: providerName(row.provider),
      status: figures.status,
      healthScore: figures.healthScore,
      lastSuccessfulSync: figures.lastSuccessfulSync?.toISOString() ?? null,
      consecutiveFailures: figures.consecutiveFailures,
      recentSyncs: figures.recentSyncs,
      recentFailures: figures.recentFailures,
      issues: figures.issues,
    };
  });
  return { overall: overallHealth(list.map((item) => item.healthScore)), integrations: list };
}

/** A next scheduled sync this late is overdue (the scheduler runs every minute). */
const ON_SCHEDULE_GRACE_MS = 5 * 60_000;
const SUCCESS_RATE_DAYS = 30;

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((100 * part) / whole));

export async function integrationStats(db: Database, organizationId: string, now: Date): Promise<IntegrationStats> {
  const [counts] = await db
    .select({
      total: sql<number>`(count(*) filter (where ${integrations.status} <> 'disconnected'))::int`,
      active: sql<number>`(count(*) filter (where ${integrations.status} = 'connected'))::int`,
      onSchedule: sql<number>`(count(*) filter (where ${integrations.status} = 'connected' and (${integrations.nextSyncAt} is null or ${integrations.nextSyncAt} >= ${new Date(now.getTime() - ON_SCHEDULE_GRACE_MS).toISOString()}::timestamptz)))::int`,
    })
    .from(integrations)
    .where(eq(integrations.organizationId, organizationId));
  const since = new Date(now.getTime() - SUCCESS_RATE_DAYS * 86_400_000).toISOString();
  const [syncs] = await db
    .select({
      total: sql<number>`count(*)::int`,
      customers: sql<number>`coalesce(sum(${integrationSyncs.customersProcessed}) filter (where ${integrationSyncs.status} = 'succeeded'), 0)::int`,
      invoices: sql<number>`coalesce(sum(${integrationSyncs.invoicesProcessed}) filter (where ${integrationSyncs.status} = 'succeeded'), 0)::int`,
      payments: sql<number>`coalesce(sum(${integrationSyncs.paymentsProcessed}) filter (where ${integrationSyncs.status} = 'succeeded'), 0)::int`,
      recentFinished: sql<number>`(count(*) filter (where ${integrationSyncs.status} in ('succeeded', 'failed') and ${integrationSyncs.finishedAt} >= ${since}::timestamptz))::int`,
      recentSucceeded: sql<number>`(count(*) filter (where ${integrationSyncs.status} = 'succeeded' and ${integrationSyncs.finishedAt} >= ${since}::timestamptz))::int`,
    })
    .from(integrationSyncs)
    .where(eq(integrationSyncs.organizationId, organizationId));
  const [last] = await db
    .select({ status: integrationSyncs.status })
    .from(integrationSyncs)
    .where(eq(integrationSyncs.organizationId, organizationId))
    .orderBy(desc(integrationSyncs.startedAt), desc(integrationSyncs.id))
    .limit(1);
  const health = await integrationHealth(db, organizationId);
  const healthy = health.integrations.filter((item) => item.status === 'healthy' || item.status === 'connected').length;
  const total = counts?.total ?? 0;
  const active = counts?.active ?? 0;
  return {
    totalIntegrations: total,
    activeIntegrations: active,
    totalSyncs: syncs?.total ?? 0,
    lastSyncStatus: last?.status ?? null,
    dataPoints: { customersSynced: syncs?.customers ?? 0, invoicesSynced: syncs?.invoices ?? 0, paymentsSynced: syncs?.payments ?? 0 },
    syncSummary: {
      successRate: percent(syncs?.recentSucceeded ?? 0, syncs?.recentFinished ?? 0),
      healthyShare: percent(healthy, health.integrations.length),
      onScheduleShare: percent(counts?.onSchedule ?? 0, active),
    },
  };
}
