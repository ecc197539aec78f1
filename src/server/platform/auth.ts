import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/contracts/common';
import { WORKSPACE_HEADER } from '../../shared/errors';
import type { Database } from '../db/client';
import { AppError } from './errors';
import { SessionCache } from './session-cache';
import { type AuthContext, findSession, hashToken } from './sessions';

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
    /**
     * A practice route: it serves the user's accounting firm whatever workspace is active, so it is
     * refused (403) to anyone who is not a member of a firm, and viewers are read-only by their firm role.
     */
    practice?: boolean;
    /** Answers the same whatever workspace the page thinks is active (user, workspaces, switch, sign-out). */
    anyWorkspace?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user's context, or a 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Not signed in');
  return request.auth;
}

/** The signed-in user's accounting firm and their role in it, for practice routes (config.practice). */
export function requireFirm(request: FastifyRequest): { firmId: string; userId: string; role: Role; sessionId: string } {
  const auth = requireAuth(request);
  if (!auth.firmId) throw new AppError('FORBIDDEN', 'Practice management is for accounting firms');
  return { firmId: auth.firmId, userId: auth.userId, role: auth.homeRole, sessionId: auth.sessionId };
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
 * Whether a request path is in its normal form (RFC 3986 6.2.2): no empty, "." or ".." segments,
 * no backslash, and no percent-encoded letter, digit, "-._~" or "/". The router decodes
 * "/%61pi/customers" to "/api/customers"; refusing every other spelling means there is only one
 * way to reach a route.
 */
export function isNormalPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  for (const match of path.matchAll(/%(.{0,2})/g)) {
    const hex = match[1] ?? '';
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
    if (/[A-Za-z0-9\-._~/\\]/.test(String.fromCharCode(Number.parseInt(hex, 16)))) return false;
  }
  return true;
}

/**
 * Loads the session from the cookie on every request, then, for the API route the router matched
 * (never the raw URL): refuses cross-origin writes (CSRF), requires a session unless the route is
 * public, and keeps viewers read-only. It runs before the body is read or validated.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; secureCookies: boolean; sessionCacheMs?: number | undefined; sessionMaxAgeMs?: number | undefined },
): SessionCache {
  app.decorateRequest('auth', null);
  const cache = new SessionCache(deps.sessionCacheMs ?? 0);
  const inFlight = new Map<string, Promise<AuthContext | null>>();

  const lookup = async (token: string): Promise<AuthContext | null> => {
    const now = deps.now();
    if (!cache.enabled) return findSession(deps.db, token, now, deps.sessionMaxAgeMs);
    const id = hashToken(token);
    const cached = cache.get(id, now.getTime());
    if (cached) return { ...cached };
    const generation = cache.begin();
    // One lookup per session at a time: when an entry expires, the requests of a busy page (32 at
    // once in the bench) wait for the same lookup instead of each asking the database (and each
    // touching the session row), which on PGlite queued them behind one another (issue 15). Keyed by
    // the generation too: a request that starts after a write never joins a lookup from before it.
    const key = `${generation}:${id}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = findSession(deps.db, token, now, deps.sessionMaxAgeMs)
        .then((found) => {
          if (found) cache.set(id, { ...found }, now.getTime(), generation);
          return found;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const auth = await pending;
    return auth ? { ...auth } : null;
  };

  app.addHook('onRequest', async (request) => {
    // A write may change any session, user, role or grant: nothing cached outlives it (see SessionCache).
    if (!SAFE_METHODS.has(request.method)) cache.invalidateAll();
    if (!isNormalPath(request.url)) throw new AppError('BAD_REQUEST', 'The request path is not in its normal form');
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value) request.auth = await lookup(unsigned.value);
    }
    // Unknown paths get their JSON 404 from the not-found handler; the API docs are public.
    const route = request.routeOptions.url;
    if (request.is404 || route === undefined || !route.startsWith('/api/') || route.startsWith('/api/docs')) return;
    const config = request.routeOptions.config;
    if (!SAFE_METHODS.has(request.method) && !config.crossOrigin && !isSameOrigin(request)) {
      throw new AppError('FORBIDDEN', 'Cross-origin request refused');
    }
    if (config.public) return;
    const auth = requireAuth(request);
    if (config.practice && !auth.firmId) throw new AppError('FORBIDDEN', 'Practice management is for accounting firms');
    const shown = request.headers[WORKSPACE_HEADER];
    if (typeof shown === 'string' && shown !== auth.organizationId && !config.practice && !config.anyWorkspace) {
      throw new AppError('WORKSPACE_CHANGED', 'You switched workspace in another tab. This page has been reloaded for the workspace now open.');
    }
    const role = config.practice ? auth.homeRole : auth.role;
    if (role === 'viewer' && !SAFE_METHODS.has(request.method) && !config.viewerAllowed) {
      throw new AppError('FORBIDDEN', 'Viewers have read-only access');
    }
  });

  // Again once the write's transaction has committed, before its answer leaves: lookups that ran
  // meanwhile may have read the old rows.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) cache.invalidateAll();
    return payload;
  });
  return cache;
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
