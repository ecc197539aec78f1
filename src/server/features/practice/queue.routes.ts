import { z } from 'zod';
import {
  queueApprovalSchema,
  queueApproveSchema,
  queueBatchApproveSchema,
  queueBatchResultSchema,
  queueDecisionSchema,
  queueListQuery,
  queuePaymentSchema,
  queueRejectSchema,
  queueSummarySchema,
} from '../../../shared/contracts/practice-queue';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { findQueueApprovals, findQueuePayments, findQueueSummary } from './approval-queue';
import { approveFromQueue, batchApproveFromQueue, rejectFromQueue } from './queue-decisions';

const approvalParam = z.object({ approvalId: z.string() });

/**
 * One queue across the firm's books and every client workspace the member may open (Approval
 * Queue). Decisions act inside the request's workspace with the Approvals page's own rules.
 */
export async function practiceQueueRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['practice'];
  const practice = { practice: true } as const;

  app.get(
    '/api/practice/queue',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Bills awaiting my approval and payments due soon, across clients',
        description:
          'Across the firm itself and every client workspace the signed-in member may open (owners and admins: every active client; ' +
          'others: the clients granted to them). kind=approvals (default) lists the bill approval requests waiting for the member ' +
          '(pending, in the bill’s current round), with overLimit when the bill is over their approval limit. kind=payments lists ' +
          'pending bill payments scheduled on or before the 14th day from today and unpaid, unscheduled bills due by then ' +
          '(status overdue when past due), "today" being each workspace’s own calendar day in its time zone. One list per call: ' +
          'a JSON array with the total in X-Total-Count, paged by limit/offset, sorted by sort (dueDate, amount, client) and order. ' +
          'organizationId narrows the list to one workspace; a workspace the member may not open gives an empty list.',
        querystring: queueListQuery,
        response: { 200: z.union([z.array(queueApprovalSchema), z.array(queuePaymentSchema)]) },
      },
    },
    async (request, reply) => {
      const actor = requireFirm(request);
      const { rows, total } =
        request.query.kind === 'payments'
          ? await findQueuePayments(deps.db, actor, request.query, deps.now())
          : await findQueueApprovals(deps.db, actor, request.query);
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/practice/queue/summary',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Counts of the approval queue, in total and per client',
        description:
          'How many approvals and payments the queue holds, and for each workspace with something waiting (the firm first, then ' +
          'clients by name) its own counts: the tab badges and the client filter of the Approval Queue page.',
        response: { 200: queueSummarySchema },
      },
    },
    async (request) => findQueueSummary(deps.db, requireFirm(request), deps.now()),
  );

  app.post(
    '/api/practice/queue/batch-approve',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Approve several requests across clients',
        description:
          'Each request is looked up among the workspaces the member may open and approved there, in its own transaction, with the ' +
          'Approvals page’s guards, approval limit and audit rows. Answers every item: approved, or skipped with the reason ' +
          '(not found, over your approval limit, already decided, only the assigned approver…). An item that is not found touches nothing.',
        body: queueBatchApproveSchema,
        response: { 200: queueBatchResultSchema },
      },
    },
    async (request) => {
      const actor = requireFirm(request);
      return batchApproveFromQueue(deps.db, actor, request.body.approvalIds, request.body.comments, deps.now());
    },
  );

  app.post(
    '/api/practice/queue/:approvalId/approve',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Approve a request from the queue',
        description:
          'Approves the request inside its workspace exactly as POST /api/approvals/{requestId}/approve would there. A request in a ' +
          'workspace the member may not open, or unknown, is a 404.',
        params: approvalParam,
        body: queueApproveSchema,
        response: { 200: queueDecisionSchema },
      },
    },
    async (request) => {
      const actor = requireFirm(request);
      return approveFromQueue(deps.db, actor, request.params.approvalId, request.body.comments, deps.now());
    },
  );

  app.post(
    '/api/practice/queue/:approvalId/reject',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Reject a request from the queue (a comment is required)',
        description:
          'Rejects the request inside its workspace exactly as POST /api/approvals/{requestId}/reject would there: the bill is rejected ' +
          'until it is edited and approved again. A request the member may not reach is a 404.',
        params: approvalParam,
        body: queueRejectSchema,
        response: { 200: queueDecisionSchema },
      },
    },
    async (request) => {
      const actor = requireFirm(request);
      return rejectFromQueue(deps.db, actor, request.params.approvalId, request.body.comments, deps.now());
    },
  );
}
