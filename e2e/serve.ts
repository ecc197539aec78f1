import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The app as `npm start` runs it, on a fresh embedded database in a temporary DATA_DIR.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), 'signal-ar-e2e');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '5055';
process.env.HOST = '127.0.0.1';
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = 'warn';
// The journeys sign up many accounts from 127.0.0.1 in one run; the limits stay on, 20 times higher
// (the API tests check the real limits).
process.env.RATE_LIMIT_MULTIPLIER = '20';
delete process.env.DATABASE_URL;
// Bank feeds against a local fake of Plaid's API (src/server/test/fake-plaid.ts): the journeys link
// and sync a sandbox account without reaching the internet.
if (!process.env.PLAID_CLIENT_ID) {
  const { startFakePlaid } = await import('../src/server/test/fake-plaid');
  const { startClock } = await import('../src/server/platform/clock');
  const plaid = await startFakePlaid({ now: startClock(process.env.FAKE_NOW) });
  Object.assign(process.env, { PLAID_CLIENT_ID: plaid.clientId, PLAID_SECRET: plaid.secret, PLAID_ENV: 'sandbox', PLAID_BASE_URL: plaid.url });
}
// E2E_FAKE_STRIPE: this server takes card payments through a local fake of Stripe's API
// (src/server/test/fake-stripe.ts), which also serves a fake Stripe.js and posts signed webhooks
// here. The journeys find its address in DATA_DIR/fake-stripe.json.
if (process.env.E2E_FAKE_STRIPE) {
  const { writeFileSync } = await import('node:fs');
  const { startFakeStripe } = await import('../src/server/test/fake-stripe');
  const stripe = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${process.env.PORT}/api/webhooks/stripe` });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  writeFileSync(path.join(dataDir, 'fake-stripe.json'), JSON.stringify({ url: stripe.url }));
}
// Mail-in (issue 36): the first server takes mail on loopback for bills+<token>@mail.signal-ar.test.
if (process.env.E2E_INBOUND_SMTP_PORT && !process.env.E2E_FAKE_STRIPE) {
  Object.assign(process.env, { INBOUND_SMTP_PORT: process.env.E2E_INBOUND_SMTP_PORT, INBOUND_SMTP_HOST: '127.0.0.1', MAIL_DOMAIN: 'mail.signal-ar.test' });
}
console.log(`e2e DATA_DIR=${process.env.DATA_DIR}`);
await import('../src/server/main');
