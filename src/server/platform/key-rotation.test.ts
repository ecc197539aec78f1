import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { storeTin, tinFingerprint } from '../features/tax-1099/tin-store';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { type SignedIn, signUp } from '../test/factories';
import { decryptSecret, decryptWith, encryptSecret, withPreviousKey } from './encryption';
import { checkEncryptionKey, encryptionKeyFingerprint, KEY_FINGERPRINT_SETTING, storedKeyFingerprint } from './encryption-key-check';
import { KEY_ROTATION_JOB, keyRotationHandlers, prepareEncryptionKey, rotateEncryptedValues } from './key-rotation';
import { runDueJobs } from './jobs';

let t: TestApp;
let owner: SignedIn;
const now = () => new Date();
const silent = { info: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

/** Starts the fingerprint over, as on a database no process has started on yet. */
async function forgetFingerprint(db: Database): Promise<void> {
  await db.delete(installationSettings).where(eq(installationSettings.name, KEY_FINGERPRINT_SETTING));
}

/** One value in every encrypted column, written under `key`; returns the plain values by column. */
async function writeEverything(db: Database, key: Buffer, label: string) {
  const organizationId = owner.user.organizationId;
  const plain = {
    tin: '123456789',
    vendorAccount: `0001${label}`,
    vendorIban: 'DE89370400440532013000',
    bankAccount: `5555${label}`,
    plaid: `access-sandbox-${label}`,
    billIban: 'GB29NWBK60161331926819',
    changeIban: 'FR1420041010050500013M02606',
    changeAccount: `7777${label}`,
    integration: JSON.stringify({ apiKey: `key-${label}` }),
    totp: `JBSWY3DPEHPK3PXP${label}`,
  };
  const [vendor] = await db
    .insert(vendors)
    .values({
      organizationId,
      name: `Vendor ${label}`,
      email: `${label}@vendor.example`,
      ...storeTin(key, 'ein', plain.tin),
      accountNumberEncrypted: encryptSecret(key, plain.vendorAccount),
      ibanEncrypted: encryptSecret(key, plain.vendorIban),
    })
    .returning();
  if (!vendor) throw new Error('no vendor');
  const [account] = await db
    .insert(bankAccounts)
    .values({
      organizationId,
      accountName: `Operating ${label}`,
      accountHolderName: 'Ada Lovelace',
      accountType: 'checking',
      accountNumberEncrypted: encryptSecret(key, plain.bankAccount),
      accountLast4: plain.bankAccount.slice(-4),
      routingNumber: '026009593',
    })
    .returning();
  if (!account) throw new Error('no bank account');
  await db.insert(bankFeedSettings).values({ bankAccountId: account.id, organizationId, plaidAccessTokenEncrypted: encryptSecret(key, plain.plaid) });
  await db.insert(bills).values({
    organizationId,
    vendorId: vendor.id,
    billNumber: `B-${label}`,
    billDate: '2026-11-01',
    dueDate: '2026-12-01',
    subtotal: '10.00',
    totalAmount: '10.00',
    paymentIbanEncrypted: encryptSecret(key, plain.billIban),
  });
  await db.insert(vendorBankChanges).values({
    organizationId,
    vendorId: vendor.id,
    ibanEncrypted: encryptSecret(key, plain.changeIban),
    accountNumberEncrypted: encryptSecret(key, plain.changeAccount),
  });
  await db.insert(integrations).values({ organizationId, provider: `webhook-${label}`, secretsEncrypted: encryptSecret(key, plain.integration) });
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, owner.user.id));
  await db.insert(userTwoFactor).values({ userId: owner.user.id, secretEncrypted: encryptSecret(key, plain.totp) });
  return plain;
}

/** Every encrypted value in the database, decrypted with `read` (which throws on a value it cannot read). */
async function readEverything(db: Database, read: (stored: string) => string): Promise<string[]> {
  const values = [
    ...(await db.select({ a: vendors.tinEncrypted, b: vendors.accountNumberEncrypted, c: vendors.ibanEncrypted }).from(vendors)).flatMap((r) => [r.a, r.b, r.c]),
    ...(await db.select({ a: bankAccounts.accountNumberEncrypted }).from(bankAccounts)).map((r) => r.a),
    ...(await db.select({ a: bankFeedSettings.plaidAccessTokenEncrypted }).from(bankFeedSettings)).map((r) => r.a),
    ...(await db.select({ a: bills.paymentIbanEncrypted }).from(bills)).map((r) => r.a),
    ...(await db.select({ a: vendorBankChanges.ibanEncrypted, b: vendorBankChanges.accountNumberEncrypted }).from(vendorBankChanges)).flatMap((r) => [r.a, r.b]),
    ...(await db.select({ a: integrations.secretsEncrypted }).from(integrations)).map((r) => r.a),
    ...(await db.select({ a: userTwoFactor.secretEncrypted }).from(userTwoFactor)).map((r) => r.a),
  ];
  return values.filter((value): value is string => value !== null).map(read);
}

async function clearEncryptedRows(db: Database): Promise<void> {
  await db.delete(bills);
  await db.delete(vendorBankChanges);
  await db.delete(vendors);
  await db.delete(bankAccounts);
  await db.delete(integrations);
  await db.delete(userTwoFactor);
  await db.delete(jobs).where(eq(jobs.kind, KEY_ROTATION_JOB));
}

describe('the encryption key fingerprint', () => {
  it('is stored by the first start, accepts the same key and refuses another with one line', async () => {
    const db = t.deps.db;
    await forgetFingerprint(db);
    const key = randomBytes(32);
    expect(await checkEncryptionKey(db, key, now())).toEqual({ rotating: false });
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(key));
    // A second process with the same key (another Buffer of the same bytes) starts.
    await expect(checkEncryptionKey(db, Buffer.from(key), now())).resolves.toEqual({ rotating: false });
    await expect(checkEncryptionKey(db, randomBytes(32), now())).rejects.toThrow(/^ENCRYPTION_KEY is not the key this database was encrypted with: [^\n]+$/);
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(key));
  });

  it('lets two processes starting at once with different keys agree on one, refusing the other', async () => {
    const db = t.deps.db;
    await forgetFingerprint(db);
    const [first, second] = [randomBytes(32), randomBytes(32)];
    const results = await Promise.allSettled([checkEncryptionKey(db, first, now()), checkEncryptionKey(db, second, now())]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const winner = results[0]?.status === 'fulfilled' ? first : second;
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(winner));
  });

  it('accepts the previous key\'s fingerprint only while ENCRYPTION_KEY_PREVIOUS names it', async () => {
    const db = t.deps.db;
    await forgetFingerprint(db);
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    await checkEncryptionKey(db, keyA, now());
    await expect(checkEncryptionKey(db, withPreviousKey(Buffer.from(keyB), keyA), now())).resolves.toEqual({ rotating: true });
    await expect(checkEncryptionKey(db, withPreviousKey(Buffer.from(keyB), randomBytes(32)), now())).rejects.toThrow(
      /^Neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS is the key/,
    );
    await expect(checkEncryptionKey(db, Buffer.from(keyB), now())).rejects.toThrow(/^ENCRYPTION_KEY is not the key/);
  });
});

describe('rotating ENCRYPTION_KEY', () => {
  it('re-encrypts every value under the new key in a job, then moves the fingerprint to it', async () => {
    const db = t.deps.db;
    await clearEncryptedRows(db);
    await forgetFingerprint(db);
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    await prepareEncryptionKey(db, keyA, now());
    const plain = await writeEverything(db, keyA, 'one');

    // Restart with the new key and the old one as previous: the job is queued once, even after two starts.
    const rotating = withPreviousKey(Buffer.from(keyB), keyA);
    await prepareEncryptionKey(db, rotating, now());
    await prepareEncryptionKey(db, rotating, now());
    expect(await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, KEY_ROTATION_JOB))).toHaveLength(1);
    // Before the job runs, every value is read through the previous key.
    expect(await readEverything(db, (stored) => decryptSecret(rotating, stored))).toHaveLength(10);

    const ran = await runDueJobs(db, { handlers: keyRotationHandlers({ db, config: { ...t.deps.config, encryptionKey: rotating }, now }, silent), now });
    expect(ran).toBe(1);
    const [job] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, KEY_ROTATION_JOB));
    expect(job?.status).toBe('done');

    // The new key alone reads everything, the old one nothing.
    const keyBAlone = Buffer.from(keyB);
    expect((await readEverything(db, (stored) => decryptWith(keyBAlone, stored))).sort()).toEqual(Object.values(plain).sort());
    expect(await readEverything(db, (stored) => { try { decryptWith(keyA, stored); return 'old'; } catch { return 'new'; } })).not.toContain('old');
    const [vendor] = await db.select({ fingerprint: vendors.tinFingerprint }).from(vendors);
    expect(vendor?.fingerprint).toBe(tinFingerprint(keyBAlone, 'ein', plain.tin));
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(keyBAlone));
    // The previous key can go: the new key alone starts, the old one alone is refused.
    await expect(checkEncryptionKey(db, keyBAlone, now())).resolves.toEqual({ rotating: false });
    await expect(checkEncryptionKey(db, keyA, now())).rejects.toThrow(/^ENCRYPTION_KEY is not the key/);
  });

  it('resumes a rotation interrupted half-way, every value readable in between', async () => {
    const db = t.deps.db;
    await clearEncryptedRows(db);
    await forgetFingerprint(db);
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    await prepareEncryptionKey(db, keyA, now());
    for (const label of ['v1', 'v2', 'v3', 'v4', 'v5']) await writeEverything(db, keyA, label);
    const rotating = withPreviousKey(Buffer.from(keyB), keyA);
    await prepareEncryptionKey(db, rotating, now());

    let batches = 0;
    const crash = async () => {
      batches += 1;
      if (batches === 1) throw new Error('process killed');
    };
    await expect(rotateEncryptedValues(db, rotating, { now, batchSize: 2, afterBatch: crash })).rejects.toThrow('process killed');
    const underNew = (stored: string) => {
      try {
        decryptWith(Buffer.from(keyB), stored);
        return 'new';
      } catch {
        return 'old';
      }
    };
    const halfway = await readEverything(db, underNew);
    // The first batch (two vendors) committed; the rest is still under the old key, and all is readable.
    expect(halfway.filter((state) => state === 'new')).toHaveLength(6);
    expect(halfway.filter((state) => state === 'old').length).toBeGreaterThan(0);
    expect(await readEverything(db, (stored) => decryptSecret(rotating, stored))).toHaveLength(halfway.length);
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(keyA));

    // The queued job runs after the restart and finishes the rest.
    await runDueJobs(db, { handlers: keyRotationHandlers({ db, config: { ...t.deps.config, encryptionKey: rotating }, now }, silent), now });
    expect(new Set(await readEverything(db, underNew))).toEqual(new Set(['new']));
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(keyB));
  });

  it('stops without moving the fingerprint when a value is under neither key', async () => {
    const db = t.deps.db;
    await clearEncryptedRows(db);
    await forgetFingerprint(db);
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    await prepareEncryptionKey(db, keyA, now());
    await writeEverything(db, randomBytes(32), 'lost');
    const rotating = withPreviousKey(Buffer.from(keyB), keyA);
    await expect(rotateEncryptedValues(db, rotating, { now })).rejects.toThrow(/decrypts under neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS/);
    expect(await storedKeyFingerprint(db)).toBe(encryptionKeyFingerprint(keyA));
  });
});
