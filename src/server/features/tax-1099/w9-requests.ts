import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { W9BulkResult } from '../../../shared/contracts/tax-1099';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { organizations, vendorW9Requests, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { hashToken } from '../../platform/sessions';

/** A W-9 link works once, for 30 days. */
export const W9_LINK_MS = 30 * 24 * 60 * 60 * 1000;

export interface W9Actor {
  organizationId: string;
  userId: string | null;
}

type VendorRow = typeof vendors.$inferSelect;

/** The public page's address for a token: in the fragment, so it never reaches an access log. */
export const vendorFormUrl = (appUrl: string, token: string) => `${appUrl}/vendor-form#token=${token}`;

/**
 * Creates and mails one W-9 request per vendor (issue 32 item 1): a new single-use token (only its
 * hash stored), the vendor's open requests revoked, an audit row, all in one transaction per vendor;
 * then the mail, claimed first ('pending') so a retry of the same request never mails twice.
 * Vendors without an email address (and no override) are skipped with the reason.
 */
export async function createW9Requests(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail' | 'now'>,
  actor: W9Actor,
  targets: readonly VendorRow[],
  options: { includePayment: boolean; email?: string | null },
): Promise<W9BulkResult & { requestIds: string[] }> {
  const result: W9BulkResult & { requestIds: string[] } = { sent: 0, skipped: [], failed: 0, requestIds: [] };
  if (targets.length === 0) return result;
  const orgName = await organizationName(deps.db, actor.organizationId);
  for (const vendor of targets) {
    const email = options.email ?? vendor.email;
    if (!email) {
      result.skipped.push({ vendorId: vendor.id, name: vendor.name, reason: 'No email address' });
      continue;
    }
    const now = deps.now();
    const token = randomBytes(32).toString('base64url');
    const request = await deps.db.transaction(async (tx) => {
      await tx
        .update(vendorW9Requests)
        .set({ revokedAt: now })
        .where(
          and(
            eq(vendorW9Requests.organizationId, actor.organizationId),
            eq(vendorW9Requests.vendorId, vendor.id),
            isNull(vendorW9Requests.completedAt),
            isNull(vendorW9Requests.revokedAt),
            gt(vendorW9Requests.expiresAt, now),
          ),
        );
      const [row] = await tx
        .insert(vendorW9Requests)
        .values({
          organizationId: actor.organizationId,
          vendorId: vendor.id,
          tokenHash: hashToken(token),
          email,
          includePayment: options.includePayment,
          expiresAt: new Date(now.getTime() + W9_LINK_MS),
          userId: actor.userId,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('W-9 request insert returned nothing');
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'vendor.w9_requested',
        entityType: 'vendor',
        entityId: vendor.id,
        details: { email, includePayment: options.includePayment, requestId: row.id },
      });
      return row;
    });
    result.requestIds.push(request.id);
    const failure = await deps.mail
      .send({
        to: email,
        subject: `${orgName} asks for your W-9`,
        text: [
          `Hello ${vendor.name},`,
          '',
          `${orgName} pays you as a vendor and asks you to fill in Form W-9 (Request for Taxpayer Identification Number and Certification)${
            options.includePayment ? ' and to tell it how you want to be paid' : ''
          }.`,
          '',
          'Open this link within 30 days. It works once:',
          vendorFormUrl(deps.config.appUrl, token),
          '',
          `If the link has expired, ask ${orgName} to send you a new one.`,
        ].join('\n'),
      })
      .then(() => null)
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    await deps.db
      .update(vendorW9Requests)
      .set(failure === null ? { mailStatus: 'sent', sentAt: deps.now(), mailError: null } : { mailStatus: 'failed', mailError: failure.slice(0, 500) })
      .where(eq(vendorW9Requests.id, request.id));
    if (failure === null) result.sent += 1;
    else result.failed += 1;
  }
  return result;
}

/** The workspace's active vendors with no W-9 on file (a bulk request's default). */
export async function vendorsMissingW9(db: Database, organizationId: string, vendorIds?: readonly string[]): Promise<VendorRow[]> {
  const where = [eq(vendors.organizationId, organizationId), eq(vendors.isActive, true), isNull(vendors.w9ReceivedAt)];
  if (vendorIds) {
    const ids = vendorIds.filter(isUuid);
    if (ids.length === 0) return [];
    where.push(inArray(vendors.id, ids));
  }
  return db.select().from(vendors).where(and(...where)).orderBy(vendors.name);
}

async function organizationName(db: Database, organizationId: string): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.name ?? 'Your customer';
}
