import { idParam, pageQuery, partialBody } from '../../../shared/contracts/common';
import { automationSettingsSchema } from '../../../shared/contracts/invoice-reminders';
import { requireAuth, requireRole } from '../../platform/auth';
import { organizationToday } from '../../platform/calendar';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findInvoice } from '../invoices/invoices.queries';
import { readAutomationSettings, updateAutomationSettings } from './automation-settings';
import { findInvoiceReminders } from './invoice-reminders.queries';
import { sendDueReminders, startReminderScheduler } from './send-due-reminders';

/** Payment reminders of overdue invoices, and the organization's settings that turn them on and choose the days. */
export async function invoiceRemindersRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  if (deps.startWorkers) {
    const stop = startReminderScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }

  app.get(
    '/api/invoices/:id/reminders',
    {
      schema: {
        tags: ['invoices'],
        summary: "An invoice's payment reminders",
        description: 'Newest (latest reminder day) first, with status pending, sent or failed and the failure reason. Paginated (limit, offset, X-Total-Count).',
        params: idParam,
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const today = await organizationToday(deps.db, organizationId, deps.now());
      const invoice = await findInvoice(deps.db, organizationId, request.params.id, today);
      if (!invoice) throw notFound('Invoice');
      const { reminders, total } = await findInvoiceReminders(deps.db, { organizationId, invoiceId: invoice.id, ...request.query });
      reply.header('X-Total-Count', String(total));
      return reminders;
    },
  );

  app.post(
    '/api/invoice-reminders/run',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Send the payment reminders due now in this workspace',
        description:
          'Owners and admins. Runs what the scheduler does every minute, for the active organization only, and answers ' +
          '{ claimed, sent, failed }. Idempotent: a reminder already recorded is never mailed again.',
      },
    },
    async (request) => {
      const { organizationId } = requireRole(request, ['owner', 'admin']);
      return sendDueReminders(deps, { now: deps.now(), organizationId });
    },
  );

  app.get(
    '/api/automation-settings',
    {
      schema: {
        tags: ['settings'],
        summary: "The workspace's payment reminders and recurring defaults",
        description: 'sendReminders, reminderDays (days after the due date), autoRecurring, recurringFrequency. Without a stored row: on, 7, 14 and 30 days.',
      },
    },
    async (request) => readAutomationSettings(deps.db, requireAuth(request).organizationId),
  );

  app.put(
    '/api/automation-settings',
    {
      schema: {
        tags: ['settings'],
        summary: "Change the workspace's payment reminders and recurring defaults",
        description:
          'Owners and admins; audited. Partial: fields left out keep their value. reminderDays: 1 to 365, each once, at most 10 ' +
          '(stored sorted). recurringFrequency is cleared while autoRecurring is off.',
        body: partialBody(automationSettingsSchema),
      },
    },
    async (request) => {
      const auth = requireRole(request, ['owner', 'admin']);
      return updateAutomationSettings(deps.db, auth, request.body, deps.now());
    },
  );
}
