import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransaction } from '../../../shared/contracts/bank-reconciliation';
import { auditLog, bankTransactionMatches, bankTransactions, customers, invoices, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { addMember } from '../bills/payables-fixtures';
import { customerBalance } from '../credits/customer-balance';
import { toDecimal } from '../../../shared/money';
import { TEST_NOW, type Workspace, addLines, customer, sentInvoice, suggestionsOf, workspace } from './matching.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: TEST_NOW });
});
afterAll(async () => {
  await t.close();
});

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.map((row) => row.action);
}

async function storedInvoice(id: string) {
  const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

async function storedPayment(id: string) {
  const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The customer's balance as derived (customerBalanceSql): open invoices due less unapplied credit. */
async function balanceOf(customerId: string): Promise<string | undefined> {
  const [row] = await t.deps.db.select({ organizationId: customers.organizationId }).from(customers).where(eq(customers.id, customerId));
  if (!row) return undefined;
  return toDecimal((await customerBalance(t.deps.db, row.organizationId, customerId)).balance);
}

/** An invoice paid in full by a deposit line matched to it, and a later debit that bounces it. */
async function paidThenReturned(ws: Workspace, total: string, returnText: string, paid: string = total) {
  const payer = await customer(ws.owner, 'Bright Dental LLC');
  const invoice = await sentInvoice(ws.owner, payer.id, total);
  const [deposit = '', returned = ''] = await addLines(t, ws, [
    { amount: paid, description: `ACH CREDIT BRIGHT DENTAL ${invoice.invoiceNumber}`, postedOn: '2026-11-10' },
    { amount: `-${paid}`, description: returnText, postedOn: '2026-11-20' },
  ]);
  const matched = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${deposit}/match`, payload: { invoices: [{ invoiceId: invoice.id, amount: paid }] } });
  expect(matched.statusCode, matched.body).toBe(200);
  const [payment] = await t.deps.db.select().from(payments).where(and(eq(payments.type, 'invoice_payment'), eq(payments.referenceId, invoice.id)));
  return { payer, invoice, deposit, returned, paymentId: payment?.id ?? '' };
}

describe('ACH returns of customer payments', () => {
  it('suggests the return of the payment on the invoice, fails it on accepting, reopens the invoice, and undo restores it', async () => {
    const ws = await workspace(t);
    const { payer, invoice, returned, paymentId } = await paidThenReturned(ws, '800.00', 'RETURNED ITEM R01 BRIGHT DENTAL');
    expect((await storedInvoice(invoice.id))?.status).toBe('paid');
    expect(await balanceOf(payer.id)).toBe('0.00');

    const { suggestions } = await suggestionsOf(ws.owner, returned);
    const [top] = suggestions;
    expect(top?.kind).toBe('ach_return');
    expect(top?.key).toBe(`ret:${paymentId}`);
    expect(top?.confidence).toBeGreaterThanOrEqual(95);
    expect(top?.reason).toContain(`Return of the $800.00 payment on ${invoice.invoiceNumber}`);
    expect(top?.reason).toContain('the invoice is open again');
    expect(top?.action).toContain(invoice.invoiceNumber);

    const accepted = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { suggestionKey: top?.key } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<BankTransaction>()).toMatchObject({ resolution: 'ach_return', matchedTo: `Return of ${invoice.invoiceNumber}` });
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'failed', failureReason: 'R01 Insufficient funds' });
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'sent', amountPaid: '0.00', paidAt: null });
    expect(await balanceOf(payer.id)).toBe('800.00');
    expect(await auditActions(paymentId)).toContain('payment.failed');
    expect(await auditActions(invoice.id)).toContain('invoice.reopened');
    const [match] = await t.deps.db.select().from(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, returned));
    expect(match).toMatchObject({ kind: 'ach_return', paymentId, invoiceId: invoice.id, amount: '800.00' });

    const again = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { returnPaymentId: paymentId } });
    expect(again.statusCode).toBe(409);

    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${returned}/match` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'completed', failureReason: null });
    const restored = await storedInvoice(invoice.id);
    expect(restored).toMatchObject({ status: 'paid', amountPaid: '800.00' });
    expect(restored?.paidAt).not.toBeNull();
    expect(await balanceOf(payer.id)).toBe('0.00');
    expect(await auditActions(paymentId)).toContain('payment.return_undone');
    expect(await t.deps.db.select().from(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, returned))).toHaveLength(0);
  });

  it('takes a partial payment that bounced off the invoice, which stays sent, without a reopened row', async () => {
    const ws = await workspace(t);
    const { invoice, returned, paymentId } = await paidThenReturned(ws, '1000.00', 'ACH RETURN R02 BRIGHT DENTAL', '400.00');
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'sent', amountPaid: '400.00' });
    const accepted = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { returnPaymentId: paymentId } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'failed', failureReason: 'R02 Account closed' });
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'sent', amountPaid: '0.00' });
    expect(await auditActions(invoice.id)).not.toContain('invoice.reopened');
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${returned}/match` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'sent', amountPaid: '400.00' });
  });

  it('suggests no return for a debit that says "RETURNED ITEM" without a code, and refuses one', async () => {
    const ws = await workspace(t);
    const { returned, paymentId, invoice } = await paidThenReturned(ws, '275.00', 'RETURNED ITEM BRIGHT DENTAL');
    const { suggestions } = await suggestionsOf(ws.owner, returned);
    expect(suggestions.some((suggestion) => suggestion.kind === 'ach_return')).toBe(false);
    const refused = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { returnPaymentId: paymentId } });
    expect(refused.statusCode).toBe(400);
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'completed' });
    expect((await storedInvoice(invoice.id))?.amountPaid).toBe('275.00');
  });

  it('needs the owner to fail, by an ACH return, a customer payment whose deposit is in a reconciled period', async () => {
    const ws = await workspace(t);
    const accountant = await addMember(t.app, t.deps.db, ws.organizationId, { role: 'accountant' });
    const { deposit, returned, paymentId, invoice } = await paidThenReturned(ws, '310.00', 'ACH RETURN R03 BRIGHT DENTAL');
    await t.deps.db.update(bankTransactions).set({ reconciliationId: '00000000-0000-4000-8000-000000000002' }).where(eq(bankTransactions.id, deposit));
    const refused = await accountant.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { suggestionKey: `ret:${paymentId}` } });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'completed' });
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'paid', amountPaid: '310.00' });
    const allowed = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { suggestionKey: `ret:${paymentId}` } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await auditActions(paymentId)).toContain('payment.locked_change');
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'failed' });
  });

  it('hides another workspace’s payment and line behind a 404', async () => {
    const ws = await workspace(t);
    const other = await workspace(t);
    const { returned, paymentId, invoice } = await paidThenReturned(ws, '120.00', 'ACH RETURN R01 BRIGHT DENTAL');
    const [otherReturn = ''] = await addLines(t, other, [{ amount: '-120.00', description: 'ACH RETURN R01 BRIGHT DENTAL', postedOn: '2026-11-20' }]);
    const foreignPayment = await other.owner.request({ method: 'POST', url: `/api/bank-transactions/${otherReturn}/match`, payload: { suggestionKey: `ret:${paymentId}` } });
    expect(foreignPayment.statusCode, foreignPayment.body).toBe(404);
    const foreignLine = await other.owner.request({ method: 'POST', url: `/api/bank-transactions/${returned}/match`, payload: { returnPaymentId: paymentId } });
    expect(foreignLine.statusCode, foreignLine.body).toBe(404);
    expect(await storedPayment(paymentId)).toMatchObject({ status: 'completed' });
    expect((await storedInvoice(invoice.id))?.amountPaid).toBe('120.00');
    const { suggestions } = await suggestionsOf(other.owner, otherReturn);
    expect(suggestions.some((suggestion) => suggestion.key === `ret:${paymentId}`)).toBe(false);
  });
});
