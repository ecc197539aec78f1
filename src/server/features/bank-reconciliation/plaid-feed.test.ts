import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankAccount } from '../../../shared/contracts/bank-accounts';
import type { BankFeedStatus, BankFeedSyncResult } from '../../../shared/contracts/bank-reconciliation';
import { auditLog, bankAccounts, bankFeedSettings, bankStatements, bankTransactions } from '../../db/schema';
import { decryptSecret } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type FakePlaid, dayOfLastMonth, startFakePlaid } from '../../test/fake-plaid';
import { type SignedIn, signUp } from '../../test/factories';
import { addBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { runDuePlaidSyncs } from './plaid-feed';

const NOW = new Date('2026-03-18T15:00:00Z');
let plaid: FakePlaid;
let t: TestApp;
let owner: SignedIn;
let account: BankAccount;

beforeAll(async () => {
  plaid = await startFakePlaid({ now: () => NOW });
  t = await createTestApp({ now: NOW, config: { plaid: { clientId: plaid.clientId, secret: plaid.secret, environment: 'sandbox', baseUrl: plaid.url } } });
});
afterAll(async () => {
  await t.close();
  await plaid.close();
});
beforeEach(async () => {
  plaid.pageSize = 100;
  owner = await signUp(t.app);
  account = await addBankAccount(owner);
});

const post = (member: SignedIn, url: string, payload?: Record<string, unknown>) => member.request({ method: 'POST', url, ...(payload ? { payload } : {}) });

async function linesOf(bankAccountId: string) {
  return t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.bankAccountId, bankAccountId)).orderBy(asc(bankTransactions.postedOn));
}

async function linkSandbox(): Promise<{ result: BankFeedSyncResult; accessToken: string }> {
  const response = await post(owner, `/api/bank-accounts/${account.id}/plaid/sandbox`);
  expect(response.statusCode, response.body).toBe(200);
  const accessToken = plaid.accessTokens().at(-1);
  if (!accessToken) throw new Error('no access token');
  return { result: response.json<BankFeedSyncResult>(), accessToken };
}

const syncCallsFor = (accessToken: string) => plaid.calls.filter((call) => call.path === '/transactions/sync' && call.body.access_token === accessToken).length;

describe('Plaid bank feed', () => {
  it('links the sandbox account, keeps the access token encrypted, and syncs its posted lines with the sign flipped', async () => {
    const { result, accessToken } = await linkSandbox();
    expect(result).toMatchObject({ added: 5, modified: 0, removed: 0, balance: '720.35', lastSyncAt: NOW.toISOString() });
    const lines = await linesOf(account.id);
    expect(lines.map((line) => [line.postedOn, line.amount, line.bankRef])).toEqual([
      [dayOfLastMonth(NOW, 2), '1250.00', 'tx-deposit-bakery'],
      [dayOfLastMonth(NOW, 5), '-820.40', 'tx-payroll'],
      [dayOfLastMonth(NOW, 9), '-4.50', 'tx-coffee'],
      [dayOfLastMonth(NOW, 14), '310.25', 'tx-stripe'],
      [dayOfLastMonth(NOW, 20), '-15.00', 'tx-fee'],
    ]);
    expect(lines.find((line) => line.bankRef === 'tx-payroll')?.counterparty).toBe('Gusto');
    const [settings] = await t.deps.db.select().from(bankFeedSettings).where(eq(bankFeedSettings.bankAccountId, account.id));
    expect(settings?.plaidAccessTokenEncrypted).not.toContain(accessToken);
    expect(decryptSecret(t.deps.config.encryptionKey, settings?.plaidAccessTokenEncrypted ?? '')).toBe(accessToken);
    expect(settings?.plaidCursor).toBe('cursor-7');
    const [stored] = await t.deps.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    expect(stored).toMatchObject({ plaidAccountId: 'acc-checking', balance: '720.35', lastSyncAt: NOW });
    const [statement] = await t.deps.db.select().from(bankStatements).where(eq(bankStatements.bankAccountId, account.id));
    expect(statement).toMatchObject({ format: 'plaid', linesInFile: 5, linesAdded: 5 });
    const actions = (await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, account.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['bank_account.feed_linked', 'bank_account.feed_synced']));
    const listed = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(listed.json<BankAccount[]>()[0]).toMatchObject({ feedLinked: true, lastSyncAt: NOW.toISOString(), balance: '720.35' });
    expect(listed.body).not.toContain('acc-checking');
  });

  it('follows the cursor page by page: new lines added, an unmatched line changed or removed, a matched line kept', async () => {
    const { accessToken } = await linkSandbox();
    plaid.pageSize = 2;
    plaid.addTransactions(accessToken, [
      { transaction_id: 'tx-new-1', account_id: 'acc-checking', amount: 99.99, date: '2026-03-10', name: 'OFFICE DEPOT' },
      { transaction_id: 'tx-new-2', account_id: 'acc-checking', amount: -50, date: '2026-03-11', name: 'REFUND' },
      { transaction_id: 'tx-other', account_id: 'acc-savings', amount: 1, date: '2026-03-11', name: 'OTHER ACCOUNT' },
    ]);
    await t.deps.db.update(bankTransactions).set({ status: 'matched', resolution: 'matched' }).where(eq(bankTransactions.bankRef, 'tx-stripe'));
    plaid.modifyTransaction(accessToken, { transaction_id: 'tx-coffee', account_id: 'acc-checking', amount: 5.25, date: dayOfLastMonth(NOW, 9), name: 'Harbor Coffee #12' });
    plaid.modifyTransaction(accessToken, { transaction_id: 'tx-stripe', account_id: 'acc-checking', amount: -999, date: dayOfLastMonth(NOW, 14), name: 'CHANGED' });
    plaid.removeTransaction(accessToken, 'tx-fee', 'acc-checking');
    plaid.setBalance(accessToken, 'acc-checking', 664.61);
    const before = syncCallsFor(accessToken);

    const response = await post(owner, `/api/bank-accounts/${account.id}/plaid/sync`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BankFeedSyncResult>()).toMatchObject({ added: 2, modified: 1, removed: 1, balance: '664.61' });
    // 6 changes at 2 a page.
    expect(syncCallsFor(accessToken) - before).toBe(3);
    const byRef = new Map((await linesOf(account.id)).map((line) => [line.bankRef, line]));
    expect(byRef.get('tx-new-1')?.amount).toBe('-99.99');
    expect(byRef.get('tx-new-2')?.amount).toBe('50.00');
    expect(byRef.get('tx-coffee')).toMatchObject({ amount: '-5.25', description: 'Harbor Coffee #12' });
    expect(byRef.get('tx-stripe')).toMatchObject({ amount: '310.25', description: 'STRIPE TRANSFER' });
    expect(byRef.has('tx-fee')).toBe(false);
    expect(byRef.has('tx-other')).toBe(false);

    // Nothing new: nothing added twice.
    expect((await post(owner, `/api/bank-accounts/${account.id}/plaid/sync`)).json<BankFeedSyncResult>()).toMatchObject({ added: 0, modified: 0, removed: 0 });
  });

  it('links through Link: a bad public token or an account outside the item is refused, another workspace is a 404', async () => {
    const token = await post(owner, `/api/bank-accounts/${account.id}/plaid/link-token`);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().linkToken).toMatch(/^link-sandbox-/);
    const bad = await post(owner, `/api/bank-accounts/${account.id}/plaid/exchange`, { public_token: 'public-sandbox-nope', account_id: 'acc-checking' });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().message).toMatch(/^Plaid: provided public token is in an invalid format/);
    expect((await post(owner, `/api/bank-accounts/${account.id}/plaid/exchange`, { account_id: 'acc-checking' })).statusCode).toBe(400);

    const created = await fetch(`${plaid.url}/sandbox/public_token/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: plaid.clientId, secret: plaid.secret, institution_id: 'ins_109508', initial_products: ['transactions'] }),
    });
    const { public_token: publicToken } = (await created.json()) as { public_token: string };
    const outside = await post(owner, `/api/bank-accounts/${account.id}/plaid/exchange`, { public_token: publicToken, account_id: 'acc-elsewhere' });
    expect(outside.statusCode).toBe(400);
    expect((await linesOf(account.id)).length).toBe(0);

    const stranger = await signUp(t.app);
    expect((await post(stranger, `/api/bank-accounts/${account.id}/plaid/link-token`)).statusCode).toBe(404);
    expect((await post(stranger, `/api/bank-accounts/${account.id}/plaid/sync`)).statusCode).toBe(404);
  });

  it('syncs each due feed exactly once however many schedulers run at once, and again once 15 minutes have passed', async () => {
    const { accessToken } = await linkSandbox();
    // Make this feed due, and every other test's feed not due.
    await t.deps.db.update(bankFeedSettings).set({ lastImportAt: NOW });
    await t.deps.db.update(bankFeedSettings).set({ lastImportAt: new Date(NOW.getTime() - 16 * 60_000) }).where(eq(bankFeedSettings.bankAccountId, account.id));
    const before = syncCallsFor(accessToken);
    const runs = await Promise.all([runDuePlaidSyncs(t.deps), runDuePlaidSyncs(t.deps), runDuePlaidSyncs(t.deps)]);
    expect(runs.reduce((sum, run) => sum + run.synced, 0)).toBe(1);
    expect(syncCallsFor(accessToken) - before).toBe(1);
    expect((await runDuePlaidSyncs(t.deps)).synced).toBe(0);
    t.clock.advance(16 * 60_000);
    try {
      const later = await runDuePlaidSyncs(t.deps);
      expect(later.failed).toBe(0);
      expect(later.synced).toBeGreaterThanOrEqual(1);
      expect(syncCallsFor(accessToken) - before).toBe(2);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('without Plaid keys', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ now: NOW });
  });
  afterAll(async () => bare.close());

  it('says feeds are not configured and how to enable them, and refuses to link', async () => {
    const member = await signUp(bare.app);
    const status = await member.request({ method: 'GET', url: '/api/bank-feeds/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json<BankFeedStatus>()).toMatchObject({ configured: false, environment: null });
    expect(status.json<BankFeedStatus>().message).toContain('PLAID_CLIENT_ID and PLAID_SECRET');
    const mine = await addBankAccount(member);
    const refused = await member.request({ method: 'POST', url: `/api/bank-accounts/${mine.id}/plaid/link-token` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('PLAID_CLIENT_ID');
    expect((await runDuePlaidSyncs(bare.deps)).synced).toBe(0);
    const audits = await bare.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, mine.id), eq(auditLog.action, 'bank_account.feed_linked')));
    expect(audits).toHaveLength(0);
  });
});
