import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5055);
// One data dir per port, known to both the server and the tests (which read the mail outbox).
const dataDir = path.join(tmpdir(), `signal-ar-e2e-${port}`);
process.env.E2E_DATA_DIR = dataDir;
const build = process.env.E2E_SKIP_BUILD ? '' : 'npm run build && ';
// A second server WITH Stripe keys, talking to the local fake Stripe server (src/server/test/fake-stripe.ts),
// for the journeys that pay through Stripe; the first server runs without Stripe (checkout.spec.ts
// asserts "Payment Unavailable"). Its port: E2E_STRIPE_PORT, else E2E_PORT + 50 (5105 by default).
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 50);
const stripeDataDir = path.join(tmpdir(), `signal-ar-e2e-${stripePort}`);
process.env.E2E_STRIPE_DATA_DIR = stripeDataDir;
// The mail-in SMTP receiver of the first server (mail-in.spec.ts sends to it over loopback).
const inboundSmtpPort = process.env.E2E_INBOUND_SMTP_PORT ?? '2626';
process.env.E2E_INBOUND_SMTP_PORT = inboundSmtpPort;
const STRIPE_SPECS = ['**/customer-portal-pay.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'app', testIgnore: STRIPE_SPECS },
    { name: 'stripe', testMatch: STRIPE_SPECS, use: { baseURL: `http://127.0.0.1:${stripePort}` } },
  ],
  webServer: [
    {
      command: `${build}node --import tsx e2e/serve.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_INBOUND_SMTP_PORT: inboundSmtpPort },
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://127.0.0.1:${stripePort}/api/health`,
      env: { E2E_PORT: String(stripePort), E2E_DATA_DIR: stripeDataDir, E2E_FAKE_STRIPE: '1' },
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
