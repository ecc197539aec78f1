import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankAccount } from '../../../shared/contracts/bank-accounts';
import { auditLog, bankAccounts, bankStatements } from '../../db/schema';
import { decryptSecret } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import {
  ACCOUNT_NUMBER,
  ROUTING,
  addBankAccount,
  bankAccountInput,
} from './bank-accounts.fixtures';

let testApp: TestApp;
let owner: SignedIn;

// One app per file (migrations are the slow part); every test gets its own organization.
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

beforeEach(async () => {
  owner = await signUp(testApp.app);
});

/** This organization's accounts (the app is shared by the file's tests). */
async function orgAccounts() {
  return testApp.deps.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.organizationId, owner.user.organizationId));
}

/** The micro-deposit notices sent to this test's user. */
function myMail(): string[] {
  return readOutbox(testApp).filter((mail) => mail.includes(`To: ${owner.user.email}`));
}

async function post(payload: Record<string, unknown>) {
  return owner.request({ method: 'POST', url: '/api/bank-accounts', payload });
}

async function storedAccount(id: string) {
  const [row] = await testApp.deps.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  if (!row) throw new Error('no row');
  return row;
}

describe('POST /api/bank-accounts validation', () => {
  it.each([
    [{ accountName: '  ' }, 'accountName', 'Account name is required'],
    [{ accountName: undefined }, 'accountName', 'Account name is required'],
    [{ accountHolderName: '' }, 'accountHolderName', 'Account holder name is required'],
    [{ accountNumber: '123' }, 'accountNumber', 'Account number must be at least 4 digits'],
    [{ accountNumber: undefined }, 'accountNumber', 'Account number must be at least 4 digits'],
    [{ accountNumber: '12ab5678' }, 'accountNumber', 'Account number must contain only digits'],
    [
      { accountNumber: '123456789012345678' },
      'accountNumber',
      'Account number must be at most 17 digits',
    ],
    [{ routingNumber: '12345678' }, 'routingNumber', 'Routing number must be 9 digits'],
    [{ routingNumber: '0210000210' }, 'routingNumber', 'Routing number must be 9 digits'],
    [{ routingNumber: '02100002a' }, 'routingNumber', 'Routing number must be 9 digits'],
    [{ routingNumber: '123456789' }, 'routingNumber', 'Invalid routing number'],
    [{ routingNumber: '021000022' }, 'routingNumber', 'Invalid routing number'],
    [{ routingNumber: '000000000' }, 'routingNumber', 'Invalid routing number'],
    [{ accountType: 'brokerage' }, 'accountType', 'Choose an account type'],
  ])('refuses %j with "%s: %s"', async (overrides, field, message) => {
    const response = await post(bankAccountInput(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    expect(await orgAccounts()).toHaveLength(0);
    expect(myMail()).toHaveLength(0);
  });

  it.each([ROUTING.chase, ROUTING.bofa, ROUTING.wells, '011000015'])(
    'accepts the valid routing number %s',
    async (routingNumber) => {
      const response = await post(bankAccountInput({ routingNumber }));
      expect(response.statusCode, response.body).toBe(201);
    },
  );
});

describe('adding a bank account', () => {
  it('keeps the number encrypted, answers with the last four only and mails the micro-deposits', async () => {
    const response = await post(
      bankAccountInput({ accountNumber: '0001-2345 6789', bankName: 'Chase' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain(ACCOUNT_NUMBER);
    expect(response.body).not.toContain('123456789');
    const account = response.json<BankAccount>();
    expect(account).toMatchObject({
      accountName: 'Operating',
      accountHolderName: 'Acme Supplies LLC',
      bankName: 'Chase',
      accountType: 'business_checking',
      accountLast4: '6789',
      routingNumber: ROUTING.chase,
      isVerified: false,
      needsMicroDeposits: true,
      verificationStatus: 'pending',
      verificationAttemptsLeft: 3,
      achEnabled: true,
      wireEnabled: true,
    });
    expect(account).not.toHaveProperty('accountNumber');
    expect(account).not.toHaveProperty('microDepositHash');

    const row = await storedAccount(account.id);
    expect(row.accountNumberEncrypted).not.toContain('6789');
    expect(decryptSecret(testApp.deps.config.encryptionKey, row.accountNumberEncrypted)).toBe(
      ACCOUNT_NUMBER,
    );
    expect(row.microDepositHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.microDepositsExpireAt?.getTime()).toBe(
      (row.microDepositsSentAt?.getTime() ?? 0) + 14 * 86_400_000,
    );

    const mails = myMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${owner.user.email}`);
    expect(mails[0]).toMatch(/Micro-deposit 1: \$0\.\d\d/);
    expect(mails[0]).toMatch(/Micro-deposit 2: \$0\.\d\d/);
    expect(mails[0]).not.toContain(ACCOUNT_NUMBER);

    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, account.id));
    expect(audits.map((audit) => audit.action)).toEqual(['bank_account.created']);
    expect(JSON.stringify(audits)).not.toContain(ACCOUNT_NUMBER);
  });

  it('does not enable wires from a savings account', async () => {
    const account = await addBankAccount(owner, { accountType: 'savings' });
    expect(account).toMatchObject({ achEnabled: true, wireEnabled: false });
  });

  it("lists the organization's accounts masked, primary first, with X-Total-Count", async () => {
    await addBankAccount(owner, { accountName: 'Payroll', accountNumber: '55550001' });
    await addBankAccount(owner, { accountName: 'Main', isPrimary: true });
    const other = await signUp(testApp.app);
    await addBankAccount(other, { accountName: 'Not mine' });

    const response = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body).not.toContain(ACCOUNT_NUMBER);
    expect(response.body).not.toContain('55550001');
    expect(
      response.json<BankAccount[]>().map((account) => [account.accountName, account.isPrimary]),
    ).toEqual([
      ['Main', true],
      ['Payroll', false],
    ]);

    const page = await owner.request({ method: 'GET', url: '/api/bank-accounts?limit=1&offset=1' });
    expect(page.json<BankAccount[]>().map((account) => account.accountName)).toEqual(['Payroll']);
  });

  it('refuses a viewer-free anonymous request', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/bank-accounts' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the primary account', () => {
  it('is unique: a new primary account clears the old one', async () => {
    const first = await addBankAccount(owner, { accountName: 'First', isPrimary: true });
    const second = await addBankAccount(owner, { accountName: 'Second', isPrimary: true });
    expect((await storedAccount(first.id)).isPrimary).toBe(false);
    expect((await storedAccount(second.id)).isPrimary).toBe(true);

    const response = await owner.request({
      method: 'PUT',
      url: `/api/bank-accounts/${first.id}`,
      payload: { isPrimary: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BankAccount>().isPrimary).toBe(true);
    expect((await storedAccount(second.id)).isPrimary).toBe(false);
  });

  it('stays unique when two accounts are made primary at the same time', async () => {
    const accounts = await Promise.all(
      [1, 2, 3].map((n) => addBankAccount(owner, { accountName: `Account ${n}` })),
    );
    const responses = await Promise.all(
      accounts.map((account) =>
        owner.request({
          method: 'PUT',
          url: `/api/bank-accounts/${account.id}`,
          payload: { isPrimary: true },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const primaries = await testApp.deps.db
      .select()
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.organizationId, owner.user.organizationId),
          eq(bankAccounts.isPrimary, true),
        ),
      );
    expect(primaries).toHaveLength(1);
  });

  it('is kept to one row per organization by the database itself', async () => {
    const first = await addBankAccount(owner, { isPrimary: true });
    const second = await addBankAccount(owner);
    await expect(
      testApp.deps.db
        .update(bankAccounts)
        .set({ isPrimary: true })
        .where(eq(bankAccounts.id, second.id)),
    ).rejects.toThrow();
    expect((await storedAccount(first.id)).isPrimary).toBe(true);
  });
});

describe('GET /api/bank-accounts/{id}', () => {
  it('shows one account masked, with its newest statement import', async () => {
    const account = await addBankAccount(owner);
    const first = await owner.request({ method: 'GET', url: `/api/bank-accounts/${account.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: account.id, accountLast4: '6789', lastImportAt: null, lastSyncAt: null });
    expect(first.body).not.toContain(ACCOUNT_NUMBER);

    const organizationId = owner.user.organizationId;
    const older = new Date('2026-03-01T10:00:00Z');
    const newer = new Date('2026-03-05T10:00:00Z');
    await testApp.deps.db.insert(bankStatements).values([
      { organizationId, bankAccountId: account.id, format: 'csv', createdAt: newer },
      { organizationId, bankAccountId: account.id, format: 'ofx', createdAt: older },
    ]);
    const after = await owner.request({ method: 'GET', url: `/api/bank-accounts/${account.id}` });
    expect(after.json()).toMatchObject({ lastImportAt: newer.toISOString() });
  });
});

describe('PUT and DELETE /api/bank-accounts/{id}', () => {
  it('renames an account and writes an audit row', async () => {
    const account = await addBankAccount(owner);
    const response = await owner.request({
      method: 'PUT',
      url: `/api/bank-accounts/${account.id}`,
      payload: { accountName: 'Payables', bankName: 'First National' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      accountName: 'Payables',
      bankName: 'First National',
      accountLast4: '6789',
    });
    const audits = await testApp.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, account.id), eq(auditLog.action, 'bank_account.updated')));
    expect(audits).toHaveLength(1);
  });

  it('refuses an empty name', async () => {
    const account = await addBankAccount(owner);
    const response = await owner.request({
      method: 'PUT',
      url: `/api/bank-accounts/${account.id}`,
      payload: { accountName: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ accountName: 'Account name is required' });
  });

  it('removes an account from the list, keeping the row for payment history', async () => {
    const account = await addBankAccount(owner, { isPrimary: true });
    const response = await owner.request({
      method: 'DELETE',
      url: `/api/bank-accounts/${account.id}`,
    });
    expect(response.statusCode).toBe(204);
    const list = await owner.request({ method: 'GET', url: '/api/bank-accounts' });
    expect(list.json()).toEqual([]);
    expect(await storedAccount(account.id)).toMatchObject({
      isActive: false,
      isPrimary: false,
      microDepositHash: null,
    });
    const again = await owner.request({
      method: 'DELETE',
      url: `/api/bank-accounts/${account.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it("hides another organization's account behind a 404", async () => {
    const account = await addBankAccount(owner);
    const other = await signUp(testApp.app);
    for (const [method, url, payload] of [
      ['PUT', `/api/bank-accounts/${account.id}`, { accountName: 'Mine now' }],
      ['DELETE', `/api/bank-accounts/${account.id}`, undefined],
      [
        'POST',
        `/api/bank-accounts/${account.id}/verify`,
        { microDeposit1: '0.10', microDeposit2: '0.20' },
      ],
      ['PUT', '/api/bank-accounts/not-a-uuid', { accountName: 'x' }],
      ['GET', `/api/bank-accounts/${account.id}`, undefined],
    ] as const) {
      const response = await other.request({ method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Bank account not found', code: 'NOT_FOUND' });
    }
    expect(await storedAccount(account.id)).toMatchObject({
      accountName: 'Operating',
      isActive: true,
      microDepositAttempts: 0,
    });
  });
});
