import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { customerCreditPosition } from './credit-limit';

const customerCreditPositionSchema = z.object({
  customerId: z.string(),
  openInvoicesDue: z.string(),
  unappliedCredit: z.string(),
  balance: z.string(),
  creditLimit: z.string().nullable(),
  currency: z.string(),
});

export async function creditLimitRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/customers/:id/balance',
    {
      schema: {
        tags: ['customers'],
        summary: "The customer's balance (open invoices due less unapplied credit) and credit limit",
        params: idParam,
        response: { 200: customerCreditPositionSchema },
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const position = await customerCreditPosition(deps.db, organizationId, request.params.id);
      if (!position) throw notFound('Customer');
      return position;
    },
  );
}
