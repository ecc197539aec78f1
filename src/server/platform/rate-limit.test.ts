import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { rateLimitCounters } from '../db/schema';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { nextClientAddress, uniqueName } from '../test/factories';
import { deleteOldRateLimitWindows, hitRateLimit } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  // On a window boundary, so Retry-After is the whole window.
  t = await createTestApp({ now: new Date('2026-11-24T10:00:00Z') });
});
afterAll(async () => t.close());

const contact = (remoteAddress: string, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress,
    payload: { topic: 'demo', name: 'Dana Whitfield', email: 'dana@harbor.example', firm: 'Harbor CPA', message: 'Please show us the reminders.' },
  });

function registration(remoteAddress: string) {
  const username = uniqueName();
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress,
    payload: { username, email: `${username}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' },
  });
}

function firmRegistration(remoteAddress: string) {
  const name = uniqueName('firm');
  return t.app.inject({
    method: 'POST',
    url: '/api/accounting-firms/register',
    remoteAddress,
    payload: {
      firmName: 'Harbor CPA',
      firmEmail: `${name}@harbor.example`,
      ownerFirstName: 'Dana',
      ownerLastName: 'Whitfield',
      ownerEmail: `${name}.owner@harbor.example`,
      ownerUsername: name,
      ownerPassword: 'harbor-secret',
      confirmPassword: 'harbor-secret',
      agreeToTerms: true,
    },
  });
}

describe('throttling anonymous writes', () => {
  it('answers the 6th contact request from one address in 10 minutes with 429 and Retry-After', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 5; i += 1) expect((await contact(address)).statusCode).toBe(201);
    const refused = await contact(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many requests. Try again in 10 minutes.', code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe('600');
  });

  it('counts each address on its own', async () => {
    const busy = nextClientAddress();
    for (let i = 0; i < 6; i += 1) await contact(busy);
    expect((await contact(busy)).statusCode).toBe(429);
    expect((await contact(nextClientAddress())).statusCode).toBe(201);
  });

  it('lets requests through again when the window ends', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 6; i += 1) await contact(address);
    t.clock.advance(9 * 60_000);
    const late = await contact(address);
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBe('60');
    t.clock.advance(60_000);
    expect((await contact(address)).statusCode).toBe(201);
  });

  it('shares the count between two server processes on one database', async () => {
    const second = await createApp(t.deps);
    await second.ready();
    try {
      const address = nextClientAddress();
      for (let i = 0; i < 5; i += 1) expect((await contact(address, i % 2 === 0 ? t.app : second)).statusCode).toBe(201);
      expect((await contact(address, second)).statusCode).toBe(429);
      expect((await contact(address, t.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('allows 10 sign-ups an hour from one address, accounts and firms together', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 5; i += 1) expect((await registration(address)).statusCode).toBe(201);
    for (let i = 0; i < 5; i += 1) expect((await firmRegistration(address)).statusCode).toBe(201);
    const refused = await registration(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await firmRegistration(address)).statusCode).toBe(429);
    expect((await registration(nextClientAddress())).statusCode).toBe(201);
  });

  it('does not count a malformed request, which gets its 400', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 12; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: address, payload: { username: 'x' } });
      expect(response.statusCode).toBe(400);
    }
    expect((await registration(address)).statusCode).toBe(201);
  });

  it('throttles invitation links: the 11th try in an hour from one address is refused', async () => {
    const address = nextClientAddress();
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/team/invitations/guessed-token/accept',
        remoteAddress: address,
        payload: { username: uniqueName('joiner'), password: 'joiner password', firstName: 'Jo', lastName: 'Iner' },
      });
    for (let i = 0; i < 10; i += 1) expect((await accept()).statusCode).not.toBe(429);
    expect((await accept()).statusCode).toBe(429);
  });
});

describe('rate-limit counters', () => {
  it('counts atomically in fixed windows', async () => {
    const key = `test:${uniqueName()}`;
    const now = new Date('2026-11-24T12:34:56Z');
    const hits = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(t.deps.db, key, 15 * 60_000, now)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hits[0]?.windowEndsAt.toISOString()).toBe('2026-11-24T12:45:00.000Z');
    expect((await hitRateLimit(t.deps.db, key, 15 * 60_000, new Date('2026-11-24T12:45:00Z'))).count).toBe(1);
  });

  it('deletes windows older than a day and keeps the others', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    await hitRateLimit(t.deps.db, 'test:old', 60_000, new Date('2026-11-29T00:00:00Z'));
    await hitRateLimit(t.deps.db, 'test:recent', 60_000, new Date('2026-11-30T12:00:00Z'));
    await deleteOldRateLimitWindows(t.deps.db, now);
    const rows = await t.deps.db.select({ key: rateLimitCounters.key, n: count() }).from(rateLimitCounters).groupBy(rateLimitCounters.key);
    const keys = rows.map((row) => row.key);
    expect(keys).toContain('test:recent');
    expect(keys).not.toContain('test:old');
  });
});
