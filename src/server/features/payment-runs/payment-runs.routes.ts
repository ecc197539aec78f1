import { achExportSchema, nachaExportQuery } from '../../../shared/contracts/ach';
import { idParam } from '../../../shared/contracts/common';
import {
  paymentRunListQuery,
  paymentRunSchema,
  processDueResultSchema,
  scheduleResultSchema,
  schedulePaymentSchema,
} from '../../../shared/contracts/payment-runs';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { BANK_ACCOUNT_ROLES } from '../bank-accounts/bank-accounts.routes';
import { findAchExports } from './ach-exports.queries';
import { exportNachaFile } from './nacha-export';
import { findPaymentRun, findPaymentRuns } from './payment-runs.queries';
import { schedulePayments } from './schedule-payments';
import { processDuePayments, startPaymentScheduler } from './scheduler';

export async function paymentRunsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  if (deps.startWorkers) {
    const stop = startPaymentScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }

  app.post(
    '/api/payments/schedule',
    {
      schema: {
        tags: ['payments'],
        summary: 'Schedule payment of bills from a verified bank account',
        body: schedulePaymentSchema,
        response: { 201: scheduleResultSchema },
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return reply
        .status(201)
        .send(await schedulePayments(deps.db, auth, request.body, deps.now()));
    },
  );

  app.get(
    '/api/payment-runs',
    {
      schema: {
        tags: ['payments'],
        summary: 'Recent payment runs with totals',
        querystring: paymentRunListQuery,
        response: { 200: paymentRunSchema.array() },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { rows, total } = await findPaymentRuns(deps.db, { organizationId, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/payment-runs/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'One payment run with totals',
        params: idParam,
        response: { 200: paymentRunSchema },
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const run = await findPaymentRun(deps.db, organizationId, request.params.id);
      if (!run) throw notFound('Payment run');
      const { rows } = await findPaymentRuns(deps.db, {
        organizationId,
        id: run.id,
        limit: 1,
        offset: 0,
      });
      const [row] = rows;
      if (!row) throw notFound('Payment run');
      return row;
    },
  );

  app.get(
    '/api/payment-runs/:id/nacha',
    {
      schema: {
        tags: ['payments'],
        summary: 'The ACH payments of a run as a NACHA file',
        description:
          'Refused with 409 ACH_PROFILE_INCOMPLETE (naming what is missing) until the origin account has complete ACH settings, ' +
          'and with 409 ACH_ALREADY_EXPORTED when the run was exported before, unless confirmRepeat=true. ' +
          'Each file takes the next file ID modifier (A-Z, 0-9) for its account and day; the run\'s ACH payments become sent.',
        params: idParam,
        querystring: nachaExportQuery,
      },
    },
    async (request, reply) => {
      // The file holds vendors' full account numbers: not for viewers or approvers.
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      const file = await exportNachaFile(deps, auth, request.params.id, {
        confirmRepeat: request.query.confirmRepeat,
      });
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Ach-File-Id-Modifier', file.fileIdModifier)
        .header('X-Ach-Repeat', String(file.isRepeat))
        .send(file.content);
    },
  );

  app.get(
    '/api/payment-runs/:id/ach-exports',
    {
      schema: {
        tags: ['payments'],
        summary: "The run's NACHA files: day, file ID modifier, who exported it, repeats",
        params: idParam,
        response: { 200: achExportSchema.array() },
      },
    },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      const run = await findPaymentRun(deps.db, auth.organizationId, request.params.id);
      if (!run) throw notFound('Payment run');
      return findAchExports(deps.db, auth.organizationId, run.id);
    },
  );

  app.post(
    '/api/payment-runs/process-due',
    {
      schema: {
        tags: ['payments'],
        summary: "Process the organization's due payments now (owners and admins)",
        description:
          'Checks and wires due today complete. An ACH payment waits for its exported file (sent), then completes when a ' +
          "bank line is matched to it, or here once its account's ACH settings count settlement banking days past its date.",
        response: { 200: processDueResultSchema },
      },
    },
    async (request) => {
      const auth = requireRole(request, ['owner', 'admin']);
      return processDuePayments(deps, deps.now(), { organizationId: auth.organizationId });
    },
  );
}
