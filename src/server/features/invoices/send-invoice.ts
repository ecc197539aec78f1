import { and, eq } from 'drizzle-orm';
import { centsFromDecimal } from '../../../shared/money';
import type { Invoice } from '../../../shared/contracts/invoices';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { MailAttachment, Mailer } from '../../platform/mail';
import { AppError, notFound } from '../../platform/errors';
import { findCustomer } from '../customers/customers.queries';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf';
import { type Actor, moneyIn } from './invoice-rules';
import { calendarDay } from '../../platform/calendar';
import { printedTerms } from '../../../shared/payment-terms';
import { findInvoice, findOrganization, lockInvoice } from './invoices.queries';
import type { EinvoiceDeliveryProvider } from '../einvoicing/access-point';
import { claimDelivery, einvoiceAttachments, planEinvoice, recordDeliverySent, transmitDelivery } from '../einvoicing/deliver-einvoice';

/** Everything the PDF shows, scoped to the organization; a miss is a 404. */
export async function loadInvoiceDocument(db: Database, organizationId: string, id: string, now: Date): Promise<InvoiceDocument> {
  const organization = await findOrganization(db, organizationId);
  const invoice = await findInvoice(db, organizationId, id, calendarDay(now, organization.timeZone));
  if (!invoice) throw notFound('Invoice');
  const customer = await findCustomer(db, organizationId, invoice.customerId);
  if (!customer) throw notFound('Customer');
  return { invoice, customer, organization };
}

/** "INV-2026/07 (draft).pdf" -> "INV-2026-07-draft.pdf": safe in a header and on every disk. */
export function pdfFileName(invoiceNumber: string): string {
  const safe = invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'invoice'}.pdf`;
}

/**
 * Mails the invoice PDF to the customer and marks a draft as sent (with its audit row). The mail
 * goes first: an invoice is only marked sent once the message has left. A customer with an
 * e-invoice format gets that file (issue 36): by mail, or through the access point (`network`)
 * when one is configured and the customer has an electronic address; the delivery is claimed
 * before it leaves and its status kept in einvoice_deliveries.
 */
export async function sendInvoice(
  db: Database,
  mail: Mailer,
  actor: Actor,
  id: string,
  now: Date,
  network: EinvoiceDeliveryProvider | null = null,
): Promise<Invoice> {
  const document = await loadInvoiceDocument(db, actor.organizationId, id, now);
  const { invoice, customer, organization } = document;
  if (invoice.status === 'cancelled') throw new AppError('VALIDATION', 'A cancelled invoice cannot be sent');
  const source = { kind: 'invoice', id } as const;
  // The builder's refusal (EN 16931 rule words) leaves here, before any claim, mail or status change.
  const plan = await planEinvoice(db, actor.organizationId, source, invoice.customerId, network);
  const pdf = await renderInvoicePdf(document);
  const balance = moneyIn(organization.currency, centsFromDecimal(invoice.balance, organization.currency));
  // Terms the due date does not follow are left out: the mail names the due date.
  const terms = printedTerms(invoice);
  const message = {
    to: customer.email,
    subject: `Invoice ${invoice.invoiceNumber} from ${organization.name}`,
    text: [
      `Dear ${customer.name},`,
      '',
      `Please find attached invoice ${invoice.invoiceNumber} from ${organization.name}.`,
      `Amount due: ${balance}, due on ${invoice.dueDate}${terms === `Due ${invoice.dueDate}` ? '' : ` (${terms})`}.`,
      '',
      'Thank you for your business.',
      organization.name,
    ].join('\n'),
    attachments: [{ filename: pdfFileName(invoice.invoiceNumber), content: pdf, contentType: 'application/pdf' }],
  };
  const delivery = plan
    ? await db.transaction(async (tx) => {
        if (!(await lockInvoice(tx, actor.organizationId, id))) throw notFound('Invoice');
        return claimDelivery(tx, actor, source, plan, now);
      })
    : null;
  let messageId: string | null = null;
  if (plan && delivery) {
    const attachments = einvoiceAttachments(plan, message.attachments[0] as MailAttachment);
    ({ messageId } = await transmitDelivery(db, delivery, plan, { sendMail: () => mail.send({ ...message, attachments }), network }, () => now));
  } else {
    try {
      await mail.send(message);
    } catch {
      // Nothing is marked sent when the mail server refuses; the user can simply try again.
      throw new AppError('INTERNAL', 'The invoice could not be emailed. Please try again later.');
    }
  }
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor.organizationId, id);
    if (!row) throw notFound('Invoice');
    const entity = { ...actor, entityType: 'invoice', entityId: id } as const;
    if (delivery) await recordDeliverySent(tx, delivery, messageId, now);
    if (plan?.channel !== 'network') await writeAudit(tx, { ...entity, action: 'invoice.emailed', details: { to: customer.email } });
    if (row.status !== 'draft') return;
    await tx
      .update(invoices)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(and(eq(invoices.organizationId, actor.organizationId), eq(invoices.id, id)));
    const via = plan?.channel === 'network' ? { network: plan.recipient } : { email: customer.email };
    await writeAudit(tx, { ...entity, action: 'invoice.sent', details: { from: 'draft', to: 'sent', ...via } });
  });
  const updated = await findInvoice(db, actor.organizationId, id, calendarDay(now, organization.timeZone));
  if (!updated) throw notFound('Invoice');
  return updated;
}
