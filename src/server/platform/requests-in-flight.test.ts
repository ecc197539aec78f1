import Fastify from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequestsInFlight } from './requests-in-flight';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A server whose /slow handler runs until the test releases it, and records when it ended. */
async function slowServer() {
  const app = Fastify();
  apps.push(app);
  const tracker = trackRequestsInFlight(app);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const events: string[] = [];
  let started: () => void = () => undefined;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await released;
    events.push('handler done');
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, tracker, port, release, events, handlerStarted };
}

function get(port: number, path: string): { request: http.ClientRequest; body: Promise<string> } {
  const request = http.get({ host: '127.0.0.1', port, path, agent: false });
  const body = new Promise<string>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(text));
    });
    request.on('error', reject);
  });
  return { request, body };
}

describe('requests in flight (shutdown waits for them before closing the pool)', () => {
  it('counts a request whose client hung up until its handler has answered, though the server has closed', async () => {
    const { app, tracker, port, release, events, handlerStarted } = await slowServer();
    const { request, body } = get(port, '/slow');
    body.catch(() => undefined);
    await handlerStarted;
    expect(tracker.count()).toBe(1);
    request.destroy();
    // Fastify's close no longer waits: the connection is gone. The handler is still running.
    await app.close();
    expect(events).toEqual([]);
    expect(await tracker.settled(50)).toBe(false);
    const settled = tracker.settled(5000).then((value) => {
      events.push('settled');
      return value;
    });
    release();
    expect(await settled).toBe(true);
    expect(events).toEqual(['handler done', 'settled']);
    expect(tracker.count()).toBe(0);
  });

  it('is zero after answered requests, and settles at once', async () => {
    const { tracker, port } = await slowServer();
    for (let index = 0; index < 3; index += 1) expect(await get(port, '/fast').body).toBe('{"ok":true}');
    // The response's close follows its last byte by a tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tracker.count()).toBe(0);
    expect(await tracker.settled(0)).toBe(true);
  });
});
