import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { User } from '../../../shared/contracts/auth';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { loginFailures, organizations, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The user as the API shows it: no password hash, no invite token. workspace is the session's
 * active client workspace and the user's role there, when it is not their own organization.
 */
export function toUserDto(user: UserRow, organization: OrganizationRow, workspace?: { organization: OrganizationRow; role: UserRow['role'] }): User {
  const active = workspace?.organization ?? organization;
  return {
    id: user.id,
    organizationId: active.id,
    accountingFirmId: user.accountingFirmId,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: workspace?.role ?? user.role,
    jobTitle: user.jobTitle,
    department: user.department,
    licenseNumber: user.licenseNumber,
    certifications: user.certifications,
    phone: user.phone,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    permissions: user.permissions,
    approvalLimit: user.approvalLimit,
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    onboardingCompleted: user.onboardingCompleted,
    currency: user.currency,
    locale: user.locale,
    organizationName: active.name,
    organizationType: active.type,
    organizationTimeZone: active.timeZone,
    homeOrganizationId: organization.id,
    homeOrganizationName: organization.name,
    homeRole: user.role,
    firmId: organization.type === 'accounting_firm' ? organization.id : null,
    clientWorkspace: workspace !== undefined,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Read on every GET /api/user: prepared once per database (no query building per request). */
const userWithOrganization = preparedOnce((db) =>
  db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_with_organization'),
);

export async function findUserWithOrganization(db: Database, userId: string) {
  const [row] = await userWithOrganization(db).execute({ userId });
  return row ?? null;
}

/** The signed-in user as GET /api/user shows them: inside the session's active workspace. */
export async function findSessionUser(db: Database, auth: { userId: string; organizationId: string; role: UserRow['role'] }): Promise<User | null> {
  const row = await findUserWithOrganization(db, auth.userId);
  if (!row) return null;
  if (auth.organizationId === row.user.organizationId) return toUserDto(row.user, row.organization);
  const [active] = await db.select().from(organizations).where(eq(organizations.id, auth.organizationId)).limit(1);
  if (!active) return null;
  return toUserDto(row.user, row.organization, { organization: active, role: auth.role });
}

export async function findUserByUsername(db: Database, username: string) {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

/** Which of a username and an email is already taken, case-insensitively. */
export async function findTakenIdentity(db: Database, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function countRecentFailures(db: Database, keys: string[], since: Date): Promise<number> {
  let worst = 0;
  for (const key of keys) {
    const [row] = await db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)));
    worst = Math.max(worst, row?.n ?? 0);
  }
  return worst;
}

export async function recordFailure(db: Database, keys: string[], now: Date): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, createdAt: now })));
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
