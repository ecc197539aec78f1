import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { LOCK_FILE } from './data-dir-lock';

const journal = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** The migrations a data folder has recorded, and whether the newest one's table is there. */
async function stateOf(dataDir: string): Promise<{ applied: number; newestTable: boolean }> {
  const client = new PGlite(path.join(dataDir, 'db'));
  try {
    const { rows } = await client.query<{ applied: number; newest_table: boolean }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
              to_regclass('einvoice_deliveries') is not null as newest_table`,
    );
    return { applied: rows[0]?.applied ?? 0, newestTable: rows[0]?.newest_table ?? false };
  } finally {
    await client.close();
  }
}

/** Forgets the newest migration's record; with `undo`, also what it created. */
async function forgetNewestMigration(dataDir: string, undo: boolean): Promise<void> {
  const client = new PGlite(path.join(dataDir, 'db'));
  try {
    await client.exec(
      `delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    if (undo) {
      // What 0015_einvoicing created.
      await client.exec(`
        drop table einvoice_deliveries, vendor_bank_changes, inbound_mails;
        drop index organizations_mail_in_token_key;
        alter table organizations drop column legal_name, drop column vat_id, drop column company_id,
          drop column electronic_address_scheme, drop column electronic_address, drop column iban,
          drop column bic, drop column payment_bank_account_id, drop column mail_in_token,
          drop column mail_in_allowed_senders;
        alter table customers drop column legal_name, drop column vat_id, drop column company_id,
          drop column electronic_address_scheme, drop column electronic_address, drop column buyer_reference,
          drop column einvoice_format;
        alter table vendors drop column vat_id, drop column company_id, drop column electronic_address_scheme,
          drop column electronic_address, drop column iban_encrypted, drop column iban_last4, drop column bic;
        alter table invoice_items drop column tax_category, drop column tax_rate, drop column unit_code;
        alter table bill_items drop column tax_category, drop column tax_rate, drop column unit_code;
        alter table recurring_invoice_items drop column tax_category, drop column tax_rate, drop column unit_code;
        alter table credit_note_items drop column tax_category, drop column tax_rate, drop column unit_code;
        alter table invoices drop column vat_exemption_reason;
        alter table recurring_invoices drop column vat_exemption_reason;
        alter table customer_credits drop column vat_exemption_reason;
        alter table vendor_credits drop column document_id;
        alter table bills drop column discount_amount, drop column prepaid_amount, drop column payment_terms,
          drop column payment_iban_encrypted, drop column payment_iban_last4, drop column payment_bic,
          drop column payment_reference, drop column einvoice_warnings;`);
    }
  } finally {
    await client.close();
  }
}

/**
 * A PGlite data folder is created and migrated in a child process (migrate-data-dir.mjs), so the
 * memory that takes does not stay in the server's WebAssembly memory (issue 16).
 */
describe('migrating a PGlite data folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a new folder with every migration applied, and opens it again without migrating', async () => {
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(await stateOf(dataDir)).toEqual({ applied: journal.entries.length, newestTable: true });
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(await stateOf(dataDir)).toEqual({ applied: journal.entries.length, newestTable: true });
  }, 60_000);

  it('applies a migration the folder does not have yet', async () => {
    await forgetNewestMigration(dataDir, true);
    expect(await stateOf(dataDir)).toEqual({
      applied: journal.entries.length - 1,
      newestTable: false,
    });
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(await stateOf(dataDir)).toEqual({ applied: journal.entries.length, newestTable: true });
  }, 60_000);

  it("fails with the migration's error, and releases the folder", async () => {
    // The record is gone but the table is there: applying the migration again fails.
    await forgetNewestMigration(dataDir, false);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      /could not be migrated: .*already exists/u,
    );
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
