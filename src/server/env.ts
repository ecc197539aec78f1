import { isIP } from 'node:net';
import { z } from 'zod';

/** The only reader of process.env. A bad value stops start-up with one line naming the variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  /** The key being rotated away from: still read, never written (README, "Rotating the encryption key"). */
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  APP_URL: z.string().url('must be a URL like https://ar.example.com').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Signal AR <no-reply@signal-ar.local>'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Override of Stripe's API host (the local fake Stripe server of the tests and e2e journeys): a full URL. */
  STRIPE_API_BASE: z.string().url('must be a URL').optional(),
  /** QuickBooks Online API connector (issue 14): the Intuit app's OAuth2 client; both or neither. */
  QBO_CLIENT_ID: z.string().min(1).optional(),
  QBO_CLIENT_SECRET: z.string().min(1).optional(),
  QBO_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides of Intuit's endpoints (a local fake server in tests, a proxy): full URLs. */
  QBO_API_BASE_URL: z.string().url('must be a URL').optional(),
  QBO_AUTHORIZE_URL: z.string().url('must be a URL').optional(),
  QBO_TOKEN_URL: z.string().url('must be a URL').optional(),
  /** Xero API connector: the Xero app's OAuth2 client; both or neither. */
  XERO_CLIENT_ID: z.string().min(1).optional(),
  XERO_CLIENT_SECRET: z.string().min(1).optional(),
  XERO_API_BASE_URL: z.string().url('must be a URL').optional(),
  XERO_AUTHORIZE_URL: z.string().url('must be a URL').optional(),
  XERO_TOKEN_URL: z.string().url('must be a URL').optional(),
  /** Plaid bank feeds (issue 30): the Plaid app's keys; both or neither. Without them, statements are imported as files. */
  PLAID_CLIENT_ID: z.string().min(1).optional(),
  PLAID_SECRET: z.string().min(1).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Override of Plaid's API host (a local fake server in tests, a proxy): a full URL. */
  PLAID_BASE_URL: z.string().url('must be a URL').optional(),
  /**
   * E-invoice access point (issue 36, Storecove's REST API shape): base URL (https://api.storecove.com/api/v2),
   * API key and the sender's legal entity id there. URL and key both or neither; the id with them.
   */
  EINVOICE_AP_URL: z.string().url('must be a URL like https://api.storecove.com/api/v2').optional(),
  EINVOICE_AP_KEY: z.string().min(1).optional(),
  EINVOICE_AP_LEGAL_ENTITY_ID: z.coerce.number().int().positive('must be a positive integer').optional(),
  /** Mail-in capture (issue 36): the SMTP receiver listens only when INBOUND_SMTP_PORT is set. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Loopback by default: a relay or port forward in front of it faces the internet, not this process. */
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  INBOUND_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(25 * 1024 * 1024),
  /** The domain of the workspaces' mail-in addresses (bills+<token>@MAIL_DOMAIN); default: APP_URL's host. */
  MAIL_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i, 'must be a domain name like ar.example.com')
    .optional(),
  WORKERS: z.enum(['on', 'off']).default('on'),
  /**
   * Which proxies may tell the client's address in X-Forwarded-For: unset trusts none (the socket's
   * peer is the client); a number trusts that many hops in front of the app; otherwise a comma list
   * of the proxies' addresses or CIDR ranges. Every per-address limit counts this address.
   */
  TRUST_PROXY: z
    .string()
    .transform((value, context): number | string[] => {
      const trimmed = value.trim();
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const entries = trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
      if (entries.length === 0 || !entries.every(isAddressOrRange)) {
        context.addIssue({ code: 'custom', message: 'must be a hop count (1) or comma-separated proxy addresses or CIDR ranges (10.0.0.0/8,127.0.0.1)' });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
  /** A session ends this many days after sign-in, however active (besides the 12-hour idle limit). */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1, 'must be at least 1').max(366, 'must be at most 366').default(30),
  /** Who runs this installation: they receive and may read the public site's contact requests. */
  OPERATOR_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().email('must be comma-separated email addresses')))
    .default([]),
  /** Raises every anonymous-write limit; for test servers that sign up many accounts from one address. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  // Test-only: the server's clock starts at this instant and runs on from there (CI's 00:30 UTC run).
  FAKE_NOW: z.iso.datetime({ offset: true, message: 'must be an ISO timestamp like 2026-11-24T00:30:00Z' }).optional(),
}).refine((env) => !env.DATABASE_URL || Boolean(env.SESSION_SECRET && env.ENCRYPTION_KEY), {
  // Generated keys live in one DATA_DIR: a second machine would make its own, and refuse the
  // first one's cookies and fail to read its encrypted bank account numbers.
  path: ['SESSION_SECRET'],
  message: 'and ENCRYPTION_KEY are required with DATABASE_URL (every process on one PostgreSQL must share them)',
}).refine((env) => !env.ENCRYPTION_KEY_PREVIOUS || Boolean(env.ENCRYPTION_KEY), {
  path: ['ENCRYPTION_KEY_PREVIOUS'],
  message: 'needs the new ENCRYPTION_KEY set beside it',
}).refine((env) => !env.ENCRYPTION_KEY_PREVIOUS || env.ENCRYPTION_KEY_PREVIOUS.toLowerCase() !== env.ENCRYPTION_KEY?.toLowerCase(), {
  path: ['ENCRYPTION_KEY_PREVIOUS'],
  message: 'is the same key as ENCRYPTION_KEY; set ENCRYPTION_KEY to the new key',
}).refine((env) => !(env.FAKE_NOW && env.NODE_ENV === 'production'), {
  path: ['FAKE_NOW'],
  message: 'is for tests only and is refused when NODE_ENV=production',
}).refine((env) => Boolean(env.QBO_CLIENT_ID) === Boolean(env.QBO_CLIENT_SECRET), {
  path: ['QBO_CLIENT_SECRET'],
  message: 'and QBO_CLIENT_ID must be set together',
}).refine((env) => Boolean(env.XERO_CLIENT_ID) === Boolean(env.XERO_CLIENT_SECRET), {
  path: ['XERO_CLIENT_SECRET'],
  message: 'and XERO_CLIENT_ID must be set together',
}).refine((env) => Boolean(env.PLAID_CLIENT_ID) === Boolean(env.PLAID_SECRET), {
  path: ['PLAID_SECRET'],
  message: 'and PLAID_CLIENT_ID must be set together',
}).refine((env) => Boolean(env.EINVOICE_AP_URL) === Boolean(env.EINVOICE_AP_KEY), {
  path: ['EINVOICE_AP_KEY'],
  message: 'and EINVOICE_AP_URL must be set together',
}).refine((env) => !env.EINVOICE_AP_URL || env.EINVOICE_AP_LEGAL_ENTITY_ID !== undefined, {
  path: ['EINVOICE_AP_LEGAL_ENTITY_ID'],
  message: 'is required with EINVOICE_AP_URL (the sender\'s legal entity id at the access point)',
}).refine((env) => !env.EINVOICE_AP_URL || env.EINVOICE_AP_URL.startsWith('https://'), {
  path: ['EINVOICE_AP_URL'],
  message: 'must use https',
});

export type Env = z.infer<typeof envSchema>;

/** An IPv4 or IPv6 address, optionally with a /prefix within the family's bits. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset, so `DATABASE_URL= npm start` means "embedded".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new Error(`Invalid ${name}: ${issue?.message ?? 'bad value'}`);
  }
  return result.data;
}

export function readEnv(): Env {
  return parseEnv(process.env);
}
