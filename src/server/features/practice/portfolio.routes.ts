import { z } from 'zod';
import { idParam, pageQuery, partialBody } from '../../../shared/contracts/common';
import { teamMemberSchema } from '../../../shared/contracts/team';
import {
  clientAccessEntrySchema,
  clientAccessGrantSchema,
  clientAccessParams,
  clientExportQuery,
  clientMessageResultSchema,
  clientMessageSchema,
  clientStatusSchema,
  idempotencyKeyHeaders,
  onboardingStatsSchema,
  practiceClientDetailsSchema,
  serviceLevelUpdateSchema,
} from '../../../shared/contracts/portfolio';
import { practiceClientListQuery, practiceClientSchema } from '../../../shared/contracts/practice';
import { requireFirm } from '../../platform/auth';
import { calendarDay } from '../../platform/calendar';
import { csvFileName } from '../../platform/csv';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { JobWorker } from '../../platform/jobs';
import type { RateLimit } from '../../platform/rate-limit';
import { fileStoreOf } from '../../platform/storage';
import { findMembers } from '../team/team.queries';
import { grantClientAccess, listClientAccess, revokeClientAccess } from './client-access';
import { deletePracticeClient, setClientStatus } from './client-lifecycle';
import { queueClientMessage, startClientMessageWorker } from './client-messages';
import { updateServiceLevel } from './client-service-level';
import { computeOnboardingStats } from './onboarding-stats';
import { portfolioCsv } from './portfolio-export';
import { findClientDetails, findPortfolio } from './portfolio.queries';

const HOUR = 3600_000;

/** Send Message: 100 messages an hour from one member, 20 a day to one client (a retry counts too). */
const messageLimits: readonly RateLimit[] = [
  { name: 'client-message-sender', max: 100, windowMs: HOUR, by: (request) => (request.auth ? `user:${request.auth.userId}` : undefined) },
  { name: 'client-message-client', max: 20, windowMs: 24 * HOUR, by: (request) => `client:${(request.params as { id?: string }).id ?? ''}` },
];

/**
 * The Practice Dashboard (spec 2.5): the portfolio, a client's details, its service level,
 * status, messages and access grants, the onboarding stats and the CSV export. Every route that
 * takes a client id finds it through visibleClients, so another firm's client and a client the
 * member has no grant for are both a 404.
 */
export async function portfolioRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['practice'];
  const practice = { practice: true } as const;
  const store = fileStoreOf(deps);

  let worker: JobWorker | null = null;
  if (deps.startWorkers) worker = startClientMessageWorker(deps, (error) => app.log.error({ err: error }, 'client message worker error'));
  app.addHook('onClose', async () => worker?.stop());

  app.get(
    '/api/practice/clients',
    {
      config: practice,
      schema: {
        tags,
        summary: "The practice's clients (Client Portfolio)",
        description:
          'The clients the member may see (owners and admins: all; others: their granted clients), by name, paginated by limit and offset ' +
          'with the total in X-Total-Count. search matches name or email (case-insensitive); filter onboarding is in_progress, ' +
          'completed is completed, active is completed and not deactivated.',
        querystring: practiceClientListQuery,
        response: { 200: z.array(practiceClientSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await findPortfolio(deps.db, requireFirm(request), request.query);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/practice/clients/export',
    {
      config: practice,
      schema: {
        tags,
        summary: 'The portfolio as CSV (Export Data)',
        description:
          'Every client the member may see, or the ones in ids (comma-separated; an id the member may not see is a 404), as text/csv. ' +
          'Cells that a spreadsheet would run as a formula are prefixed with an apostrophe.',
        querystring: clientExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = requireFirm(request);
      const csv = await portfolioCsv(deps.db, actor, request.query.ids);
      if (csv === null) throw notFound('Client');
      const day = calendarDay(deps.now(), csv.timeZone);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(`practice-clients-${day}`)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv.text);
    },
  );

  app.get(
    '/api/practice/clients/:id',
    {
      config: practice,
      schema: {
        tags,
        summary: "A client's details",
        description:
          'Profile, onboarding progress, service level, monthly fee and the billed fee after the billing-frequency discount, the open ' +
          "balance the client owes the firm, its workspace's organizationId and the firm members who may open it.",
        params: idParam,
        response: { 200: practiceClientDetailsSchema },
      },
    },
    async (request) => {
      const details = await findClientDetails(deps.db, requireFirm(request), request.params.id);
      if (!details) throw notFound('Client');
      return details;
    },
  );

  app.put(
    '/api/practice/clients/:id/service-level',
    {
      config: practice,
      schema: {
        tags,
        summary: "Change a client's service level and fee (Edit Service Level)",
        description:
          'Partial: serviceLevel (basic, standard, premium, enterprise), monthlyFee and billingFrequency (monthly, quarterly, annually); ' +
          'a field left out keeps its value. Audited with the values before and after.',
        params: idParam,
        body: partialBody(serviceLevelUpdateSchema),
        response: { 200: practiceClientSchema },
      },
    },
    async (request) => updateServiceLevel(deps.db, requireFirm(request), request.params.id, request.body, deps.now()),
  );

  app.put(
    '/api/practice/clients/:id/status',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Deactivate or reactivate a client',
        description:
          "Owners and admins only. Deactivating frees the client's place in the plan and closes its workspace (no one can open it); " +
          "reactivating needs a free place (409 naming the plan's limit). Audited.",
        params: idParam,
        body: clientStatusSchema,
        response: { 200: practiceClientSchema },
      },
    },
    async (request) => setClientStatus(deps.db, requireFirm(request), request.params.id, request.body.isActive, deps.now()),
  );

  app.delete(
    '/api/practice/clients/:id',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Delete a client added by mistake',
        description:
          "Owners and admins only. Removes the firm's customer row and the client's workspace in one transaction (audited). A client " +
          'the firm has invoiced, or whose workspace has invoices, bills or users of its own, is a 409: deactivate it instead.',
        params: idParam,
      },
    },
    async (request, reply) => {
      await deletePracticeClient(deps.db, store, requireFirm(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/practice/clients/:id/message',
    {
      config: { ...practice, rateLimit: messageLimits },
      schema: {
        tags,
        summary: "Mail a message to a client's contact (Send Message)",
        description:
          "Stores the message and mails it once to the client's primary contact (else its business email) through the mail queue. " +
          'The Idempotency-Key header (a UUID) makes retries safe: the same key answers the stored message (200) and mails nothing ' +
          'again; a new one answers 201. At most 100 messages an hour per member and 20 a day per client (429).',
        params: idParam,
        headers: idempotencyKeyHeaders,
        body: clientMessageSchema,
        response: { 200: clientMessageResultSchema, 201: clientMessageResultSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { message, created } = await queueClientMessage(deps.db, requireFirm(request), request.params.id, request.body, key, deps.now());
      if (created) worker?.wake();
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.get(
    '/api/practice/clients/:id/access',
    {
      config: practice,
      schema: {
        tags,
        summary: "Who may open a client's workspace",
        description: "The firm's owners and admins (every client, by their firm role), then the members granted this client, with their role there.",
        params: idParam,
        response: { 200: z.array(clientAccessEntrySchema) },
      },
    },
    async (request) => listClientAccess(deps.db, requireFirm(request), request.params.id),
  );

  app.put(
    '/api/practice/clients/:id/access/:userId',
    {
      config: practice,
      schema: {
        tags,
        summary: "Grant a firm member a client's workspace",
        description:
          "Owners and admins only (403). userId must be an active member of the firm (404); the firm's owners and admins reach every " +
          'client already (409). Creates the grant or changes its role (accountant, approver, viewer, admin); audited. Answers the access list.',
        params: clientAccessParams,
        body: clientAccessGrantSchema,
        response: { 200: z.array(clientAccessEntrySchema) },
      },
    },
    async (request) => grantClientAccess(deps.db, requireFirm(request), request.params.id, request.params.userId, request.body.role, deps.now()),
  );

  app.delete(
    '/api/practice/clients/:id/access/:userId',
    {
      config: practice,
      schema: {
        tags,
        summary: "Revoke a firm member's access to a client's workspace",
        description: 'Owners and admins only. Takes effect at the member\'s next request (a session inside the workspace goes home). Audited.',
        params: clientAccessParams,
      },
    },
    async (request, reply) => {
      await revokeClientAccess(deps.db, requireFirm(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/practice/members',
    {
      config: practice,
      schema: {
        tags,
        summary: "The firm's active members (to grant client access)",
        description: "The members of the user's accounting firm, whatever workspace is open; paginated by limit and offset with X-Total-Count.",
        querystring: pageQuery,
        response: { 200: z.array(teamMemberSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await findMembers(deps.db, { organizationId: requireFirm(request).firmId, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/api/onboarding/stats',
    {
      config: practice,
      schema: {
        tags,
        summary: 'The practice dashboard figures',
        description:
          "Computed from the clients the member may see, on the firm's calendar: clients, onboarding in progress and its average days, " +
          'monthly recurring (active clients: onboarding completed and not deactivated; fee per month after the billing-frequency ' +
          'discount), retention (share of the clients active 12 months ago still active today; null when there were none), average ' +
          'client value, new revenue in the last 30 days, the onboarding overview, and trends against the previous period (null without one).',
        response: { 200: onboardingStatsSchema },
      },
    },
    async (request) => computeOnboardingStats(deps.db, requireFirm(request), deps.now()),
  );
}
