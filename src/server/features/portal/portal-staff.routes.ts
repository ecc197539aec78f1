import { idParam } from '../../../shared/contracts/common';
import { portalAccessInput, portalAccessSchema, portalInviteResult, portalSettingsInput, portalSettingsSchema } from '../../../shared/contracts/portal';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { invitePortalCustomer, readPortalAccess, updatePortalAccess } from './portal-access';
import { readPortalSettings, updatePortalSettings } from './portal-settings';

/** Staff side of the customer portal (issue 31): a customer's access and sign-in links, and the workspace's portal settings. */
export async function portalStaffRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/customers/:id/portal',
    {
      schema: {
        tags: ['portal'],
        summary: "A customer's portal access",
        description: 'Permissions, the address sign-in links go to, the last invitation and sign-in, open portal sessions and autopay.',
        params: idParam,
        response: { 200: portalAccessSchema },
      },
    },
    async (request) => readPortalAccess(deps.db, requireAuth(request).organizationId, request.params.id, deps.now()),
  );

  app.put(
    '/api/customers/:id/portal',
    {
      schema: {
        tags: ['portal'],
        summary: "Turn a customer's portal access on or off and choose its permissions",
        description: 'Turning access off ends every open portal session of the customer and voids unused sign-in links at once. Audited.',
        params: idParam,
        body: portalAccessInput,
        response: { 200: portalAccessSchema },
      },
    },
    async (request) => updatePortalAccess(deps.db, requireAuth(request), request.params.id, request.body, deps.now()),
  );

  app.post(
    '/api/customers/:id/portal/invite',
    {
      config: { rateLimit: rateLimits.portalInvite },
      schema: {
        tags: ['portal'],
        summary: 'Mail the customer a single-use portal sign-in link (30 minutes)',
        description:
          "Sent to the billing contact's email, else the customer's. Needs portal access on (409 otherwise). " +
          'Throttled: 5 per 15 minutes per customer, 50 per hour per workspace. Audited.',
        params: idParam,
        response: { 200: portalInviteResult },
      },
    },
    async (request) => invitePortalCustomer(deps, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/settings/portal',
    { schema: { tags: ['settings'], summary: "The workspace's customer portal settings", response: { 200: portalSettingsSchema } } },
    async (request) => readPortalSettings(deps.db, requireAuth(request).organizationId),
  );

  app.put(
    '/api/settings/portal',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change the customer portal settings',
        description: 'Owners and admins; audited. Bank transfer instructions (shown in the portal), autopay attempts 1 to 10 and days between them 1 to 30.',
        body: portalSettingsInput,
        response: { 200: portalSettingsSchema },
      },
    },
    async (request) => updatePortalSettings(deps.db, requireRole(request, ['owner', 'admin']), request.body, deps.now()),
  );
}
