import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../shared/contracts/auth';
import { loginSightings, userSettings } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';

/**
 * Login notifications: a completed sign-in from a browser or an address the user has not signed
 * in from before mails them. A browser is known by a long-lived random cookie; only hashes of it
 * and of the address are stored.
 */

export const DEVICE_COOKIE = 'did';
/** Chrome caps cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The browser's device token from its signed cookie, or a new one set on the reply. */
function deviceToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const raw = request.cookies[DEVICE_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (unsigned?.valid && unsigned.value) return unsigned.value;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return token;
}

async function wantsNotifications(deps: AppDeps, userId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ on: userSettings.loginNotifications })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row?.on ?? true; // on by default (spec 9)
}

function describeNew(newBrowser: boolean, newAddress: boolean): string {
  if (newBrowser && newAddress) return 'a new browser and a new address';
  return newBrowser ? 'a new browser' : 'a new address';
}

function notificationText(
  user: User,
  when: Date,
  address: string,
  userAgent: string | null,
  what: string,
  appUrl: string,
) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return [
    `Hello ${name},`,
    '',
    `Your Signal AR account (${user.username}) was just signed in to from ${what}.`,
    '',
    `When:    ${when.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    `Address: ${address}`,
    `Browser: ${userAgent || 'unknown'}`,
    '',
    'If this was you, there is nothing to do.',
    '',
    'If it was not you, someone knows your password: change it now in Settings > Security',
    `(${appUrl}/settings), which signs out every other session, turn on two-factor`,
    'authentication there, and tell your administrator.',
  ].join('\n');
}

/**
 * Records where a completed sign-in came from and mails the user when the browser or the address
 * is new. An account's very first sign-in (registration, or a first login) is recorded silently:
 * there is nothing to compare it with yet. Mail failures are logged, never fail the sign-in.
 */
export async function noteSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<void> {
  const now = deps.now();
  const address = request.ip;
  const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
  const browserHash = sha256(deviceToken(request, reply, deps.config.secureCookies));
  const addressHash = sha256(address);

  const seen = await deps.db
    .select({ id: loginSightings.id })
    .from(loginSightings)
    .where(eq(loginSightings.userId, user.id))
    .limit(1);
  const firstEver = seen.length === 0;
  const known = await deps.db
    .select({ kind: loginSightings.kind })
    .from(loginSightings)
    .where(
      and(
        eq(loginSightings.userId, user.id),
        sql`(${loginSightings.kind} = 'browser' and ${loginSightings.valueHash} = ${browserHash}
          or ${loginSightings.kind} = 'address' and ${loginSightings.valueHash} = ${addressHash})`,
      ),
    );
  const newBrowser = !known.some((row) => row.kind === 'browser');
  const newAddress = !known.some((row) => row.kind === 'address');

  await deps.db
    .insert(loginSightings)
    .values([
      {
        userId: user.id,
        kind: 'browser' as const,
        valueHash: browserHash,
        firstSeenAt: now,
        lastSeenAt: now,
      },
      {
        userId: user.id,
        kind: 'address' as const,
        valueHash: addressHash,
        firstSeenAt: now,
        lastSeenAt: now,
      },
    ])
    .onConflictDoUpdate({
      target: [loginSightings.userId, loginSightings.kind, loginSightings.valueHash],
      set: { lastSeenAt: now },
    });

  if (firstEver || (!newBrowser && !newAddress) || !(await wantsNotifications(deps, user.id)))
    return;
  try {
    await deps.mail.send({
      to: user.email,
      subject: 'New sign-in to your Signal AR account',
      text: notificationText(
        user,
        now,
        address,
        userAgent,
        describeNew(newBrowser, newAddress),
        deps.config.appUrl,
      ),
    });
  } catch (error) {
    request.log.warn({ err: error }, 'login notification not sent');
  }
}
