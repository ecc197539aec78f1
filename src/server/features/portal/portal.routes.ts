import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common';
import { portalAccountSchema, portalInvoiceQuery, portalInvoiceSchema, portalSessionInput, portalStatementQuery } from '../../../shared/contracts/portal';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rateLimits } from '../../platform/rate-limit';
import { hashToken } from '../../platform/sessions';
import { writeAudit } from '../../platform/audit';
import { organizationTimeZone, toOrganizationDay } from '../../platform/calendar';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { buildStatement } from '../statements/build-statement';
import { renderStatementPdf } from '../statements/statement-pdf';
import { loadInvoiceDocument, pdfFileName } from '../invoices/send-invoice';
import { findPortalInvoiceId, findPortalInvoices, readPortalAccount } from './portal-account';
import { PORTAL_COOKIE, clearPortalCookie, openPortalSession, requirePortal, setPortalCookie } from './portal-session';
import { portalSessions } from '../../db/schema';
import { eq } from 'drizzle-orm';

/**
 * The customer portal's API (issue 31). Every route is `public` for the staff check and asks for a
 * portal session itself (requirePortal): a staff cookie gets a 401 here, and a portal cookie a 401
 * on every staff route. Everything is scoped to the session's one customer of one workspace.
 */
export async function portalRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const portal = { public: true } as const;
  // Signed in before anything else is checked: a visitor without a portal session gets a 401, not
  // a 400 about the query it sent. Signing in and out are the two routes open without one.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url === '/api/portal/session' || request.routeOptions.url === '/api/portal/logout') return;
    await requirePortal(request, deps);
  });

  app.post(
    '/api/portal/session',
    {
      config: { ...portal, rateLimit: rateLimits.portalSession },
      schema: {
        tags: ['portal'],
        summary: 'Exchange a mailed sign-in link for a portal session (cookie psid)',
        description: 'The token works once, within 30 minutes, while the customer has portal access; otherwise 401. Throttled per address.',
        body: portalSessionInput,
      },
    },
    async (request, reply) => {
      const now = deps.now();
      const { cookieToken } = await deps.db.transaction(async (tx) => {
        const opened = await openPortalSession(tx, request.body.token, now);
        await writeAudit(tx, {
          organizationId: opened.context.organizationId,
          userId: null,
          action: 'customer.portal_sign_in',
          entityType: 'customer',
          entityId: opened.context.customerId,
          details: { email: opened.context.email, signedInAt: now.toISOString() },
        });
        return opened;
      });
      setPortalCookie(reply, cookieToken, deps.config.secureCookies);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/portal/logout',
    { config: portal, schema: { tags: ['portal'], summary: 'End the portal session' } },
    async (request, reply) => {
      const raw = request.cookies[PORTAL_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      if (unsigned?.valid && unsigned.value) await deps.db.delete(portalSessions).where(eq(portalSessions.id, hashToken(unsigned.value)));
      clearPortalCookie(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/portal/account',
    {
      config: portal,
      schema: {
        tags: ['portal'],
        summary: "The signed-in customer's account",
        description:
          'Branding, balance (open invoices due less unapplied credit), overdue amount, credits and completed payments ' +
          '(with view_invoices), payment options and autopay.',
        response: { 200: portalAccountSchema },
      },
    },
    async (request) => readPortalAccount(deps, await requirePortal(request, deps)),
  );

  app.get(
    '/api/portal/invoices',
    {
      config: portal,
      schema: {
        tags: ['portal'],
        summary: "The signed-in customer's sent, overdue and paid invoices",
        description: 'Open ones first by due date. Needs view_invoices or pay. Paginated (limit, offset, X-Total-Count).',
        querystring: portalInvoiceQuery,
        response: { 200: z.array(portalInvoiceSchema) },
      },
    },
    async (request, reply) => {
      const context = await requirePortal(request, deps);
      if (!context.permissions.includes('view_invoices') && !context.permissions.includes('pay')) {
        throw new AppError('FORBIDDEN', 'Your portal access does not include this');
      }
      const { invoices, total } = await findPortalInvoices(deps.db, context, request.query, deps.now());
      reply.header('X-Total-Count', String(total));
      return invoices;
    },
  );

  app.get(
    '/api/portal/invoices/:id/pdf',
    {
      config: portal,
      schema: { tags: ['portal'], summary: "One of the customer's invoices as a PDF (another customer's, a draft or another workspace's: 404)", params: idParam },
    },
    async (request, reply) => {
      const context = await requirePortal(request, deps, 'view_invoices');
      const id = await findPortalInvoiceId(deps.db, context, request.params.id);
      const document = await loadInvoiceDocument(deps.db, context.organizationId, id, deps.now());
      const pdf = await renderInvoicePdf(document);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pdfFileName(document.invoice.invoiceNumber)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/portal/statement',
    {
      config: portal,
      schema: {
        tags: ['portal'],
        summary: "The signed-in customer's statement of account for a period",
        description:
          'As the staff statement: opening balance, movements with a running balance, closing balance and aging. ' +
          'JSON needs view_invoices; format=pdf needs download_statements.',
        querystring: portalStatementQuery,
      },
    },
    async (request, reply) => {
      const pdf = request.query.format === 'pdf';
      const context = await requirePortal(request, deps, pdf ? 'download_statements' : 'view_invoices');
      const timeZone = await organizationTimeZone(deps.db, context.organizationId);
      const from = toOrganizationDay(request.query.from, timeZone);
      const to = toOrganizationDay(request.query.to, timeZone);
      const statement = await buildStatement(deps.db, context.organizationId, context.customerId, from, to);
      if (!pdf) return statement;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="statement-${from}-${to}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(await renderStatementPdf(statement));
    },
  );
}
