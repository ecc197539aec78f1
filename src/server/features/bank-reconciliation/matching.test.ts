import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransaction } from '../../../shared/contracts/bank-reconciliation';
import { auditLog, bankTransactionMatches, bankTransactions, bills, invoices, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { readMails } from '../../test/outbox';
import { addMember } from '../bills/payables-fixtures';
import { createBill, createVendor } from '../payment-runs/payment-runs.fixtures';
import { TEST_NOW, addLines, customer, pendingRun, sentInvoice, suggestionsOf, workspace } from './matching.fixtures';

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

async function invoicePayments(invoiceId: string) {
  return t.deps.db.select().from(payments).where(and(eq(payments.type, 'invoice_payment'), eq(payments.referenceId, invoiceId)));
}

describe('bank line suggestions and matching', () => {
  it('ranks the invoice named in a deposit first, with its reason and what accepting does', async () => {
    const ws = await workspace(t);
    const acme = await customer(ws.owner, 'Acme Supply Inc');
    const invoice = await sentInvoice(ws.owner, acme.id, '1250.00');
    await sentInvoice(ws.owner, acme.id, '1250.00');
    const [lineId = ''] = await addLines(t, ws, [{ amount: '1250.00', description: `ACH CREDIT ACME SUPPLY ${invoice.invoiceNumber}` }]);
    const { transaction, suggestions } = await suggestionsOf(ws.owner, lineId);
    expect(transaction.status).toBe('unmatched');
    const [top, second] = suggestions;
    expect(top?.targets.map((target) => target.id)).toEqual([invoice.id]);
    expect(top?.confidence).toBeGreaterThanOrEqual(95);
    expect(top?.reason).toContain(invoice.invoiceNumber);
    expect(top?.action).toContain('$1,250.00');
    expect(second?.confidence ?? 0).toBeLessThan(top?.confidence ?? 0);
  });

  it('hides another workspace’s line behind a 404 on every endpoint', async () => {
    const ws = await workspace(t);
    const other = await workspace(t);
    const [lineId = ''] = await addLines(t, ws, [{ amount: '10.00' }]);
    for (const [method, url, payload] of [
      ['GET', `/api/bank-transactions/${lineId}/suggestions`, undefined],
      ['POST', `/api/bank-transactions/${lineId}/match`, { paymentIds: ['00000000-0000-0000-0000-000000000000'] }],
      ['DELETE', `/api/bank-transactions/${lineId}/match`, undefined],
      ['POST', `/api/bank-transactions/${lineId}/exclude`, { as: 'transfer' }],
      ['POST', `/api/bank-transactions/${lineId}/create`, { kind: 'invoice_payment', invoiceId: lineId }],
      ['POST', `/api/bank-rules/from-transaction/${lineId}`, undefined],
    ] as const) {
      const response = await other.owner.request({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const [line] = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.id, lineId));
    expect(line?.status).toBe('unmatched');
  });

  it('records the payment on accepting, writes the match and audit rows, and refuses a second accept with 409', async () => {
    const ws = await workspace(t);
    const acme = await customer(ws.owner, 'Acme Supply Inc');
    const invoice = await sentInvoice(ws.owner, acme.id, '500.00');
    const [lineId = ''] = await addLines(t, ws, [{ amount: '500.00', description: `PAYMENT ${invoice.invoiceNumber}`, postedOn: '2026-11-21' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    const key = suggestions[0]?.key ?? '';
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: key } });
    expect(response.statusCode, response.body).toBe(200);
    const line = response.json<BankTransaction>();
    expect(line.status).toBe('matched');
    expect(line.resolution).toBe('matched');
    expect(line.matchedTo).toBe(invoice.invoiceNumber);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored?.status).toBe('paid');
    expect(stored?.amountPaid).toBe('500.00');
    const recorded = await invoicePayments(invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.processedAt?.toISOString().slice(0, 10)).toBe('2026-11-21');
    const matches = await t.deps.db.select().from(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, lineId));
    expect(matches).toMatchObject([{ kind: 'invoice_payment', paymentId: recorded[0]?.id, invoiceId: invoice.id, amount: '500.00', createdPayment: true }]);
    expect(await auditActions(lineId)).toEqual(['bank_transaction.matched']);
    expect(await auditActions(invoice.id)).toEqual(expect.arrayContaining(['invoice.payment_recorded', 'invoice.paid']));
    const again = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: key } });
    expect(again.statusCode).toBe(409);
    expect(await invoicePayments(invoice.id)).toHaveLength(1);
  });

  it('refuses amounts that do not sum to the line, and another workspace’s invoice, writing nothing', async () => {
    const ws = await workspace(t);
    const other = await workspace(t);
    const mine = await sentInvoice(ws.owner, (await customer(ws.owner, 'Mine Co')).id, '300.00');
    const theirs = await sentInvoice(other.owner, (await customer(other.owner, 'Theirs Co')).id, '300.00');
    const [lineId = ''] = await addLines(t, ws, [{ amount: '300.00' }]);
    const short = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { invoices: [{ invoiceId: mine.id, amount: '200.00' }] } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION' });
    const foreign = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { invoices: [{ invoiceId: theirs.id, amount: '300.00' }] } });
    expect(foreign.statusCode).toBe(404);
    const badKey = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: 'nonsense' } });
    expect(badKey.statusCode).toBe(400);
    expect(await invoicePayments(mine.id)).toHaveLength(0);
    expect(await invoicePayments(theirs.id)).toHaveLength(0);
    expect(await auditActions(lineId)).toEqual([]);
  });

  it('suggests one deposit paying several invoices of the customer it names, and records them all', async () => {
    const ws = await workspace(t);
    const harbor = await customer(ws.owner, 'Harbor Freight Partners');
    const first = await sentInvoice(ws.owner, harbor.id, '410.00', { dueDate: '2026-11-10' });
    const second = await sentInvoice(ws.owner, harbor.id, '275.50', { dueDate: '2026-11-15' });
    await sentInvoice(ws.owner, harbor.id, '999.00');
    const [lineId = ''] = await addLines(t, ws, [{ amount: '685.50', description: 'DEPOSIT HARBOUR FREIGHT PARTNRS' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    const combined = suggestions[0];
    expect(combined?.targets.map((target) => target.id).sort()).toEqual([first.id, second.id].sort());
    expect(combined?.reason).toContain('close spelling');
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: combined?.key } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BankTransaction>().matches).toHaveLength(2);
    for (const id of [first.id, second.id]) {
      const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, id));
      expect(row?.status).toBe('paid');
    }
  });

  it('suggests a part payment when the named invoice is larger, and leaves the rest open', async () => {
    const ws = await workspace(t);
    const invoice = await sentInvoice(ws.owner, (await customer(ws.owner, 'Part Pay Ltd')).id, '1000.00');
    const [lineId = ''] = await addLines(t, ws, [{ amount: '400.00', reference: invoice.invoiceNumber, description: 'WIRE IN' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    expect(suggestions[0]?.reason).toContain('part payment');
    expect(suggestions[0]?.targets).toEqual([expect.objectContaining({ id: invoice.id, amount: '400.00' })]);
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: suggestions[0]?.key } });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'sent', amountPaid: '400.00' });
  });

  it('matches a deposit to a payment recorded by hand without recording a second one', async () => {
    const ws = await workspace(t);
    const invoice = await sentInvoice(ws.owner, (await customer(ws.owner, 'Recorded Co')).id, '220.00');
    const paid = await ws.owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '220.00', paidAt: '2026-11-19', method: 'check' } });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const [lineId = ''] = await addLines(t, ws, [{ amount: '220.00', description: 'MOBILE CHECK DEPOSIT' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    expect(suggestions[0]?.key).toMatch(/^pay:/);
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: suggestions[0]?.key } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await invoicePayments(invoice.id)).toHaveLength(1);
    const [match] = await t.deps.db.select().from(bankTransactionMatches).where(eq(bankTransactionMatches.bankTransactionId, lineId));
    expect(match?.createdPayment).toBe(false);
    // Undo leaves the hand-recorded payment alone.
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(undo.statusCode).toBe(200);
    expect(await invoicePayments(invoice.id)).toHaveLength(1);
  });

  it('leaves exactly one payment when two accepts cover the same invoice in parallel (same line, and two lines)', async () => {
    const ws = await workspace(t);
    const invoice = await sentInvoice(ws.owner, (await customer(ws.owner, 'Race Co')).id, '750.00');
    const [a = ''] = await addLines(t, ws, [{ amount: '750.00', description: `PAY ${invoice.invoiceNumber}` }]);
    const payload = { invoices: [{ invoiceId: invoice.id, amount: '750.00' }] };
    const sameLine = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/bank-transactions/${a}/match`, payload, headers: { cookie: ws.owner.cookie } }),
      t.app.inject({ method: 'POST', url: `/api/bank-transactions/${a}/match`, payload, headers: { cookie: ws.owner.cookie } }),
    ]);
    expect(sameLine.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await invoicePayments(invoice.id)).toHaveLength(1);

    const second = await sentInvoice(ws.owner, (await customer(ws.owner, 'Race Two Co')).id, '80.00');
    const [c = '', d = ''] = await addLines(t, ws, [{ amount: '80.00' }, { amount: '80.00' }]);
    const body = { invoices: [{ invoiceId: second.id, amount: '80.00' }] };
    const twoLines = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/bank-transactions/${c}/match`, payload: body, headers: { cookie: ws.owner.cookie } }),
      t.app.inject({ method: 'POST', url: `/api/bank-transactions/${d}/match`, payload: body, headers: { cookie: ws.owner.cookie } }),
    ]);
    expect(twoLines.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(await invoicePayments(second.id)).toHaveLength(1);
    const lines = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, ws.organizationId));
    expect(lines.filter((line) => [c, d].includes(line.id)).map((line) => line.status).sort()).toEqual(['matched', 'unmatched']);
  });

  it('undoes a match: removes the payments it recorded, reopens the invoices, audits, and 409s when nothing is matched', async () => {
    const ws = await workspace(t);
    const invoice = await sentInvoice(ws.owner, (await customer(ws.owner, 'Undo Co')).id, '90.00');
    const [lineId = ''] = await addLines(t, ws, [{ amount: '90.00' }]);
    const match = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { invoices: [{ invoiceId: invoice.id, amount: '90.00' }] } });
    expect(match.statusCode).toBe(200);
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<BankTransaction>()).toMatchObject({ status: 'unmatched', resolution: null, matches: [] });
    expect(await invoicePayments(invoice.id)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'sent', amountPaid: '0.00', paidAt: null });
    expect(await auditActions(invoice.id)).toContain('invoice.payment_removed');
    expect(await auditActions(lineId)).toEqual(['bank_transaction.matched', 'bank_transaction.unmatched']);
    const again = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(again.statusCode).toBe(409);
  });

  it('needs the owner to undo a line in a reconciled period, and says so in the audit row', async () => {
    const ws = await workspace(t);
    const accountant = await addMember(t.app, t.deps.db, ws.organizationId, { role: 'accountant' });
    const [lineId = ''] = await addLines(t, ws, [{ amount: '-12.00', description: 'SERVICE FEE' }]);
    const exclude = await accountant.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/exclude`, payload: { as: 'excluded' } });
    expect(exclude.statusCode, exclude.body).toBe(200);
    await t.deps.db.update(bankTransactions).set({ reconciliationId: '00000000-0000-4000-8000-000000000001' }).where(eq(bankTransactions.id, lineId));
    const refused = await accountant.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(refused.statusCode).toBe(403);
    const allowed = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, lineId), eq(auditLog.action, 'bank_transaction.unmatched')));
    expect(audit?.details).toMatchObject({ locked: true, from: 'excluded' });
  });
});

describe('debits: payment runs, bill payments and ACH returns', () => {
  it('matches a NACHA batch settled as one debit to its run and marks the payments completed on the line’s day', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Paper Mill Co' });
    const billA = await createBill(ws.owner, vendor.id, '120.00');
    const billB = await createBill(ws.owner, vendor.id, '80.25');
    await t.deps.db.update(bills).set({ status: 'scheduled' }).where(eq(bills.vendorId, vendor.id));
    const { runId, paymentIds } = await pendingRun(t.deps.db, ws, [
      { billId: billA.id, amount: '120.00' },
      { billId: billB.id, amount: '80.25' },
    ]);
    const [lineId = ''] = await addLines(t, ws, [{ amount: '-200.25', description: 'ACH DEBIT BATCH SETTLEMENT', postedOn: '2026-11-19' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    expect(suggestions[0]).toMatchObject({ kind: 'payment_run', key: `run:${runId}` });
    expect(suggestions[0]?.confidence).toBeGreaterThanOrEqual(95);
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { paymentRunId: runId } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BankTransaction>().resolution).toBe('payment_run');
    for (const id of paymentIds) {
      const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, id));
      expect(payment?.status).toBe('completed');
      expect(payment?.processedAt?.toISOString().slice(0, 10)).toBe('2026-11-19');
      expect(await auditActions(id)).toContain('payment.completed');
    }
    const paidBills = await t.deps.db.select().from(bills).where(eq(bills.vendorId, vendor.id));
    expect(paidBills.map((bill) => bill.status)).toEqual(['paid', 'paid']);
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(undo.statusCode).toBe(200);
    const reopened = await t.deps.db.select().from(payments).where(eq(payments.paymentRunId, runId));
    expect(reopened.map((payment) => payment.status)).toEqual(['processing', 'processing']);
  });

  it('completes a sent ACH run (its file exported) when its settlement debit is matched, and undo puts it back to sent', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Sent Files Co' });
    const billA = await createBill(ws.owner, vendor.id, '40.00');
    const billB = await createBill(ws.owner, vendor.id, '2.50');
    await t.deps.db.update(bills).set({ status: 'scheduled' }).where(eq(bills.vendorId, vendor.id));
    const { runId, paymentIds } = await pendingRun(t.deps.db, ws, [
      { billId: billA.id, amount: '40.00' },
      { billId: billB.id, amount: '2.50' },
    ]);
    await t.deps.db.update(payments).set({ status: 'sent', sentAt: new Date('2026-11-17T15:00:00Z') }).where(eq(payments.paymentRunId, runId));
    const [lineId = ''] = await addLines(t, ws, [{ amount: '-42.50', description: 'ACH DEBIT BATCH SETTLEMENT', postedOn: '2026-11-19' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    expect(suggestions[0]).toMatchObject({ kind: 'payment_run', key: `run:${runId}` });
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { suggestionKey: `run:${runId}` } });
    expect(response.statusCode, response.body).toBe(200);
    for (const id of paymentIds) {
      const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, id));
      expect(payment?.status).toBe('completed');
      expect(await auditActions(id)).toContain('payment.completed');
    }
    expect((await t.deps.db.select().from(bills).where(eq(bills.vendorId, vendor.id))).map((bill) => bill.status)).toEqual(['paid', 'paid']);
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(undo.statusCode).toBe(200);
    const back = await t.deps.db.select().from(payments).where(eq(payments.paymentRunId, runId));
    expect(back.map((payment) => payment.status)).toEqual(['sent', 'sent']);
  });

  it('completes one sent ACH payment matched to its own debit line', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Single Line Co' });
    const bill = await createBill(ws.owner, vendor.id, '33.33', { billNumber: 'SL-7' });
    await t.deps.db.update(bills).set({ status: 'scheduled' }).where(eq(bills.id, bill.id));
    const { paymentIds } = await pendingRun(t.deps.db, ws, [{ billId: bill.id, amount: '33.33' }]);
    const [paymentId = ''] = paymentIds;
    await t.deps.db.update(payments).set({ status: 'sent', sentAt: new Date('2026-11-17T15:00:00Z') }).where(eq(payments.id, paymentId));
    const [lineId = ''] = await addLines(t, ws, [{ amount: '-33.33', description: 'ACH DEBIT SL-7 SINGLE LINE CO', postedOn: '2026-11-19' }]);
    const { suggestions } = await suggestionsOf(ws.owner, lineId);
    expect(suggestions.map((suggestion) => suggestion.key)).toContain(`pay:${paymentId}`);
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/match`, payload: { paymentIds: [paymentId] } });
    expect(response.statusCode, response.body).toBe(200);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('completed');
    expect((await t.deps.db.select().from(bills).where(eq(bills.id, bill.id)))[0]?.status).toBe('paid');
  });

  it('fails the payment an ACH return reverses, reopens the bill and mails its approver', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Returned Goods LLC' });
    const bill = await createBill(ws.owner, vendor.id, '640.00');
    const { paymentIds } = await pendingRun(t.deps.db, ws, [{ billId: bill.id, amount: '640.00' }]);
    const [debit = '', ret = ''] = await addLines(t, ws, [
      { amount: '-640.00', description: 'ACH DEBIT RETURNED GOODS', postedOn: '2026-11-18' },
      { amount: '640.00', description: 'ACH RETURN R01 RETURNED GOODS', postedOn: '2026-11-21' },
    ]);
    const paidOut = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${debit}/match`, payload: { paymentIds } });
    expect(paidOut.statusCode, paidOut.body).toBe(200);
    const { suggestions } = await suggestionsOf(ws.owner, ret);
    expect(suggestions[0]).toMatchObject({ kind: 'ach_return', key: `ret:${paymentIds[0]}` });
    const mailsBefore = readMails(t).length;
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${ret}/match`, payload: { suggestionKey: suggestions[0]?.key } });
    expect(response.statusCode, response.body).toBe(200);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, paymentIds[0] ?? ''));
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'R01 Insufficient funds' });
    const [reopened] = await t.deps.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(reopened).toMatchObject({ status: 'received', paidAt: null });
    const mails = readMails(t).slice(mailsBefore);
    expect(mails.some((mail) => mail.includes(ws.owner.user.email) && mail.includes('R01 Insufficient funds'))).toBe(true);
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${ret}/match` });
    expect(undo.statusCode).toBe(200);
    const [restored] = await t.deps.db.select().from(payments).where(eq(payments.id, paymentIds[0] ?? ''));
    expect(restored).toMatchObject({ status: 'completed', failureReason: null });
  });

  it('needs the owner to fail, by an ACH return, a payment whose debit is in a reconciled period', async () => {
    const ws = await workspace(t);
    const accountant = await addMember(t.app, t.deps.db, ws.organizationId, { role: 'accountant' });
    const vendor = await createVendor(ws.owner, { name: 'Locked Supplies' });
    const bill = await createBill(ws.owner, vendor.id, '310.00');
    const { paymentIds } = await pendingRun(t.deps.db, ws, [{ billId: bill.id, amount: '310.00' }]);
    const paymentId = paymentIds[0] ?? '';
    const [debit = '', ret = ''] = await addLines(t, ws, [
      { amount: '-310.00', description: 'ACH DEBIT LOCKED SUPPLIES', postedOn: '2026-11-10' },
      { amount: '310.00', description: 'ACH RETURN R03 LOCKED SUPPLIES', postedOn: '2026-11-21' },
    ]);
    const paidOut = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${debit}/match`, payload: { paymentIds } });
    expect(paidOut.statusCode, paidOut.body).toBe(200);
    await t.deps.db.update(bankTransactions).set({ reconciliationId: '00000000-0000-4000-8000-000000000002' }).where(eq(bankTransactions.id, debit));
    const refused = await accountant.request({ method: 'POST', url: `/api/bank-transactions/${ret}/match`, payload: { suggestionKey: `ret:${paymentId}` } });
    expect(refused.statusCode, refused.body).toBe(403);
    const [untouched] = await t.deps.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(untouched?.status).toBe('completed');
    const allowed = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${ret}/match`, payload: { suggestionKey: `ret:${paymentId}` } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await auditActions(paymentId)).toContain('payment.locked_change');
  });

  it('creates an expense from a debit (a paid bill with vendor and category) and deletes it on undo', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'First National Bank' });
    const [lineId = ''] = await addLines(t, ws, [{ amount: '-15.00', description: 'MONTHLY SERVICE FEE', postedOn: '2026-11-20' }]);
    const response = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/create`, payload: { kind: 'expense', vendorId: vendor.id, category: 'Bank fees' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BankTransaction>().resolution).toBe('created_expense');
    const [expense] = await t.deps.db.select().from(bills).where(eq(bills.vendorId, vendor.id));
    expect(expense).toMatchObject({ status: 'paid', category: 'Bank fees', totalAmount: '15.00', billDate: '2026-11-20' });
    const proposal = await ws.owner.request({ method: 'POST', url: `/api/bank-rules/from-transaction/${lineId}` });
    expect(proposal.json()).toMatchObject({ action: 'categorize', vendorId: vendor.id, category: 'Bank fees', descriptionContains: 'monthly service fee', direction: 'debit' });
    const undo = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${lineId}/match` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await t.deps.db.select().from(bills).where(eq(bills.vendorId, vendor.id))).toHaveLength(0);
    const other = await workspace(t);
    const foreignVendor = await createVendor(other.owner, { name: 'Elsewhere Inc' });
    const foreign = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/create`, payload: { kind: 'expense', vendorId: foreignVendor.id, category: 'Bank fees' } });
    expect(foreign.statusCode).toBe(404);
  });

  it('creates a customer payment and a bill payment from lines, and sets lines aside as transfers', async () => {
    const ws = await workspace(t);
    const invoice = await sentInvoice(ws.owner, (await customer(ws.owner, 'Create Co')).id, '100.00');
    const vendor = await createVendor(ws.owner, { name: 'Bill Pay Co' });
    const bill = await createBill(ws.owner, vendor.id, '60.00');
    const [deposit = '', debit = '', transfer = ''] = await addLines(t, ws, [{ amount: '40.00' }, { amount: '-60.00' }, { amount: '-1000.00', description: 'TRANSFER TO SAVINGS' }]);
    const paid = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${deposit}/create`, payload: { kind: 'invoice_payment', invoiceId: invoice.id } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await invoicePayments(invoice.id)).toHaveLength(1);
    const billPaid = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${debit}/create`, payload: { kind: 'bill_payment', billId: bill.id } });
    expect(billPaid.statusCode, billPaid.body).toBe(200);
    const [storedBill] = await t.deps.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(storedBill?.status).toBe('paid');
    const aside = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${transfer}/exclude`, payload: { as: 'transfer' } });
    expect(aside.json<BankTransaction>()).toMatchObject({ status: 'excluded', resolution: 'transfer' });
    expect(await auditActions(transfer)).toEqual(['bank_transaction.excluded']);
    const twice = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${transfer}/exclude`, payload: { as: 'excluded' } });
    expect(twice.statusCode).toBe(409);
    const restore = await ws.owner.request({ method: 'DELETE', url: `/api/bank-transactions/${transfer}/match` });
    expect(restore.json<BankTransaction>().status).toBe('unmatched');
  });

  it('refuses a viewer', async () => {
    const ws = await workspace(t);
    const viewer = await addMember(t.app, t.deps.db, ws.organizationId, { role: 'viewer' });
    const [lineId = ''] = await addLines(t, ws, [{ amount: '-5.00' }]);
    const response = await viewer.request({ method: 'POST', url: `/api/bank-transactions/${lineId}/exclude`, payload: { as: 'excluded' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('bills with vendor credits', () => {
  it('suggests and pays a bill by what it costs after the credit applied to it', async () => {
    const ws = await workspace(t);
    const vendor = await createVendor(ws.owner, { name: 'Credited Supplies' });
    const bill = await createBill(ws.owner, vendor.id, '100.00');
    const credit = await ws.owner.request({
      method: 'POST',
      url: '/api/vendor-credits',
      payload: { vendorId: vendor.id, creditNumber: 'VC-1', creditDate: '2026-11-20', amount: '25.00', applications: [{ billId: bill.id, amount: '25.00' }] },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const [gross = '', net = ''] = await addLines(t, ws, [{ amount: '-100.00' }, { amount: '-75.00', description: `ACH DEBIT CREDITED SUPPLIES ${bill.billNumber}` }]);
    expect((await suggestionsOf(ws.owner, gross)).suggestions.some((suggestion) => suggestion.key === `bill:${bill.id}`)).toBe(false);
    const { suggestions } = await suggestionsOf(ws.owner, net);
    expect(suggestions[0]).toMatchObject({ key: `bill:${bill.id}`, kind: 'bill_payment' });
    const tooMuch = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${gross}/create`, payload: { kind: 'bill_payment', billId: bill.id } });
    expect(tooMuch.statusCode).toBe(400);
    const paid = await ws.owner.request({ method: 'POST', url: `/api/bank-transactions/${net}/match`, payload: { suggestionKey: suggestions[0]?.key } });
    expect(paid.statusCode, paid.body).toBe(200);
    const [stored] = await t.deps.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(stored?.status).toBe('paid');
  });
});
