import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { User } from '../../../shared/contracts/auth';
import { type Invitation, type InvitationAcceptInput, type InvitationPreview, type invitationCreateSchema, roleLabels } from '../../../shared/contracts/team';
import { toDecimal } from '../../../shared/money';
import type { z } from 'zod';
import { organizations, teamInvitations, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { type AuthContext, createSession } from '../../platform/sessions';
import { findUserWithOrganization, toUserDto } from '../auth/auth.queries';
import { findInvitationByTokenHash } from './team.queries';

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type InvitationCreate = z.output<typeof invitationCreateSchema>;
type InvitationRow = typeof teamInvitations.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toInvitationDto(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    approvalLimit: row.approvalLimit,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

async function emailTaken(db: AppDeps['db'], email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row !== undefined;
}

/** Writes the invitation (only the token's hash is kept) and mails the link. Audited. */
export async function createInvitation(deps: AppDeps, auth: AuthContext, input: InvitationCreate): Promise<Invitation> {
  if (input.role === 'owner' && auth.role !== 'owner') throw new AppError('FORBIDDEN', 'Only an owner can make someone an owner');
  if (await emailTaken(deps.db, input.email)) {
    throw new AppError('CONFLICT', 'A user with this email already exists', { email: 'A user with this email already exists' });
  }
  const inviter = await findUserWithOrganization(deps.db, auth.userId);
  if (!inviter) throw notFound('User');
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(teamInvitations)
      .values({
        organizationId: auth.organizationId,
        invitedBy: auth.userId,
        email: input.email,
        role: input.role,
        approvalLimit: input.approvalLimit === null ? null : toDecimal(input.approvalLimit),
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('invitation insert returned nothing');
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'team.member_invited',
      entityType: 'team_invitation',
      entityId: created.id,
      details: { email: created.email, role: created.role, approvalLimit: created.approvalLimit },
    });
    return created;
  });
  const inviterName = [inviter.user.firstName, inviter.user.lastName].filter(Boolean).join(' ') || inviter.user.username;
  const link = `${deps.config.appUrl}/auth?invite=${token}`;
  await deps.mail.send({
    to: row.email,
    subject: `${inviterName} invited you to ${inviter.organization.name} on Signal AR`,
    text: [
      `${inviterName} invited you to join ${inviter.organization.name} on Signal AR as ${roleLabels[row.role]}.`,
      '',
      `Accept the invitation: ${link}`,
      '',
      `The link works once and expires on ${row.expiresAt.toUTCString()}.`,
    ].join('\n'),
  });
  return toInvitationDto(row);
}

/** The invitation behind a token: 404 when unknown, 400 when used or expired. */
async function usableInvitation(db: AppDeps['db'], token: string, now: Date): Promise<InvitationRow> {
  const row = await findInvitationByTokenHash(db, hashToken(token));
  if (!row) throw notFound('Invitation');
  if (row.acceptedAt) throw new AppError('BAD_REQUEST', 'This invitation has already been used');
  if (row.expiresAt <= now) throw new AppError('BAD_REQUEST', 'This invitation has expired');
  return row;
}

export async function previewInvitation(deps: AppDeps, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(deps.db, token, deps.now());
  const [organization] = await deps.db.select().from(organizations).where(eq(organizations.id, row.organizationId)).limit(1);
  if (!organization) throw notFound('Invitation');
  return { email: row.email, role: row.role, organizationName: organization.name, expiresAt: row.expiresAt.toISOString() };
}

function conflict(field: 'username' | 'email'): AppError {
  const message = field === 'username' ? 'Username already exists' : 'Email already exists';
  return new AppError('CONFLICT', message, { [field]: message });
}

/** Creates the user in the inviting organization with the invited role and limit, and signs them in. */
export async function acceptInvitation(
  deps: AppDeps,
  token: string,
  input: InvitationAcceptInput,
): Promise<{ user: User; token: string }> {
  const now = deps.now();
  const invitation = await usableInvitation(deps.db, token, now);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`)
    .limit(1);
  if (taken) throw conflict('username');
  if (await emailTaken(deps.db, invitation.email)) throw conflict('email');
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      // Marking it accepted first, conditionally, makes a second use of the link lose any race.
      const [claimed] = await tx
        .update(teamInvitations)
        .set({ acceptedAt: now })
        .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.acceptedAt)))
        .returning();
      if (!claimed) throw new AppError('BAD_REQUEST', 'This invitation has already been used');
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: invitation.organizationId,
          username: input.username,
          email: invitation.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: invitation.role,
          approvalLimit: invitation.approvalLimit,
          invitedBy: invitation.invitedBy,
          lastLoginAt: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx.update(teamInvitations).set({ acceptedUserId: user.id }).where(eq(teamInvitations.id, invitation.id));
      await writeAudit(tx, {
        organizationId: invitation.organizationId,
        userId: user.id,
        action: 'team.member_joined',
        entityType: 'user',
        entityId: user.id,
        details: { invitationId: invitation.id, role: user.role, approvalLimit: user.approvalLimit },
      });
      const [organization] = await tx.select().from(organizations).where(eq(organizations.id, user.organizationId));
      if (!organization) throw notFound('Organization');
      const sessionToken = await createSession(tx, user, now);
      return { user: toUserDto(user, organization), token: sessionToken };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_key')) throw conflict('username');
    if (isUniqueViolation(error, 'users_email_key')) throw conflict('email');
    throw error;
  }
}


