import { idParam } from '../../../shared/contracts/common';
import { applyCreditInput, createCreditNoteInput, creditNoteListQuery, refundCreditInput } from '../../../shared/contracts/credits';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findCustomer } from '../customers/customers.queries';
import { findOrganization } from '../invoices/invoices.queries';
import { pdfFileName } from '../invoices/send-invoice';
import { renderCreditNotePdf } from './credit-note-pdf';
import { findCredit, findCredits } from './credit-notes.queries';
import { applyCredit, createCreditNote, refundCredit, reverseAllocation, voidCredit } from './credit-notes.service';

const tags = ['credit-notes'];

export async function creditNotesRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const detail = async (organizationId: string, id: string) => {
    const credit = await findCredit(deps.db, organizationId, id);
    if (!credit) throw notFound('Credit');
    return credit;
  };

  app.post(
    '/api/invoices/:id/credit-notes',
    {
      schema: {
        tags,
        summary: 'Issue a credit note from a sent, overdue or paid invoice',
        description: 'Whole invoice, chosen lines with quantities, or an amount; tax and discount of lines credited in proportion. The invoice\'s credit notes never exceed its total.',
        params: idParam,
        body: createCreditNoteInput,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = await createCreditNote(deps.db, auth, request.params.id, request.body, deps.now());
      return reply.status(201).send(await detail(auth.organizationId, id));
    },
  );

  app.get('/api/credit-notes', { schema: { tags, summary: 'Credit notes and overpayment credits, newest first', querystring: creditNoteListQuery } }, async (request, reply) => {
    const { organizationId } = requireAuth(request);
    const { credits, total } = await findCredits(deps.db, organizationId, request.query);
    reply.header('X-Total-Count', String(total));
    return credits;
  });

  app.get('/api/credit-notes/:id', { schema: { tags, summary: 'One credit with its lines, applications and refunds', params: idParam } }, async (request) => {
    const { organizationId } = requireAuth(request);
    return detail(organizationId, request.params.id);
  });

  app.get('/api/credit-notes/:id/pdf', { schema: { tags, summary: 'The credit note as a PDF', params: idParam } }, async (request, reply) => {
    const { organizationId } = requireAuth(request);
    const credit = await detail(organizationId, request.params.id);
    const [customer, organization] = await Promise.all([findCustomer(deps.db, organizationId, credit.customerId), findOrganization(deps.db, organizationId)]);
    if (!customer) throw notFound('Customer');
    const pdf = await renderCreditNotePdf({ credit, customer, organization });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${pdfFileName(credit.creditNumber ?? `credit-${credit.issueDate}`)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  app.post(
    '/api/credit-notes/:id/apply',
    { schema: { tags, summary: 'Apply a credit to open invoices of the same customer', params: idParam, body: applyCreditInput } },
    async (request) => {
      const auth = requireAuth(request);
      await applyCredit(deps.db, auth, request.params.id, request.body, deps.now());
      return detail(auth.organizationId, request.params.id);
    },
  );

  app.post(
    '/api/credit-notes/:id/refund',
    { schema: { tags, summary: 'Record a refund of what is left of a credit', params: idParam, body: refundCreditInput } },
    async (request) => {
      const auth = requireAuth(request);
      await refundCredit(deps.db, auth, request.params.id, request.body, deps.now());
      return detail(auth.organizationId, request.params.id);
    },
  );

  app.post('/api/credit-notes/:id/void', { schema: { tags, summary: 'Void a credit nothing was applied from or refunded out of', params: idParam } }, async (request) => {
    const auth = requireAuth(request);
    await voidCredit(deps.db, auth, request.params.id, deps.now());
    return detail(auth.organizationId, request.params.id);
  });

  app.post(
    '/api/credit-allocations/:id/reverse',
    { schema: { tags, summary: 'Reverse one application or refund of a credit', params: idParam } },
    async (request) => {
      const auth = requireAuth(request);
      await reverseAllocation(deps.db, auth, request.params.id, deps.now());
      return { reversed: true };
    },
  );
}
