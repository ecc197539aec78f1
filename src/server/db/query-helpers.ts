import { sql } from 'drizzle-orm';
import { users } from './schema';

/** A user as people read them: "First Last", or the username when no name is set. */
export const userDisplayNameSql = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.username})`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else cannot exist, so callers answer 404 without asking the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A search box's text as an ILIKE pattern: "50%_off" matches literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
