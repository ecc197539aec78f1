import type { ContactRequest, ContactRequestBody } from '../../../shared/contracts/contact';
import type { Database } from '../../db/client';
import { contactRequests } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions';
import { AppError } from '../../platform/errors';
import {
  type ContactRequestRow,
  countContactRequests,
  findContactRequests,
  findOperatorOrganizationId,
} from './contact.queries';

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

export async function createContactRequest(
  db: Database,
  input: ContactRequestBody,
  now: Date,
): Promise<ContactRequest> {
  const [row] = await db
    .insert(contactRequests)
    .values({ ...input, createdAt: now })
    .returning();
  if (!row) throw new Error('contact request insert returned nothing');
  return toDto(row);
}

/**
 * Requests come from anonymous visitors and belong to no tenant, so only the owners of the
 * operator organization may read them: any visitor can register a firm and become an owner of
 * their own organization, and must not see other visitors' details.
 */
export async function listContactRequests(
  db: Database,
  auth: AuthContext,
  page: { limit: number; offset: number },
): Promise<{ items: ContactRequest[]; total: number }> {
  const operatorId = await findOperatorOrganizationId(db);
  if (auth.organizationId !== operatorId) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  }
  const [rows, total] = await Promise.all([findContactRequests(db, page), countContactRequests(db)]);
  return { items: rows.map(toDto), total };
}
