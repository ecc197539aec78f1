import { autopayFailures } from '../portal-payments/autopay-failures';
import { currencyBody, idParam, partialBody, TOTAL_CAPPED_HEADER } from '../../../shared/contracts/common';
import { invoiceInputSchema, invoiceListQuery, newInvoiceSchema, recordPaymentSchema } from '../../../shared/contracts/invoices';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { creditLimitWarnings } from '../credits/credit-limit';
import { renderInvoicePdf } from './invoice-pdf';
import { calendarDay, organizationToday } from '../../platform/calendar';
import { findInvoice, findInvoicePageJson } from './invoices.queries';
import { createInvoiceFromRequest, deleteInvoice, recordInvoicePaymentFromRequest, updateInvoice } from './invoices.service';
import { loadInvoiceDocument, pdfFileName, sendInvoice } from './send-invoice';
import { accessPointFor } from '../einvoicing/deliver-einvoice';

export async function invoicesRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/invoices',
    { schema: { tags: ['invoices'], summary: 'List invoices (effective status, customer, items)', querystring: invoiceListQuery } },
    async (request, reply) => {
      const { organizationId, timeZone } = requireAuth(request);
      const today = timeZone ? calendarDay(deps.now(), timeZone) : await organizationToday(deps.db, organizationId, deps.now());
      // The page's JSON text as PostgreSQL built it, sent unchanged (a search too).
      const page = await findInvoicePageJson(deps.db, { organizationId, today, ...request.query });
      reply.header('X-Total-Count', String(page.total)).type('application/json; charset=utf-8');
      if (page.capped) reply.header(TOTAL_CAPPED_HEADER, 'true');
      return page.json;
    },
  );

  app.get('/api/invoices/:id', { schema: { tags: ['invoices'], summary: 'One invoice', params: idParam } }, async (request) => {
    const { organizationId } = requireAuth(request);
    const today = await organizationToday(deps.db, organizationId, deps.now());
    const invoice = await findInvoice(deps.db, organizationId, request.params.id, today);
    if (!invoice) throw notFound('Invoice');
    // Issue 31: the last autopay charge failed (the invoice card shows why).
    const autopayFailure = (await autopayFailures(deps.db, organizationId, [invoice.id])).get(invoice.id) ?? null;
    return { ...invoice, autopayFailure };
  });

  app.post(
    '/api/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Create an invoice',
        description:
          "Without invoiceNumber the invoice takes the organization's next number (invoice settings: prefix and next number, " +
          'INV-1000 onwards without settings), skipping numbers already used; GET /api/invoice-settings shows which.',
        body: currencyBody(newInvoiceSchema),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const invoice = await createInvoiceFromRequest(deps.db, auth, request.body, deps.now());
      return reply.status(201).send({ ...invoice, warnings: await creditLimitWarnings(deps.db, auth.organizationId, invoice.id) });
    },
  );

  app.put(
    '/api/invoices/:id',
    { schema: { tags: ['invoices'], summary: 'Edit an invoice (fields left out are kept)', params: idParam, body: partialBody(invoiceInputSchema) } },
    async (request) => {
      const auth = requireAuth(request);
      return updateInvoice(deps.db, auth, request.params.id, request.body, deps.now());
    },
  );

  app.delete(
    '/api/invoices/:id',
    { schema: { tags: ['invoices'], summary: 'Delete an unpaid invoice', params: idParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deleteInvoice(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/invoices/:id/pdf',
    { schema: { tags: ['invoices'], summary: 'The invoice as a PDF', params: idParam } },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const document = await loadInvoiceDocument(deps.db, organizationId, request.params.id, deps.now());
      const pdf = await renderInvoicePdf(document);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pdfFileName(document.invoice.invoiceNumber)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/invoices/:id/send',
    { schema: { tags: ['invoices'], summary: 'Email the invoice PDF to the customer', params: idParam } },
    async (request) => {
      const auth = requireAuth(request);
      const invoice = await sendInvoice(deps.db, deps.mail, auth, request.params.id, deps.now(), accessPointFor(deps.config));
      return { ...invoice, warnings: await creditLimitWarnings(deps.db, auth.organizationId, invoice.id) };
    },
  );

  app.post(
    '/api/invoices/:id/payments',
    { schema: { tags: ['invoices'], summary: 'Record a full or partial payment', params: idParam, body: currencyBody(recordPaymentSchema) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const result = await recordInvoicePaymentFromRequest(deps.db, auth, request.params.id, request.body, deps.now());
      return reply.status(201).send({ invoice: result.invoice, payment: result.payment });
    },
  );
}
