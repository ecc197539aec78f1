import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  bankChangeStatuses,
  einvoiceChannels,
  einvoiceDeliveryStatuses,
  einvoiceFormats,
  inboundMailStatuses,
} from '../../../shared/einvoice-codes';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';
import { vendors } from './vendors';

/**
 * One delivery of an invoice or credit note as an e-invoice (issue 36): by mail with the file
 * attached, or through the access point. Claimed 'queued' before it leaves, so a retry never sends
 * a second one; the access point's message id and answer are kept for the status on the invoice.
 */
export const einvoiceDeliveries = pgTable(
  'einvoice_deliveries',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'invoice' (invoices.id) or 'credit_note' (customer_credits.id). */
    documentKind: text('document_kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    documentId: uuid('document_id').notNull(),
    format: text('format', { enum: einvoiceFormats }).notNull(),
    channel: text('channel', { enum: einvoiceChannels }).notNull(),
    status: text('status', { enum: einvoiceDeliveryStatuses }).notNull().default('queued'),
    /** Mail: the recipient; network: the buyer's participant id ("0208:0123456789"). */
    recipient: text('recipient').notNull(),
    /** The access point's id for the message, to ask for its status. */
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    userId: uuid('user_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('einvoice_deliveries_document_idx').on(t.organizationId, t.documentKind, t.documentId, t.createdAt),
    index('einvoice_deliveries_open_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * Bank details for a vendor read from a document (an e-invoice's IBAN): never written over the
 * vendor's account until a person approves the change (the invoice-fraud path, issue 36).
 */
export const vendorBankChanges = pgTable(
  'vendor_bank_changes',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The document and bill the details came from. */
    documentId: uuid('document_id'),
    billId: uuid('bill_id'),
    ibanEncrypted: text('iban_encrypted'),
    ibanLast4: text('iban_last4'),
    bic: text('bic'),
    /** US details when the document gives them: routing number and the account number encrypted. */
    routingNumber: text('routing_number'),
    accountNumberEncrypted: text('account_number_encrypted'),
    accountLast4: text('account_last4'),
    accountName: text('account_name'),
    status: text('status', { enum: bankChangeStatuses }).notNull().default('pending'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_bank_changes_vendor_idx').on(t.organizationId, t.vendorId, t.status)],
);

/**
 * One mail taken by the mail-in receiver (INBOUND_SMTP_PORT). organizationId is null when the
 * recipient's workspace token does not exist; such rows are for the operator only.
 */
export const inboundMails = pgTable(
  'inbound_mails',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: inboundMailStatuses }).notNull(),
    /** Why a mail was refused or which attachments were kept but not read. */
    reason: text('reason'),
    mailFrom: text('mail_from').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    messageId: text('message_id'),
    size: integer('size').notNull().default(0),
    /** The documents made from its attachments. */
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    receivedAt: createdAt(),
  },
  (t) => [
    index('inbound_mails_org_received_idx').on(t.organizationId, t.receivedAt),
    // A relayed mail delivered twice (same Message-ID to the same workspace) is kept once.
    uniqueIndex('inbound_mails_org_message_key').on(t.organizationId, t.messageId),
  ],
);
