import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { PortalAccess, PortalAccessInput, PortalPermission } from '../../../shared/contracts/portal';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { auditLog, customerPaymentMethods, customers, organizations, portalSessions, portalTokens } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { createPortalToken, revokePortalSessions } from './portal-session';

interface Actor {
  organizationId: string;
  userId: string;
}

type CustomerRow = typeof customers.$inferSelect;

async function findCustomerRow(db: Database, organizationId: string, customerId: string, lock = false): Promise<CustomerRow> {
  if (!isUuid(customerId)) throw notFound('Customer');
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Customer');
  return row;
}

/** Where the sign-in link goes: the billing contact's email, else the customer's. */
export function portalEmailOf(customer: Pick<CustomerRow, 'billingContactEmail' | 'email'>): string {
  return customer.billingContactEmail?.trim() || customer.email;
}

export function paymentMethodLabel(method: { type: string | null; brand: string | null; last4: string | null } | undefined): string | null {
  if (!method?.last4) return null;
  const name = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : method.type === 'us_bank_account' ? 'Bank account' : 'Card';
  return `${name} •••• ${method.last4}`;
}

/** GET /api/customers/{id}/portal: the customer's portal access, invitations, sign-ins and open sessions. */
export async function readPortalAccess(db: Database, organizationId: string, customerId: string, now: Date): Promise<PortalAccess> {
  const customer = await findCustomerRow(db, organizationId, customerId);
  const scope = (table: typeof portalTokens | typeof portalSessions) =>
    and(eq(table.organizationId, organizationId), eq(table.customerId, customerId));
  const [invited] = await db.select({ at: max(portalTokens.createdAt) }).from(portalTokens).where(scope(portalTokens));
  const [open] = await db
    .select({ n: count() })
    .from(portalSessions)
    .where(and(scope(portalSessions), gt(portalSessions.expiresAt, now)));
  // Sessions are deleted when they end; the sign-in itself stays in the audit log.
  const [signIn] = await db
    .select({ at: auditLog.createdAt, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'customer.portal_sign_in'), eq(auditLog.entityId, customerId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const [method] = await db
    .select()
    .from(customerPaymentMethods)
    .where(and(eq(customerPaymentMethods.organizationId, organizationId), eq(customerPaymentMethods.customerId, customerId)))
    .limit(1);
  return {
    customerId,
    hasPortalAccess: customer.hasPortalAccess,
    portalPermissions: customer.portalPermissions as PortalPermission[],
    email: portalEmailOf(customer),
    lastInvitedAt: invited?.at ? new Date(invited.at).toISOString() : null,
    lastSignInAt: signIn ? signedInAt(signIn) : null,
    openSessions: open?.n ?? 0,
    autopay: { enabled: Boolean(method?.autopay && method.stripePaymentMethodId), method: paymentMethodLabel(method) },
  };
}

/**
 * PUT /api/customers/{id}/portal: turns access on or off and sets the permissions. Turning it off
 * ends every open portal session and voids unused sign-in links in the same transaction.
 */
export async function updatePortalAccess(db: Database, actor: Actor, customerId: string, input: PortalAccessInput, now: Date): Promise<PortalAccess> {
  const permissions = [...new Set(input.portalPermissions)];
  await db.transaction(async (tx) => {
    const customer = await findCustomerRow(tx, actor.organizationId, customerId, true);
    if (input.hasPortalAccess && !customer.isActive) throw new AppError('CONFLICT', 'Reactivate the customer before turning on portal access');
    await tx
      .update(customers)
      .set({ hasPortalAccess: input.hasPortalAccess, portalPermissions: permissions, updatedAt: now })
      .where(and(eq(customers.organizationId, actor.organizationId), eq(customers.id, customerId)));
    const sessionsEnded = input.hasPortalAccess ? 0 : await revokePortalSessions(tx, actor.organizationId, customerId);
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'customer.portal_access',
      entityType: 'customer',
      entityId: customerId,
      details: {
        before: { hasPortalAccess: customer.hasPortalAccess, portalPermissions: customer.portalPermissions },
        after: { hasPortalAccess: input.hasPortalAccess, portalPermissions: permissions },
        sessionsEnded,
      },
    });
  });
  return readPortalAccess(db, actor.organizationId, customerId, now);
}

/**
 * POST /api/customers/{id}/portal/invite: mails a new single-use sign-in link. The token rides in
 * the URL fragment, which browsers never send, so it cannot reach a server's access log.
 */
export async function invitePortalCustomer(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail' | 'now'>,
  actor: Actor,
  customerId: string,
): Promise<{ sentTo: string; expiresAt: string }> {
  const now = deps.now();
  const customer = await findCustomerRow(deps.db, actor.organizationId, customerId);
  if (!customer.hasPortalAccess) throw new AppError('CONFLICT', 'Turn on portal access before sending a sign-in link');
  if (!customer.isActive) throw new AppError('CONFLICT', 'This customer is inactive');
  const email = portalEmailOf(customer);
  const orgName = await organizationName(deps.db, actor.organizationId);
  const { token, expiresAt } = await deps.db.transaction(async (tx) => {
    const created = await createPortalToken(tx, { organizationId: actor.organizationId, customerId, email, userId: actor.userId }, now);
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'customer.portal_invited',
      entityType: 'customer',
      entityId: customerId,
      details: { email },
    });
    return created;
  });
  await deps.mail.send({
    to: email,
    subject: `Your account with ${orgName}`,
    text: [
      `Hello ${customer.billingContactName?.trim() || customer.name},`,
      '',
      `${orgName} invites you to its customer portal: your open invoices, payments and statement of account in one place.`,
      '',
      'Open this link within 30 minutes to sign in. It works once:',
      `${deps.config.appUrl}/portal/sign-in#token=${token}`,
      '',
      `If the link has expired, ask ${orgName} to send you a new one.`,
    ].join('\n'),
  });
  return { sentTo: email, expiresAt: expiresAt.toISOString() };
}

async function organizationName(db: Database, organizationId: string): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.name ?? 'Your supplier';
}

/** The sign-in's time on the app's clock (kept in the audit row), else the row's own time. */
function signedInAt(row: { at: Date; details: unknown }): string {
  const at = (row.details as { signedInAt?: unknown } | null)?.signedInAt;
  return typeof at === 'string' ? at : row.at.toISOString();
}
