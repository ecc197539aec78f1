import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, redactPaths } from '../../app';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { ACCOUNT_NUMBER, addVerifiedBankAccount } from '../bank-accounts/bank-accounts.fixtures';
import { VENDOR_ACCOUNT, createBill, createVendor, scheduleOk } from './payment-runs.fixtures';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterAll(async () => testApp.close());

it('keeps account numbers out of the logs, even at trace level and on failed requests', async () => {
  let logged = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const app = await createApp({
    ...testApp.deps,
    logger: { level: 'trace', stream, redact: { paths: redactPaths, censor: '[redacted]' } },
  });
  await app.ready();
  try {
    const owner = await signUp(app);
    const account = await addVerifiedBankAccount(testApp, owner);
    const bad = await owner.request({
      method: 'POST',
      url: '/api/bank-accounts',
      payload: { accountNumber: ACCOUNT_NUMBER, routingNumber: '123456789' },
    });
    expect(bad.statusCode).toBe(400);
    const vendor = await createVendor(owner);
    const run = await scheduleOk(owner, {
      billIds: [(await createBill(owner, vendor.id, '10.00')).id],
      bankAccountId: account.id,
      method: 'ach',
      scheduledDate: '2026-11-20',
    });
    const file = await owner.request({
      method: 'GET',
      url: `/api/payment-runs/${run.paymentRunId}/nacha`,
    });
    expect(file.body).toContain(VENDOR_ACCOUNT);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(ACCOUNT_NUMBER);
    expect(logged).not.toContain(VENDOR_ACCOUNT);
  } finally {
    await app.close();
  }
});
