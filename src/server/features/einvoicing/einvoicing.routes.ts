import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common';
import { einvoiceDeliverySchema } from '../../../shared/contracts/einvoice-deliveries';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { JobWorker } from '../../platform/jobs';
import { organizationToday } from '../../platform/calendar';
import { findInvoice } from '../invoices/invoices.queries';
import { findEinvoiceDeliveries } from './einvoice-deliveries.queries';
import { startEinvoiceStatusWorker } from './einvoice-delivery-jobs';

const tags = ['einvoicing'];

export async function einvoicingRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  let worker: JobWorker | null = null;
  if (deps.startWorkers && deps.config.einvoiceAccessPoint) {
    worker = startEinvoiceStatusWorker(deps, (error) => app.log.error({ err: error }, 'e-invoice status worker error'));
  }
  app.addHook('onClose', async () => worker?.stop());

  app.get(
    '/api/invoices/:id/einvoice-deliveries',
    {
      schema: {
        tags,
        summary: "The invoice's e-invoice deliveries, newest first: format, channel (email or network), status and error",
        params: idParam,
        response: { 200: z.array(einvoiceDeliverySchema) },
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const today = await organizationToday(deps.db, organizationId, deps.now());
      const invoice = await findInvoice(deps.db, organizationId, request.params.id, today);
      if (!invoice) throw notFound('Invoice');
      return findEinvoiceDeliveries(deps.db, organizationId, { kind: 'invoice', id: invoice.id });
    },
  );
}
