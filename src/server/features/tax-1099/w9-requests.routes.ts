import { idParam } from '../../../shared/contracts/common';
import { vendorTaxProfileUpdate, w9BulkRequestCreate, w9RequestCreate } from '../../../shared/contracts/tax-1099';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findVendor } from '../vendors/vendors.queries';
import { findW9Requests, getTaxProfile, toW9RequestDto, updateTaxProfile } from './vendor-tax-profile';
import { createW9Requests, vendorsMissingW9 } from './w9-requests';

/**
 * A vendor's tax details and W-9 requests (issue 32 item 1), for anyone who may edit vendors
 * (viewers are refused every write by platform/auth). Another workspace's vendor is a 404.
 */
export async function w9RequestsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/vendors/:id/tax-profile',
    { schema: { tags: ['vendors'], summary: "A vendor's W-9 and 1099 details (the TIN masked)", params: idParam } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      return getTaxProfile(deps.db, organizationId, request.params.id, deps.now());
    },
  );

  app.put(
    '/api/vendors/:id/tax-profile',
    { schema: { tags: ['vendors'], summary: "Edit a vendor's W-9 and 1099 details (a blank TIN keeps the stored one)", params: idParam, body: vendorTaxProfileUpdate } },
    async (request) => {
      const auth = requireAuth(request);
      return updateTaxProfile(deps.db, deps.config.encryptionKey, auth, request.params.id, request.body, deps.now());
    },
  );

  app.get(
    '/api/vendors/:id/w9-requests',
    { schema: { tags: ['vendors'], summary: "A vendor's W-9 requests, newest first", params: idParam } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const vendor = await findVendor(deps.db, organizationId, request.params.id);
      if (!vendor) throw notFound('Vendor');
      const now = deps.now();
      return (await findW9Requests(deps.db, organizationId, vendor.id)).map((row) => toW9RequestDto(row, vendor.name, now));
    },
  );

  app.post(
    '/api/vendors/:id/w9-requests',
    { schema: { tags: ['vendors'], summary: 'Mail the vendor a link to fill its W-9 (the open one is revoked)', params: idParam, body: w9RequestCreate } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const vendor = await findVendor(deps.db, auth.organizationId, request.params.id);
      if (!vendor) throw notFound('Vendor');
      const result = await createW9Requests(deps, auth, [vendor], request.body);
      const [skipped] = result.skipped;
      if (skipped) {
        const message = 'This vendor has no email address. Add one, or type the address to send the request to.';
        throw new AppError('VALIDATION', message, { email: message });
      }
      const [requestId] = result.requestIds;
      const [row] = (await findW9Requests(deps.db, auth.organizationId, vendor.id, 5)).filter((item) => item.id === requestId);
      if (!row) throw new Error('W-9 request not found after creating it');
      return reply.status(201).send(toW9RequestDto(row, vendor.name, deps.now()));
    },
  );

  app.post(
    '/api/vendors/w9-requests',
    { schema: { tags: ['vendors'], summary: 'Mail a W-9 request to the chosen vendors, or every active vendor missing a W-9', body: w9BulkRequestCreate } },
    async (request) => {
      const auth = requireAuth(request);
      const { vendorIds, includePayment } = request.body;
      const targets = await vendorsMissingW9(deps.db, auth.organizationId, vendorIds);
      const { requestIds: _ids, ...result } = await createW9Requests(deps, auth, targets, { includePayment });
      // Chosen vendors left out: another workspace's or unknown ids, or a W-9 already on file.
      if (vendorIds) {
        const found = new Set(targets.map((vendor) => vendor.id));
        for (const id of new Set(vendorIds)) {
          if (found.has(id)) continue;
          const vendor = await findVendor(deps.db, auth.organizationId, id);
          result.skipped.push(
            vendor ? { vendorId: id, name: vendor.name, reason: vendor.isActive ? 'A W-9 is already on file' : 'Inactive vendor' } : { vendorId: id, name: '', reason: 'Vendor not found' },
          );
        }
      }
      return result;
    },
  );
}
