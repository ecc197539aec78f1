import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankReconciliation, ReconciliationPreview } from '../../../shared/contracts/bank-reconciliation';
import { auditLog, bankAccounts, bankTransactions } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { insertCustomer, insertInvoice, insertPayment } from '../payments/test-rows';
import { addMember } from '../team/team.fixtures';
import { LOCKED_LINE_MESSAGE, LOCKED_MESSAGE, assertLineUnlocked, assertPaymentUnlocked } from './locks';
import { matchLineToPayment, seedStatement } from './reconciliation.fixtures';

// Mid-March in every US zone and in UTC; the statements are February's.
const NOW = new Date('2026-03-18T15:00:00Z');
let t: TestApp;
let owner: SignedIn;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t.close());

beforeEach(async () => {
  owner = await signUp(t.app);
  accountId = (await addBankAccount(owner)).id;
});

const org = () => owner.user.organizationId;

async function preview(member: SignedIn, id: string, query: string) {
  return member.request({ method: 'GET', url: `/api/bank-accounts/${id}/reconciliations/preview?${query}` });
}

async function reconcile(member: SignedIn, id: string, payload: Record<string, unknown>) {
  return member.request({ method: 'POST', url: `/api/bank-accounts/${id}/reconciliations`, payload });
}

/** February: opening 1,000.00; 3 cleared lines (+500, -120.50, -30 excluded fee) and 2 unmatched (+75.25, -10). */
async function seedFebruary(): Promise<string[]> {
  return seedStatement(t.deps.db, { organizationId: org(), bankAccountId: accountId }, {
    opening: '1000.00',
    closing: '1414.75',
    periodStart: '2026-02-01',
    lines: [
      { day: '2026-02-03', amount: '500.00', status: 'matched' },
      { day: '2026-02-10', amount: '-120.50', status: 'matched' },
      { day: '2026-02-12', amount: '75.25', description: '=HYPERLINK("x") deposit' },
      { day: '2026-02-20', amount: '-30.00', status: 'excluded' },
      { day: '2026-02-27', amount: '-10.00' },
      { day: '2026-03-02', amount: '40.00', status: 'matched' },
    ],
  });
}

describe('GET /api/bank-accounts/{id}/reconciliations/preview', () => {
  it('adds the cleared lines through the day to the earliest statement opening balance, and lists the unmatched lines explaining the difference', async () => {
    const ids = await seedFebruary();
    const response = await preview(owner, accountId, 'throughDate=2026-02-28&statementBalance=1414.75');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReconciliationPreview>();
    // 1000 + 500 - 120.50 - 30 = 1349.50; the statement says 1414.75: 65.25 is the two unmatched lines (75.25 - 10).
    expect(body).toMatchObject({
      throughDate: '2026-02-28',
      statementBalance: '1414.75',
      bookBalance: '1349.50',
      difference: '65.25',
      unmatchedCount: 2,
      unmatchedAmount: '65.25',
      lastReconciledThrough: null,
    });
    expect(body.unmatched.map((line) => line.id)).toEqual([ids[2], ids[4]]);
    expect(body.unmatched[0]?.description).toBe('=HYPERLINK("x") deposit');
    // March's line is after the day.
    const march = await preview(owner, accountId, 'throughDate=2026-03-05&statementBalance=0');
    expect(march.json<ReconciliationPreview>().bookBalance).toBe('1389.50');
  });

  it('takes an ISO timestamp as the organization day, and refuses a future day, a bad amount and another workspace account', async () => {
    await seedFebruary();
    const iso = await preview(owner, accountId, 'throughDate=2026-02-28T12:00:00Z&statementBalance=0');
    expect(iso.json<ReconciliationPreview>().throughDate).toBe('2026-02-28');
    const future = await preview(owner, accountId, 'throughDate=2026-03-25&statementBalance=0');
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'VALIDATION', fields: { throughDate: 'The statement end date cannot be after today' } });
    const badAmount = await preview(owner, accountId, 'throughDate=2026-02-28&statementBalance=12.345');
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().fields.statementBalance).toMatch(/at most 2 decimals/);
    expect((await preview(owner, accountId, 'throughDate=2026-02-30&statementBalance=1')).statusCode).toBe(400);
    const stranger = await signUp(t.app);
    expect((await preview(stranger, accountId, 'throughDate=2026-02-28&statementBalance=1')).statusCode).toBe(404);
    expect((await preview(owner, 'not-a-uuid', 'throughDate=2026-02-28&statementBalance=1')).statusCode).toBe(404);
  });
});

describe('POST /api/bank-accounts/{id}/reconciliations', () => {
  it('locks the cleared lines through the day, keeps the figures and the accepted difference, sets the balance and audits it', async () => {
    const ids = await seedFebruary();
    const response = await reconcile(owner, accountId, { throughDate: '2026-02-28', statementBalance: '1414.75' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<BankReconciliation>();
    expect(created).toMatchObject({ throughDate: '2026-02-28', statementBalance: '1414.75', bookBalance: '1349.50', difference: '65.25', linesLocked: 3 });

    const lines = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.bankAccountId, accountId));
    const lockedIds = lines.filter((line) => line.reconciliationId === created.id).map((line) => line.id).sort();
    expect(lockedIds).toEqual([ids[0], ids[1], ids[3]].sort());
    const [account] = await t.deps.db.select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
    expect(account?.balance).toBe('1414.75');
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, accountId), eq(auditLog.action, 'bank_account.reconciled')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ reconciliationId: created.id, difference: '65.25', linesLocked: 3 });

    const history = await owner.request({ method: 'GET', url: `/api/bank-accounts/${accountId}/reconciliations` });
    expect(history.headers['x-total-count']).toBe('1');
    expect(history.json<BankReconciliation[]>()[0]).toMatchObject({ id: created.id, userName: expect.any(String) });
  });

  it('starts the next period from the last statement balance, and refuses a day on or before the last reconciliation', async () => {
    await seedFebruary();
    expect((await reconcile(owner, accountId, { throughDate: '2026-02-28', statementBalance: '1414.75' })).statusCode).toBe(201);
    for (const throughDate of ['2026-02-28', '2026-02-15']) {
      const refused = await reconcile(owner, accountId, { throughDate, statementBalance: '1' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This account is reconciled through 2026-02-28; choose a later statement end date');
    }
    const next = await preview(owner, accountId, 'throughDate=2026-03-10&statementBalance=1454.75');
    // 1414.75 + the March line 40.00; February's unmatched lines belong to the closed period.
    expect(next.json<ReconciliationPreview>()).toMatchObject({ bookBalance: '1454.75', difference: '0.00', unmatchedCount: 0, lastReconciledThrough: '2026-02-28' });
  });

  it('is refused to a viewer and to another workspace, and writes nothing then', async () => {
    await seedFebruary();
    const viewer = await addMember(t, owner, 'viewer');
    expect((await reconcile(viewer, accountId, { throughDate: '2026-02-28', statementBalance: '1' })).statusCode).toBe(403);
    const stranger = await signUp(t.app);
    expect((await reconcile(stranger, accountId, { throughDate: '2026-02-28', statementBalance: '1' })).statusCode).toBe(404);
    const invalid = await reconcile(owner, accountId, { throughDate: 'yesterday', statementBalance: 'abc' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['statementBalance', 'throughDate']);
    const locked = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.bankAccountId, accountId));
    expect(locked.every((line) => line.reconciliationId === null)).toBe(true);
  });

  it('runs two reconciliations of one account one after the other: one is stored, the other refused', async () => {
    await seedFebruary();
    const results = await Promise.all([
      reconcile(owner, accountId, { throughDate: '2026-02-28', statementBalance: '1414.75' }),
      reconcile(owner, accountId, { throughDate: '2026-02-28', statementBalance: '1414.75' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('locked payments', () => {
  it('lets only an owner change a payment matched to a reconciled line, and audits the owner', async () => {
    const customer = await insertCustomer(t.deps.db, org());
    const invoice = await insertInvoice(t.deps.db, org(), { customerId: customer.id, totalCents: 50_000, paidCents: 50_000, status: 'paid' });
    const payment = await insertPayment(t.deps.db, org(), { type: 'invoice_payment', referenceId: invoice.id, amountCents: 50_000 });
    const [lineId] = await seedStatement(t.deps.db, { organizationId: org(), bankAccountId: accountId }, { lines: [{ day: '2026-02-03', amount: '500.00' }] });
    if (!lineId) throw new Error('no line');
    await matchLineToPayment(t.deps.db, org(), lineId, { id: payment.id, type: 'invoice_payment', referenceId: invoice.id, amount: '500.00' });
    const accountant = { organizationId: org(), userId: owner.user.id, role: 'accountant' as const };
    const ownerActor = { ...accountant, role: 'owner' as const };

    // Before the reconciliation the payment is free to change, and nothing is audited.
    await t.deps.db.transaction((tx) => assertPaymentUnlocked(tx, accountant, payment.id, 'refund'));
    expect((await reconcile(owner, accountId, { throughDate: '2026-02-28', statementBalance: '500.00' })).json()).toMatchObject({ linesLocked: 1, difference: '0.00' });

    await expect(t.deps.db.transaction((tx) => assertPaymentUnlocked(tx, accountant, payment.id, 'refund'))).rejects.toMatchObject({ code: 'FORBIDDEN', message: LOCKED_MESSAGE });
    await expect(t.deps.db.transaction((tx) => assertPaymentUnlocked(tx, { ...ownerActor, userId: null }, payment.id, 'fail'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await t.deps.db.transaction((tx) => assertPaymentUnlocked(tx, ownerActor, payment.id, 'refund'));
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, payment.id), eq(auditLog.action, 'payment.locked_change')));
    expect(audits.map((row) => row.details)).toEqual([expect.objectContaining({ change: 'refund' })]);
  });

  it('lets only an owner change a locked line, and audits the owner', async () => {
    const ids = await seedFebruary();
    expect((await reconcile(owner, accountId, { throughDate: '2026-02-28', statementBalance: '1414.75' })).statusCode).toBe(201);
    const rows = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.bankAccountId, accountId));
    const locked = rows.find((row) => row.id === ids[0]);
    const open = rows.find((row) => row.id === ids[2]);
    if (!locked || !open) throw new Error('lines missing');
    const admin = { organizationId: org(), userId: owner.user.id, role: 'admin' as const };
    await t.deps.db.transaction((tx) => assertLineUnlocked(tx, admin, open, 'unmatch'));
    await expect(t.deps.db.transaction((tx) => assertLineUnlocked(tx, admin, locked, 'unmatch'))).rejects.toMatchObject({ code: 'FORBIDDEN', message: LOCKED_LINE_MESSAGE });
    await t.deps.db.transaction((tx) => assertLineUnlocked(tx, { ...admin, role: 'owner' }, locked, 'unmatch'));
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, locked.id));
    expect(audits.map((row) => [row.action, row.details])).toEqual([['bank_transaction.locked_change', { change: 'unmatch', reconciliationId: locked.reconciliationId }]]);
  });
});
