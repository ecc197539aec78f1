import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

/** Data migrations, checked by applying the SQL files in order over rows written in between. */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const statements = (file: string) =>
  readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);

const client = new PGlite();
afterAll(async () => client.close());

describe('0001_hardening', () => {
  it('turns an approval limit of 0 into "no limit" for owners and admins only', async () => {
    for (const statement of statements('0000_init.sql')) await client.exec(statement);
    const { rows } = await client.query<{ id: string }>(`insert into organizations (name) values ('Acme') returning id`);
    const organizationId = rows[0]?.id;
    const member = (name: string, role: string, limit: string) =>
      client.query(
        `insert into users (organization_id, username, password_hash, email, role, approval_limit) values ($1, $2, 'x', $3, $4, $5)`,
        [organizationId, name, `${name}@example.com`, role, limit],
      );
    await member('olive', 'owner', '0');
    await member('adam', 'admin', '0');
    await member('ada', 'admin', '2500');
    await member('april', 'approver', '0');
    await member('axel', 'accountant', '0');
    for (const statement of statements('0001_hardening.sql')) await client.exec(statement);
    const after = await client.query<{ username: string; approval_limit: string | null }>(
      'select username, approval_limit from users order by username',
    );
    expect(after.rows).toEqual([
      { username: 'ada', approval_limit: '2500.00' },
      { username: 'adam', approval_limit: null },
      { username: 'april', approval_limit: '0.00' },
      { username: 'axel', approval_limit: '0.00' },
      { username: 'olive', approval_limit: null },
    ]);
  });
});
