import { userSchema } from '../../../shared/contracts/auth';
import { workspaceListQuery, workspaceListSchema, workspaceSwitchSchema } from '../../../shared/contracts/workspaces';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { listWorkspaces, switchWorkspace } from '../../platform/workspaces';
import { findSessionUser } from './auth.queries';

/** The workspace switcher: what the user may open, and making one the session's active organization. */
export async function workspacesRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['auth'];

  app.get(
    '/api/workspaces',
    {
      config: { anyWorkspace: true },
      schema: {
        tags,
        summary: 'The workspaces the signed-in user may open',
        description:
          'Their own organization, then (for a member of an accounting firm) the firm clients they may open: every client for the ' +
          "firm's owners and admins, the granted ones for everyone else. Paginated by limit and offset; search matches client names.",
        querystring: workspaceListQuery,
        response: { 200: workspaceListSchema },
      },
    },
    async (request) => listWorkspaces(deps.db, requireAuth(request), request.query),
  );

  app.put(
    '/api/session/workspace',
    {
      // Switching changes the session, not the organization's data: a viewer may switch too.
      config: { viewerAllowed: true, anyWorkspace: true },
      schema: {
        tags,
        summary: "Make a workspace the session's active organization",
        description:
          'Every other route then works inside that workspace. An organization the user may not open is a 404 and changes nothing. ' +
          'Audited in the firm and in the client workspace. Answers the signed-in user as GET /api/user shows them.',
        body: workspaceSwitchSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const role = await switchWorkspace(deps.db, auth, request.body.organizationId, deps.now());
      const user = await findSessionUser(deps.db, { ...auth, organizationId: request.body.organizationId, role });
      if (!user) throw notFound('User');
      return user;
    },
  );
}
