import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { EinvoiceChannel, EinvoiceFormat } from '../../../shared/einvoice-codes';
import type { EinvoiceFileFormat } from '../../../shared/contracts/einvoicing';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { customers, einvoiceDeliveries, organizations } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { MailAttachment } from '../../platform/mail';
import { AccessPointRefusal, type EinvoiceDeliveryProvider, createStorecoveProvider } from './access-point';
import { type EinvoiceFile, type EinvoiceSource, buildEinvoiceFile } from './build-einvoice-file';

export type EinvoiceBuilder = typeof buildEinvoiceFile;
export type DeliveryRow = typeof einvoiceDeliveries.$inferSelect;

let builder: EinvoiceBuilder = buildEinvoiceFile;

/** Tests of delivery replace the file builder (another part writes the files); null restores it. */
export function useEinvoiceBuilder(next: EinvoiceBuilder | null): void {
  builder = next ?? buildEinvoiceFile;
}

export const EINVOICE_STATUS_JOB = 'einvoice.delivery-status';
/** A 'queued' row older than this was interrupted (a crash between claim and answer) and no longer blocks a send. */
const STALE_CLAIM_MS = 10 * 60_000;
/** Formats an access point carries: Peppol BIS Billing 3.0 and XRechnung are UBL on the network. */
const networkFormats: readonly EinvoiceFormat[] = ['ubl', 'xrechnung_ubl'];

export function accessPointFor(config: AppConfig): EinvoiceDeliveryProvider | null {
  if (!config.einvoiceAccessPoint) return null;
  return createStorecoveProvider(config.einvoiceAccessPoint, {
    allowLoopback: config.testOnly?.allowLoopbackAccessPoint === true,
    ...(config.testOnly?.accessPointTimeoutMs ? { timeoutMs: config.testOnly.accessPointTimeoutMs } : {}),
  });
}

export interface EinvoicePlan {
  format: EinvoiceFileFormat;
  channel: EinvoiceChannel;
  /** The mail address, or the buyer's participant id on the network. */
  recipient: string;
  sender: string | null;
  file: EinvoiceFile;
}

const participant = (scheme: string | null, value: string | null) => (scheme && value ? `${scheme}:${value}` : null);

/**
 * What "Send" delivers to this customer: null for the plain PDF (today's mail, unchanged); else
 * the built file (the builder's VALIDATION refusal, with the EN 16931 rule's words, leaves before
 * anything is claimed or sent) and the channel: the access point when one is configured, the
 * format travels on the network and the customer has an electronic address; otherwise mail.
 */
export async function planEinvoice(
  db: Database,
  organizationId: string,
  source: EinvoiceSource,
  customerId: string,
  network: EinvoiceDeliveryProvider | null,
): Promise<EinvoicePlan | null> {
  const [customer] = await db
    .select({ email: customers.email, format: customers.einvoiceFormat, scheme: customers.electronicAddressScheme, address: customers.electronicAddress })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .limit(1);
  if (!customer || customer.format === 'pdf') return null;
  const format = customer.format;
  const file = await builder(db, organizationId, source, format);
  const receiver = participant(customer.scheme, customer.address);
  if (network && receiver && networkFormats.includes(format)) {
    const [org] = await db
      .select({ scheme: organizations.electronicAddressScheme, address: organizations.electronicAddress })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    return { format, channel: 'network', recipient: receiver, sender: participant(org?.scheme ?? null, org?.address ?? null), file };
  }
  return { format, channel: 'email', recipient: customer.email, sender: null, file };
}

/** The mail's attachments: Factur-X replaces the PDF; an XML travels with the readable PDF. */
export function einvoiceAttachments(plan: EinvoicePlan, readablePdf: MailAttachment): MailAttachment[] {
  const file: MailAttachment = { filename: plan.file.fileName, content: plan.file.content, contentType: plan.file.contentType };
  return plan.format === 'factur_x' ? [file] : [readablePdf, file];
}

/**
 * Words this module writes when the access point's answer is unknown (timeout, unreachable, 5xx):
 * such a delivery is retried under the same idempotency key, so the network never gets it twice.
 */
const unknownOutcome = (error: string | null) => Boolean(error?.startsWith('No answer: '));

/**
 * Claims the delivery 'queued' before anything leaves, under the document's lock, so a double click
 * or a retry never sends twice: a delivery in flight is a 409, and a document already delivered on
 * the network is not submitted again. A network delivery whose outcome is unknown is taken again
 * (same row, same idempotency key) instead of starting a second submission.
 */
export async function claimDelivery(
  tx: Database,
  actor: { organizationId: string; userId: string | null },
  source: EinvoiceSource,
  plan: EinvoicePlan,
  now: Date,
): Promise<DeliveryRow> {
  const scope = and(
    eq(einvoiceDeliveries.organizationId, actor.organizationId),
    eq(einvoiceDeliveries.documentKind, source.kind),
    eq(einvoiceDeliveries.documentId, source.id),
  );
  const [inFlight] = await tx
    .select({ id: einvoiceDeliveries.id })
    .from(einvoiceDeliveries)
    .where(and(scope, eq(einvoiceDeliveries.status, 'queued'), gt(einvoiceDeliveries.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS))))
    .limit(1);
  if (inFlight) throw new AppError('CONFLICT', 'This e-invoice is being sent already; wait for its status before sending again.');
  if (plan.channel === 'network') {
    const [done] = await tx
      .select({ id: einvoiceDeliveries.id })
      .from(einvoiceDeliveries)
      .where(and(scope, eq(einvoiceDeliveries.channel, 'network'), eq(einvoiceDeliveries.recipient, plan.recipient), inArray(einvoiceDeliveries.status, ['sent', 'delivered'])))
      .limit(1);
    if (done) throw new AppError('CONFLICT', 'This e-invoice was already delivered to this recipient through the network.');
    const [last] = await tx.select().from(einvoiceDeliveries).where(scope).orderBy(desc(einvoiceDeliveries.createdAt)).limit(1);
    if (last && last.channel === 'network' && last.recipient === plan.recipient && (last.status === 'queued' || unknownOutcome(last.error))) {
      const [again] = await tx
        .update(einvoiceDeliveries)
        .set({ status: 'queued', error: null, attempts: last.attempts + 1, userId: actor.userId, updatedAt: now })
        .where(eq(einvoiceDeliveries.id, last.id))
        .returning();
      if (again) return again;
    }
  }
  const [row] = await tx
    .insert(einvoiceDeliveries)
    .values({
      organizationId: actor.organizationId,
      documentKind: source.kind,
      documentId: source.id,
      format: plan.format,
      channel: plan.channel,
      recipient: plan.recipient,
      attempts: 1,
      userId: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('E-invoice delivery insert returned nothing');
  return row;
}

/**
 * Hands the claimed delivery to its channel. Mail: `sendMail` (the caller's message with the
 * attachments). Network: the access point. A refusal or failure marks the row failed (with an
 * audit row) and throws the reason for the user; success returns the access point's message id.
 */
export async function transmitDelivery(
  db: Database,
  delivery: DeliveryRow,
  plan: EinvoicePlan,
  channels: { sendMail: () => Promise<unknown>; network: EinvoiceDeliveryProvider | null },
  now: () => Date,
): Promise<{ messageId: string | null }> {
  try {
    if (plan.channel === 'email') {
      await channels.sendMail();
      return { messageId: null };
    }
    if (!channels.network) throw new AccessPointRefusal('The access point is not configured');
    const { messageId } = await channels.network.send(plan.file, {
      sender: plan.sender,
      receiver: plan.recipient,
      documentType: delivery.documentKind,
      idempotencyKey: delivery.id,
    });
    return { messageId };
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    const refused = error instanceof AccessPointRefusal;
    const stored = plan.channel === 'email' ? `The mail server refused the message: ${words}` : refused ? words : `No answer: ${words}`;
    await db.transaction(async (tx) => {
      await tx
        .update(einvoiceDeliveries)
        .set({ status: 'failed', error: stored.slice(0, 1000), updatedAt: now() })
        .where(eq(einvoiceDeliveries.id, delivery.id));
      await writeAudit(tx, {
        organizationId: delivery.organizationId,
        userId: delivery.userId,
        action: 'einvoice.delivery_failed',
        entityType: delivery.documentKind === 'invoice' ? 'invoice' : 'credit_note',
        entityId: delivery.documentId,
        details: { deliveryId: delivery.id, channel: delivery.channel, format: delivery.format, error: stored.slice(0, 300) },
      });
    });
    if (plan.channel === 'email') throw new AppError('INTERNAL', 'The e-invoice could not be emailed. Please try again later.');
    if (refused) throw new AppError('VALIDATION', `The access point refused the e-invoice. ${words}`);
    throw new AppError('INTERNAL', `The e-invoice was not confirmed by the access point (${words}). Send again to retry; it will not be delivered twice.`);
  }
}

/**
 * Inside the caller's transaction (the one marking the document sent): the delivery is 'sent',
 * its audit row written, and for the network one status check queued (EINVOICE_STATUS_JOB).
 */
export async function recordDeliverySent(tx: Database, delivery: DeliveryRow, messageId: string | null, now: Date): Promise<void> {
  await tx
    .update(einvoiceDeliveries)
    .set({ status: 'sent', providerMessageId: messageId, error: null, sentAt: now, updatedAt: now })
    .where(eq(einvoiceDeliveries.id, delivery.id));
  if (delivery.channel === 'network') {
    await enqueueJob(tx, { kind: EINVOICE_STATUS_JOB, payload: { deliveryId: delivery.id }, runAt: new Date(now.getTime() + 60_000), maxAttempts: 8 });
  }
  await writeAudit(tx, {
    organizationId: delivery.organizationId,
    userId: delivery.userId,
    action: 'einvoice.sent',
    entityType: delivery.documentKind === 'invoice' ? 'invoice' : 'credit_note',
    entityId: delivery.documentId,
    details: { deliveryId: delivery.id, channel: delivery.channel, format: delivery.format, recipient: delivery.recipient, messageId },
  });
}
