import { expect } from 'vitest';
import type { BankSuggestions } from '../../../shared/contracts/bank-reconciliation';
import type { Invoice } from '../../../shared/contracts/invoices';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankAccounts, paymentRuns, payments } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../invoices/invoices.fixtures';
import { type ParsedStatementLine, insertStatementLines } from './statement-lines';

/** Tests run on a fixed day so statement days are never in the organization's future. */
export const TEST_NOW = new Date('2026-11-28T15:00:00Z');

export interface Workspace {
  owner: SignedIn;
  organizationId: string;
  bankAccountId: string;
}

/** An owner with one bank account (inserted directly: matching does not care how it was verified). */
export async function workspace(t: TestApp): Promise<Workspace> {
  const owner = await signUp(t.app);
  const organizationId = owner.user.organizationId;
  const [account] = await t.deps.db
    .insert(bankAccounts)
    .values({
      organizationId,
      accountName: 'Operating',
      accountHolderName: 'Test Co',
      accountType: 'business_checking',
      accountNumberEncrypted: 'v1:test',
      accountLast4: '6789',
      routingNumber: '021000021',
      isVerified: true,
      verificationStatus: 'verified',
    })
    .returning({ id: bankAccounts.id });
  if (!account) throw new Error('no bank account');
  return { owner, organizationId, bankAccountId: account.id };
}

/** A sent invoice of the given total (one item). */
export async function sentInvoice(owner: SignedIn, customerId: string, total: string, overrides: Record<string, unknown> = {}): Promise<Invoice> {
  return createInvoiceFor(owner, customerId, {
    status: 'sent',
    subtotal: total,
    taxAmount: '0',
    discountAmount: '0',
    totalAmount: total,
    items: [{ description: 'Services', quantity: 1, unitPrice: total, totalPrice: total }],
    ...overrides,
  });
}

export async function customer(owner: SignedIn, name: string): Promise<{ id: string; name: string }> {
  return createCustomerFor(owner, { name });
}

let lineCounter = 0;
/** Statement lines on the workspace's account; returns their ids in order. */
export async function addLines(t: TestApp, ws: Workspace, lines: Array<Partial<ParsedStatementLine> & { amount: string }>): Promise<string[]> {
  const parsed: ParsedStatementLine[] = lines.map((line) => {
    lineCounter += 1;
    return {
      postedOn: line.postedOn ?? '2026-11-20',
      amountCents: centsFromDecimal(line.amount),
      description: line.description ?? `LINE ${lineCounter}`,
      reference: line.reference ?? null,
      counterparty: line.counterparty ?? null,
      bankRef: line.bankRef ?? uniqueName('ref'),
      returnCode: line.returnCode ?? null,
    };
  });
  const ids = await insertStatementLines(t.deps.db, { organizationId: ws.organizationId, bankAccountId: ws.bankAccountId, statementId: null }, parsed);
  expect(ids).toHaveLength(lines.length);
  return ids;
}

export async function suggestionsOf(owner: SignedIn, lineId: string): Promise<BankSuggestions> {
  const response = await owner.request({ method: 'GET', url: `/api/bank-transactions/${lineId}/suggestions` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BankSuggestions>();
}

/** A payment run of pending ACH payments of the given bills (as schedule-payments leaves it). */
export async function pendingRun(
  db: Database,
  ws: Workspace,
  items: Array<{ billId: string; amount: string }>,
  scheduledDate = '2026-11-18',
): Promise<{ runId: string; paymentIds: string[] }> {
  const [run] = await db
    .insert(paymentRuns)
    .values({ organizationId: ws.organizationId, bankAccountId: ws.bankAccountId, method: 'ach', scheduledDate })
    .returning({ id: paymentRuns.id });
  if (!run) throw new Error('no run');
  const rows = await db
    .insert(payments)
    .values(
      items.map((item) => ({
        organizationId: ws.organizationId,
        type: 'bill_payment' as const,
        referenceId: item.billId,
        amount: item.amount,
        method: 'ach' as const,
        status: 'pending' as const,
        paymentRunId: run.id,
        bankAccountId: ws.bankAccountId,
        scheduledDate,
      })),
    )
    .returning({ id: payments.id });
  return { runId: run.id, paymentIds: rows.map((row) => row.id) };
}
