import { vendorAchSettingsSchema, vendorAchSettingsUpdateSchema } from '../../../shared/contracts/ach';
import { idParam, partialBody } from '../../../shared/contracts/common';
import { vendorCreateSchema, vendorListQuery, vendorUpdateSchema } from '../../../shared/contracts/vendors';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { BANK_ACCOUNT_ROLES } from '../bank-accounts/bank-accounts.routes';
import { getVendorAchSettings, saveVendorAchSettings } from './vendor-ach-settings';
import { countVendorBills, findVendor, findVendors, toVendorDto } from './vendors.queries';
import { createVendor, deleteVendor, updateVendor } from './vendors.service';

export async function vendorsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/vendors',
    { schema: { tags: ['vendors'], summary: 'List vendors', querystring: vendorListQuery } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { rows, total } = await findVendors(deps.db, { organizationId, ...request.query });
      reply.header('X-Total-Count', String(total));
      return rows.map((row) => toVendorDto(row.vendor, row.billCount));
    },
  );

  app.get(
    '/api/vendors/:id',
    { schema: { tags: ['vendors'], summary: 'One vendor', params: idParam } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const row = await findVendor(deps.db, organizationId, request.params.id);
      if (!row) throw notFound('Vendor');
      return toVendorDto(row, await countVendorBills(deps.db, organizationId, row.id));
    },
  );

  app.post(
    '/api/vendors',
    { schema: { tags: ['vendors'], summary: 'Add a vendor', body: vendorCreateSchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const vendor = await createVendor(deps.db, auth, request.body, deps.config.encryptionKey);
      return reply.status(201).send(vendor);
    },
  );

  app.put(
    '/api/vendors/:id',
    { schema: { tags: ['vendors'], summary: 'Edit or deactivate a vendor (fields left out are kept)', params: idParam, body: partialBody(vendorUpdateSchema) } },
    async (request) => {
      const auth = requireAuth(request);
      return updateVendor(deps.db, auth, request.params.id, request.body, deps.config.encryptionKey);
    },
  );

  app.delete(
    '/api/vendors/:id',
    { schema: { tags: ['vendors'], summary: 'Delete a vendor without bills', params: idParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deleteVendor(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/vendors/:id/ach-settings',
    {
      schema: {
        tags: ['vendors'],
        summary: "The vendor's ACH remittance addenda and prenote",
        params: idParam,
        response: { 200: vendorAchSettingsSchema },
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      return getVendorAchSettings(deps.db, organizationId, request.params.id);
    },
  );

  app.put(
    '/api/vendors/:id/ach-settings',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Send remittance addenda (CCD+/PPD+) and ask for a prenote to the current account',
        params: idParam,
        body: vendorAchSettingsUpdateSchema,
        response: { 200: vendorAchSettingsSchema },
      },
    },
    async (request) => {
      // What goes into the bank's file: the roles that may export it.
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return saveVendorAchSettings(deps.db, auth, request.params.id, request.body);
    },
  );
}
