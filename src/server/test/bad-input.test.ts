import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './create-test-app';
import { type SignedIn, signUp } from './factories';

/**
 * Every route in the OpenAPI document, called with malformed input by a signed-in owner: each
 * answer is a clear 4xx JSON error, never a 500 (and the server keeps answering).
 */
let t: TestApp;
let owner: SignedIn;
let routes: { method: string; path: string }[] = [];

const badBodies: unknown[] = [
  {},
  [],
  'just a string',
  { id: 'x', amount: 'NaN', email: 42, items: 'none', billIds: [{}], quantity: -1, date: 'yesterday' },
  { amount: '1e309', totalAmount: '1'.repeat(40), items: [{ description: '', quantity: 'abc', unitPrice: {} }] },
  { name: null, email: null, currency: '💥', role: 'god', requestIds: 'all', microDeposit1: '0.001' },
];
const badIds = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", '%00'];
// Routes that end the session or need a real file upload are exercised by their own tests.
const skipped = new Set(['POST /api/logout']);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => t.close());

function fill(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

describe('malformed input on every route', () => {
  it('finds the API routes to try', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers every malformed request with a 4xx JSON error', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (skipped.has(`${route.method} ${route.path}`)) continue;
      for (const id of badIds) {
        const url = fill(route.path, id);
        const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : badBodies;
        for (const body of bodies) {
          const response = await owner.request({
            method: route.method as 'GET',
            url: `${url}${url.includes('?') ? '&' : '?'}limit=-5&offset=abc&days=7000&status=%27`,
            ...(body === undefined ? {} : { payload: body as object }),
          });
          if (response.statusCode >= 500) {
            failures.push(`${route.method} ${url} ${JSON.stringify(body)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          } else if (response.statusCode >= 400 && !String(response.headers['content-type'] ?? '').includes('json')) {
            failures.push(`${route.method} ${url} -> ${response.statusCode} without a JSON body`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Every route times every bad id and body: its time grows with the API, not with a fault.
  }, 300_000);

  it('answers every route spelled another way (encoded, doubled slash, mixed case) with a 400 or 404 JSON error', async () => {
    // Dot segments are tried over a real socket in access-checks.test.ts: inject resolves them.
    const spellings = (path: string) => {
      const rest = path.slice('/api'.length);
      return [`/%61pi${rest}`, `/%61%70%69${rest}`, `/api/${rest}`, `/API${rest}`, `/aPi${rest}`, `/api%2F${rest.slice(1)}`];
    };
    const failures: string[] = [];
    for (const route of routes) {
      if (skipped.has(`${route.method} ${route.path}`)) continue;
      for (const url of spellings(fill(route.path, badIds[1] ?? ''))) {
        const response = await owner.request({ method: route.method as 'GET', url, ...(route.method === 'GET' ? {} : { payload: {} }) });
        const json = String(response.headers['content-type'] ?? '').includes('json');
        if (![400, 404].includes(response.statusCode) || !json) failures.push(`${route.method} ${url} -> ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
