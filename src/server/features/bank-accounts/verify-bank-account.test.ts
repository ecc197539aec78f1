import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankAccount } from '../../../shared/contracts/bank-accounts';
import { auditLog, bankAccounts } from '../../db/schema';
import { withPreviousKey } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addBankAccount, readMicroDeposits, signInAgain } from './bank-accounts.fixtures';
import { hashMicroDeposits, microDepositsMatch } from './micro-deposits';

let testApp: TestApp;
let owner: SignedIn;
let account: BankAccount;
let amounts: [string, string];

const start = new Date('2026-11-02T10:00:00Z');

// One app per file (migrations are the slow part); every test gets its own organization.
beforeAll(async () => {
  testApp = await createTestApp({ now: start });
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  testApp.clock.set(start);
  owner = await signUp(testApp.app);
  account = await addBankAccount(owner);
  amounts = readMicroDeposits(testApp, account.accountLast4);
});

function verify(microDeposit1: unknown, microDeposit2: unknown) {
  return owner.request({
    method: 'POST',
    url: `/api/bank-accounts/${account.id}/verify`,
    payload: { microDeposit1, microDeposit2 },
  });
}

/** A pair that is certainly not the right one. */
function wrongPair(): [string, string] {
  const cents = amounts.map((amount) => Math.round(Number(amount) * 100));
  const first = cents[0] === 1 ? 2 : 1;
  const second = cents.includes(98) ? 97 : 98;
  return [`0.${String(first).padStart(2, '0')}`, `0.${second}`];
}

async function stored() {
  const [row] = await testApp.deps.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, account.id));
  if (!row) throw new Error('no row');
  return row;
}

async function auditActions(): Promise<string[]> {
  const rows = await testApp.deps.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, account.id))
    .orderBy(auditLog.createdAt);
  return rows.map((row) => row.action);
}

describe('micro-deposit hashing', () => {
  it('matches the pair in either order and only for its own account', () => {
    const key = testApp.deps.config.encryptionKey;
    const hash = hashMicroDeposits(key, 'account-a', 12, 45);
    expect(microDepositsMatch(key, 'account-a', hash, 45, 12)).toBe(true);
    expect(microDepositsMatch(key, 'account-a', hash, 12, 46)).toBe(false);
    expect(microDepositsMatch(key, 'account-b', hash, 12, 45)).toBe(false);
  });

  it('verifies deposits sent before a key rotation while the previous key is set', () => {
    const previous = randomBytes(32);
    const hash = hashMicroDeposits(previous, 'account-a', 12, 45);
    expect(microDepositsMatch(withPreviousKey(randomBytes(32), previous), 'account-a', hash, 12, 45)).toBe(true);
    expect(microDepositsMatch(randomBytes(32), 'account-a', hash, 12, 45)).toBe(false);
  });
});

describe('POST /api/bank-accounts/{id}/verify', () => {
  it('requires both amounts', async () => {
    const response = await owner.request({
      method: 'POST',
      url: `/api/bank-accounts/${account.id}/verify`,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      microDeposit1: 'First micro-deposit amount is required',
      microDeposit2: 'Second micro-deposit amount is required',
    });
    const blank = await verify('', '0.12');
    expect(blank.json().fields).toEqual({
      microDeposit1: 'First micro-deposit amount is required',
    });
    expect((await stored()).microDepositAttempts).toBe(0);
  });

  it('refuses amounts outside 0.01 to 0.99 without using an attempt', async () => {
    const response = await verify('1.50', '0');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      microDeposit1: 'Micro-deposits are between 0.01 and 0.99',
      microDeposit2: 'Micro-deposits are between 0.01 and 0.99',
    });
    expect((await stored()).microDepositAttempts).toBe(0);
  });

  it('verifies with the right amounts, in either order, and writes an audit row', async () => {
    const response = await verify(amounts[1], Number(amounts[0]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Bank account verified successfully',
      bankAccount: {
        id: account.id,
        isVerified: true,
        needsMicroDeposits: false,
        verificationStatus: 'verified',
      },
    });
    expect(await stored()).toMatchObject({
      isVerified: true,
      verificationStatus: 'verified',
      microDepositHash: null,
    });
    expect(await auditActions()).toEqual(['bank_account.created', 'bank_account.verified']);

    const again = await verify(amounts[0], amounts[1]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This bank account is already verified');
  });

  it('counts wrong pairs and says how many attempts are left', async () => {
    const [first, second] = wrongPair();
    const one = await verify(first, second);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({
      message: 'Verification failed: the amounts do not match. 2 attempts left.',
      code: 'BAD_REQUEST',
    });
    const two = await verify(first, second);
    expect(two.json().message).toBe(
      'Verification failed: the amounts do not match. 1 attempt left.',
    );
    const list = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(list.json<BankAccount[]>()[0]).toMatchObject({
      needsMicroDeposits: true,
      verificationAttemptsLeft: 1,
    });

    // The right pair still works on the last attempt.
    const right = await verify(amounts[0], amounts[1]);
    expect(right.statusCode).toBe(200);
  });

  it('voids the verification after 3 wrong pairs, even for the right amounts afterwards', async () => {
    const [first, second] = wrongPair();
    await verify(first, second);
    await verify(first, second);
    const third = await verify(first, second);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(
      'Verification failed: the amounts do not match and no attempts are left. Remove this bank account and add it again.',
    );
    expect(await stored()).toMatchObject({
      verificationStatus: 'failed',
      needsMicroDeposits: false,
      isVerified: false,
      microDepositHash: null,
    });

    const right = await verify(amounts[0], amounts[1]);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(
      'Verification failed: no attempts are left. Remove this bank account and add it again.',
    );
    expect((await stored()).isVerified).toBe(false);

    const list = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(list.json<BankAccount[]>()[0]).toMatchObject({
      verificationStatus: 'failed',
      needsMicroDeposits: false,
      verificationAttemptsLeft: 0,
    });
    expect(await auditActions()).toEqual([
      'bank_account.created',
      'bank_account.verification_attempt_failed',
      'bank_account.verification_attempt_failed',
      'bank_account.verification_failed',
    ]);
  });

  it('counts every one of several wrong pairs sent at once', async () => {
    const [first, second] = wrongPair();
    const responses = await Promise.all([
      verify(first, second),
      verify(first, second),
      verify(first, second),
      verify(first, second),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([400, 400, 400, 400]);
    expect(await stored()).toMatchObject({ microDepositAttempts: 3, verificationStatus: 'failed' });
  });

  it('expires 14 days after the deposits were sent', async () => {
    testApp.clock.advance(14 * 86_400_000 - 1000);
    owner = await signInAgain(testApp, owner);
    const list = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(list.json<BankAccount[]>()[0]).toMatchObject({
      verificationStatus: 'pending',
      needsMicroDeposits: true,
    });

    testApp.clock.advance(1000);
    const expiredList = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(expiredList.json<BankAccount[]>()[0]).toMatchObject({
      verificationStatus: 'expired',
      needsMicroDeposits: false,
    });

    const response = await verify(amounts[0], amounts[1]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Verification failed: the micro-deposits expired 14 days after they were sent. Remove this bank account and add it again.',
    );
    expect(await stored()).toMatchObject({
      verificationStatus: 'expired',
      isVerified: false,
      microDepositHash: null,
    });
    expect(await auditActions()).toEqual([
      'bank_account.created',
      'bank_account.verification_expired',
    ]);
  });

  it('lets a re-added account be verified with its new amounts', async () => {
    const [first, second] = wrongPair();
    for (let attempt = 0; attempt < 3; attempt += 1) await verify(first, second);
    await owner.request({ method: 'DELETE', url: `/api/bank-accounts/${account.id}` });
    const again = await addBankAccount(owner);
    const [one, two] = readMicroDeposits(testApp, again.accountLast4);
    const response = await owner.request({
      method: 'POST',
      url: `/api/bank-accounts/${again.id}/verify`,
      payload: { microDeposit1: one, microDeposit2: two },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
