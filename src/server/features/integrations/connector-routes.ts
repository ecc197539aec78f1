import { Readable } from 'node:stream';
import { and, count, desc, eq } from 'drizzle-orm';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import { type WebhookDelivery, deliveryParams, exportQuery } from '../../../shared/contracts/integration-connectors';
import { integrations, webhookDeliveries } from '../../db/schema';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { Integration, ProviderId } from './provider';
import { databaseNow, loadExportOrganization } from './providers/export-data';
import { lastExportFiles } from './providers/file-export';
import { oauthRoutes } from './providers/oauth-routes';
import { IIF_FILE, checkIifBalances, iifChunks } from './providers/quickbooks-desktop';
import { retryDelivery } from './providers/webhook-delivery';
import { startWebhookWorker } from './providers/webhooks';
import { XERO_FILE_LIMITS, buildXeroCsv, xeroFileName, xeroFilesOf, xeroZip } from './providers/xero-csv';

/** The organization's integration of this provider with this id; anything else is a 404. */
async function loadIntegration(deps: AppDeps, organizationId: string, id: string, providers: readonly ProviderId[]): Promise<Integration> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound('Integration');
  const [row] = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.organizationId, organizationId)))
    .limit(1);
  if (!row || !providers.includes(row.provider as ProviderId)) throw notFound('Integration');
  return row;
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * The connectors' own routes (issue 14): file exports (IIF, Xero CSV), the webhook delivery log
 * and its Retry, the OAuth callback of the API providers; and the webhook worker.
 */
export async function connectorRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  if (deps.startWorkers) {
    const stop = startWebhookWorker(deps, app.log);
    app.addHook('onClose', stop);
  }

  app.get(
    '/api/integrations/:id/export',
    {
      schema: {
        tags: ['integrations'],
        summary: "Download a file provider's export (IIF or Xero CSV)",
        description:
          'QuickBooks Desktop: the IIF file. Xero CSV: a ZIP of contacts, sales invoices and bills in Xero\'s import templates with a README.txt, ' +
          'or one CSV with file=contacts|invoices|bills. Xero imports at most 500 invoices or bills (1,000 contacts) per file, so a larger kind ' +
          'comes as numbered files (xero-sales-invoices-part-1-of-3.csv, ...) never splitting an invoice; with file=, part=N picks one (409 ' +
          'without it when there are several). scope=all (default) builds the export of every record now; scope=since_last_sync downloads the ' +
          'file of the records changed before the last sync (404 until a sync ran). Another organization\'s integration is a 404.',
        params: idParam,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const integration = await loadIntegration(deps, organizationId, request.params.id, ['quickbooks_desktop', 'xero_csv']);
      const { scope, file } = request.query;
      const stamp = (await databaseNow(deps.db)).toISOString().slice(0, 10);
      if (integration.provider === 'quickbooks_desktop') {
        if (file) throw new AppError('VALIDATION', 'file is only for the Xero CSV export', { file: 'file is only for the Xero CSV export' });
        let body: Buffer | Readable;
        if (scope === 'since_last_sync') {
          const files = await lastExportFiles(deps, integration.cursor);
          const stored = files?.[IIF_FILE];
          if (!stored) throw new AppError('NOT_FOUND', 'No sync has run yet: run a sync to prepare the file of the changes');
          body = stored;
        } else {
          // Streamed as its SQL pages are read, once every transaction is known to balance: a 409
          // before the first byte rather than a file cut off partway.
          const organization = await loadExportOrganization(deps.db, organizationId);
          const counts = { customers: 0, vendors: 0, invoices: 0, bills: 0, payments: 0 };
          const window = { from: null, through: await databaseNow(deps.db) };
          await checkIifBalances(deps.db, organization, integration.settings, window);
          body = Readable.from(iifChunks(deps.db, organization, integration.settings, window, counts));
        }
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="signal-ar-${scope === 'all' ? 'all' : 'changes'}-${stamp}.iif"`)
          .send(body);
      }
      if (request.query.part !== undefined && !file) throw new AppError('VALIDATION', 'part is only with file', { part: 'part is only with file' });
      let files: Record<string, Buffer>;
      if (scope === 'since_last_sync') {
        const stored = await lastExportFiles(deps, integration.cursor);
        if (!stored) throw new AppError('NOT_FOUND', 'No sync has run yet: run a sync to prepare the files of the changes');
        files = stored;
      } else {
        const organization = await loadExportOrganization(deps.db, organizationId);
        files = (await buildXeroCsv(deps.db, organization, integration.settings, { from: null, through: await databaseNow(deps.db) })).files;
      }
      const suffix = `${scope === 'all' ? 'all' : 'changes'}-${stamp}`;
      if (file) {
        const parts = xeroFilesOf(files, file);
        const { part } = request.query;
        if (parts.length > 1 && part === undefined) {
          throw new AppError(
            'CONFLICT',
            `This export has ${parts.length} ${file} files: Xero imports at most ${XERO_FILE_LIMITS[file]} per file. Download the ZIP, or one file with part=1 to ${parts.length}.`,
          );
        }
        const bytes = parts[(part ?? 1) - 1];
        if (!bytes) throw new AppError('NOT_FOUND', 'That file is not in the export');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${xeroFileName(file, part ?? 1, parts.length).replace('.csv', '')}-${suffix}.csv"`)
          .send(bytes);
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="signal-ar-xero-${suffix}.zip"`)
        .send(xeroZip(files));
    },
  );

  app.get(
    '/api/integrations/:id/deliveries',
    {
      schema: {
        tags: ['integrations'],
        summary: "A webhook integration's Delivery Log",
        description: 'Newest first: event type, status (pending, succeeded, failed), attempts, last HTTP status or error, times. Paginated (limit, offset, X-Total-Count).',
        params: idParam,
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const integration = await loadIntegration(deps, organizationId, request.params.id, ['webhooks']);
      const where = and(eq(webhookDeliveries.integrationId, integration.id), eq(webhookDeliveries.organizationId, organizationId));
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(request.query.limit)
          .offset(request.query.offset),
        deps.db.select({ value: count() }).from(webhookDeliveries).where(where),
      ]);
      reply.header('X-Total-Count', String(total?.value ?? 0));
      return rows.map(toDelivery);
    },
  );

  app.post(
    '/api/integrations/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Send a failed webhook delivery again',
        description:
          'Owners and admins. Only a failed delivery can be retried (409 otherwise); it is sent now with the same X-Signal-Delivery id ' +
          '(the receiver dedupes on it) by the worker within about 10 seconds and, should it fail again, retried on the usual schedule. ' +
          'Answers the delivery, pending again. Not audited: it changes no money, approval or access (it is logged).',
        params: deliveryParams,
      },
    },
    async (request) => {
      const { organizationId } = requireRole(request, ['owner', 'admin']);
      const integration = await loadIntegration(deps, organizationId, request.params.id, ['webhooks']);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.params.deliveryId)) throw notFound('Delivery');
      const [existing] = await deps.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, request.params.deliveryId), eq(webhookDeliveries.integrationId, integration.id), eq(webhookDeliveries.organizationId, organizationId)))
        .limit(1);
      if (!existing) throw notFound('Delivery');
      const retried = await retryDelivery(deps.db, integration, existing.id, deps.now());
      if (!retried) throw new AppError('CONFLICT', 'Only a failed delivery can be retried');
      request.log.info({ integrationId: integration.id, deliveryId: existing.id }, 'webhook delivery retried');
      return toDelivery(retried);
    },
  );

  await oauthRoutes(app, deps);
}
