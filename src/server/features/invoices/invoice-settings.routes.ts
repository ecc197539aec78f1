import { invoiceSettingsSchema } from '../../../shared/contracts/invoices';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { readInvoiceSettings } from './invoice-numbering';

/** How the active organization numbers its invoices; the invoice form shows the next number as its default. */
export async function invoiceSettingsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/invoice-settings',
    {
      schema: {
        tags: ['invoices'],
        summary: "The organization's invoice numbering and defaults",
        description:
          'prefix and nextNumber as stored (a client added through the Add New Client wizard starts at its invoiceStartNumber; ' +
          'an organization without settings uses INV and 1000), nextInvoiceNumber the number POST /api/invoices without ' +
          'invoiceNumber would give now (numbers already used are skipped), and the default payment terms and currency.',
        response: { 200: invoiceSettingsSchema },
      },
    },
    async (request) => readInvoiceSettings(deps.db, requireAuth(request).organizationId),
  );
}
