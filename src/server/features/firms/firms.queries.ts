import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';

export interface TakenFirmIdentity {
  firmEmail: boolean;
  ownerEmail: boolean;
  ownerUsername: boolean;
}

/** Which of the firm email, owner email and owner username are already in use, case-insensitively. */
export async function findTakenFirmIdentity(
  db: Database,
  params: { firmEmail: string; ownerEmail: string; ownerUsername: string },
): Promise<TakenFirmIdentity> {
  const [firm] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(sql`lower(${organizations.email}) = lower(${params.firmEmail})`)
    .limit(1);
  const owners = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${params.ownerUsername}) or lower(${users.email}) = lower(${params.ownerEmail})`,
    );
  return {
    firmEmail: firm !== undefined,
    ownerEmail: owners.some((row) => row.email.toLowerCase() === params.ownerEmail.toLowerCase()),
    ownerUsername: owners.some(
      (row) => row.username.toLowerCase() === params.ownerUsername.toLowerCase(),
    ),
  };
}
