import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { approvalsRoutes } from './features/approvals/approvals.routes';
import { auditLogRoutes } from './features/audit-log/audit-log.routes';
import { authRoutes } from './features/auth/auth.routes';
import { passwordResetRoutes } from './features/auth/password-reset.routes';
import { twoFactorRoutes } from './features/auth/two-factor.routes';
import { workspacesRoutes } from './features/auth/workspaces.routes';
import { bankAccountsRoutes } from './features/bank-accounts/bank-accounts.routes';
import { statementImportRoutes } from './features/bank-reconciliation/statement-import.routes';
import { matchingRoutes } from './features/bank-reconciliation/matching.routes';
import { bankFeedsRoutes } from './features/bank-reconciliation/bank-feeds.routes';
import { reconciliationsRoutes } from './features/bank-reconciliation/reconciliations.routes';
import { billsRoutes } from './features/bills/bills.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { customersRoutes } from './features/customers/customers.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { firmsRoutes } from './features/firms/firms.routes';
import { integrationsRoutes } from './features/integrations/integrations.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { connectorRoutes } from './features/integrations/connector-routes';
import { invoiceRemindersRoutes } from './features/invoice-reminders/invoice-reminders.routes';
import { invoiceSettingsRoutes } from './features/invoices/invoice-settings.routes';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { einvoicingRoutes } from './features/einvoicing/einvoicing.routes';
import { navigationRoutes } from './features/navigation/navigation.routes';
import { paymentRunsRoutes } from './features/payment-runs/payment-runs.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { recurringInvoicesRoutes } from './features/recurring-invoices/recurring-invoices.routes';
import { portfolioRoutes } from './features/practice/portfolio.routes';
import { portalRoutes } from './features/portal/portal.routes';
import { portalStaffRoutes } from './features/portal/portal-staff.routes';
import { onboardingRoutes } from './features/practice/onboarding.routes';
import { practiceRoutes } from './features/practice/practice.routes';
import { practiceQueueRoutes } from './features/practice/queue.routes';
import { practiceReconciliationRoutes } from './features/practice/reconciliation-queue.routes';
import { invoiceHubRoutes } from './features/practice/invoice-hub.routes';
import { practice1099Routes } from './features/practice/practice-1099.routes';
import { billingRoutes } from './features/settings/billing.routes';
import { businessIdentityRoutes } from './features/settings/business-identity.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { tax1099Routes } from './features/tax-1099/tax-1099.routes';
import { teamRoutes } from './features/team/team.routes';
import { vendorsRoutes } from './features/vendors/vendors.routes';
import { statementsRoutes } from './features/statements/statements.routes';
import { creditNotesRoutes } from './features/credits/credit-notes.routes';
import { einvoiceFileRoutes } from './features/einvoicing/einvoice-files.routes';
import { vendorCreditsRoutes } from './features/vendor-credits/vendor-credits.routes';
import { receiveEinvoiceRoutes } from './features/einvoicing/receive/receive.routes';
import { mailInRoutes } from './features/mail-in/mail-in.routes';
import { creditLimitRoutes } from './features/credits/credit-limit.routes';
import { portalPaymentsRoutes } from './features/portal-payments/portal-payments.routes';
import { vendorFormsRoutes } from './features/tax-1099/vendor-forms.routes';
import { w9RequestsRoutes } from './features/tax-1099/w9-requests.routes';
import { tax1099FilingRoutes } from './features/tax-1099/filing.routes';
import { registerAuth } from './platform/auth';
import { registerClientFiles, sendClientFile } from './platform/client-files';
import type { AppDeps, FeatureRoutes } from './platform/deps';
import { registerErrorHandler } from './platform/errors';
import { registerKeyRotation } from './platform/key-rotation';
import { registerRateLimit } from './platform/rate-limit';
import { trackRequestsInFlight } from './platform/requests-in-flight';
import { registerSecurityHeaders } from './platform/security-headers';
import { pingDatabase } from './db/client';

const features: FeatureRoutes[] = [
  authRoutes,
  passwordResetRoutes,
  twoFactorRoutes,
  workspacesRoutes,
  practiceRoutes,
  practiceQueueRoutes,
  invoiceHubRoutes,
  analyticsRoutes,
  portfolioRoutes,
  onboardingRoutes,
  teamRoutes,
  settingsRoutes,
  billingRoutes,
  businessIdentityRoutes,
  customersRoutes,
  invoicesRoutes,
  einvoicingRoutes,
  invoiceSettingsRoutes,
  recurringInvoicesRoutes,
  invoiceRemindersRoutes,
  paymentsRoutes,
  dashboardRoutes,
  checkoutRoutes,
  vendorsRoutes,
  tax1099Routes,
  billsRoutes,
  approvalsRoutes,
  bankAccountsRoutes,
  statementImportRoutes,
  matchingRoutes,
  reconciliationsRoutes,
  bankFeedsRoutes,
  practiceReconciliationRoutes,
  practice1099Routes,
  paymentRunsRoutes,
  documentsRoutes,
  firmsRoutes,
  contactRoutes,
  navigationRoutes,
  auditLogRoutes,
  reportsRoutes,
  integrationsRoutes,
  importsRoutes,
  connectorRoutes,
  // Issue 31: statements and late fees, customer credits, the customer portal, vendor credits and credit limits.
  statementsRoutes,
  creditNotesRoutes,
  // Issue 36: e-invoice files (Factur-X, Peppol UBL, XRechnung) and their rule check.
  einvoiceFileRoutes,
  portalStaffRoutes,
  portalRoutes,
  vendorCreditsRoutes,
  receiveEinvoiceRoutes,
  mailInRoutes,
  creditLimitRoutes,
  portalPaymentsRoutes,
  // Issue 32: W-9s and 1099s.
  w9RequestsRoutes,
  vendorFormsRoutes,
  tax1099FilingRoutes,
];

export interface CreateAppOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
  /** Where the built client lives; served with an SPA fallback when present. */
  clientDir?: string;
}

/** Never logged: passwords, cookies, account numbers. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.accountNumber',
  '*.routingNumber',
  '*.tin',
];

/**
 * The request line as logged: a link token in a path (the vendor's W-9 form, issue 32) is replaced,
 * so an unused single-use link never sits readable in a log.
 */
export function loggedUrl(url: string): string {
  return url.replace(/^(\/api\/vendor-forms\/)[^/?#]+/, '$1[redacted]');
}

/** Fastify's request serializer, with the URL through loggedUrl. */
export const requestSerializer = (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
  method: req.method,
  url: loggedUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes the function Fastify itself makes of
 * one (its types do not list numbers): the first `hops` addresses from the socket inward are proxies.
 */
export function trustProxyOption(value: AppConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value ?? false;
}

/** The one factory for the server and the tests. */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  const { logger, clientDir, ...deps } = options;
  const app = Fastify({
    logger: logger ?? false,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (TRUST_PROXY): a forged X-Forwarded-For from
    // anyone else would otherwise dodge every per-address limit.
    trustProxy: trustProxyOption(deps.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First, so every request counts until it has answered: shutdown waits for them (main.ts).
  trackRequestsInFlight(app);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // cdn.plaid.com: Plaid Link, loaded only when a user connects a bank feed.
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.plaid.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://cdn.plaid.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // gzip/brotli for JSON and the client's assets (the public-site budget is measured compressed).
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: deps.config.sessionSecret });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Signal AR API',
        version: '1.0.0',
        description: 'Accounts receivable and payable.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAuth(app, { db: deps.db, now: deps.now, secureCookies: deps.config.secureCookies, sessionCacheMs: deps.config.sessionCacheMs, sessionMaxAgeMs: deps.config.sessionMaxAgeMs });
  registerRateLimit(app, { db: deps.db, now: deps.now, multiplier: deps.config.rateLimitMultiplier });
  registerKeyRotation(app, deps);

  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const, database: deps.dbKind };
    },
  );

  for (const feature of features) {
    await app.register(async (scope) => feature(scope.withTypeProvider<ZodTypeProvider>(), deps));
  }

  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) await registerClientFiles(app, clientDir);
  app.setNotFoundHandler((request, reply) => {
    const notFound = () =>
      reply.status(404).send({
        message: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`,
        code: 'NOT_FOUND',
      });
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !hasClient
    ) {
      return notFound();
    }
    return sendClientFile(request, reply, clientDir, notFound);
  });

  return app;
}
