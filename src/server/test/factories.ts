import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { User } from '../../shared/contracts/auth';

export interface SignedIn {
  user: User;
  cookie: string;
  /** app.inject with this user's session cookie. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
}

let counter = 0;
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}

let addresses = 0;
/**
 * A new client address for app.inject's `remoteAddress`. Sign-ups are throttled per address (10 an
 * hour), so helpers that register many accounts in one file give each its own, like real visitors.
 */
export function nextClientAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const sid = list.map((value) => value.split(';')[0] ?? '').find((value) => value.startsWith('sid='));
  if (!sid) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return sid;
}

export function asUser(app: FastifyInstance, cookie: string): SignedIn['request'] {
  return (options) => app.inject({ ...options, headers: { ...options.headers, cookie } });
}

/** Registers a new user (and so a new organization, with the user as owner). */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string; firstName: string; lastName: string; companyName: string; remoteAddress: string }> = {},
): Promise<SignedIn> {
  const username = overrides.username ?? uniqueName();
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: overrides.remoteAddress ?? nextClientAddress(),
    payload: {
      username,
      email: overrides.email ?? `${username}@example.com`,
      password: overrides.password ?? 'correct horse battery',
      firstName: overrides.firstName ?? 'Ada',
      lastName: overrides.lastName ?? 'Lovelace',
      companyName: overrides.companyName,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed ${response.statusCode}: ${response.body}`);
  const cookie = sessionCookie(response);
  return { user: response.json<User>(), cookie, request: asUser(app, cookie) };
}
