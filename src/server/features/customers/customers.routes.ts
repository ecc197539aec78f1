import { customerInputSchema, customerListQuery } from '../../../shared/contracts/customers';
import { idParam, partialBody } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findActiveCustomerPageJson, findCustomer, findCustomers, toCustomerDto } from './customers.queries';
import { createCustomer, deleteCustomer, updateCustomer } from './customers.service';

export async function customersRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/customers',
    { schema: { tags: ['customers'], summary: 'List customers', querystring: customerListQuery } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { search, includeInactive, limit, offset } = request.query;
      if (!includeInactive && !search) {
        // The common case: the page's JSON text as PostgreSQL built it, sent unchanged.
        const page = await findActiveCustomerPageJson(deps.db, { organizationId, limit, offset });
        reply.header('X-Total-Count', String(page.total)).type('application/json; charset=utf-8');
        return page.json;
      }
      const { rows, total } = await findCustomers(deps.db, { organizationId, ...request.query });
      reply.header('X-Total-Count', String(total));
      return rows.map(toCustomerDto);
    },
  );

  app.get(
    '/api/customers/:id',
    { schema: { tags: ['customers'], summary: 'One customer', params: idParam } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const row = await findCustomer(deps.db, organizationId, request.params.id);
      if (!row) throw notFound('Customer');
      return toCustomerDto(row);
    },
  );

  app.post(
    '/api/customers',
    { schema: { tags: ['customers'], summary: 'Add a customer', body: customerInputSchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const customer = await createCustomer(deps.db, auth, request.body);
      return reply.status(201).send(customer);
    },
  );

  app.put(
    '/api/customers/:id',
    { schema: { tags: ['customers'], summary: 'Edit or deactivate a customer (fields left out are kept)', params: idParam, body: partialBody(customerInputSchema) } },
    async (request) => {
      const auth = requireAuth(request);
      return updateCustomer(deps.db, auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/customers/:id',
    { schema: { tags: ['customers'], summary: 'Delete a customer without invoices', params: idParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deleteCustomer(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );
}
