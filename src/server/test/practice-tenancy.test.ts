import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '../db/schema';
import { addClient, signUpFirm } from '../features/practice/practice.fixtures';
import { addMember } from '../features/team/team.fixtures';
import type { PracticeClient } from '../../shared/contracts/practice';
import { type TestApp, createTestApp } from './create-test-app';
import { type SignedIn, signUp } from './factories';

/**
 * Every practice route, from the OpenAPI document: a business is refused (403) before anything is
 * read, and a client id the caller may not see (another firm's, or no grant) is a 404 for reads
 * and changes nothing for writes, however the body looks.
 */
let t: TestApp;
let routes: { method: string; path: string }[] = [];
let firm: SignedIn;
let accountant: SignedIn;
let otherFirm: SignedIn;
let business: SignedIn;
let client: PracticeClient;

beforeAll(async () => {
  t = await createTestApp();
  firm = await signUpFirm(t);
  accountant = await addMember(t, firm, 'accountant');
  otherFirm = await signUpFirm(t);
  business = await signUp(t.app);
  client = await addClient(firm);
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/practice/') || path.startsWith('/api/onboarding/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(async () => t.close());

const fill = (path: string, id: string, userId: string) =>
  path.replace('{id}', id).replace('{userId}', userId).replace('{n}', '1').replace(/\{[A-Za-z]+\}/g, '00000000-0000-4000-8000-000000000000');

async function footprint() {
  const [audits] = await t.deps.db.select({ n: count() }).from(auditLog);
  const [row] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
  return { audits: audits?.n ?? 0, row };
}

describe('practice routes', () => {
  it('are in the API document', () => {
    expect(routes.length).toBeGreaterThan(2);
  });

  it('refuse a business account (403) on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const response = await business.request({ method: route.method as 'GET', url: fill(route.path, client.id, business.user.id), payload: route.method === 'GET' ? undefined : {} });
      if (response.statusCode !== 403) failures.push(`${route.method} ${route.path} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("hide a client from an accountant without a grant and from another firm: reads 404, writes change nothing", async () => {
    const before = await footprint();
    const failures: string[] = [];
    for (const caller of [accountant, otherFirm]) {
      for (const route of routes.filter((candidate) => candidate.path.includes('{id}'))) {
        const url = fill(route.path, client.id, firm.user.id);
        const response = await caller.request({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
        // A write may be refused for the caller's role first (403): that says nothing about the client.
        const allowed = route.method === 'GET' ? [404] : [400, 403, 404, 415];
        if (!allowed.includes(response.statusCode)) failures.push(`${route.method} ${route.path} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (response.body.includes(client.name)) failures.push(`${route.method} ${route.path} leaks the client's name`);
      }
    }
    expect(failures).toEqual([]);
    expect(await footprint()).toEqual(before);
  });

  it("never list another firm's clients or ungranted ones", async () => {
    for (const caller of [accountant, otherFirm]) {
      for (const route of routes.filter((candidate) => candidate.method === 'GET' && !candidate.path.includes('{'))) {
        const response = await caller.request({ method: 'GET', url: route.path });
        expect(response.body, `${route.path}`).not.toContain(client.name);
      }
    }
  });
});
