import { auditLogFilters, auditLogQuery } from '../../../shared/contracts/audit-log';
import { idParam, pageQuery, type Role } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import { calendarDay } from '../../platform/calendar';
import { csvFileName } from '../../platform/csv';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { findAuditUsers } from './audit-log.queries';
import { auditLogCsv, listAuditLog, recordHistory } from './audit-log.service';

/** The whole trail is for the people who run the organization; a record's own history is for anyone who sees the record. */
const LOG_READERS: readonly Role[] = ['owner', 'admin'];

const filtersDescription =
  'Filters: userId (a member, or "system" for what the product did by itself), action (e.g. invoice.sent), entityType ' +
  '(invoice, bill, vendor, ...), entityId, from and to (the first and last day shown, the organization\'s days; a timestamp ' +
  'stands for its day there). Owners and admins only (403 otherwise).';

export async function auditLogRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['audit log'];

  app.get(
    '/api/audit-log',
    {
      schema: {
        tags,
        summary: 'The audit trail (Settings > Activity), newest first',
        description: `Who did what to which record and when, paginated by limit and offset with the total in X-Total-Count. ${filtersDescription}`,
        querystring: auditLogQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireRole(request, LOG_READERS);
      const { entries, total } = await listAuditLog(deps.db, organizationId, request.query);
      return reply.header('X-Total-Count', String(total)).send(entries);
    },
  );

  app.get(
    '/api/audit-log/export',
    {
      schema: {
        tags,
        summary: 'The audit trail as CSV (Download CSV)',
        description:
          `Every row the same filters select, newest first, streamed as text/csv. Cells that a spreadsheet would run as a formula are prefixed with an apostrophe. ${filtersDescription}`,
        querystring: auditLogFilters,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { organizationId } = requireRole(request, LOG_READERS);
      const { stream, timeZone } = await auditLogCsv(deps.db, organizationId, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(`activity-${calendarDay(deps.now(), timeZone)}`)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/audit-log/users',
    { schema: { tags, summary: 'The people who appear in the audit trail (the User filter)', description: 'Owners and admins only.' } },
    async (request) => findAuditUsers(deps.db, requireRole(request, LOG_READERS).organizationId),
  );

  for (const entityType of ['invoice', 'bill'] as const) {
    app.get(
      `/api/${entityType}s/:id/history`,
      {
        schema: {
          tags,
          summary: `One ${entityType}'s history, oldest first`,
          description: `Created, sent, reminded, approved or rejected with the comment, paid: the audit rows of this ${entityType}, paginated by limit and offset (X-Total-Count). Another organization's ${entityType} is a 404.`,
          params: idParam,
          querystring: pageQuery,
        },
      },
      async (request, reply) => {
        const { entries, total } = await recordHistory(deps.db, requireAuth(request), entityType, request.params.id, request.query);
        return reply.header('X-Total-Count', String(total)).send(entries);
      },
    );
  }
}
