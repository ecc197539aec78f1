import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  bankAccounts,
  bankFeedSettings,
  bills,
  installationSettings,
  integrations,
  jobs,
  userTwoFactor,
  vendorBankChanges,
  vendors,
} from '../db/schema';
import { tinFingerprint } from '../features/tax-1099/tin-store';
import { decryptWith, encryptSecret, previousKeyOf } from './encryption';
import { checkEncryptionKey, encryptionKeyFingerprint, KEY_FINGERPRINT_SETTING } from './encryption-key-check';
import { startJobWorker } from './jobs';
import type { AppDeps, ZodApp } from './deps';

export const KEY_ROTATION_JOB = 'platform.encryption-key-rotation';
const BATCH = 200;

/**
 * Every column written with encryptSecret (grep encryptSecret), by table and primary key. `derived`
 * are columns computed from the plain value under the key that must follow it: a vendor's TIN
 * fingerprint is an HMAC under the encryption key (tax-1099/tin-store.ts), compared between vendors.
 */
interface EncryptedTable {
  table: PgTable;
  id: PgColumn;
  columns: PgColumn[];
  /** Extra columns read with the row, for `derive`. */
  read?: PgColumn[];
  derive?: (row: Record<string, unknown>, plain: Record<string, string>, key: Buffer) => Record<string, string | null>;
}

const ENCRYPTED_TABLES: EncryptedTable[] = [
  {
    table: vendors,
    id: vendors.id,
    columns: [vendors.tinEncrypted, vendors.accountNumberEncrypted, vendors.ibanEncrypted],
    read: [vendors.tinType],
    derive: (row, plain, key) => {
      const tin = plain[vendors.tinEncrypted.name];
      const type = row[vendors.tinType.name];
      return tin !== undefined && (type === 'ein' || type === 'ssn') ? { [vendors.tinFingerprint.name]: tinFingerprint(key, type, tin) } : {};
    },
  },
  { table: bankAccounts, id: bankAccounts.id, columns: [bankAccounts.accountNumberEncrypted] },
  { table: bankFeedSettings, id: bankFeedSettings.bankAccountId, columns: [bankFeedSettings.plaidAccessTokenEncrypted] },
  { table: bills, id: bills.id, columns: [bills.paymentIbanEncrypted] },
  { table: vendorBankChanges, id: vendorBankChanges.id, columns: [vendorBankChanges.ibanEncrypted, vendorBankChanges.accountNumberEncrypted] },
  { table: integrations, id: integrations.id, columns: [integrations.secretsEncrypted] },
  { table: userTwoFactor, id: userTwoFactor.userId, columns: [userTwoFactor.secretEncrypted] },
];

/** Whether this value decrypts under exactly this key. */
function readsUnder(key: Buffer, stored: string): boolean {
  try {
    decryptWith(key, stored);
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-encrypts one batch of a table's rows that still hold a value under the previous key, in one
 * transaction. A row is updated only while its encrypted columns still hold the values read, so a
 * user's write in between (already under the new key) is never overwritten. Returns the last id
 * seen (null when the table is done) and how many rows changed.
 */
async function rotateBatch(
  db: Database,
  spec: EncryptedTable,
  key: Buffer,
  previous: Buffer,
  after: string | null,
  batchSize: number,
): Promise<{ last: string | null; changed: number }> {
  const fields: Record<string, PgColumn> = { id: spec.id };
  for (const column of [...spec.columns, ...(spec.read ?? [])]) fields[column.name] = column;
  const rows = (await db
    .select(fields)
    .from(spec.table)
    .where(after === null ? undefined : gt(spec.id, after))
    .orderBy(spec.id)
    .limit(batchSize)) as Record<string, unknown>[];
  const lastRow = rows.at(-1);
  if (!lastRow) return { last: null, changed: 0 };

  const updates: { id: string; before: Record<string, string>; set: Record<string, string | null> }[] = [];
  for (const row of rows) {
    const before: Record<string, string> = {};
    const plain: Record<string, string> = {};
    for (const column of spec.columns) {
      const stored = row[column.name];
      if (typeof stored !== 'string' || readsUnder(key, stored)) continue;
      try {
        plain[column.name] = decryptWith(previous, stored);
      } catch {
        // Finishing would leave a value nobody can read once the old key is removed: stop instead.
        throw new Error(`A value in ${column.name} of row ${String(row.id)} decrypts under neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS`);
      }
      before[column.name] = stored;
    }
    if (Object.keys(plain).length === 0) continue;
    const set: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(plain)) set[name] = encryptSecret(key, value);
    Object.assign(set, spec.derive?.(row, plain, key));
    updates.push({ id: String(row.id), before, set });
  }

  let changed = 0;
  if (updates.length > 0) {
    await db.transaction(async (tx) => {
      for (const update of updates) {
        const assignments = Object.entries(update.set).map(([name, value]) => sql`${sql.identifier(name)} = ${value}`);
        const unchanged: SQL[] = spec.columns
          .filter((column) => column.name in update.before)
          .map((column) => eq(column, update.before[column.name]));
        const result: unknown = await tx.execute(
          sql`update ${spec.table} set ${sql.join(assignments, sql`, `)} where ${and(eq(spec.id, update.id), ...unchanged)} returning 1`,
        );
        // Both drivers answer { rows }; no row means a user changed it first (already under the new key).
        if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) changed += result.rows.length;
      }
    });
  }
  return { last: String(lastRow.id), changed };
}

/**
 * Re-encrypts every value still under the previous key with the current one, batch after batch, and
 * then records the current key's fingerprint as the installation's. Safe to run twice at once or
 * again after a crash: a value already under the current key is skipped, so a restart part way
 * through carries on where it stopped. `afterBatch` runs after each committed batch (tests stop there).
 */
export async function rotateEncryptedValues(
  db: Database,
  key: Buffer,
  options: { now: () => Date; batchSize?: number; afterBatch?: () => Promise<void> | void },
): Promise<{ reencrypted: number }> {
  const previous = previousKeyOf(key);
  if (!previous) throw new Error('No ENCRYPTION_KEY_PREVIOUS: nothing to rotate');
  let reencrypted = 0;
  for (const spec of ENCRYPTED_TABLES) {
    let after: string | null = null;
    for (;;) {
      const batch = await rotateBatch(db, spec, key, previous, after, options.batchSize ?? BATCH);
      if (batch.last === null) break;
      after = batch.last;
      reencrypted += batch.changed;
      await options.afterBatch?.();
    }
  }
  await db
    .update(installationSettings)
    .set({ value: encryptionKeyFingerprint(key), updatedAt: options.now() })
    .where(eq(installationSettings.name, KEY_FINGERPRINT_SETTING));
  return { reencrypted };
}

/**
 * Queues the rotation unless one is already queued or running (one statement, so a restart does
 * not pile them up; two processes starting at the same instant may queue two, which is harmless).
 */
export async function enqueueKeyRotation(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${jobs} (kind, payload, run_at)
    select ${KEY_ROTATION_JOB}, '{}'::jsonb, ${now.toISOString()}::timestamptz
    where not exists (select 1 from ${jobs} where ${jobs.kind} = ${KEY_ROTATION_JOB} and ${jobs.status} in ('queued', 'running'))`);
}

/**
 * The start step main.ts runs before anything reads an encrypted value: refuses a key this database
 * was not encrypted with, and during a rotation queues the job that finishes it.
 */
export async function prepareEncryptionKey(db: Database, key: Buffer, now: Date): Promise<void> {
  const { rotating } = await checkEncryptionKey(db, key, now);
  if (rotating) await enqueueKeyRotation(db, now);
}

/** The rotation's job handler, logging the line the README tells the operator to wait for. */
export function keyRotationHandlers(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, log: { info: (details: object, message: string) => void }) {
  return {
    [KEY_ROTATION_JOB]: async () => {
      const { reencrypted } = await rotateEncryptedValues(deps.db, deps.config.encryptionKey, { now: deps.now });
      log.info({ reencrypted }, 'Encryption key rotation finished: every value is under ENCRYPTION_KEY; remove ENCRYPTION_KEY_PREVIOUS once every process runs with the new key');
    },
  };
}

/** Runs the rotation job in this process's worker loop, only while ENCRYPTION_KEY_PREVIOUS is set. */
export function registerKeyRotation(app: ZodApp, deps: AppDeps): void {
  if (!deps.startWorkers || !previousKeyOf(deps.config.encryptionKey)) return;
  const worker = startJobWorker(deps.db, {
    handlers: keyRotationHandlers(deps, app.log),
    now: deps.now,
    pollMs: 10_000,
    onError: (error) => app.log.error({ err: error }, 'encryption key rotation error'),
  });
  app.addHook('onClose', async () => worker.stop());
}
