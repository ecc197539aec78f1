import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankRule } from '../../../shared/contracts/bank-reconciliation';
import { auditLog, bankTransactions, invoices } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { createVendor } from '../payment-runs/payment-runs.fixtures';
import { applyBankRules } from './apply-rules';
import { TEST_NOW, addLines, customer, sentInvoice, suggestionsOf, workspace } from './matching.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: TEST_NOW });
});
afterAll(async () => {
  await t.close();
});

async function lineRow(id: string) {
  const [row] = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.id, id));
  return row;
}

describe('bank rules', () => {
  it('creates, lists, changes and deletes a rule, each with an audit row', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Amazon Web Services' });
    const created = await ws.owner.request({
      method: 'POST',
      url: '/api/bank-rules',
      payload: { name: 'AWS', descriptionContains: 'aws', direction: 'debit', action: 'categorize', vendorId: vendor.id, category: 'Software', amountMax: '500' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json<BankRule>();
    expect(rule).toMatchObject({ vendorName: 'Amazon Web Services', amountMax: '500.00', minConfidence: 95 });
    const list = await ws.owner.request({ method: 'GET', url: '/api/bank-rules' });
    expect(list.json<BankRule[]>().map((row) => row.id)).toEqual([rule.id]);
    const second = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'Stripe', descriptionContains: 'stripe', action: 'auto_match' } });
    expect(second.statusCode, second.body).toBe(201);
    const page = await ws.owner.request({ method: 'GET', url: '/api/bank-rules?limit=1&offset=1' });
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json<BankRule[]>().map((row) => row.name)).toEqual(['Stripe']);
    await ws.owner.request({ method: 'DELETE', url: `/api/bank-rules/${second.json<BankRule>().id}` });
    const changed = await ws.owner.request({ method: 'PUT', url: `/api/bank-rules/${rule.id}`, payload: { name: 'AWS bills', descriptionContains: 'aws', action: 'categorize', vendorId: vendor.id, category: 'Hosting' } });
    expect(changed.json<BankRule>()).toMatchObject({ name: 'AWS bills', category: 'Hosting', amountMax: null });
    const deleted = await ws.owner.request({ method: 'DELETE', url: `/api/bank-rules/${rule.id}` });
    expect(deleted.statusCode).toBe(204);
    const audits = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, rule.id));
    expect(audits.map((row) => row.action)).toEqual(['bank_rule.created', 'bank_rule.updated', 'bank_rule.deleted']);
  });

  it('hides another workspace’s rule, vendor and account behind 404s and refuses rules without conditions', async () => {
    const ws = await workspace(t);
    const other = await workspace(t);
    const foreignVendor = await createVendor(other.owner, { name: 'Foreign Vendor' });
    const vendorRule = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'x', descriptionContains: 'x', action: 'categorize', vendorId: foreignVendor.id, category: 'Misc' } });
    expect(vendorRule.statusCode).toBe(404);
    const accountRule = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'x', bankAccountId: other.bankAccountId, action: 'auto_match' } });
    expect(accountRule.statusCode).toBe(404);
    const theirs = await other.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'mine', descriptionContains: 'fee', action: 'auto_match' } });
    const theirId = theirs.json<BankRule>().id;
    expect((await ws.owner.request({ method: 'PUT', url: `/api/bank-rules/${theirId}`, payload: { name: 'y', descriptionContains: 'y', action: 'auto_match' } })).statusCode).toBe(404);
    expect((await ws.owner.request({ method: 'DELETE', url: `/api/bank-rules/${theirId}` })).statusCode).toBe(404);
    const empty = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'nothing', action: 'auto_match' } });
    expect(empty.statusCode).toBe(400);
    const noVendor = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'cat', descriptionContains: 'fee', action: 'categorize' } });
    expect(noVendor.statusCode).toBe(400);
  });

  it('auto-matches a new line only when the top suggestion reaches the rule’s confidence', async () => {
    const ws = await workspace(t);
    const acme = await customer(ws.owner, 'Acme Rule Co');
    const named = await sentInvoice(ws.owner, acme.id, '320.00');
    const unnamed = await sentInvoice(ws.owner, acme.id, '321.00');
    const rule = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'Deposits', direction: 'deposit', bankAccountId: ws.bankAccountId, action: 'auto_match', minConfidence: 95 } });
    expect(rule.statusCode, rule.body).toBe(201);
    const ids = await addLines(t, ws, [
      { amount: '320.00', description: `ACH CREDIT ${named.invoiceNumber}` },
      { amount: '321.00', description: 'ACH CREDIT' },
    ]);
    const result = await t.deps.db.transaction((tx) => applyBankRules(tx, { organizationId: ws.organizationId, userId: null }, ids, TEST_NOW));
    expect(result.autoMatched).toBe(1);
    expect((await lineRow(ids[0] ?? ''))).toMatchObject({ status: 'matched', ruleId: rule.json<BankRule>().id });
    expect((await lineRow(ids[1] ?? ''))?.status).toBe('unmatched');
    const [paid] = await t.deps.db.select().from(invoices).where(eq(invoices.id, named.id));
    expect(paid?.status).toBe('paid');
    const [open] = await t.deps.db.select().from(invoices).where(eq(invoices.id, unnamed.id));
    expect(open?.status).toBe('sent');
  });

  it('never auto-accepts below the rule’s minimum, even a sure match', async () => {
    const ws = await workspace(t);
    const invoice = await sentInvoice(ws.owner, (await customer(ws.owner, 'Strict Co')).id, '45.00');
    await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'Strict', descriptionContains: 'credit', action: 'auto_match', minConfidence: 100 } });
    const ids = await addLines(t, ws, [{ amount: '45.00', description: `ACH CREDIT ${invoice.invoiceNumber}` }]);
    const result = await t.deps.db.transaction((tx) => applyBankRules(tx, { organizationId: ws.organizationId, userId: null }, ids, TEST_NOW));
    expect(result.autoMatched).toBe(0);
    expect((await lineRow(ids[0] ?? ''))?.status).toBe('unmatched');
  });

  it('attaches a categorize rule to matching lines and offers its expense as the top suggestion', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Gusto Payroll' });
    const created = await ws.owner.request({ method: 'POST', url: '/api/bank-rules', payload: { name: 'Payroll fees', descriptionContains: 'gusto fee', direction: 'debit', action: 'categorize', vendorId: vendor.id, category: 'Payroll' } });
    const rule = created.json<BankRule>();
    const ids = await addLines(t, ws, [
      { amount: '-39.00', description: 'GUSTO FEE 8812' },
      { amount: '39.00', description: 'GUSTO FEE REFUND' },
      { amount: '-39.00', description: 'OTHER' },
    ]);
    await t.deps.db.transaction((tx) => applyBankRules(tx, { organizationId: ws.organizationId, userId: null }, ids, TEST_NOW));
    expect((await lineRow(ids[0] ?? ''))).toMatchObject({ status: 'unmatched', ruleId: rule.id });
    expect((await lineRow(ids[1] ?? ''))?.ruleId).toBeNull();
    expect((await lineRow(ids[2] ?? ''))?.ruleId).toBeNull();
    const { suggestions } = await suggestionsOf(ws.owner, ids[0] ?? '');
    expect(suggestions[0]).toMatchObject({ kind: 'expense', key: `exp:${rule.id}`, confidence: 99 });
    const accepted = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${ids[0]}/match`, payload: { suggestionKey: suggestions[0]?.key } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'matched', resolution: 'created_expense' });
  });
});
