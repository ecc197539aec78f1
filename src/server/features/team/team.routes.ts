import { z } from 'zod';
import { pageQuery, partialBody } from '../../../shared/contracts/common';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberUpdateSchema,
  teamMemberSchema,
  tokenParam,
  userIdParam,
} from '../../../shared/contracts/team';
import { requireAuth, requireRole, setSessionCookie } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { acceptInvitation, createInvitation, previewInvitation, toInvitationDto } from './team-invitations';
import { findMembers, findPendingInvitations } from './team.queries';
import { removeMember, updateMember } from './team.service';

const managers = ['owner', 'admin'] as const;

export async function teamRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/team',
    { schema: { tags: ['team'], summary: 'Active members with role and approval limit', querystring: pageQuery, response: { 200: z.array(teamMemberSchema) } } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { items, total } = await findMembers(deps.db, { organizationId, ...request.query });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/api/team/invitations',
    { schema: { tags: ['team'], summary: 'Pending invitations', response: { 200: z.array(invitationSchema) } } },
    async (request) => {
      const { organizationId } = requireRole(request, managers);
      return (await findPendingInvitations(deps.db, organizationId, deps.now())).map(toInvitationDto);
    },
  );

  app.post(
    '/api/team/invitations',
    { schema: { tags: ['team'], summary: 'Invite someone by email', body: invitationCreateSchema, response: { 201: invitationSchema } } },
    async (request, reply) => {
      const auth = requireRole(request, managers);
      return reply.status(201).send(await createInvitation(deps, auth, request.body));
    },
  );

  app.get(
    '/api/team/invitations/:token',
    { config: { public: true }, schema: { tags: ['team'], summary: 'What an invitation link offers', params: tokenParam, response: { 200: invitationPreviewSchema } } },
    async (request) => previewInvitation(deps, request.params.token),
  );

  app.post(
    '/api/team/invitations/:token/accept',
    { config: { public: true, rateLimit: rateLimits.invitationAccept }, schema: { tags: ['team'], summary: 'Join the team and sign in', params: tokenParam, body: invitationAcceptSchema } },
    async (request, reply) => {
      const { user, token } = await acceptInvitation(deps, request.params.token, request.body);
      setSessionCookie(reply, token, deps.config.secureCookies);
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/api/team/:userId',
    { schema: { tags: ['team'], summary: "Change a member's role and approval limit (fields left out are kept)", params: userIdParam, body: partialBody(memberUpdateSchema), response: { 200: teamMemberSchema } } },
    async (request) => updateMember(deps.db, requireRole(request, managers), request.params.userId, request.body, deps.now()),
  );

  app.delete(
    '/api/team/:userId',
    { schema: { tags: ['team'], summary: 'Remove a member (deactivate and sign out)', params: userIdParam } },
    async (request, reply) => {
      await removeMember(deps.db, requireRole(request, managers), request.params.userId, deps.now());
      return reply.status(204).send();
    },
  );
}
