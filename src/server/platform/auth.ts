import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/contracts/common';
import type { Database } from '../db/client';
import { AppError } from './errors';
import { type AuthContext, findSession } from './sessions';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (sign-in, registration, health, webhooks, public forms). */
    public?: boolean;
    /** A write that a viewer may still make (their own profile, password, currency, sign-out). */
    viewerAllowed?: boolean;
    /** Exempt from the same-origin check (provider webhooks, which carry their own signature). */
    crossOrigin?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user's context, or a 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Not signed in');
  return request.auth;
}

/** 403 unless the signed-in user has one of the roles. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): AuthContext {
  const auth = requireAuth(request);
  if (!roles.includes(auth.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  return auth;
}

function isSameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return true; // not a browser form or fetch from another site
  try {
    return new URL(source).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Loads the session from the cookie on every request, then for /api routes: refuses cross-origin
 * writes (CSRF), requires a session unless the route is public, and keeps viewers read-only.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Database; now: () => Date; secureCookies: boolean }): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    request.auth = await findSession(deps.db, unsigned.value, deps.now());
  });

  app.addHook('preHandler', async (request) => {
    // Unknown paths get their JSON 404; the API docs are public.
    if (!request.url.startsWith('/api/') || request.is404 || request.url.startsWith('/api/docs')) return;
    const config = request.routeOptions.config;
    if (!SAFE_METHODS.has(request.method) && !config.crossOrigin && !isSameOrigin(request)) {
      throw new AppError('FORBIDDEN', 'Cross-origin request refused');
    }
    if (config.public) return;
    const auth = requireAuth(request);
    if (auth.role === 'viewer' && !SAFE_METHODS.has(request.method) && !config.viewerAllowed) {
      throw new AppError('FORBIDDEN', 'Viewers have read-only access');
    }
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
