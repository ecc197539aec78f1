import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AllowedSendersBody, InboundMailDto, MailInSettings } from '../../../shared/contracts/mail-in';
import type { Database } from '../../db/client';
import { documents, inboundMails, organizations } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { ensureMailInToken, mailInAddress, newMailInToken } from './mail-in-token';

type Actor = Pick<AuthContext, 'organizationId' | 'userId'>;

/** The workspace's address, allow-list and latest mails (with the documents made from them). */
export async function getMailInSettings(
  db: Database,
  organizationId: string,
  options: { domain: string; receiverOn: boolean; limit: number; offset: number },
): Promise<MailInSettings> {
  const token = await ensureMailInToken(db, organizationId);
  const [organization] = await db
    .select({ allowedSenders: organizations.mailInAllowedSenders })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const scope = eq(inboundMails.organizationId, organizationId);
  const rows = await db
    .select()
    .from(inboundMails)
    .where(scope)
    .orderBy(desc(inboundMails.receivedAt), desc(inboundMails.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totalRow] = await db.select({ total: count() }).from(inboundMails).where(scope);
  const documentIds = rows.flatMap((row) => row.documentIds);
  const names = documentIds.length
    ? await db
        .select({ id: documents.id, fileName: documents.fileName })
        .from(documents)
        .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, documentIds)))
    : [];
  const nameById = new Map(names.map((row) => [row.id, row.fileName]));
  const mails: InboundMailDto[] = rows.map((row) => ({
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    mailFrom: row.mailFrom,
    subject: row.subject,
    status: row.status,
    reason: row.reason,
    size: row.size,
    // A document deleted since is left out of the list.
    documents: row.documentIds.flatMap((id) => {
      const fileName = nameById.get(id);
      return fileName === undefined ? [] : [{ id, fileName }];
    }),
  }));
  return {
    address: mailInAddress(token, options.domain),
    receiverOn: options.receiverOn,
    allowedSenders: organization?.allowedSenders ?? [],
    mails,
    total: totalRow?.total ?? 0,
  };
}

export async function updateAllowedSenders(db: Database, actor: Actor, body: AllowedSendersBody): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ allowedSenders: organizations.mailInAllowedSenders })
      .from(organizations)
      .where(eq(organizations.id, actor.organizationId))
      .for('update');
    await tx.update(organizations).set({ mailInAllowedSenders: body.allowedSenders }).where(eq(organizations.id, actor.organizationId));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'mail_in.allowed_senders_updated',
      entityType: 'organization',
      entityId: actor.organizationId,
      details: { before: before?.allowedSenders ?? [], after: body.allowedSenders },
    });
    return body.allowedSenders;
  });
}

/** A new token: the old address stops working at once (mail to it is dropped as an unknown recipient). */
export async function rotateMailInToken(db: Database, actor: Actor, domain: string): Promise<{ address: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const token = newMailInToken();
    try {
      await db.transaction(async (tx) => {
        await tx.update(organizations).set({ mailInToken: token }).where(eq(organizations.id, actor.organizationId));
        await writeAudit(tx, {
          organizationId: actor.organizationId,
          userId: actor.userId,
          action: 'mail_in.token_rotated',
          entityType: 'organization',
          entityId: actor.organizationId,
        });
      });
      return { address: mailInAddress(token, domain) };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}
