import { z } from 'zod';
import { moneyInput, roles } from './common';
import { registerSchema } from './auth';

export const roleLabels: Record<(typeof roles)[number], string> = {
  owner: 'Owner',
  admin: 'Admin',
  accountant: 'Accountant',
  approver: 'Approver',
  viewer: 'Viewer',
};

const roleInput = z.enum(roles, { message: 'Choose a role from the list' });

/**
 * The largest bill a member may approve, or null for "no limit": always chosen on purpose, never
 * implied by 0 (0 means they may approve nothing above 0).
 */
const approvalLimitInput = moneyInput('Approval limit', { required: 'Enter an approval limit or choose No limit' }).nullable();

/** A member as GET /api/team lists them; approvalLimit is a decimal string. */
export const teamMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(roles),
  /** null: no limit. */
  approvalLimit: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** POST /api/team/invitations. */
export const invitationCreateSchema = z.object({
  email: z.string({ message: 'Invalid email address' }).trim().toLowerCase().email('Invalid email address').max(254),
  role: roleInput,
  approvalLimit: approvalLimitInput,
});
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  approvalLimit: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/team/invitations/{token}: what the join form shows before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  organizationName: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/team/invitations/{token}/accept: the email comes from the invitation. */
export const invitationAcceptSchema = registerSchema.pick({ username: true, password: true, firstName: true, lastName: true });
export type InvitationAcceptInput = z.infer<typeof invitationAcceptSchema>;

export const tokenParam = z.object({ token: z.string().min(1).max(200) });
export const userIdParam = z.object({ userId: z.string() });

/** PUT /api/team/{userId}. */
export const memberUpdateSchema = z.object({
  role: roleInput,
  approvalLimit: approvalLimitInput,
});
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;
