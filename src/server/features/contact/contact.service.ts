import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequest, ContactRequestBody } from '../../../shared/contracts/contact';
import { contactRequests } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { type ContactRequestRow, countContactRequests, findContactRequests, findUserEmail } from './contact.queries';

function toDto(row: ContactRequestRow): ContactRequest {
  return {
    id: row.id,
    topic: row.topic,
    name: row.name,
    email: row.email,
    firm: row.firm,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores the request, then mails it to the operator; a mail failure is logged, the request kept. */
export async function createContactRequest(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  input: ContactRequestBody,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ContactRequest> {
  const [row] = await deps.db
    .insert(contactRequests)
    .values({ ...input, createdAt: now })
    .returning();
  if (!row) throw new Error('contact request insert returned nothing');
  const request = toDto(row);
  try {
    await mailOperators(deps, request);
  } catch (error) {
    log.error({ err: error, contactRequestId: request.id }, 'contact request mail failed');
  }
  return request;
}

const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** The visitor's words go out as plain text only; the subject is kept to one line. */
async function mailOperators(deps: Pick<AppDeps, 'config' | 'mail'>, request: ContactRequest): Promise<void> {
  const to = deps.config.operatorEmails;
  if (to.length === 0) return;
  const kind = request.topic === 'demo' ? 'Demo' : 'Sales';
  await deps.mail.send({
    to: to.join(', '),
    subject: oneLine(`${kind} request from ${request.name}, ${request.firm}`),
    text: [
      `A ${kind.toLowerCase()} request was sent from the public site.`,
      '',
      `Name: ${request.name}`,
      `Email: ${request.email}`,
      `Firm: ${request.firm}`,
      `Sent: ${request.createdAt}`,
      '',
      request.message,
      '',
      `All requests: ${deps.config.appUrl}/settings?tab=requests`,
    ].join('\n'),
  });
}

/** The installation's operators are the addresses in OPERATOR_EMAILS, compared case-insensitively. */
export async function isOperator(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<boolean> {
  if (deps.config.operatorEmails.length === 0) return false;
  const email = await findUserEmail(deps.db, userId);
  return email !== null && deps.config.operatorEmails.some((listed) => listed.toLowerCase() === email.toLowerCase());
}

/**
 * Requests come from anonymous visitors and belong to no tenant, so only the operators may read
 * them: any visitor can register and become the owner of an organization.
 */
export async function listContactRequests(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ContactRequest[]; total: number }> {
  if (!(await isOperator(deps, userId))) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  const [rows, total] = await Promise.all([findContactRequests(deps.db, page), countContactRequests(deps.db)]);
  return { items: rows.map(toDto), total };
}
