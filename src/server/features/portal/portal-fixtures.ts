import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PortalPermission } from '../../../shared/contracts/portal';
import type { TestApp } from '../../test/create-test-app';
import { nextClientAddress, type SignedIn } from '../../test/factories';
import { readMails } from '../../test/outbox';

/** The token of the newest portal sign-in link mailed to `email`. */
export function mailedPortalToken(t: Pick<TestApp, 'dataDir'>, email: string): string {
  const mails = readMails(t).filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  const last = mails.at(-1) ?? '';
  const match = /\/portal\/sign-in#token=([A-Za-z0-9_-]+)/.exec(last);
  if (!match?.[1]) throw new Error(`No portal link mailed to ${email}`);
  return match[1];
}

export function portalCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const psid = list.map((value) => value.split(';')[0] ?? '').find((value) => value.startsWith('psid=') && value.length > 'psid='.length);
  if (!psid) throw new Error(`No portal cookie in response ${response.statusCode}: ${response.body}`);
  return psid;
}

export async function setPortalAccess(owner: SignedIn, customerId: string, hasPortalAccess: boolean, portalPermissions?: PortalPermission[]) {
  const response = await owner.request({
    method: 'PUT',
    url: `/api/customers/${customerId}/portal`,
    payload: { hasPortalAccess, ...(portalPermissions ? { portalPermissions } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hasPortalAccess: boolean; portalPermissions: string[]; openSessions: number; email: string }>();
}

export async function invite(owner: SignedIn, customerId: string) {
  return owner.request({ method: 'POST', url: `/api/customers/${customerId}/portal/invite` });
}

/** Turns the portal on for the customer, mails a link, opens it: the portal session's cookie. */
export async function signInToPortal(
  t: TestApp,
  owner: SignedIn,
  customer: { id: string; email: string },
  permissions?: PortalPermission[],
): Promise<{ cookie: string; get: (url: string) => Promise<LightMyRequestResponse> }> {
  await setPortalAccess(owner, customer.id, true, permissions);
  const invited = await invite(owner, customer.id);
  expect(invited.statusCode, invited.body).toBe(200);
  const token = mailedPortalToken(t, invited.json<{ sentTo: string }>().sentTo);
  const opened = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token }, remoteAddress: nextClientAddress() });
  expect(opened.statusCode, opened.body).toBe(204);
  const cookie = portalCookie(opened);
  return { cookie, get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }) };
}
