import { PGlite } from '@electric-sql/pglite';
import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  return (db, window) => {
    const first = isFirstPageVariant(window);
    const key = first ? window.limit : 0;
    let byLimit = statements.get(db);
    if (byLimit === undefined) {
      byLimit = new Map();
      statements.set(db, byLimit);
    }
    let statement = byLimit.get(key);
    if (statement === undefined) {
      statement = build(db, first ? { limit: window.limit, offset: 0 } : null);
      byLimit.set(key, statement);
    }
    return statement;
  };
}

/** Whether preparedPages runs this page with its own first-page variant (LIMIT written in the SQL). */
export function isFirstPageVariant({ limit, offset }: PageWindow): boolean {
  return offset === 0 && Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PAGE_SIZE;
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

interface BuiltStatement<R> {
  getQuery(): { sql: string; params: unknown[] };
  execute(values: Record<string, string | number>): Promise<R[]>;
}

const SAFE_LITERAL = /^[0-9A-Za-z:._-]+$/;
const plannedOnPglite = new WeakMap<Database, Map<string, Promise<void>>>();

/** A value written into EXECUTE: an integer, a boolean or a string of SAFE_LITERAL, else null. */
function literalOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && SAFE_LITERAL.test(value)) return `'${value}'`;
  return null;
}

/**
 * Fields named in the SQL as in the selection (`expression as "name"`). A statement read through
 * firstRowOf needs them: on PGlite its row comes from the driver by column name, which drizzle
 * does not map, and unnamed expressions would all be called after their function.
 */
export function namedFields<T extends Record<string, SQL>>(fields: T): { [K in keyof T]: SQL.Aliased<T[K] extends SQL<infer U> ? U : never> } {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.as(name)])) as {
    [K in keyof T]: SQL.Aliased<T[K] extends SQL<infer U> ? U : never>;
  };
}

/**
 * The first row of a built statement (preparedOnce, preparedPages), or undefined. On PGlite
 * drizzle's prepared statements are plain parameterised queries, planned on every run (about 1 ms
 * of the invoice list page's 2.3 ms there, issue 15 round 6), so there it is prepared once per
 * database with SQL PREPARE and run with EXECUTE. EXECUTE takes no bind parameters: the values are
 * written as literals, and only integers, booleans and strings of letters, digits and `:._-` (uuids,
 * ISO dates and timestamps, enum values) are; with any other value (a search's text) the statement
 * runs with bind parameters instead, planned on that run. The row is the driver's, unmapped: for
 * statements whose columns drizzle does not convert (text, integers), as both drivers give them,
 * and whose fields are named (namedFields).
 */
export async function firstRowOf<R extends Record<string, unknown>>(
  db: Database,
  statement: BuiltStatement<R>,
  name: string,
  values: Record<string, string | number>,
): Promise<Record<string, unknown> | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    const [row] = await statement.execute(values);
    return row;
  }
  const query = statement.getQuery();
  const literals = query.params.map((param) => literalOf(param instanceof Placeholder ? values[param.name] : param));
  if (literals.some((literal) => literal === null)) {
    // A value that is not a safe literal (a search's text): bind parameters, planned on this run.
    const [row] = await statement.execute(values);
    return row;
  }
  let planned = plannedOnPglite.get(db);
  if (planned === undefined) {
    planned = new Map();
    plannedOnPglite.set(db, planned);
  }
  const statementName = `planned_${name}`;
  if (!/^[a-z0-9_]+$/.test(statementName)) throw new Error(`Not a statement name: ${name}`);
  let ready = planned.get(statementName);
  if (ready === undefined) {
    ready = client.exec(`prepare ${statementName} as ${query.sql}`).then(() => undefined);
    planned.set(statementName, ready);
    ready.catch(() => planned.delete(statementName));
  }
  await ready;
  const result = await client.query<Record<string, unknown>>(`execute ${statementName}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`);
  return result.rows[0];
}

/** The first column of the first row of a built statement (firstRowOf), or undefined. */
export async function firstValueOf<R extends Record<string, unknown>>(
  db: Database,
  statement: BuiltStatement<R>,
  name: string,
  values: Record<string, string | number>,
): Promise<unknown> {
  const row = await firstRowOf(db, statement, name, values);
  return row === undefined ? undefined : Object.values(row)[0];
}

/**
 * A page statement's JSON text: '[]' when the page is empty (no row, or the aggregate's null);
 * anything else than text is a broken statement, not an empty page.
 */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '[]';
  if (typeof value !== 'string') throw new Error(`A page statement answered ${typeof value}, not JSON text`);
  return value;
}

/**
 * A list page and its total from one page statement (preparedPages) whose fields are `json` (the
 * page's JSON text) and `total`, named (namedFields): one round trip, first pages by their own name.
 */
export async function pageJsonOf<R extends Record<string, unknown>>(
  db: Database,
  statement: BuiltStatement<R>,
  name: string,
  values: PageWindow & Record<string, string | number>,
): Promise<{ json: string; total: number }> {
  const row = await firstRowOf(db, statement, pageStatementName(name, isFirstPageVariant(values) ? values : null), values);
  return { json: jsonText(row?.json), total: Number(row?.total ?? 0) };
}

const dialect = new PgDialect();

/** A statement's value by name: the placeholder of a prepared statement, or the value itself. */
export type StatementValue = (name: string) => Placeholder | string;

/**
 * The rows of a raw statement (CTEs and window functions drizzle's builder does not write), run on
 * PostgreSQL as the server-side prepared statement `name`: parsed and planned once per connection
 * and then by its generic plan when PostgreSQL finds it no worse, instead of on every run (a
 * customer's statement spent 3 of its 6 ms in PostgreSQL planning, issue 33). `build` writes the
 * SQL with `value(name)` for each value. On PGlite, and in a transaction, the statement runs with
 * the values bound, as `db.execute` runs it. Rows are the driver's: cast what is read to text.
 */
export function preparedRows<T>(name: string, build: (value: StatementValue) => SQL): (db: Database, values: Record<string, string>) => Promise<T[]> {
  let query: { sql: string; params: unknown[] } | undefined;
  return async (db, values) => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      query ??= dialect.sqlToQuery(build((key) => sql.placeholder(key)));
      const params = query.params.map((param) => {
        if (!(param instanceof Placeholder)) return param;
        const value = values[param.name];
        if (value === undefined) throw new Error(`No value for ${param.name} in ${name}`);
        return value;
      });
      const result = await client.query({ name, text: query.sql, values: params });
      return result.rows as T[];
    }
    const result: unknown = await db.execute(
      build((key) => {
        const value = values[key];
        if (value === undefined) throw new Error(`No value for ${key} in ${name}`);
        return value;
      }),
    );
    if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
    throw new Error('unexpected database result');
  };
}
