import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/contracts/invoices';
import { auditLog, invoices, organizations, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { createInvoiceFor, ownerWithCustomer } from './invoices.fixtures';
import { recordInvoicePayment } from './invoices.service';

let t: TestApp;
let owner: SignedIn;
let customer: { id: string };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
  ({ owner, customer } = await ownerWithCustomer(t));
});
afterAll(async () => t.close());

const pay = (invoiceId: string, payload: Record<string, unknown>) =>
  owner.request({ method: 'POST', url: `/api/invoices/${invoiceId}/payments`, payload: { paidAt: '2026-11-20', method: 'ach', ...payload } });

async function actions(invoiceId: string): Promise<string[]> {
  const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, invoiceId)).orderBy(auditLog.createdAt);
  return rows.map((row) => row.action);
}

describe('recording payments', () => {
  it('records a partial then a final payment: payment rows, amountPaid, paid status and date, audit rows', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const first = await pay(invoice.id, { amount: '35.40', method: 'check', reference: 'Check 1042' });
    expect(first.statusCode).toBe(201);
    expect(first.json().invoice).toMatchObject({ status: 'sent', amountPaid: '35.40', balance: '100.00' });
    expect(first.json().payment).toMatchObject({ amount: '35.40', method: 'check', status: 'completed', reference: 'Check 1042' });
    expect(first.json().payment.transactionId).toMatch(/^PAY-/);
    const balanceOf = async () => (await owner.request({ method: 'GET', url: `/api/customers/${customer.id}` })).json().currentBalance;
    expect(await balanceOf()).toBe('100.00');
    const second = await pay(invoice.id, { amount: 100, paidAt: '2026-11-21' });
    expect(second.statusCode).toBe(201);
    const paid: Invoice = second.json().invoice;
    expect(paid).toMatchObject({ status: 'paid', amountPaid: '135.40', balance: '0.00' });
    expect(paid.paidAt?.slice(0, 10)).toBe('2026-11-21');
    expect(await balanceOf()).toBe('0.00');
    const rows = await t.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.type, 'invoice_payment'), eq(payments.referenceId, invoice.id)));
    expect(rows.map((row) => [row.amount, row.status, row.organizationId]).sort()).toEqual([
      ['100.00', 'completed', owner.user.organizationId],
      ['35.40', 'completed', owner.user.organizationId],
    ]);
    expect(rows.every((row) => row.processedAt !== null && row.userId === owner.user.id)).toBe(true);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored).toMatchObject({ amountPaid: '135.40', status: 'paid' });
    expect(await actions(invoice.id)).toEqual(['invoice.created', 'invoice.sent', 'invoice.payment_recorded', 'invoice.payment_recorded', 'invoice.paid']);
  });

  it('creates and pays a $9,999,999.99 invoice sent as JSON numbers', async () => {
    // Numbers above ~$100,000 used to be read through toFixed, whose float noise made them
    // "more than 2 decimals".
    const invoice = await createInvoiceFor(owner, customer.id, {
      status: 'sent',
      subtotal: 9999999.99,
      taxAmount: 0,
      discountAmount: 0,
      totalAmount: 9999999.99,
      items: [{ description: 'Acquisition advisory', quantity: 1, unitPrice: 9999999.99, totalPrice: 9999999.99 }],
    });
    expect(invoice.totalAmount).toBe('9999999.99');
    const first = await pay(invoice.id, { amount: 1234567.89 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().invoice).toMatchObject({ amountPaid: '1234567.89', balance: '8765432.10' });
    const rest = await pay(invoice.id, { amount: 8765432.1 });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().invoice).toMatchObject({ status: 'paid', amountPaid: '9999999.99', balance: '0.00' });
  });

  it('refuses an overpayment naming the balance, and any payment once paid', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    await pay(invoice.id, { amount: '35.40' });
    const over = await pay(invoice.id, { amount: '100.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: 'Payment exceeds the balance of $100.00', fields: { amount: 'Payment exceeds the balance of $100.00' } });
    await pay(invoice.id, { amount: '100.00' });
    const again = await pay(invoice.id, { amount: '0.01' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This invoice is already paid');
    const rows = await t.deps.db.select().from(payments).where(eq(payments.referenceId, invoice.id));
    expect(rows).toHaveLength(2);
  });

  it('names the balance in the organization currency', async () => {
    const { owner: euro, customer: c } = await ownerWithCustomer(t);
    await t.deps.db.update(organizations).set({ currency: 'EUR' }).where(eq(organizations.id, euro.user.organizationId));
    const invoice = await createInvoiceFor(euro, c.id, { status: 'sent' });
    const over = await euro.request({ method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload: { amount: '1000', paidAt: '2026-11-20', method: 'wire' } });
    expect(over.json().message).toBe('Payment exceeds the balance of 135,40\u00a0€');
  });

  it.each([
    [{ amount: 0 }, 'amount', 'Amount must be greater than zero'],
    [{ amount: '-5' }, 'amount', 'Amount cannot be negative'],
    [{ amount: undefined }, 'amount', 'Amount is required'],
    [{ method: 'cash' }, 'method', 'Payment method must be ach, wire, check or card'],
    [{ paidAt: 'yesterday' }, 'paidAt', 'Invalid date'],
    [{ paidAt: '2026-11-22' }, 'paidAt', 'Payment date cannot be in the future'],
  ])('refuses %j', async (override, field, message) => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const response = await pay(invoice.id, { amount: '10', ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
  });

  it('marks a draft as sent when a payment arrives for it, and refuses payments on a cancelled invoice', async () => {
    const draft = await createInvoiceFor(owner, customer.id);
    const response = await pay(draft.id, { amount: '10.00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().invoice.status).toBe('sent');
    expect(await actions(draft.id)).toEqual(['invoice.created', 'invoice.sent', 'invoice.payment_recorded']);
    const cancelled = await createInvoiceFor(owner, customer.id, { status: 'cancelled' });
    const refused = await pay(cancelled.id, { amount: '10.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Payments cannot be recorded on a cancelled invoice');
  });

  it('never lets parallel payments exceed the total', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => pay(invoice.id, { amount: '50.00' })));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(2);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored?.amountPaid).toBe('100.00');
  });

  it('refuses edits that would leave the total below what was paid, or mark it a draft', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    await pay(invoice.id, { amount: '100.00' });
    const put = (overrides: Record<string, unknown>) =>
      owner.request({
        method: 'PUT',
        url: `/api/invoices/${invoice.id}`,
        payload: { ...invoicePayloadOf(invoice), ...overrides },
      });
    const lower = await put({ subtotal: 50, taxAmount: 0, discountAmount: 0, totalAmount: 50, items: [{ description: 'A', quantity: 1, unitPrice: 50, totalPrice: 50 }] });
    expect(lower.json().fields).toEqual({ totalAmount: 'Total cannot be less than the amount already paid' });
    const draft = await put({ status: 'draft' });
    expect(draft.json().fields).toEqual({ status: 'An invoice with payments cannot be a draft' });
    const exact = await put({ subtotal: 100, taxAmount: 0, discountAmount: 0, totalAmount: 100, items: [{ description: 'A', quantity: 1, unitPrice: 100, totalPrice: 100 }] });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ status: 'paid', balance: '0.00' });
  });

  it('records one Stripe payment intent once, however often it is delivered', async () => {
    const invoice = await createInvoiceFor(owner, customer.id, { status: 'sent' });
    const actor = { organizationId: owner.user.organizationId, userId: null };
    const received = { amount: 2000, paidAt: '2026-11-21', method: 'stripe' as const, reference: 'link', stripePaymentIntentId: 'pi_test_123' };
    const results = await Promise.all([1, 2, 3].map(() => recordInvoicePayment(t.deps.db, actor, invoice.id, received, t.clock.now)));
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    const rows = await t.deps.db.select().from(payments).where(eq(payments.stripePaymentIntentId, 'pi_test_123'));
    expect(rows).toHaveLength(1);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored?.amountPaid).toBe('20.00');
  });
});

function invoicePayloadOf(invoice: Invoice): Record<string, unknown> {
  return {
    customerId: invoice.customerId,
    invoiceNumber: invoice.invoiceNumber,
    status: 'sent',
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    subtotal: invoice.subtotal,
    taxAmount: invoice.taxAmount,
    discountAmount: invoice.discountAmount,
    totalAmount: invoice.totalAmount,
    items: invoice.items.map(({ description, quantity, unitPrice, totalPrice }) => ({ description, quantity, unitPrice, totalPrice })),
  };
}
