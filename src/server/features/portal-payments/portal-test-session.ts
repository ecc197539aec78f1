import { and, eq } from 'drizzle-orm';
import { type PortalPermission, portalPermissions } from '../../../shared/contracts/portal';
import { customers } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import { PORTAL_COOKIE, createPortalToken, openPortalSession } from '../portal/portal-session';

/**
 * For tests: turns portal access on for a customer and opens a portal session as the mailed link
 * would (createPortalToken + openPortalSession), returning the `psid` cookie signed with the app's
 * cookie secret, ready for a `cookie` header.
 */
export async function portalCookie(
  t: Pick<TestApp, 'app' | 'deps'>,
  organizationId: string,
  customerId: string,
  permissions: readonly PortalPermission[] = portalPermissions,
): Promise<string> {
  const [customer] = await t.deps.db
    .update(customers)
    .set({ hasPortalAccess: true, portalPermissions: [...permissions] })
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .returning({ email: customers.email });
  if (!customer) throw new Error('customer not found');
  const { token } = await createPortalToken(t.deps.db, { organizationId, customerId, email: customer.email, userId: null }, t.deps.now());
  const { cookieToken } = await openPortalSession(t.deps.db, token, t.deps.now());
  return `${PORTAL_COOKIE}=${t.app.signCookie(cookieToken)}`;
}
