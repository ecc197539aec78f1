import { asc, count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactRequests, organizations } from '../../db/schema';

export type ContactRequestRow = typeof contactRequests.$inferSelect;

export async function findContactRequests(db: Database, params: { limit: number; offset: number }) {
  return db
    .select()
    .from(contactRequests)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(params.limit)
    .offset(params.offset);
}

export async function countContactRequests(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactRequests);
  return row?.n ?? 0;
}

/** The organization that runs this installation: the first one created. */
export async function findOperatorOrganizationId(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(1);
  return row?.id ?? null;
}
