import { and, eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '../../../shared/contracts/documents';
import { MAX_MAIL_ATTACHMENTS, senderAllowed } from '../../../shared/contracts/mail-in';
import type { Database } from '../../db/client';
import { inboundMails } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { FileStore } from '../../platform/storage';
import { recordDocument } from '../documents/documents.service';
import { type KeptAttachment, classifyAttachment } from './classify-attachment';

/** A parsed mail, as much of it as the receiver keeps. */
export interface InboundMail {
  envelopeFrom: string;
  headerFrom: string[];
  subject: string | null;
  messageId: string | null;
  size: number;
  attachments: { filename?: string; contentType: string; content: Buffer }[];
}

/**
 * The e-invoice receiver's core (features/einvoicing/receive): makes the exact bill and keeps the
 * file as its document. Throws when the file is not an e-invoice it can take; the attachment is
 * then kept and read as any upload.
 */
export type ReceiveEinvoiceFile = (
  db: Database,
  input: { organizationId: string; userId: null; fileName: string; content: Buffer; source: 'mail' },
) => Promise<{ documentId: string }>;

export interface RecordMailDeps {
  db: Database;
  store: FileStore;
  now: () => Date;
  receiveEinvoiceFile?: ReceiveEinvoiceFile;
}

export type RecordOutcome = 'accepted' | 'refused' | 'duplicate';

class DuplicateMail extends Error {}

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** Why the mail is refused for this workspace, or null. Both the envelope and the From header must pass. */
function refusal(allowedSenders: string[], mail: InboundMail): string | null {
  const senders = [mail.envelopeFrom, ...mail.headerFrom];
  const refused = senders.find((sender) => !senderAllowed(allowedSenders, sender));
  if (refused !== undefined || (allowedSenders.length > 0 && mail.headerFrom.length === 0)) {
    return `Sender not on the allow-list: ${refused || '(no sender)'}`;
  }
  if (mail.attachments.length > MAX_MAIL_ATTACHMENTS) {
    return `Too many attachments: ${mail.attachments.length} (at most ${MAX_MAIL_ATTACHMENTS})`;
  }
  return null;
}

async function isKnownMessage(db: Database, organizationId: string, messageId: string | null): Promise<boolean> {
  if (!messageId) return false;
  const [row] = await db
    .select({ id: inboundMails.id })
    .from(inboundMails)
    .where(and(eq(inboundMails.organizationId, organizationId), eq(inboundMails.messageId, messageId)));
  return Boolean(row);
}

/**
 * One mail for one workspace: refused (allow-list, attachment count) or accepted with each
 * attachment kept as a document; the inbound_mails row, the documents and one audit row in one
 * transaction. A Message-ID already taken by this workspace is kept once.
 */
export async function recordInboundMail(
  deps: RecordMailDeps,
  organization: { id: string; allowedSenders: string[]; recipient: string },
  mail: InboundMail,
): Promise<RecordOutcome> {
  if (await isKnownMessage(deps.db, organization.id, mail.messageId)) return 'duplicate';
  const refusedBecause = refusal(organization.allowedSenders, mail);
  const notes: string[] = [];
  const kept: KeptAttachment[] = [];
  const receivedDocumentIds: string[] = [];
  if (!refusedBecause) {
    for (const attachment of mail.attachments) {
      const file = classifyAttachment(attachment);
      if (file.bytes.length === 0) notes.push(`${file.fileName}: empty, skipped`);
      else if (file.bytes.length > MAX_UPLOAD_BYTES) notes.push(`${file.fileName}: over 10 MB, skipped`);
      else {
        const documentId = file.einvoiceCandidate ? await offerToEinvoiceReceiver(deps, organization.id, file) : null;
        if (documentId) receivedDocumentIds.push(documentId);
        else kept.push(file);
        if (!file.read) notes.push(`${file.fileName}: kept, not read (not a PDF, XML, JPEG or PNG)`);
      }
    }
  }
  const stored: { file: KeptAttachment; storageKey: string }[] = [];
  try {
    for (const file of kept) stored.push({ file, storageKey: await deps.store.put(file.bytes, file.fileType) });
    return await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [row] = await tx
        .insert(inboundMails)
        .values({
          organizationId: organization.id,
          status: refusedBecause ? 'refused' : 'accepted',
          reason: clip(refusedBecause ?? (notes.length > 0 ? notes.join('; ') : null), 2000),
          mailFrom: clip(mail.envelopeFrom || mail.headerFrom[0] || '', 320) ?? '',
          recipient: clip(organization.recipient, 320) ?? '',
          subject: clip(mail.subject, 500),
          messageId: clip(mail.messageId, 500),
          size: mail.size,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: inboundMails.id });
      if (!row) throw new DuplicateMail();
      const documentIds = [...receivedDocumentIds];
      for (const { file, storageKey } of stored) {
        const document = await recordDocument(
          tx,
          { organizationId: organization.id, userId: null },
          { fileName: file.fileName, fileType: file.fileType, storageKey, fileSize: file.bytes.length, documentType: 'bill' },
          now,
          { read: file.read },
        );
        documentIds.push(document.id);
      }
      if (documentIds.length > 0) await tx.update(inboundMails).set({ documentIds }).where(eq(inboundMails.id, row.id));
      await writeAudit(tx, {
        organizationId: organization.id,
        userId: null,
        action: refusedBecause ? 'mail_in.refused' : 'mail_in.received',
        entityType: 'inbound_mail',
        entityId: row.id,
        details: { from: mail.envelopeFrom, subject: mail.subject, messageId: mail.messageId, documentIds, reason: refusedBecause },
      });
      return refusedBecause ? 'refused' : 'accepted';
    });
  } catch (error) {
    await Promise.all(stored.map(({ storageKey }) => deps.store.delete(storageKey)));
    if (error instanceof DuplicateMail) return 'duplicate';
    throw error;
  }
}

/** The e-invoice receiver's document id, or null when there is none or the file is not an e-invoice it takes. */
async function offerToEinvoiceReceiver(deps: RecordMailDeps, organizationId: string, file: KeptAttachment): Promise<string | null> {
  if (!deps.receiveEinvoiceFile) return null;
  try {
    const result = await deps.receiveEinvoiceFile(deps.db, { organizationId, userId: null, fileName: file.fileName, content: file.bytes, source: 'mail' });
    return result.documentId;
  } catch {
    return null;
  }
}

/** A mail to a token no workspace has: kept for the operator only, with no organization. */
export async function recordUnknownRecipient(db: Database, recipient: string, mail: InboundMail, now: Date): Promise<void> {
  await db.insert(inboundMails).values({
    organizationId: null,
    status: 'unknown_recipient',
    mailFrom: clip(mail.envelopeFrom, 320) ?? '',
    recipient: clip(recipient, 320) ?? '',
    subject: clip(mail.subject, 500),
    messageId: clip(mail.messageId, 500),
    size: mail.size,
    receivedAt: now,
  });
}
