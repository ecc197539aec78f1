import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConcurrencyFailure, registerErrorHandler } from './errors';

/** A driver error as drizzle wraps it: the PostgreSQL code on the cause. */
function wrapped(code: string): Error {
  return Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code }) });
}

describe('the error handler', () => {
  it('answers a deadlock, serialization failure or lock timeout with 409 and Retry-After, not 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/deadlock', async () => {
      throw wrapped('40P01');
    });
    app.get('/other', async () => {
      throw wrapped('XX000');
    });
    const deadlock = await app.inject({ method: 'GET', url: '/deadlock' });
    expect(deadlock.statusCode).toBe(409);
    expect(deadlock.headers['retry-after']).toBe('1');
    expect(deadlock.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('try again') });
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    await app.close();
  });

  it('recognises each concurrency code and nothing else', () => {
    for (const code of ['40P01', '40001', '55P03']) expect(isConcurrencyFailure(wrapped(code))).toBe(true);
    expect(isConcurrencyFailure(wrapped('23505'))).toBe(false);
    expect(isConcurrencyFailure(new Error('plain'))).toBe(false);
  });
});
