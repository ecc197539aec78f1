import type { User } from '../../../shared/contracts/auth';
import type { FirmPlanId } from '../../../shared/contracts/firms';
import type { NewClientInput, PracticeClient } from '../../../shared/contracts/practice';
import { workspaceGrants } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import { type SignedIn, asUser, nextClientAddress, sessionCookie, uniqueName } from '../../test/factories';

/** Registers an accounting firm (POST /api/accounting-firms/register) and signs its owner in. */
export async function signUpFirm(t: TestApp, options: { plan?: FirmPlanId; firmName?: string } = {}): Promise<SignedIn> {
  const name = uniqueName('firm');
  const password = 'firm owner password';
  const register = await t.app.inject({
    method: 'POST',
    url: '/api/accounting-firms/register',
    remoteAddress: nextClientAddress(),
    payload: {
      firmName: options.firmName ?? `Harbor CPA ${name}`,
      firmEmail: `${name}@harbor.example`,
      ownerFirstName: 'Dana',
      ownerLastName: 'Whitfield',
      ownerEmail: `${name}.owner@harbor.example`,
      ownerUsername: `${name}owner`,
      ownerPassword: password,
      confirmPassword: password,
      subscriptionPlan: options.plan ?? 'professional',
      specializations: [],
      certifications: [],
      agreeToTerms: true,
    },
  });
  if (register.statusCode !== 201) throw new Error(`firm registration failed ${register.statusCode}: ${register.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextClientAddress(),
    payload: { username: `${name}owner`, password },
  });
  if (login.statusCode !== 200) throw new Error(`firm owner sign-in failed ${login.statusCode}: ${login.body}`);
  const cookie = sessionCookie(login);
  return { user: login.json<User>(), cookie, request: asUser(t.app, cookie) };
}

/** The wizard's fields for a new client, with a unique business email. */
export function newClientInput(overrides: Partial<NewClientInput> = {}): NewClientInput {
  const name = uniqueName('client');
  return {
    businessName: `Bayside Bakery ${name}`,
    businessEmail: `${name}@bayside.example`,
    industry: 'restaurant',
    contactName: 'Rosa Baker',
    contactEmail: `rosa.${name}@bayside.example`,
    ...overrides,
  };
}

/** Adds a client through POST /api/practice/clients as `member`. */
export async function addClient(member: SignedIn, overrides: Partial<NewClientInput> = {}): Promise<PracticeClient> {
  const response = await member.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput(overrides) });
  if (response.statusCode !== 201) throw new Error(`add client failed ${response.statusCode}: ${response.body}`);
  return response.json<PracticeClient>();
}

/** Makes a workspace the member's active organization (PUT /api/session/workspace); returns the user as then shown. */
export async function openWorkspace(member: SignedIn, organizationId: string | null): Promise<User> {
  const response = await member.request({ method: 'PUT', url: '/api/session/workspace', payload: { organizationId } });
  if (response.statusCode !== 200) throw new Error(`workspace switch failed ${response.statusCode}: ${response.body}`);
  return response.json<User>();
}

/** Grants a firm member a client workspace directly in the database (the grants API is tested on its own). */
export async function grantClient(t: TestApp, firm: SignedIn, member: SignedIn, client: PracticeClient, role: 'admin' | 'accountant' | 'approver' | 'viewer' = 'accountant'): Promise<void> {
  if (!client.organizationId) throw new Error('client has no workspace');
  await t.deps.db.insert(workspaceGrants).values({ firmOrganizationId: firm.user.homeOrganizationId, organizationId: client.organizationId, userId: member.user.id, role, grantedBy: firm.user.id });
}
