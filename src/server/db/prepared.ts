import { type Placeholder, sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * A statement built once per database and run with placeholders (`sql.placeholder`): drizzle
 * assembles its SQL text and column mapping once instead of on every request, which was the largest
 * item of a simple read's CPU in the profile (issue 15). On PostgreSQL the name also makes it a
 * server-side prepared statement, parsed once per connection.
 *
 *   const pageOf = preparedOnce((db) => db.select()...where(eq(t.id, sql.placeholder('id'))).prepare('page_of'));
 *   await pageOf(db).execute({ id });
 *
 * Keyed by the database object, so a test's database and the server's each get their own; a
 * transaction (another object) builds its own copy, used only while it lasts.
 */
export function preparedOnce<T>(build: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

const MAX_PAGE_SIZE = 200;

/** The page of a list: how many rows from where. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * A list page's statement, with a variant per page size for the first page (offset 0) whose LIMIT
 * is written into the SQL. PostgreSQL plans a statement whose LIMIT and OFFSET are parameters for
 * every execution (its generic plan guesses 10% of the rows, 7,000-10,000 of 100,000, and picks a
 * parallel scan that takes 12-22 ms, so it keeps re-planning: 0.5-1.1 ms per page, as long as
 * running it); with constants it reuses one plan. Later pages run the parameter variant
 * (`page` null). At most one variant per allowed page size (pageQuery: 1-200) per database.
 *
 *   const pageOf = preparedPages((db, page) => db.select()...limit(pageLimit(page)).offset(pageOffset(page)).prepare(pageStatementName('page_of', page)));
 *   await pageOf(db, { limit, offset }).execute({ organizationId, limit, offset });
 */
export function preparedPages<T>(build: (db: Database, page: PageWindow | null) => T): (db: Database, page: PageWindow) => T {
  const statements = new WeakMap<Database, Map<number, T>>();
  return (db, { limit, offset }) => {
    const first = offset === 0 && Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PAGE_SIZE;
    const key = first ? limit : 0;
    let byLimit = statements.get(db);
    if (byLimit === undefined) {
      byLimit = new Map();
      statements.set(db, byLimit);
    }
    let statement = byLimit.get(key);
    if (statement === undefined) {
      statement = build(db, first ? { limit, offset: 0 } : null);
      byLimit.set(key, statement);
    }
    return statement;
  };
}

/** The prepared statement's name for this variant: `name` with placeholders, `name_first50` for a first page. */
export function pageStatementName(name: string, page: PageWindow | null): string {
  return page ? `${name}_first${page.limit}` : name;
}

/** LIMIT of a page variant: the page size written into the SQL (an integer 1-200), or the placeholder `limit`. */
export function pageLimit(page: PageWindow | null): Placeholder {
  if (page && !(Number.isSafeInteger(page.limit) && page.limit >= 1 && page.limit <= MAX_PAGE_SIZE)) throw new Error(`Not a page size: ${page.limit}`);
  // drizzle writes an SQL object given as the limit as it is; its type says number | Placeholder.
  return page ? (sql.raw(String(page.limit)) as unknown as Placeholder) : sql.placeholder('limit');
}

/** OFFSET of a page variant: none for a first page, or the placeholder `offset`. */
export function pageOffset(page: PageWindow | null): Placeholder | number {
  return page ? 0 : sql.placeholder('offset');
}
