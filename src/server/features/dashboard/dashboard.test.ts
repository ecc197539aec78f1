import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashFlowDay, DashboardStats } from '../../../shared/contracts/dashboard';
import { glossary } from '../../../shared/glossary';
import { approvalWorkflows, bankAccounts, bills } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, asUser, sessionCookie, signUp } from '../../test/factories';
import { addBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { seedStatement } from '../bank-reconciliation/reconciliation.fixtures';
import { insertBill, insertCustomer, insertInvoice, insertPayment, insertVendor } from '../payments/test-rows';

// Organizations default to America/New_York: March 2026 there runs from 05:00Z on 1 March
// (EST) to 04:00Z on 1 April (EDT).
const NOW = new Date('2026-03-18T15:00:00Z'); // Wednesday 18 March; the week is 16–22 March

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const stats = async (user: SignedIn) => {
  const response = await user.request({ method: 'GET', url: '/api/dashboard/stats' });
  expect(response.statusCode).toBe(200);
  return response.json<DashboardStats>();
};

async function seed(org: string) {
  const db = t.deps.db;
  const customer = await insertCustomer(db, org);
  const vendor = await insertVendor(db, org);
  const sent = await insertInvoice(db, org, { customerId: customer.id, totalCents: 100_000, paidCents: 25_000, status: 'sent' });
  await insertInvoice(db, org, { customerId: customer.id, totalCents: 40_000, status: 'overdue' });
  await insertInvoice(db, org, { customerId: customer.id, totalCents: 70_000, status: 'draft' });
  await insertInvoice(db, org, { customerId: customer.id, totalCents: 50_000, paidCents: 50_000, status: 'paid' });
  const dueThisWeek = await insertBill(db, org, { vendorId: vendor.id, totalCents: 12_000, dueDate: '2026-03-22' });
  await insertBill(db, org, { vendorId: vendor.id, totalCents: 8_000, dueDate: '2026-03-16', status: 'overdue' });
  await insertBill(db, org, { vendorId: vendor.id, totalCents: 3_000, dueDate: '2026-03-23', status: 'scheduled' });
  await insertBill(db, org, { vendorId: vendor.id, totalCents: 99_000, dueDate: '2026-03-18', status: 'paid' });
  // Refused by its approver: not to be paid.
  const rejected = await insertBill(db, org, { vendorId: vendor.id, totalCents: 55_000, dueDate: '2026-03-20' });
  await db.update(bills).set({ approvalStatus: 'rejected' }).where(eq(bills.id, rejected.id));
  const pay = (amountCents: number, processedAt: Date, extra: Partial<Parameters<typeof insertPayment>[2]> = {}) =>
    insertPayment(db, org, { type: 'invoice_payment', referenceId: sent.id, amountCents, processedAt, createdAt: processedAt, ...extra });
  // Month boundaries in New York: 04:59Z on 1 March is still February.
  await pay(10_000, new Date('2026-03-01T05:00:00Z'));
  await pay(15_000, new Date('2026-03-18T14:00:00Z'));
  await pay(7_000, new Date('2026-03-01T04:59:00Z'));
  await pay(13_000, new Date('2026-02-10T12:00:00Z'));
  await pay(99_999, new Date('2026-04-01T04:00:00Z')); // April in New York
  await pay(5_000, new Date('2026-03-10T12:00:00Z'), { status: 'failed', processedAt: null });
  await insertPayment(db, org, { type: 'bill_payment', referenceId: dueThisWeek.id, amountCents: 4_000, processedAt: new Date('2026-03-17T12:00:00Z'), createdAt: new Date('2026-03-17T12:00:00Z') });
  await insertPayment(db, org, {
    type: 'bill_payment',
    referenceId: dueThisWeek.id,
    amountCents: 8_000,
    status: 'pending',
    processedAt: null,
    scheduledDate: '2026-03-25',
    createdAt: new Date('2026-03-12T12:00:00Z'),
  });
  await db.insert(approvalWorkflows).values([
    { organizationId: org, name: 'Over 1000', triggerType: 'amount_over', triggerValue: '1000.00', approverIds: [owner.user.id] },
    { organizationId: org, name: 'Old rule', triggerType: 'all', approverIds: [owner.user.id], isActive: false },
  ]);
}

describe('GET /api/dashboard/stats', () => {
  it('starts at zero for a new organization', async () => {
    const fresh = await signUp(t.app);
    expect(await stats(fresh)).toEqual({
      totalRevenue: '0.00',
      lastMonthRevenue: '0.00',
      lastMonthFrom: '2026-02-01',
      lastMonthTo: '2026-02-18',
      revenueChangePercent: null,
      outstandingInvoices: '0.00',
      invoicesPending: 0,
      billsToPay: '0.00',
      billsDueThisWeek: 0,
      processedPayments: 0,
      processedAmount: '0.00',
      activeWorkflows: 0,
      cashInBank: null,
      cashAccounts: 0,
      cashReconciledAccounts: 0,
      activeRecurringSchedules: 0,
      recurringInvoicesThisMonth: 0,
      remindersSentThisMonth: 0,
    });
  });

  it('adds up this month in the organization’s time zone, and nothing of another organization', async () => {
    await seed(owner.user.organizationId);
    const stranger = await signUp(t.app);
    await seed(stranger.user.organizationId);
    expect(await stats(owner)).toEqual({
      totalRevenue: '250.00', // 100 + 150, not the 1 March 04:59Z (February) or April payment
      // The same days of last month, 1 to 18 February: the 130 of 10 February, not the 70 of 28 February.
      lastMonthRevenue: '130.00',
      lastMonthFrom: '2026-02-01',
      lastMonthTo: '2026-02-18',
      revenueChangePercent: 92.3,
      outstandingInvoices: '1150.00', // 750 open on the sent invoice + 400 overdue
      invoicesPending: 2,
      billsToPay: '230.00', // 120 + 80 + 30, not the paid bill nor the rejected one
      billsDueThisWeek: 2, // 22 March and 16 March; 23 March is next week
      processedPayments: 3, // two invoice payments and one bill payment
      processedAmount: '290.00',
      activeWorkflows: 1,
      cashInBank: null,
      cashAccounts: 0,
      cashReconciledAccounts: 0,
      activeRecurringSchedules: 0,
      recurringInvoicesThisMonth: 0,
      remindersSentThisMonth: 0,
    });
  });
});

describe('Cash in Bank', () => {
  it('adds the reconciled statement balances, else the live-feed balances, of the active accounts', async () => {
    const member = await signUp(t.app);
    const org = member.user.organizationId;
    const reconciled = await addBankAccount(member, { accountName: 'Operating' });
    const fed = await addBankAccount(member, { accountName: 'Feed' });
    const bare = await addBankAccount(member, { accountName: 'Nothing known' });
    const closed = await addBankAccount(member, { accountName: 'Closed' });
    await seedStatement(t.deps.db, { organizationId: org, bankAccountId: reconciled.id }, { opening: '100.00', lines: [{ day: '2026-02-10', amount: '50.00', status: 'matched' }] });
    for (const [throughDate, statementBalance] of [['2026-01-31', '100.00'], ['2026-02-28', '150.00']]) {
      const response = await member.request({ method: 'POST', url: `/api/bank-accounts/${reconciled.id}/reconciliations`, payload: { throughDate, statementBalance } });
      expect(response.statusCode, response.body).toBe(201);
    }
    await t.deps.db.update(bankAccounts).set({ plaidAccountId: 'acc-1', balance: '-20.25' }).where(eq(bankAccounts.id, fed.id));
    // A balance without a reconciliation or a feed (typed in elsewhere) is not a bank balance we know.
    await t.deps.db.update(bankAccounts).set({ balance: '999.00' }).where(eq(bankAccounts.id, bare.id));
    await t.deps.db.update(bankAccounts).set({ plaidAccountId: 'acc-2', balance: '5000.00', isActive: false }).where(eq(bankAccounts.id, closed.id));
    // The latest reconciliation (150.00) counts, and the feed's -20.25.
    expect(await stats(member)).toMatchObject({ cashInBank: '129.75', cashAccounts: 2, cashReconciledAccounts: 1 });
    // The card's help text says which balances it adds.
    expect(glossary.cashInBank.definition).toContain('reconciled statement balance');
  });
});

describe('GET /api/dashboard/cash-flow', () => {
  it('gives one row per day, money in and out, empty days at zero', async () => {
    const response = await owner.request({ method: 'GET', url: '/api/dashboard/cash-flow?days=7' });
    expect(response.statusCode).toBe(200);
    const days = response.json<CashFlowDay[]>();
    expect(days.map((d) => d.date)).toEqual(['2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18']);
    expect(days[5]).toEqual({ date: '2026-03-17', income: '0.00', expense: '40.00' });
    expect(days[6]).toEqual({ date: '2026-03-18', income: '150.00', expense: '0.00' });
    expect(days[0]).toEqual({ date: '2026-03-12', income: '0.00', expense: '0.00' });
  });

  it('covers 30 and 90 days and refuses other spans', async () => {
    const thirty = await owner.request({ method: 'GET', url: '/api/dashboard/cash-flow?days=30' });
    const rows = thirty.json<CashFlowDay[]>();
    expect(rows).toHaveLength(30);
    // 1 March 05:00Z is 1 March in New York; 04:59Z is still 28 February.
    expect(rows.find((d) => d.date === '2026-03-01')?.income).toBe('100.00');
    expect(rows.find((d) => d.date === '2026-02-28')?.income).toBe('70.00');
    const ninety = await owner.request({ method: 'GET', url: '/api/dashboard/cash-flow?days=90' });
    expect(ninety.json<CashFlowDay[]>()).toHaveLength(90);
    expect((await owner.request({ method: 'GET', url: '/api/dashboard/cash-flow?days=5' })).statusCode).toBe(400);
  });
});

describe('a month later', () => {
  it('moves to the next month with the clock', async () => {
    t.clock.set(new Date('2026-04-02T12:00:00Z'));
    // Sessions expire over two weeks of clock travel: sign in again.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: owner.user.username, password: 'correct horse battery' } });
    expect(login.statusCode).toBe(200);
    const april = await stats({ ...owner, request: asUser(t.app, sessionCookie(login)) });
    // 1 and 2 April against 1 and 2 March (the 100 of 1 March 05:00Z).
    expect(april).toMatchObject({ totalRevenue: '999.99', lastMonthRevenue: '100.00', lastMonthFrom: '2026-03-01', lastMonthTo: '2026-03-02', revenueChangePercent: 900, processedPayments: 1 });
  });
});
