import { approvalWorkflowInputSchema } from '../../../shared/contracts/approvals';
import { idParam, partialBody } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findEligibleApprovers, findWorkflows } from './workflows.queries';
import { createWorkflow, deleteWorkflow, updateWorkflow } from './workflows.service';

const MANAGERS = ['owner', 'admin'] as const;

/** Approval rules: everyone may read them, owners and admins manage them. */
export async function workflowsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const one = async (organizationId: string, id: string) => {
    const found = (await findWorkflows(deps.db, organizationId)).find((workflow) => workflow.id === id);
    if (!found) throw notFound('Approval rule');
    return found;
  };

  app.get('/api/approval-workflows', { schema: { tags: ['approvals'], summary: 'List approval rules' } }, async (request) =>
    findWorkflows(deps.db, requireAuth(request).organizationId),
  );

  app.get(
    '/api/approval-workflows/approvers',
    { schema: { tags: ['approvals'], summary: 'Members who can be named as approvers' } },
    async (request) => findEligibleApprovers(deps.db, requireAuth(request).organizationId),
  );

  app.post(
    '/api/approval-workflows',
    { schema: { tags: ['approvals'], summary: 'Add an approval rule', body: approvalWorkflowInputSchema } },
    async (request, reply) => {
      const auth = requireRole(request, MANAGERS);
      const row = await createWorkflow(deps.db, auth, request.body);
      return reply.status(201).send(await one(auth.organizationId, row.id));
    },
  );

  app.put(
    '/api/approval-workflows/:id',
    { schema: { tags: ['approvals'], summary: 'Edit an approval rule (fields left out are kept)', params: idParam, body: partialBody(approvalWorkflowInputSchema) } },
    async (request) => {
      const auth = requireRole(request, MANAGERS);
      const row = await updateWorkflow(deps.db, auth, request.params.id, request.body);
      return one(auth.organizationId, row.id);
    },
  );

  app.delete(
    '/api/approval-workflows/:id',
    { schema: { tags: ['approvals'], summary: 'Delete an approval rule', params: idParam } },
    async (request, reply) => {
      const auth = requireRole(request, MANAGERS);
      await deleteWorkflow(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );
}
