import type { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/** Rows of a raw statement, from either driver. */
export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}
