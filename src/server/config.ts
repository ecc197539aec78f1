import path from 'node:path';
import type { Env } from './env';
import { readOrCreateSecret } from './platform/secrets';
import { SESSION_CACHE_MS } from './platform/session-cache';

/** Everything the app needs from the environment, resolved once and passed down as arguments. */
export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  dataDir: string;
  appUrl: string;
  sessionSecret: string;
  encryptionKey: Buffer;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | null;
  secureCookies: boolean;
  /** Lower-cased; they are mailed contact requests and may read them. Empty: nobody. */
  operatorEmails: string[];
  /** Multiplies every rate limit (1 in production; test servers raise it). */
  rateLimitMultiplier: number;
  /**
   * How long (ms) a session lookup is reused in this process (platform/session-cache.ts); absent
   * or 0: every request asks the database. The server uses SESSION_CACHE_MS (a few seconds).
   */
  sessionCacheMs?: number;
}

export function buildConfig(env: Env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    dataDir,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'encryption-key'), 'hex'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : null,
    secureCookies: env.NODE_ENV === 'production',
    operatorEmails: env.OPERATOR_EMAILS,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    sessionCacheMs: SESSION_CACHE_MS,
  };
}
