import { idParam } from '../../../shared/contracts/common';
import { connectIntegrationSchema, updateIntegrationSchema } from '../../../shared/contracts/integrations';
import { isUuid } from '../../db/query-helpers';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { listProviders } from './catalogue';
import {
  connectIntegration,
  connectedProviders,
  disconnectIntegration,
  integrationHealth,
  integrationStats,
  listIntegrations,
  updateIntegration,
} from './integrations.service';
import { startIntegrationScheduler } from './scheduler';
import { runManualSync } from './sync';

const tags = ['integrations'];

/** An id that is not a UUID names no integration: 404 before any query. */
function integrationId(id: string): string {
  if (!isUuid(id)) throw notFound('Integration');
  return id;
}

/**
 * The Integration Hub (issue 14): the active organization's integrations. The organization is the
 * session's workspace, so a firm member working in a client's workspace manages the client's.
 */
export async function integrationsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  if (deps.startWorkers) {
    const stop = startIntegrationScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }

  app.get(
    '/api/integrations/providers',
    { schema: { tags, summary: 'The provider catalogue', description: 'coming_soon providers cannot be connected; connected is for the active organization.' } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      return listProviders(deps, await connectedProviders(deps.db, organizationId));
    },
  );

  app.get(
    '/api/integrations',
    { schema: { tags, summary: 'Connected integrations', description: 'At most one per provider (so never more than the catalogue); disconnected ones are left out. X-Total-Count carries the count.' } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const list = await listIntegrations(deps.db, organizationId);
      reply.header('X-Total-Count', String(list.length));
      return list;
    },
  );

  app.get('/api/integrations/stats', { schema: { tags, summary: 'Integration figures', description: 'SQL aggregates over the sync history.' } }, async (request) => {
    const { organizationId } = requireAuth(request);
    return integrationStats(deps.db, organizationId, deps.now());
  });

  app.get(
    '/api/integrations/health',
    {
      schema: {
        tags,
        summary: 'Health of each integration and overall',
        description:
          'healthScore = share of successful syncs among the last 20 finished (x100) minus 10 per failure in a row; never synced = connected, 100. Overall = average, 100 when none.',
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      return integrationHealth(deps.db, organizationId);
    },
  );

  app.post(
    '/api/integrations',
    { schema: { tags, summary: 'Connect a provider (owners and admins)', body: connectIntegrationSchema } },
    async (request, reply) => {
      const auth = requireRole(request, ['owner', 'admin']);
      const integration = await connectIntegration(deps, { organizationId: auth.organizationId, userId: auth.userId }, request.body);
      return reply.status(201).send(integration);
    },
  );

  app.put(
    '/api/integrations/:id',
    { schema: { tags, summary: 'Change sync frequency or direction (owners and admins)', params: idParam, body: updateIntegrationSchema } },
    async (request) => {
      const auth = requireRole(request, ['owner', 'admin']);
      return updateIntegration(deps, { organizationId: auth.organizationId, userId: auth.userId }, integrationId(request.params.id), request.body);
    },
  );

  app.delete('/api/integrations/:id', { schema: { tags, summary: 'Disconnect an integration (owners and admins)', params: idParam } }, async (request, reply) => {
    const auth = requireRole(request, ['owner', 'admin']);
    await disconnectIntegration(deps, { organizationId: auth.organizationId, userId: auth.userId }, integrationId(request.params.id));
    return reply.status(204).send();
  });

  app.post(
    '/api/integrations/:id/sync',
    {
      schema: {
        tags,
        summary: 'Run a sync now',
        description: 'Runs as a job and waits for it. A failed sync is recorded and answered 409 { message, code: SYNC_FAILED }; one sync of an integration at a time (409).',
        params: idParam,
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, ['owner', 'admin', 'accountant']);
      const result = await runManualSync(deps, { organizationId: auth.organizationId, integrationId: integrationId(request.params.id), requestedBy: auth.userId });
      if (result.status === 'failed') {
        return reply.status(409).send({ message: result.error ?? 'The sync failed', code: 'SYNC_FAILED', syncId: result.syncId });
      }
      return { syncId: result.syncId, status: result.status, summary: result.summary, other: result.other };
    },
  );
}
