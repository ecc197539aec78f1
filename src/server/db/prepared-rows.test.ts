import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { preparedRows } from './prepared';

// A statement with a CTE and a value used twice, as the customer's statement is written.
const numbersUpTo = preparedRows<{ n: string; label: string }>(
  'test_numbers_up_to',
  (v) =>
    sql`with numbers as (select generate_series(1, ${v('upTo')}::int) as n)
    select n::text as n, ${v('label')}::text || '-' || n as label from numbers where n <= ${v('upTo')}::int order by n`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('preparedRows', () => {
  it('binds each run its own values, on the pool and in a transaction', async () => {
    const db = t.deps.db;
    expect(await numbersUpTo(db, { upTo: '2', label: 'a' })).toEqual([
      { n: '1', label: 'a-1' },
      { n: '2', label: 'a-2' },
    ]);
    // The same prepared statement again (on PostgreSQL, by name): the new values, not the first run's.
    for (let run = 0; run < 7; run += 1)
      expect(await numbersUpTo(db, { upTo: String(run + 1), label: `r${run}` })).toHaveLength(
        run + 1,
      );
    expect(await numbersUpTo(db, { upTo: '3', label: "o'brien" })).toEqual([
      { n: '1', label: "o'brien-1" },
      { n: '2', label: "o'brien-2" },
      { n: '3', label: "o'brien-3" },
    ]);
    const inTransaction = await db.transaction((tx) => numbersUpTo(tx, { upTo: '1', label: 'tx' }));
    expect(inTransaction).toEqual([{ n: '1', label: 'tx-1' }]);
  });

  it('refuses a run without one of its values', async () => {
    await expect(numbersUpTo(t.deps.db, { upTo: '2' })).rejects.toThrow(/No value for label/);
  });
});
