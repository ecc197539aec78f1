import path from 'node:path';
import type { Env } from './env';
import { withPreviousKey } from './platform/encryption';
import { readOrCreateSecret } from './platform/secrets';
import { SESSION_CACHE_MS } from './platform/session-cache';

/** Everything the app needs from the environment, resolved once and passed down as arguments. */
export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  dataDir: string;
  appUrl: string;
  sessionSecret: string;
  /** ENCRYPTION_KEY; during a rotation it carries ENCRYPTION_KEY_PREVIOUS (platform/encryption.ts previousKeyOf). */
  encryptionKey: Buffer;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** apiBase: STRIPE_API_BASE, another host for Stripe's API (a local fake server in tests). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiBase?: string | null } | null;
  secureCookies: boolean;
  /** Lower-cased; they are mailed contact requests and may read them. Empty: nobody. */
  operatorEmails: string[];
  /**
   * TRUST_PROXY as Fastify's trustProxy takes it: false trusts no X-Forwarded-For, a number that
   * many proxy hops, a list those proxies' addresses or ranges. Absent: false.
   */
  trustProxy?: false | number | string[];
  /** A session's absolute lifetime from sign-in (SESSION_MAX_AGE_DAYS); absent: 30 days. */
  sessionMaxAgeMs?: number;
  /** Multiplies every rate limit (1 in production; test servers raise it). */
  rateLimitMultiplier: number;
  /** QuickBooks Online API (issue 14): null unless QBO_CLIENT_ID and QBO_CLIENT_SECRET are set. */
  quickbooksOnline?: OAuthProviderConfig | null;
  /** Xero API (issue 14): null unless XERO_CLIENT_ID and XERO_CLIENT_SECRET are set. */
  xero?: OAuthProviderConfig | null;
  /** Plaid bank feeds (issue 30): null unless PLAID_CLIENT_ID and PLAID_SECRET are set. */
  plaid?: PlaidConfig | null;
  /** The e-invoice access point (issue 36): null unless EINVOICE_AP_URL, _KEY and _LEGAL_ENTITY_ID are set. */
  einvoiceAccessPoint?: AccessPointConfig | null;
  /**
   * Test-only relaxations, never set by buildConfig (so never from the environment): API tests
   * pass them to createTestApp. `allowLoopbackWebhooks` lets webhook deliveries reach a local
   * receiver on a loopback address (http or https); `resolveHost` replaces DNS for the webhook
   * guard. Production always runs the full SSRF guard.
   */
  testOnly?: {
    allowLoopbackWebhooks?: boolean;
    /** A shorter webhook request timeout than the 10 s, so a test of a silent receiver is quick. */
    webhookTimeoutMs?: number;
    resolveHost?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
    /** Lets the access point client reach a fake access point on a loopback address over http. */
    allowLoopbackAccessPoint?: boolean;
    /** A shorter access point request timeout than the 20 s, so a test of a silent server is quick. */
    accessPointTimeoutMs?: number;
  };
  /**
   * How long (ms) a session lookup is reused in this process (platform/session-cache.ts); absent
   * or 0: every request asks the database. The server uses SESSION_CACHE_MS (a few seconds).
   */
  sessionCacheMs?: number;
  /** Mail-in capture (issue 36): the addresses' domain, and the receiver's listen address (null: off). */
  mailIn?: MailInConfig;
}

export interface MailInConfig {
  domain: string;
  /** null unless INBOUND_SMTP_PORT is set. */
  smtp: { port: number; host: string; maxMessageBytes: number } | null;
}

/** An OAuth2 API provider's app credentials, and base URLs (overridable so tests use a fake server). */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** QuickBooks Online only: sandbox or production company files. */
  environment: 'sandbox' | 'production';
  /** The accounting API's base URL. */
  apiBaseUrl: string;
  /** The authorization page the user is sent to. */
  authorizeUrl: string;
  /** The token endpoint (code exchange and refresh). */
  tokenUrl: string;
}

/** An e-invoice access point's REST API (Storecove's shape): base URL, key and our legal entity there. */
export interface AccessPointConfig {
  baseUrl: string;
  apiKey: string;
  legalEntityId: number;
}

/** Plaid's keys and API host (overridable so tests use a fake server). */
export interface PlaidConfig {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'production';
  baseUrl: string;
}

export function buildConfig(env: Env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    dataDir,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    encryptionKey: withPreviousKey(
      Buffer.from(env.ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'encryption-key'), 'hex'),
      env.ENCRYPTION_KEY_PREVIOUS ? Buffer.from(env.ENCRYPTION_KEY_PREVIOUS, 'hex') : null,
    ),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ?? null,
          }
        : null,
    secureCookies: env.NODE_ENV === 'production',
    operatorEmails: env.OPERATOR_EMAILS,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    trustProxy: env.TRUST_PROXY ?? false,
    sessionMaxAgeMs: env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    quickbooksOnline:
      env.QBO_CLIENT_ID && env.QBO_CLIENT_SECRET
        ? {
            clientId: env.QBO_CLIENT_ID,
            clientSecret: env.QBO_CLIENT_SECRET,
            environment: env.QBO_ENVIRONMENT,
            apiBaseUrl: (
              env.QBO_API_BASE_URL ??
              (env.QBO_ENVIRONMENT === 'production' ? 'https://quickbooks.api.intuit.com' : 'https://sandbox-quickbooks.api.intuit.com')
            ).replace(/\/$/, ''),
            authorizeUrl: env.QBO_AUTHORIZE_URL ?? 'https://appcenter.intuit.com/connect/oauth2',
            tokenUrl: env.QBO_TOKEN_URL ?? 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
          }
        : null,
    xero:
      env.XERO_CLIENT_ID && env.XERO_CLIENT_SECRET
        ? {
            clientId: env.XERO_CLIENT_ID,
            clientSecret: env.XERO_CLIENT_SECRET,
            environment: 'production',
            apiBaseUrl: (env.XERO_API_BASE_URL ?? 'https://api.xero.com').replace(/\/$/, ''),
            authorizeUrl: env.XERO_AUTHORIZE_URL ?? 'https://login.xero.com/identity/connect/authorize',
            tokenUrl: env.XERO_TOKEN_URL ?? 'https://identity.xero.com/connect/token',
          }
        : null,
    plaid:
      env.PLAID_CLIENT_ID && env.PLAID_SECRET
        ? {
            clientId: env.PLAID_CLIENT_ID,
            secret: env.PLAID_SECRET,
            environment: env.PLAID_ENV,
            baseUrl: (env.PLAID_BASE_URL ?? `https://${env.PLAID_ENV}.plaid.com`).replace(/\/$/, ''),
          }
        : null,
    einvoiceAccessPoint:
      env.EINVOICE_AP_URL && env.EINVOICE_AP_KEY && env.EINVOICE_AP_LEGAL_ENTITY_ID !== undefined
        ? { baseUrl: env.EINVOICE_AP_URL.replace(/\/$/, ''), apiKey: env.EINVOICE_AP_KEY, legalEntityId: env.EINVOICE_AP_LEGAL_ENTITY_ID }
        : null,
    sessionCacheMs: SESSION_CACHE_MS,
    mailIn: {
      domain: (env.MAIL_DOMAIN ?? new URL(env.APP_URL ?? 'http://localhost').hostname).toLowerCase(),
      smtp: env.INBOUND_SMTP_PORT
        ? { port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST, maxMessageBytes: env.INBOUND_MAX_MESSAGE_BYTES }
        : null,
    },
  };
}
