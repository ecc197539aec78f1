import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';

/** The configuration a test server runs with: no mail server, no Stripe, fresh secrets. */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    dataDir,
    appUrl: 'http://localhost:5000',
    sessionSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32),
    smtpUrl: undefined,
    mailFrom: 'Signal AR <no-reply@signal-ar.test>',
    stripe: null,
    secureCookies: false,
    operatorEmails: [],
    rateLimitMultiplier: 1,
    ...overrides,
  };
}
