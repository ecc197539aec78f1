import type { FastifyReply } from 'fastify';
import { idParam } from '../../../shared/contracts/common';
import { type EinvoiceCheckResponse, type EinvoiceFileFormat, einvoiceFormatQuery } from '../../../shared/contracts/einvoicing';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { type EinvoiceSource, buildEinvoiceFile, checkEinvoice } from './build-einvoice-file';

const tags = ['e-invoices'];
const formats = 'factur_x (PDF/A-3 with CII, EN 16931), ubl (Peppol BIS Billing 3.0), xrechnung_ubl, xrechnung_cii (XRechnung 3.0)';

const schema = (summary: string) => ({
  tags,
  summary,
  description: `Formats: ${formats}. A document that breaks an EN 16931, Peppol or XRechnung rule is refused (400) with the rules' words.`,
  params: idParam,
  querystring: einvoiceFormatQuery,
});

export async function einvoiceFileRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const send = async (reply: FastifyReply, organizationId: string, source: EinvoiceSource, format: EinvoiceFileFormat) => {
    const file = await buildEinvoiceFile(deps.db, organizationId, source, format, { encryptionKey: deps.config.encryptionKey, now: deps.now() });
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.content);
  };
  const check = async (organizationId: string, source: EinvoiceSource, format: EinvoiceFileFormat): Promise<EinvoiceCheckResponse> => {
    const { violations } = await checkEinvoice(deps.db, organizationId, source, format, { encryptionKey: deps.config.encryptionKey });
    return { valid: violations.length === 0, violations };
  };

  app.get('/api/invoices/:id/einvoice', { schema: schema('The invoice as an e-invoice file') }, async (request, reply) =>
    send(reply, requireAuth(request).organizationId, { kind: 'invoice', id: request.params.id }, request.query.format),
  );
  app.get('/api/credit-notes/:id/einvoice', { schema: schema('The credit note as an e-invoice file') }, async (request, reply) =>
    send(reply, requireAuth(request).organizationId, { kind: 'credit_note', id: request.params.id }, request.query.format),
  );
  app.get('/api/invoices/:id/einvoice/check', { schema: schema('Whether the invoice passes the rules of the format, and which it breaks') }, async (request) =>
    check(requireAuth(request).organizationId, { kind: 'invoice', id: request.params.id }, request.query.format),
  );
  app.get('/api/credit-notes/:id/einvoice/check', { schema: schema('Whether the credit note passes the rules of the format, and which it breaks') }, async (request) =>
    check(requireAuth(request).organizationId, { kind: 'credit_note', id: request.params.id }, request.query.format),
  );
}
