import { expect } from 'vitest';
import type { AchProfile } from '../../../shared/contracts/ach';
import type { BankAccount } from '../../../shared/contracts/bank-accounts';
import { type SignedIn, asUser, sessionCookie } from '../../test/factories';
import type { TestApp } from '../../test/create-test-app';
import { readOutbox } from '../../test/outbox';

/** Valid ABA numbers (JPMorgan Chase NY, Bank of America, Wells Fargo). */
export const ROUTING = { chase: '021000021', bofa: '026009593', wells: '121000248' } as const;
export const ACCOUNT_NUMBER = '000123456789';

export function bankAccountInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    accountName: 'Operating',
    accountHolderName: 'Acme Supplies LLC',
    accountType: 'business_checking',
    accountNumber: ACCOUNT_NUMBER,
    routingNumber: ROUTING.chase,
    isPrimary: false,
    ...overrides,
  };
}

/** The two amounts of the newest micro-deposit notice for the account ending in `last4`. */
export function readMicroDeposits(testApp: TestApp, last4: string): [string, string] {
  const mail = readOutbox(testApp)
    .reverse()
    .find((text) => text.includes(`ending in ${last4}`));
  if (!mail) throw new Error(`No micro-deposit notice for ${last4}`);
  const amounts = [...mail.matchAll(/Micro-deposit \d: \$(\d+\.\d{2})/g)].map(
    (match) => match[1] ?? '',
  );
  expect(amounts).toHaveLength(2);
  return [amounts[0] ?? '', amounts[1] ?? ''];
}

export async function addBankAccount(
  signedIn: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<BankAccount> {
  const response = await signedIn.request({
    method: 'POST',
    url: '/api/bank-accounts',
    payload: bankAccountInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BankAccount>();
}

/** Adds an account and verifies it with the amounts from its notice. */
export async function addVerifiedBankAccount(
  testApp: TestApp,
  signedIn: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<BankAccount> {
  const account = await addBankAccount(signedIn, overrides);
  const [microDeposit1, microDeposit2] = readMicroDeposits(testApp, account.accountLast4);
  const response = await signedIn.request({
    method: 'POST',
    url: `/api/bank-accounts/${account.id}/verify`,
    payload: { microDeposit1, microDeposit2 },
  });
  expect(response.statusCode, response.body).toBe(200);
  await setAchProfile(signedIn, account.id);
  return response.json<{ bankAccount: BankAccount }>().bankAccount;
}

/** A complete ACH profile as a bank would assign it (Chase's ACH routing number as destination). */
export function achProfileInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    immediateDestination: ROUTING.chase,
    immediateDestinationName: 'JPMorgan Chase',
    immediateOrigin: '1123456789',
    immediateOriginName: 'Acme Supplies LLC',
    companyId: '1123456789',
    companyName: 'Acme Supplies',
    entryDescription: 'VENDOR PAY',
    balanced: false,
    lineEnding: 'lf',
    settlementMode: 'bank_confirmation',
    settlementDays: 1,
    ...overrides,
  };
}

export async function setAchProfile(
  signedIn: SignedIn,
  bankAccountId: string,
  overrides: Record<string, unknown> = {},
): Promise<AchProfile> {
  const response = await signedIn.request({
    method: 'PUT',
    url: `/api/bank-accounts/${bankAccountId}/ach-profile`,
    payload: achProfileInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AchProfile>();
}

/** A fresh session for an existing user, e.g. after moving the clock past the session's idle limit. */
export async function signInAgain(testApp: TestApp, signedIn: SignedIn): Promise<SignedIn> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: signedIn.user.username, password: 'correct horse battery' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = sessionCookie(response);
  return { user: signedIn.user, cookie, request: asUser(testApp.app, cookie) };
}
