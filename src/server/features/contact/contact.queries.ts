import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactRequests, users } from '../../db/schema';

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

export async function findUserEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}
