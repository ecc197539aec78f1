import { and, eq, isNull } from 'drizzle-orm';
import type { ClientMessageInput, ClientMessageResult } from '../../../shared/contracts/portfolio';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { clientMessages, organizations, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { type Job, type JobWorker, enqueueJob, runDueJobs, startJobWorker } from '../../platform/jobs';
import type { FirmActor } from './create-client';
import { findPracticeClient } from './practice.queries';

export const CLIENT_MESSAGE_JOB = 'practice.client-message';

type MessageRow = typeof clientMessages.$inferSelect;

const toResult = (row: MessageRow): ClientMessageResult => ({
  id: row.id,
  toEmail: row.toEmail,
  subject: row.subject,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const idempotencyKeyError = () =>
  new AppError('BAD_REQUEST', 'Send an Idempotency-Key header (a UUID chosen by the client, the same on every retry of one message)');

/**
 * Send Message: stores the message and queues its mail in one transaction, with the audit row.
 * The client's Idempotency-Key (a UUID) becomes the message's id, so a retried request (a lost
 * answer, a double click) finds the message it already stored and queues nothing: one mail per
 * message. A key used for another message is a 409. Mailed to the client's primary contact, else
 * its business email.
 */
export async function queueClientMessage(
  db: Database,
  actor: FirmActor,
  clientId: string,
  input: ClientMessageInput,
  idempotencyKey: string,
  now: Date,
): Promise<{ message: ClientMessageResult; created: boolean }> {
  if (!isUuid(idempotencyKey)) throw idempotencyKeyError();
  const id = idempotencyKey.toLowerCase();
  const found = await findPracticeClient(db, actor, clientId);
  if (!found) throw notFound('Client');
  const { customer } = found;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(clientMessages)
      .values({
        id,
        organizationId: actor.firmId,
        customerId: customer.id,
        sentBy: actor.userId,
        toEmail: customer.primaryContactEmail || customer.email,
        subject: input.subject,
        body: input.message,
        createdAt: now,
      })
      .onConflictDoNothing({ target: clientMessages.id })
      .returning();
    if (!created) {
      const [existing] = await tx.select().from(clientMessages).where(eq(clientMessages.id, id)).limit(1);
      const same =
        existing?.organizationId === actor.firmId && existing.customerId === customer.id && existing.subject === input.subject && existing.body === input.message;
      if (!existing || !same) throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another message');
      return { message: toResult(existing), created: false };
    }
    await enqueueJob(tx, { kind: CLIENT_MESSAGE_JOB, payload: { messageId: created.id }, runAt: now, maxAttempts: 5 });
    await writeAudit(tx, {
      organizationId: actor.firmId,
      userId: actor.userId,
      action: 'practice_client.message_queued',
      entityType: 'customer',
      entityId: customer.id,
      details: { messageId: created.id, to: created.toEmail, subject: created.subject },
    });
    return { message: toResult(created), created: true };
  });
}

type MessageDeps = Pick<AppDeps, 'db' | 'mail' | 'now'>;

/**
 * Mails one queued message. sentAt is claimed before the mail leaves and released if the mail
 * server refuses (the queue retries with a growing delay), so a job taken twice (a retry, a second
 * worker, a stale lock) never mails twice: at most once, and a crash between the claim and the
 * mail server's answer leaves the message marked sent rather than risk a second copy.
 */
export async function sendClientMessageJob(deps: MessageDeps, job: Job): Promise<void> {
  const messageId = typeof job.payload.messageId === 'string' ? job.payload.messageId : null;
  if (!messageId) return;
  const [claimed] = await deps.db
    .update(clientMessages)
    .set({ sentAt: deps.now() })
    .where(and(eq(clientMessages.id, messageId), isNull(clientMessages.sentAt)))
    .returning();
  if (!claimed) return; // sent already, or the client was deleted
  const [firm] = await deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, claimed.organizationId)).limit(1);
  const [sender] = claimed.sentBy
    ? await deps.db.select({ firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(eq(users.id, claimed.sentBy)).limit(1)
    : [];
  const senderName = sender ? [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.username : null;
  try {
    await deps.mail.send({
      to: claimed.toEmail,
      subject: claimed.subject,
      text: [claimed.body, '', '--', ...(senderName ? [senderName] : []), firm?.name ?? 'Your accounting firm', 'Sent with Signal AR'].join('\n'),
    });
  } catch (error) {
    await deps.db.update(clientMessages).set({ sentAt: null }).where(eq(clientMessages.id, messageId));
    throw error;
  }
}

const handlers = (deps: MessageDeps) => ({ [CLIENT_MESSAGE_JOB]: (job: Job) => sendClientMessageJob(deps, job) });

/** Mails every queued client message now, in this process (tests; the worker does the same). */
export async function runClientMessageJobs(deps: MessageDeps): Promise<number> {
  return runDueJobs(deps.db, { handlers: handlers(deps), now: deps.now });
}

export function startClientMessageWorker(deps: MessageDeps, onError: (error: unknown) => void): JobWorker {
  return startJobWorker(deps.db, { handlers: handlers(deps), now: deps.now, pollMs: 5000, onError });
}
