import type { Role } from '../../../shared/contracts/common';
import type { User } from '../../../shared/contracts/auth';
import type { TestApp } from '../../test/create-test-app';
import { readMails } from '../../test/outbox';
import { type SignedIn, asUser, nextClientAddress, sessionCookie, uniqueName } from '../../test/factories';

/** The token of the newest invitation mailed to `email`. */
export function invitationToken(t: TestApp, email: string): string {
  const mail = readMails(t)
    .reverse()
    .find((text) => text.includes(`To: ${email}`));
  const token = mail ? /\/auth\?invite=([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
  if (!token) throw new Error(`No invitation mailed to ${email}`);
  return token;
}

/** Invites a new member as `inviter` and accepts as them; returns the signed-in member. */
export async function addMember(t: TestApp, inviter: SignedIn, role: Role, approvalLimit: string | null = null): Promise<SignedIn> {
  const username = uniqueName('member');
  const email = `${username}@example.com`;
  const invite = await inviter.request({ method: 'POST', url: '/api/team/invitations', payload: { email, role, approvalLimit } });
  if (invite.statusCode !== 201) throw new Error(`invite failed ${invite.statusCode}: ${invite.body}`);
  const accept = await t.app.inject({
    method: 'POST',
    url: `/api/team/invitations/${invitationToken(t, email)}/accept`,
    remoteAddress: nextClientAddress(),
    payload: { username, password: 'member password', firstName: 'Mia', lastName: 'Member' },
  });
  if (accept.statusCode !== 201) throw new Error(`accept failed ${accept.statusCode}: ${accept.body}`);
  const cookie = sessionCookie(accept);
  return { user: accept.json<User>(), cookie, request: asUser(t.app, cookie) };
}
