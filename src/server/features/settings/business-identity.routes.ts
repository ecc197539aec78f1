import { businessIdentitySchema, businessIdentityInput } from '../../../shared/contracts/business-settings';
import { partialBody } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { readBusinessIdentity, updateBusinessIdentity } from './business-identity';

/** Settings > Business: the organization's tax identity and payment details for e-invoices (issue 36). */
export async function businessIdentityRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/settings/business',
    { schema: { tags: ['settings'], summary: "The organization's tax identity, address and payment details", response: { 200: businessIdentitySchema } } },
    async (request) => readBusinessIdentity(deps.db, requireAuth(request).organizationId),
  );

  app.put(
    '/api/settings/business',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change the tax identity, address and payment details',
        description:
          'Owners and admins; audited. Fields left out keep their value. VAT id, IBAN, BIC and the electronic address are checked (check digits where public); country is an ISO 3166 alpha-2 code; paymentBankAccountId must be a verified account of the organization.',
        body: partialBody(businessIdentityInput),
        response: { 200: businessIdentitySchema },
      },
    },
    async (request) => updateBusinessIdentity(deps.db, requireRole(request, ['owner', 'admin']), request.body, deps.now()),
  );
}
