import type { User } from '../../../shared/contracts/auth';
import type { FirmPlanId } from '../../../shared/contracts/firms';
import type { NewClientInput, PracticeClient } from '../../../shared/contracts/practice';
import { workspaceGrants } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import { type SignedIn, asUser, nextClientAddress, sessionCookie, uniqueName } from '../../test/factories';
import { ROUTING } from '../bank-accounts/bank-accounts.fixtures';
import { multipartBody } from '../documents/multipart-body';

const FIRM_OWNER_PASSWORD = 'firm owner password';

/** Signs a firm's owner in again (a test that moves the clock past the session's idle limit). */
export async function signInFirmOwner(t: TestApp, firm: SignedIn): Promise<SignedIn> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextClientAddress(), payload: { username: firm.user.username, password: FIRM_OWNER_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`firm owner sign-in failed ${login.statusCode}: ${login.body}`);
  const cookie = sessionCookie(login);
  return { user: login.json<User>(), cookie, request: asUser(t.app, cookie) };
}

/** Registers an accounting firm (POST /api/accounting-firms/register) and signs its owner in. */
export async function signUpFirm(t: TestApp, options: { plan?: FirmPlanId; firmName?: string } = {}): Promise<SignedIn> {
  const name = uniqueName('firm');
  const password = FIRM_OWNER_PASSWORD;
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

/** Step 2's fields as the onboarding form sends them (decimal text for money). */
export interface ServiceSettingsInput {
  serviceLevel?: 'basic' | 'standard' | 'premium' | 'enterprise';
  monthlyFee?: string;
  billingFrequency?: 'monthly' | 'quarterly' | 'annually';
  paymentTerms?: string;
}

const onboardingPdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/**
 * Walks a new client's onboarding through the API as `member`, step 2 with `settings`, and
 * completes it ("Complete Onboarding & Activate Client"): the client becomes active and is billed.
 */
export async function activateClient(member: SignedIn, client: PracticeClient, settings: ServiceSettingsInput = {}): Promise<void> {
  const base = `/api/practice/clients/${client.id}/onboarding`;
  const expectOk = (step: string, response: { statusCode: number; body: string }) => {
    if (response.statusCode >= 300) throw new Error(`onboarding ${step} failed ${response.statusCode}: ${response.body}`);
  };
  expectOk('step 1', await member.request({
    method: 'PUT',
    url: `${base}/steps/1`,
    payload: {
      businessInfo: { name: client.name, email: client.email, businessType: 'llc', industry: 'restaurant' },
      primaryContact: { name: 'Rosa Baker', email: `rosa.${client.id.slice(0, 8)}@bayside.example` },
      complete: true,
    },
  }));
  expectOk('step 2', await member.request({
    method: 'PUT',
    url: `${base}/steps/2`,
    payload: {
      serviceSettings: { serviceLevel: 'standard', monthlyFee: '299.00', billingFrequency: 'monthly', autoApprovalLimit: '1000.00', invoiceTemplate: 'standard', paymentTerms: 'net_30', preferredPaymentMethods: ['ach'], ...settings },
      complete: true,
    },
  }));
  for (const documentType of ['w9Form', 'bankStatement']) {
    const { payload, headers } = multipartBody([
      { name: 'documentType', value: documentType },
      { name: 'file', fileName: `${documentType}.pdf`, contentType: 'application/pdf', bytes: onboardingPdf(documentType) },
    ]);
    expectOk(`upload ${documentType}`, await member.request({ method: 'POST', url: `${base}/steps/3/documents`, payload, headers }));
  }
  expectOk('step 4', await member.request({
    method: 'PUT',
    url: `${base}/steps/4`,
    payload: { bankingInfo: { bankName: 'Chase', accountType: 'business_checking', routingNumber: ROUTING.chase, accountNumber: '987654321012' }, complete: true },
  }));
  expectOk('completion', await member.request({ method: 'POST', url: `${base}/complete` }));
}
