import type { FastifyInstance } from 'fastify';

export interface RequestsInFlight {
  /** Requests whose handler is still running or whose response is still being written. */
  count(): number;
  /** Resolves true when no request is in flight, or false after `timeoutMs` with some still running. */
  settled(timeoutMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestsInFlight: RequestsInFlight;
  }
}

/**
 * Counts requests from their first hook until both their handler has answered (onSend, which runs
 * even when the client has gone) and their response has closed. Fastify's close waits only for open
 * connections: a client that hangs up mid-request (a load test ending) closes its connection while
 * the handler still queries, and the pool closed under it ("Cannot use a pool after calling end on
 * the pool"). Shutdown waits for this count to reach zero before it closes the pool (main.ts).
 */
export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  let running = 0;
  let waiters: (() => void)[] = [];
  const pending = new WeakMap<object, { answered: boolean; closed: boolean }>();

  const settle = (request: object, step: 'answered' | 'closed') => {
    const state = pending.get(request);
    if (!state) return;
    state[step] = true;
    if (!state.answered || !state.closed) return;
    pending.delete(request);
    running -= 1;
    if (running === 0) {
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    running += 1;
    pending.set(request, { answered: false, closed: false });
    reply.raw.once('close', () => settle(request, 'closed'));
    done();
  });
  // onSend runs once the handler has answered, also when the client has already gone; the
  // response closes after it.
  app.addHook('onSend', (request, _reply, payload, done) => {
    settle(request, 'answered');
    done(null, payload);
  });

  const tracker: RequestsInFlight = {
    count: () => running,
    settled: (timeoutMs) =>
      running === 0
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              waiters = waiters.filter((waiter) => waiter !== wake);
              resolve(false);
            }, timeoutMs);
            timer.unref();
            const wake = () => {
              clearTimeout(timer);
              resolve(true);
            };
            waiters.push(wake);
          }),
  };
  app.decorate('requestsInFlight', tracker);
  return tracker;
}
