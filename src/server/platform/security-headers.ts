import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The headers helmet's options give a response: what a probe with helmet answers and one without does not. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string | string[]>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const [bare, secured] = await Promise.all([answer(false), answer(true)]);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (!(name in bare) && value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
  }
  return headers;
}

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer rules...) on every response. The values
 * depend only on the options (no per-request nonces), so they are worked out once at start with
 * @fastify/helmet itself and then set as they are; the plugin builds its middleware again on every
 * request (parsing the CSP directives each time, 2-3% of a simple request's CPU, issue 15).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  if (!headers['content-security-policy']) throw new Error('helmet gave no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
