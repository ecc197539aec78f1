import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../invoices/invoices.fixtures';
import { signInToPortal } from './portal-fixtures';

/**
 * The portal against every route of the OpenAPI document (issue 31): a portal session opens no
 * staff route, a staff session no portal route, and a portal session reads only its own customer.
 */
let t: TestApp;
let owner: SignedIn;
let routes: { method: string; path: string }[] = [];
let portalCookie = '';
let ownInvoiceId = '';
let otherCustomerInvoiceId = '';
let otherWorkspaceInvoiceId = '';

const isPortal = (path: string) => path === '/api/portal' || path.startsWith('/api/portal/');
/** The two portal writes that need no portal session: signing in (with a token) and signing out. */
const portalWithoutSession = new Set(['POST /api/portal/session', 'POST /api/portal/logout']);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  const customer = await createCustomerFor(owner);
  const neighbour = await createCustomerFor(owner);
  ownInvoiceId = (await createInvoiceFor(owner, customer.id, { status: 'sent' })).id;
  otherCustomerInvoiceId = (await createInvoiceFor(owner, neighbour.id, { status: 'sent' })).id;
  const stranger = await signUp(t.app);
  const theirs = await createCustomerFor(stranger, { email: customer.email });
  otherWorkspaceInvoiceId = (await createInvoiceFor(stranger, theirs.id, { status: 'sent' })).id;
  portalCookie = (await signInToPortal(t, owner, customer)).cookie;
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => method.toUpperCase())
      .filter((method) => !['HEAD', 'OPTIONS'].includes(method))
      .map((method) => ({ method, path })),
  );
});
afterAll(async () => t.close());

function send(method: string, path: string, cookie?: string) {
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  return t.app.inject({
    method: method as 'GET',
    url: path.replace(/\{[^}]+\}/g, ownInvoiceId),
    headers: cookie ? { cookie } : {},
    ...(body ? { payload: body } : {}),
  });
}

describe('the portal session against every route', () => {
  it('finds staff and portal routes to try', () => {
    expect(routes.filter((route) => !isPortal(route.path)).length).toBeGreaterThan(100);
    expect(routes.filter((route) => isPortal(route.path)).map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/portal/account', 'GET /api/portal/invoices', 'GET /api/portal/invoices/{id}/pdf', 'POST /api/portal/session']),
    );
  });

  it('opens no staff route: a portal cookie answers as no cookie does (401, or the public answer)', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPortal(r.path))) {
      const anonymous = await send(route.method, route.path);
      const withPortal = await send(route.method, route.path, portalCookie);
      const key = `${route.method} ${route.path}`;
      if (anonymous.statusCode === 401 && withPortal.statusCode !== 401) failures.push(`${key} -> ${withPortal.statusCode}`);
      if (anonymous.statusCode !== 401 && withPortal.statusCode !== anonymous.statusCode) {
        failures.push(`${key} (public) -> ${withPortal.statusCode}, without a cookie ${anonymous.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // The session still works after all that.
    expect((await send('GET', '/api/portal/account', portalCookie)).statusCode).toBe(200);
  });

  it('answers 401 on every portal route without a portal session, also with a staff cookie', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => isPortal(r.path) && !portalWithoutSession.has(`${r.method} ${r.path}`))) {
      for (const [who, cookie] of [
        ['nobody', undefined],
        ['staff', owner.cookie],
      ] as const) {
        const answer = await send(route.method, route.path, cookie);
        if (answer.statusCode !== 401) failures.push(`${route.method} ${route.path} as ${who} -> ${answer.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 on portal reads of another customer's or another workspace's invoice", async () => {
    const reads = routes.filter((r) => isPortal(r.path) && r.method === 'GET' && r.path.includes('{id}'));
    expect(reads.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of reads) {
      const own = await t.app.inject({ method: 'GET', url: route.path.replace('{id}', ownInvoiceId), headers: { cookie: portalCookie } });
      if (own.statusCode !== 200) failures.push(`${route.path} own -> ${own.statusCode}`);
      for (const id of [otherCustomerInvoiceId, otherWorkspaceInvoiceId, '00000000-0000-4000-8000-000000000000']) {
        const answer = await t.app.inject({ method: 'GET', url: route.path.replace('{id}', id), headers: { cookie: portalCookie } });
        if (answer.statusCode !== 404) failures.push(`${route.path} ${id} -> ${answer.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
