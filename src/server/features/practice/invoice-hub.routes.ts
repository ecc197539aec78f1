import { z } from 'zod';
import {
  bulkInvoiceResultSchema,
  bulkInvoiceSchema,
  clientInvoiceSchema,
  hubInvoiceListQuery,
  hubInvoiceSchema,
  invoiceOverviewSchema,
} from '../../../shared/contracts/invoice-hub';
import { idParam } from '../../../shared/contracts/common';
import { idempotencyKeyHeaders } from '../../../shared/contracts/portfolio';
import { isUuid } from '../../db/query-helpers';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { loadInvoiceDocument, pdfFileName } from '../invoices/send-invoice';
import { computeInvoiceOverview, findHubInvoice, findHubInvoices } from './invoice-hub.queries';
import { createClientInvoice, runBulkInvoices } from './invoice-hub.service';

const optionalKeyHeaders = z.object({ 'idempotency-key': z.string().trim().optional() });

/**
 * The Invoice Automation Hub (spec 2.6): the firm's own invoices to the clients the member may see
 * (visibleClients), their figures, Create New Invoice and the bulk operations. The recurring run
 * (POST /api/practice/invoices/recurring) lives in features/recurring-invoices.
 */
export async function invoiceHubRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const tags = ['practice'];
  const practice = { practice: true } as const;

  app.get(
    '/api/practice/invoice-overview',
    {
      config: practice,
      schema: {
        tags,
        summary: 'The Invoice Management figures and lists',
        description:
          "Across the firm's own invoices to the clients the member may see, on the firm's calendar: clients with an invoice that is " +
          'not cancelled, the outstanding amount (sent and overdue, less paid), the active clients\' fees per month after their billing ' +
          'discount, invoices issued in the last 30 days, the first 5 sent invoices still owing that are due today or later, and the first ' +
          '10 recent invoices (GET /api/practice/invoices pages and filters them).',
        response: { 200: invoiceOverviewSchema },
      },
    },
    async (request) => computeInvoiceOverview(deps.db, requireFirm(request), deps.now()),
  );

  app.get(
    '/api/practice/invoices',
    {
      config: practice,
      schema: {
        tags,
        summary: "The firm's recent invoices to its clients",
        description:
          'Newest issue day first, paginated by limit and offset with the total in X-Total-Count. status: all, draft, sent (not past due), ' +
          'paid or overdue (sent, unpaid and past due). Only clients the member may see.',
        querystring: hubInvoiceListQuery,
        response: { 200: z.array(hubInvoiceSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await findHubInvoices(deps.db, requireFirm(request), request.query, deps.now());
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/practice/invoices/:id/pdf',
    {
      config: practice,
      schema: {
        tags,
        summary: "A firm invoice to a client as a PDF (Download PDF)",
        description: "The firm's invoice to a client the member may see, whatever workspace is open; any other id is a 404.",
        params: idParam,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const actor = requireFirm(request);
      if (!(await findHubInvoice(deps.db, actor, request.params.id))) throw notFound('Invoice');
      const document = await loadInvoiceDocument(deps.db, actor.firmId, request.params.id, deps.now());
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pdfFileName(document.invoice.invoiceNumber)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(await renderInvoicePdf(document));
    },
  );

  app.post(
    '/api/clients/:clientId/invoices',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Create an invoice for a client (Create New Invoice)',
        description:
          "A draft in the firm's books to the client (clientId: the practice client's id; another firm's or an ungranted client is a 404), " +
          "one line of description and amount, numbered by the firm's invoice settings, issued today on the firm's calendar unless issueDate " +
          'is given. An optional Idempotency-Key header (a UUID) becomes the invoice id: a retry answers the same invoice with 200.',
        params: z.object({ clientId: z.string() }),
        headers: optionalKeyHeaders,
        body: clientInvoiceSchema,
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && !isUuid(key)) throw new AppError('VALIDATION', 'The Idempotency-Key header must be a UUID', { 'idempotency-key': 'Must be a UUID' });
      const { invoice, created } = await createClientInvoice(deps.db, requireFirm(request), request.params.clientId, request.body, deps.now(), key?.toLowerCase());
      return reply.status(created ? 201 : 200).send(invoice);
    },
  );

  app.post(
    '/api/practice/invoices/bulk',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Bulk Invoice Operations: generate, send or auto-approve',
        description:
          'At most 500 items (400 beyond). generate: an invoice per item {clientId, description, amount, dueDate} in the firm\'s books; ' +
          'send: mails each draft invoice {invoiceId} with its PDF and marks it sent (one already sent is not mailed again); auto-approve: ' +
          'approves each draft and sends it the same way (an approved invoice is mailed to the client once, never marked sent unmailed). Each item in its own transaction; a failure is reported by client or invoice name and ' +
          'never undoes the others. The Idempotency-Key header (a UUID, the same on every retry of one run) makes retries safe: no second ' +
          'invoice, no second mail.',
        headers: idempotencyKeyHeaders,
        body: bulkInvoiceSchema,
        response: { 200: bulkInvoiceResultSchema },
      },
    },
    async (request) => runBulkInvoices(deps.db, deps.mail, requireFirm(request), request.body, request.headers['idempotency-key'], deps.now()),
  );
}
