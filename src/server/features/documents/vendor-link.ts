import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vendors } from '../../db/schema';

// TEMPORARY until vendors.queries.ts (findVendorByName) lands: same normalised-name rule.
export async function matchVendorByName(db: Database, organizationId: string, name: string): Promise<{ id: string; name: string } | null> {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (key === '') return null;
  const [row] = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(sql`regexp_replace(lower(${vendors.name}), '[^a-z0-9]', '', 'g')`, key)))
    .limit(1);
  return row ?? null;
}
