import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeReconciliationRow } from '../../../shared/contracts/bank-reconciliation';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { bankAccounts } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { seedStatement } from '../bank-reconciliation/reconciliation.fixtures';
import { addMember } from '../team/team.fixtures';
import { addClient, grantClient, openWorkspace, signUpFirm } from './practice.fixtures';

// The 18th in every US zone and in UTC: 30 days back is 2026-02-16.
const NOW = new Date('2026-03-18T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t.close());

const queue = (member: SignedIn, query = '') => member.request({ method: 'GET', url: `/api/practice/reconciliation${query}` });

/** Adds a bank account inside the client's workspace as the firm owner, then goes back to the firm. */
async function clientAccount(firm: SignedIn, client: PracticeClient, name: string, isPrimary = false): Promise<string> {
  await openWorkspace(firm, client.organizationId);
  const account = await addBankAccount(firm, { accountName: name, isPrimary });
  await openWorkspace(firm, firm.user.homeOrganizationId);
  return account.id;
}

async function reconcileAs(firm: SignedIn, client: PracticeClient, accountId: string, throughDate: string, statementBalance: string): Promise<void> {
  await openWorkspace(firm, client.organizationId);
  const response = await firm.request({ method: 'POST', url: `/api/bank-accounts/${accountId}/reconciliations`, payload: { throughDate, statementBalance } });
  expect(response.statusCode, response.body).toBe(201);
  await openWorkspace(firm, firm.user.homeOrganizationId);
}

describe('GET /api/practice/reconciliation', () => {
  it('counts and sums unmatched lines, finds the oldest and the stale accounts per client, and hides clients without a grant', async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const bakery = await addClient(firm, { businessName: 'Bayside Bakery' });
    const dental = await addClient(firm, { businessName: 'Dune Dental' });
    const hidden = await addClient(firm, { businessName: 'Hidden Hardware' });
    await grantClient(t, firm, accountant, bakery);
    await grantClient(t, firm, accountant, dental);
    if (!bakery.organizationId || !dental.organizationId || !hidden.organizationId) throw new Error('clients without workspaces');

    // Primary: the queue opens it first (the test clock gives every account the same createdAt).
    const checking = await clientAccount(firm, bakery, 'Checking', true);
    const savings = await clientAccount(firm, bakery, 'Savings');
    const closed = await clientAccount(firm, bakery, 'Closed');
    await seedStatement(t.deps.db, { organizationId: bakery.organizationId, bankAccountId: checking }, {
      opening: '100.00',
      lines: [
        { day: '2026-01-20', amount: '250.00' },
        { day: '2026-02-25', amount: '-45.10', status: 'matched' },
        { day: '2026-03-04', amount: '-19.99' },
      ],
    });
    await seedStatement(t.deps.db, { organizationId: bakery.organizationId, bankAccountId: savings }, { lines: [{ day: '2026-03-01', amount: '12.34' }] });
    // A removed account's lines are not in the queue.
    await seedStatement(t.deps.db, { organizationId: bakery.organizationId, bankAccountId: closed }, { lines: [{ day: '2025-12-01', amount: '999.00' }] });
    await t.deps.db.update(bankAccounts).set({ isActive: false }).where(eq(bankAccounts.id, closed));
    // Checking reconciled 18 days ago (fresh), savings 32 days ago (stale).
    await reconcileAs(firm, bakery, checking, '2026-02-28', '304.90');
    await reconcileAs(firm, bakery, savings, '2026-02-14', '0.00');
    // Dune Dental: an account never reconciled, no lines.
    const dentalAccount = await clientAccount(firm, dental, 'Operating');
    await seedStatement(t.deps.db, { organizationId: hidden.organizationId, bankAccountId: await clientAccount(firm, hidden, 'Hidden') }, { lines: [{ day: '2026-03-01', amount: '5.00' }] });

    const response = await queue(accountant);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const rows = response.json<PracticeReconciliationRow[]>();
    expect(rows.map((row) => row.clientName)).toEqual(['Bayside Bakery', 'Dune Dental']);
    const [bakeryRow, dentalRow] = rows;
    // 250.00 - 19.99 + 12.34 unmatched on the active accounts.
    expect(bakeryRow).toMatchObject({
      organizationId: bakery.organizationId,
      unmatchedCount: 3,
      unmatchedAmount: '242.35',
      oldestUnmatchedOn: '2026-01-20',
      staleAccounts: 1,
      firstBankAccountId: checking,
    });
    expect(bakeryRow?.lastImportAt).toEqual(expect.any(String));
    expect(dentalRow).toMatchObject({ unmatchedCount: 0, unmatchedAmount: '0.00', oldestUnmatchedOn: null, staleAccounts: 1, lastImportAt: null, firstBankAccountId: dentalAccount });

    // The owner sees every client, most unmatched lines first; pages keep the total.
    const all = await queue(firm);
    expect(all.json<PracticeReconciliationRow[]>().map((row) => row.clientName)).toEqual(['Bayside Bakery', 'Hidden Hardware', 'Dune Dental']);
    const page = await queue(firm, '?limit=1&offset=1');
    expect(page.json<PracticeReconciliationRow[]>().map((row) => row.clientName)).toEqual(['Hidden Hardware']);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('is empty for a firm without clients, and refused to a business (403)', async () => {
    const firm = await signUpFirm(t);
    const empty = await queue(firm);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect((await queue(await signUp(t.app))).statusCode).toBe(403);
    expect((await queue(firm, '?limit=0')).statusCode).toBe(400);
  });
});
