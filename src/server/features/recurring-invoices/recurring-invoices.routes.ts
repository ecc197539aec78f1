import { and, eq, isNotNull } from 'drizzle-orm';
import { idParam, partialBody } from '../../../shared/contracts/common';
import { recurringInvoiceInputSchema, recurringInvoiceListQuery } from '../../../shared/contracts/recurring-invoices';
import { customers } from '../../db/schema';
import { requireAuth, requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { visibleClients } from '../practice/practice.queries';
import { runDueSchedules, startRecurringScheduler } from './generate-recurring-invoices';
import { findRecurringInvoice, findRecurringInvoices } from './recurring-invoices.queries';
import { createRecurringInvoice, deleteRecurringInvoice, updateRecurringInvoice } from './recurring-invoices.service';

const tags = ['recurring invoices'];

export async function recurringInvoicesRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  if (deps.startWorkers) {
    const stop = startRecurringScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }

  app.get(
    '/api/recurring-invoices',
    { schema: { tags, summary: 'List recurring invoice schedules', description: 'Newest first; X-Total-Count carries the total.', querystring: recurringInvoiceListQuery } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { schedules, total } = await findRecurringInvoices(deps.db, { organizationId, ...request.query });
      reply.header('X-Total-Count', String(total));
      return schedules;
    },
  );

  app.get('/api/recurring-invoices/:id', { schema: { tags, summary: 'One recurring invoice schedule', params: idParam } }, async (request) => {
    const { organizationId } = requireAuth(request);
    const schedule = await findRecurringInvoice(deps.db, organizationId, request.params.id);
    if (!schedule) throw notFound('Recurring invoice');
    return schedule;
  });

  app.post(
    '/api/recurring-invoices',
    {
      schema: {
        tags,
        summary: 'Create a recurring invoice schedule',
        description:
          'The schedule makes an invoice on its start date and then every week, month, quarter or year on the same day ' +
          '(the last day of shorter months), until its end condition. A start in the past runs from today on.',
        body: recurringInvoiceInputSchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.status(201).send(await createRecurringInvoice(deps.db, auth, request.body, deps.now()));
    },
  );

  app.put(
    '/api/recurring-invoices/:id',
    {
      schema: {
        tags,
        summary: 'Edit, pause or resume a schedule (fields left out are kept)',
        description: 'status paused stops it; active resumes it from today on (missed days while paused are not made).',
        params: idParam,
        body: partialBody(recurringInvoiceInputSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return updateRecurringInvoice(deps.db, auth, request.params.id, request.body, deps.now());
    },
  );

  app.delete(
    '/api/recurring-invoices/:id',
    { schema: { tags, summary: 'Delete a schedule', description: 'The invoices it made stay.', params: idParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deleteRecurringInvoice(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/practice/invoices/recurring',
    {
      config: { practice: true },
      schema: {
        tags: ['practice'],
        summary: 'Generate the recurring invoices due now',
        description: "Runs every due schedule in the firm's own books and in the client workspaces this member may open; answers { generated }.",
      },
    },
    async (request) => {
      const actor = requireFirm(request);
      const clients = await deps.db
        .select({ organizationId: customers.clientOrganizationId })
        .from(customers)
        .where(and(visibleClients(actor), eq(customers.isActive, true), isNotNull(customers.clientOrganizationId)));
      const organizationIds = [actor.firmId, ...clients.flatMap((row) => (row.organizationId ? [row.organizationId] : []))];
      const result = await runDueSchedules(deps, { now: deps.now(), organizationIds });
      return { generated: result.generated };
    },
  );
}
