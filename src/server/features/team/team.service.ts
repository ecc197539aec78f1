import { eq } from 'drizzle-orm';
import type { PartialBody } from '../../../shared/contracts/common';
import { type TeamMember, memberUpdateSchema } from '../../../shared/contracts/team';
import { toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { mergeUpdate, storedFields } from '../../platform/partial-update';
import { type AuthContext, deleteUserSessions } from '../../platform/sessions';
import { findMemberForUpdate, lockOwners, toMemberDto } from './team.queries';


/** Admins manage everyone but owners, and cannot hand out the owner role. */
function checkAdminLimits(auth: AuthContext, target: { role: string }, newRole?: string): void {
  if (auth.role === 'owner') return;
  if (target.role === 'owner') throw new AppError('FORBIDDEN', 'Only an owner can change or remove an owner');
  if (newRole === 'owner') throw new AppError('FORBIDDEN', 'Only an owner can make someone an owner');
}

/** Changes a member's role and approval limit; the last owner stays an owner. Audited. */
export async function updateMember(db: Database, auth: AuthContext, userId: string, body: PartialBody, now: Date): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, auth.organizationId);
    const target = await findMemberForUpdate(tx, auth.organizationId, userId);
    if (!target) throw notFound('Team member');
    const input = mergeUpdate(memberUpdateSchema, storedFields(target, memberUpdateSchema), body);
    checkAdminLimits(auth, target, input.role);
    if (target.role === 'owner' && input.role !== 'owner' && owners.length <= 1) {
      throw new AppError('CONFLICT', 'The last owner cannot be demoted');
    }
    const approvalLimit = input.approvalLimit === null ? null : toDecimal(input.approvalLimit);
    const [updated] = await tx
      .update(users)
      .set({ role: input.role, approvalLimit, updatedAt: now })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw notFound('Team member');
    if (target.role !== input.role || target.approvalLimit !== approvalLimit) {
      await writeAudit(tx, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        action: 'team.member_updated',
        entityType: 'user',
        entityId: target.id,
        details: { from: { role: target.role, approvalLimit: target.approvalLimit }, to: { role: input.role, approvalLimit } },
      });
    }
    return toMemberDto(updated);
  });
}

/** Deactivates a member and signs them out everywhere; the last owner cannot be removed. Audited. */
export async function removeMember(db: Database, auth: AuthContext, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, auth.organizationId);
    const target = await findMemberForUpdate(tx, auth.organizationId, userId);
    if (!target) throw notFound('Team member');
    checkAdminLimits(auth, target);
    if (target.role === 'owner' && owners.length <= 1) throw new AppError('CONFLICT', 'The last owner cannot be removed');
    await tx.update(users).set({ isActive: false, updatedAt: now }).where(eq(users.id, target.id));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'team.member_removed',
      entityType: 'user',
      entityId: target.id,
      details: { role: target.role, username: target.username },
    });
    await deleteUserSessions(tx, target.id);
  });
}
