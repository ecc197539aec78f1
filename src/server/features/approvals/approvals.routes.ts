import { approveSchema, batchApproveSchema, rejectSchema } from '../../../shared/contracts/approvals';
import { pageQuery } from '../../../shared/contracts/common';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { findApprovalStats } from './approvals.queries';
import { approveRequest, batchApprove, rejectRequest } from './decide-request';
import { findPendingRequests } from './pending-requests';
import { workflowsRoutes } from './workflows.routes';

const requestParam = z.object({ requestId: z.string() });

export async function approvalsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  await workflowsRoutes(app, deps);

  app.get(
    '/api/approvals/pending',
    { schema: { tags: ['approvals'], summary: 'Requests waiting for the signed-in user', querystring: pageQuery } },
    async (request, reply) => {
      const { organizationId, userId } = requireAuth(request);
      const { rows, total } = await findPendingRequests(deps.db, { organizationId, userId, ...request.query });
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  );

  app.get('/api/approvals/stats', { schema: { tags: ['approvals'], summary: 'Approval tiles for the signed-in user' } }, async (request) => {
    const { organizationId, userId } = requireAuth(request);
    return findApprovalStats(deps.db, organizationId, userId, deps.now());
  });

  app.post(
    '/api/approvals/batch-approve',
    { schema: { tags: ['approvals'], summary: 'Approve several requests', body: batchApproveSchema } },
    async (request) => {
      const auth = requireAuth(request);
      return batchApprove(deps.db, auth, request.body.requestIds, request.body.comments, deps.now());
    },
  );

  app.post(
    '/api/approvals/:requestId/approve',
    { schema: { tags: ['approvals'], summary: 'Approve a request', params: requestParam, body: approveSchema } },
    async (request) => {
      const auth = requireAuth(request);
      return approveRequest(deps.db, auth, request.params.requestId, request.body.comments, deps.now());
    },
  );

  app.post(
    '/api/approvals/:requestId/reject',
    { schema: { tags: ['approvals'], summary: 'Reject a request (a comment is required)', params: requestParam, body: rejectSchema } },
    async (request) => {
      const auth = requireAuth(request);
      return rejectRequest(deps.db, auth, request.params.requestId, request.body.comments, deps.now());
    },
  );
}
