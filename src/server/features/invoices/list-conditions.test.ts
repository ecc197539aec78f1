import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { invoiceStatuses } from '../../../shared/contracts/invoices';
import { statusCondition } from './invoices.queries';

const dialect = new PgDialect();

describe('the invoice list status filter', () => {
  it('writes the status into the statement, so a generic plan can use the open invoices indexes', () => {
    for (const status of invoiceStatuses) {
      const condition = statusCondition(status, sql.placeholder('today'));
      if (!condition) throw new Error(`no condition for ${status}`);
      const query = dialect.sqlToQuery(condition);
      // Only the organization's day is bound; no status is a parameter.
      expect(
        query.params.some((value) => (invoiceStatuses as readonly unknown[]).includes(value)),
      ).toBe(false);
      expect(query.sql).toContain(`"invoices"."status" = '${status}'`);
    }
  });

  it('refuses a status it does not know instead of writing it into SQL', () => {
    expect(() => statusCondition("sent' or 1=1 --" as never, '2026-12-03')).toThrow(
      /unknown invoice status/,
    );
  });
});
