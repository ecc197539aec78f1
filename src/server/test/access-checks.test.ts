import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, users } from '../db/schema';
import { isNormalPath } from '../platform/auth';
import { type TestApp, createTestApp } from './create-test-app';
import { type SignedIn, signUp } from './factories';

/**
 * The central checks (signed in, viewers read-only, no cross-origin writes) for every write in the
 * OpenAPI document, sent over a real socket (app.inject would normalise the path) through the
 * plain path and through spellings the router could decode to the same route.
 */
let t: TestApp;
let base: string;
let owner: SignedIn;
let viewer: SignedIn;
let writes: { method: string; path: string }[] = [];

/** Writes anyone may make without a session. */
const publicWrites = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/login/two-factor',
  'POST /api/logout',
  'POST /api/accounting-firms/register',
  'POST /api/contact',
  'POST /api/team/invitations/{token}/accept',
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
  // The customer portal: public for the staff check, each route asks for a portal session itself.
  'POST /api/portal/session',
  'POST /api/portal/logout',
  // The customer portal's writes: a portal session, never a staff one (issue 31).
  'POST /api/portal/payments',
  'POST /api/portal/autopay',
  // The vendor's W-9 form: its link's token is the only key (issue 32).
  'POST /api/vendor-forms/{token}',
]);
/** Writes a viewer may make: their own profile, preferences, password, currency, second factor and active workspace. */
const viewerWrites = new Set([
  'PUT /api/user/profile',
  'PUT /api/user/preferences',
  'PUT /api/user/password',
  'PUT /api/user/currency',
  'POST /api/user/two-factor/enrolment',
  'POST /api/user/two-factor/confirm',
  'POST /api/user/two-factor/disable',
  'POST /api/user/two-factor/recovery-codes',
  'PUT /api/session/workspace',
]);

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** The same route spelled so a lenient router might still match it. */
function variants(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [`/%61pi${rest}`, `/api/${rest}`, `/api/.${rest}`, `/api/x/..${rest}`, `/API${rest}`, `/Api${rest}`, `/api%2F${rest.slice(1)}`];
}

function send(method: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = method === 'DELETE' ? '' : '{}';
    // The path as written: a URL object would resolve its dot segments before sending.
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: new URL(base).port,
        path,
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function footprint(): Promise<number[]> {
  const [customerRows] = await t.deps.db.select({ n: count() }).from(customers);
  const [auditRows] = await t.deps.db.select({ n: count() }).from(auditLog);
  return [customerRows?.n ?? 0, auditRows?.n ?? 0];
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  viewer = await signUp(t.app);
  await t.deps.db.update(users).set({ role: 'viewer' }).where(eq(users.id, viewer.user.id));
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  writes = Object.entries(spec.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })))
    .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
    // Signing out ends the session the other writes are tried with: last.
    .sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

describe('access checks on the matched route', () => {
  it('finds the writes to try', () => {
    expect(writes.length).toBeGreaterThan(40);
  });

  it("refuses a viewer's write on every route but their own settings, through every spelling", async () => {
    const before = await footprint();
    const failures: string[] = [];
    for (const route of writes) {
      const path = route.path.replace(/\{[^}]+\}/g, SAMPLE_ID);
      const key = `${route.method} ${route.path}`;
      const plain = await send(route.method, path, { cookie: viewer.cookie });
      const allowed = publicWrites.has(key) || viewerWrites.has(key);
      if (!allowed && plain.status !== 403) failures.push(`${key} -> ${plain.status}`);
      for (const variant of variants(path)) {
        const answer = await send(route.method, variant, { cookie: viewer.cookie });
        if (answer.status !== 400 && answer.status !== 404) failures.push(`${route.method} ${variant} -> ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a cross-origin write on every route, through every spelling', async () => {
    const before = await footprint();
    const failures: string[] = [];
    for (const route of writes) {
      const path = route.path.replace(/\{[^}]+\}/g, SAMPLE_ID);
      for (const target of [path, ...variants(path)]) {
        const answer = await send(route.method, target, { cookie: owner.cookie, origin: 'http://evil.example' });
        const expected = target === path ? [403] : [400, 404];
        if (!expected.includes(answer.status)) failures.push(`${route.method} ${target} -> ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await footprint()).toEqual(before);
  });

  it('closes the reported hole: a viewer creating a customer through /%61pi/customers', async () => {
    const answer = await send('POST', '/%61pi/customers', { cookie: viewer.cookie });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request path is not in its normal form', code: 'BAD_REQUEST' });
    const reads = await send('GET', '/%61pi/customers', { cookie: owner.cookie });
    expect(reads.status).toBe(400);
  });

  it('still lets the same writes through on the plain path for the right user', async () => {
    const created = await send('POST', '/api/customers', { cookie: owner.cookie, origin: base });
    // {} is not a valid customer: the checks passed and validation answered.
    expect(created.status).toBe(400);
    expect(JSON.parse(created.body)).toMatchObject({ code: 'VALIDATION' });
    expect((await send('POST', '/api/customers', {})).status).toBe(401);
  });
});

describe('isNormalPath', () => {
  it('accepts plain paths, encoded reserved characters and query strings', () => {
    for (const path of ['/', '/api/customers', '/api/customers/1%27%20or%20%271%27%3D%271', '/join/abc-DEF_12~', '/api/invoices?search=%61b%2F..//'])
      expect(isNormalPath(path), path).toBe(true);
  });

  it('refuses encoded unreserved characters or slashes, dot segments, empty segments and bad escapes', () => {
    for (const path of ['/%61pi/customers', '/api%2Fcustomers', '/api/%2e/customers', '/api//customers', '/api/./customers', '/api/../api/customers', '/api\\customers', '/api/%zz', '/api/%4', 'api/customers'])
      expect(isNormalPath(path), path).toBe(false);
  });
});
