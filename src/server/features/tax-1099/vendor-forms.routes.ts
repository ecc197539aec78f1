import { z } from 'zod';
import { vendorFormSubmission } from '../../../shared/contracts/tax-1099';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { rateLimits } from '../../platform/rate-limit';
import { getPublicVendorForm, submitVendorForm } from './vendor-form';

const tokenParam = z.object({ token: z.string().max(200) });

/**
 * The public W-9 page's API (issue 32): no session, throttled per address and per link. A link
 * that is unknown, used, expired or revoked gets one and the same 404.
 */
export async function vendorFormsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/vendor-forms/:token',
    {
      config: { public: true, rateLimit: rateLimits.vendorForm },
      schema: { tags: ['vendor-forms'], summary: 'The W-9 form a link opens: the requester’s name and what it asks for', params: tokenParam },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getPublicVendorForm(deps.db, request.params.token, deps.now());
    },
  );

  app.post(
    '/api/vendor-forms/:token',
    {
      config: { public: true, rateLimit: rateLimits.vendorForm },
      schema: { tags: ['vendor-forms'], summary: 'Submit the W-9 (and payment details when asked); the link then stops working', params: tokenParam, body: vendorFormSubmission },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await submitVendorForm(deps, request.params.token, request.body);
      return { submitted: true, organizationName: result.organizationName };
    },
  );
}
