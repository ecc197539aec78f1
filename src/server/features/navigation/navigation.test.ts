import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('navigation counts', () => {
  it('counts only the signed-in organization\'s customers', async () => {
    const mine = await signUp(t.app);
    const theirs = await signUp(t.app);
    for (const [owner, name] of [
      [mine, 'Acme'],
      [mine, 'Globex'],
      [theirs, 'Initech'],
    ] as const) {
      const response = await owner.request({
        method: 'POST',
        url: '/api/customers',
        payload: { name, email: `${name.toLowerCase()}@example.com` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const response = await mine.request({ method: 'GET', url: '/api/navigation/counts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customers: 2, openInvoices: 0, unpaidBills: 0, pendingApprovals: 0, clientsInOnboarding: 0 });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/navigation/counts' })).statusCode).toBe(401);
  });
});
