import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { BulkInvoiceInput, BulkInvoiceResult, ClientInvoiceInput } from '../../../shared/contracts/invoice-hub';
import type { Invoice } from '../../../shared/contracts/invoices';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationToday } from '../../platform/calendar';
import type { Mailer } from '../../platform/mail';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { findInvoice } from '../invoices/invoices.queries';
import { createInvoice } from '../invoices/invoices.service';
import { sendInvoice } from '../invoices/send-invoice';
import type { FirmActor } from './create-client';
import { findHubInvoice } from './invoice-hub.queries';
import { findPracticeClient } from './practice.queries';
import { invoiceTermsOf } from '../recurring-invoices/practice-fee-schedule';

type ItemResult = BulkInvoiceResult['results'][number];

/** A UUID (version 5 layout) derived from the run's Idempotency-Key and the item: the same item of a retried run gets the same invoice id. */
export function derivedInvoiceId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const firmActor = (actor: FirmActor) => ({ organizationId: actor.firmId, userId: actor.userId });

/** A deactivated client, or one still onboarding, is not invoiced (docs/decisions/0010): 409 saying what to do. */
function refuseUnbillable(customer: { name: string; isActive: boolean; onboardingStatus: string }): void {
  if (!customer.isActive) throw new AppError('CONFLICT', `${customer.name} is deactivated. Reactivate the client to invoice it.`);
  if (customer.onboardingStatus !== 'completed') throw new AppError('CONFLICT', `${customer.name} is still onboarding. Complete its onboarding to invoice it.`);
}

/**
 * Create New Invoice: a one-line draft in the firm's books for a client the member may see, numbered
 * by the firm's invoice settings and issued on the firm's today unless issueDate says otherwise.
 * With an invoice id (from the Idempotency-Key) a retry answers the invoice it already made. The
 * invoice carries the client's saved payment terms.
 */
export async function createClientInvoice(
  db: Database,
  actor: FirmActor,
  clientId: string,
  input: ClientInvoiceInput,
  now: Date,
  invoiceId?: string,
): Promise<{ invoice: Invoice; created: boolean }> {
  const found = await findPracticeClient(db, actor, clientId);
  if (!found) throw notFound('Client');
  refuseUnbillable(found.customer);
  const today = await organizationToday(db, actor.firmId, now);
  if (invoiceId) {
    const existing = await findInvoice(db, actor.firmId, invoiceId, today);
    if (existing) {
      if (existing.customerId !== found.customer.id) throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another invoice');
      return { invoice: existing, created: false };
    }
  }
  const draft = {
    customerId: found.customer.id,
    issueDate: input.issueDate ?? today,
    dueDate: input.dueDate,
    paymentTerms: invoiceTermsOf(found.customer.paymentTerms),
    items: [{ description: input.description, quantity: 1, unitPrice: input.amount }],
  };
  try {
    return { invoice: await createInvoice(db, firmActor(actor), draft, now, { id: invoiceId }), created: true };
  } catch (error) {
    if (!invoiceId || !isUniqueViolation(error, 'invoices_pkey')) throw error;
    // A concurrent retry made it first.
    const existing = await findInvoice(db, actor.firmId, invoiceId, today);
    if (!existing) throw error;
    return { invoice: existing, created: false };
  }
}

const messageOf = (error: unknown): string => (error instanceof AppError ? error.message : 'Could not be processed; please try again');

/** Generate: one invoice per item, its id derived from the run's key, so a retried run finds the invoice instead of making a second. */
async function generateOne(db: Database, actor: FirmActor, key: string, index: number, item: Extract<BulkInvoiceInput, { operation: 'generate' }>['items'][number], now: Date): Promise<ItemResult> {
  const found = await findPracticeClient(db, actor, item.clientId);
  if (!found) return { id: item.clientId, ok: false, message: 'Client not found', invoiceId: null };
  const name = found.customer.name;
  const invoiceId = derivedInvoiceId('bulk-generate', actor.firmId, key, String(index), found.customer.id);
  try {
    const { invoice, created } = await createClientInvoice(db, actor, found.customer.id, { description: item.description, amount: item.amount, dueDate: item.dueDate, issueDate: undefined }, now, invoiceId);
    const message = created ? `${name}: invoice ${invoice.invoiceNumber} created` : `${name}: invoice ${invoice.invoiceNumber} was created already`;
    return { id: item.clientId, ok: true, message, invoiceId: invoice.id };
  } catch (error) {
    return { id: item.clientId, ok: false, message: `${name}: ${messageOf(error)}`, invoiceId: null };
  }
}

/**
 * Marks a draft sent (audited, the client's balance refreshed) in one transaction; false when it is
 * not a draft any more. Send claims the invoice this way before mailing, so a retried or concurrent
 * run that finds it sent mails nothing.
 */
async function issueDraft(db: Database, actor: FirmActor, invoiceId: string, now: Date, details: Record<string, unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await findHubInvoice(tx, actor, invoiceId, { lock: true });
    if (!found || found.invoice.status !== 'draft') return false;
    await tx.update(invoices).set({ status: 'sent', sentAt: now, updatedAt: now }).where(and(eq(invoices.organizationId, actor.firmId), eq(invoices.id, invoiceId)));
    await writeAudit(tx, { ...firmActor(actor), action: 'invoice.sent', entityType: 'invoice', entityId: invoiceId, details: { from: 'draft', to: 'sent', ...details } });
    return true;
  });
}

/** The mail did not leave: the claimed invoice goes back to draft (audited) so a later run sends it. */
async function releaseDraft(db: Database, actor: FirmActor, invoiceId: string, claimedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'draft', sentAt: null, updatedAt: claimedAt })
      .where(and(eq(invoices.organizationId, actor.firmId), eq(invoices.id, invoiceId), eq(invoices.status, 'sent'), eq(invoices.sentAt, claimedAt), isNotNull(invoices.sentAt)))
      .returning({ customerId: invoices.customerId });
    if (!row) return;
    await writeAudit(tx, { ...firmActor(actor), action: 'invoice.send_failed', entityType: 'invoice', entityId: invoiceId, details: { from: 'sent', to: 'draft' } });
  });
}

/**
 * Send, and Auto-Approve: an approved fee invoice goes to the client at once, as with BILL's invoice
 * approvals, since a 'sent' invoice the client never got would be chased by payment reminders. Both
 * claim the draft before mailing (issueDraft), so a retried or concurrent run never mails twice.
 */
async function sendOne(db: Database, mail: Mailer, actor: FirmActor, invoiceId: string, now: Date, operation: 'send' | 'auto-approve'): Promise<ItemResult> {
  const found = await findHubInvoice(db, actor, invoiceId);
  if (!found) return { id: invoiceId, ok: false, message: 'Invoice not found', invoiceId: null };
  const label = `${found.invoice.invoiceNumber} (${found.clientName})`;
  const fail = (message: string): ItemResult => ({ id: invoiceId, ok: false, message: `${label}: ${message}`, invoiceId });
  const verb = operation === 'send' ? 'sent' : 'approved';
  if (found.invoice.status === 'paid') return fail(`paid already; nothing to ${operation === 'send' ? 'send' : 'approve'}`);
  if (found.invoice.status === 'cancelled') return fail(`a cancelled invoice cannot be ${verb}`);
  const claimed = found.invoice.status === 'draft' && (await issueDraft(db, actor, invoiceId, now, { bulk: operation }));
  if (!claimed) return { id: invoiceId, ok: true, message: `${label}: ${verb} already; not mailed again`, invoiceId };
  try {
    await sendInvoice(db, mail, firmActor(actor), invoiceId, now);
    return { id: invoiceId, ok: true, message: operation === 'send' ? `${label}: sent to the client` : `${label}: approved and sent to the client`, invoiceId };
  } catch (error) {
    await releaseDraft(db, actor, invoiceId, now);
    return fail(messageOf(error));
  }
}

/**
 * Bulk Invoice Operations. Each item runs in its own transaction(s), one after another: a failure
 * is reported with the client's or invoice's name and never undoes the others. The run's
 * Idempotency-Key makes a retry safe: generate derives each invoice's id from it, send and
 * auto-approve claim a draft before mailing it, so neither a second invoice nor a second mail comes of a retry.
 */
export async function runBulkInvoices(db: Database, mail: Mailer, actor: FirmActor, input: BulkInvoiceInput, key: string, now: Date): Promise<BulkInvoiceResult> {
  const results: ItemResult[] = [];
  if (input.operation === 'generate') {
    for (const [index, item] of input.items.entries()) results.push(await generateOne(db, actor, key.toLowerCase(), index, item, now));
  } else {
    for (const item of input.items) {
      results.push(await sendOne(db, mail, actor, item.invoiceId, now, input.operation));
    }
  }
  const success = results.filter((result) => result.ok).length;
  return { success, failed: results.length - success, results };
}
