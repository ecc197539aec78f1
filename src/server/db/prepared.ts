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
