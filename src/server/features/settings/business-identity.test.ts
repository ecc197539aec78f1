import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankAccounts, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addMember } from '../team/team.fixtures';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

async function addAccount(organizationId: string, isVerified: boolean): Promise<string> {
  const [account] = await t.deps.db
    .insert(bankAccounts)
    .values({
      organizationId,
      accountName: isVerified ? 'Operating' : 'New savings',
      accountHolderName: 'Test Co',
      accountType: 'business_checking',
      accountNumberEncrypted: 'v1:test',
      accountLast4: isVerified ? '6789' : '1111',
      routingNumber: '021000021',
      isVerified,
      verificationStatus: isVerified ? 'verified' : 'pending',
    })
    .returning({ id: bankAccounts.id });
  if (!account) throw new Error('no bank account');
  return account.id;
}

const put = (as: SignedIn, payload: Record<string, unknown>) => as.request({ method: 'PUT', url: '/api/settings/business', payload });

describe('Settings > Business tax identity', () => {
  it('stores the identity normalized, returns it on GET and audits what changed', async () => {
    const response = await put(owner, {
      legalName: 'Muster Handels GmbH',
      vatId: 'de 136 695 976',
      companyId: 'HRB 12345',
      address: 'Hauptstraße 1',
      city: 'Berlin',
      zipCode: '10115',
      country: 'de',
      electronicAddressScheme: '9930',
      electronicAddress: 'de136695976',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      legalName: 'Muster Handels GmbH',
      vatId: 'DE136695976',
      companyId: 'HRB 12345',
      country: 'DE',
      electronicAddressScheme: '9930',
      electronicAddress: 'DE136695976',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      paymentBankAccountId: null,
    };
    expect(response.json()).toMatchObject(expected);
    const read = await owner.request({ method: 'GET', url: '/api/settings/business' });
    expect(read.json()).toMatchObject(expected);
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, owner.user.organizationId));
    expect(row).toMatchObject(expected);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'business_identity.updated')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ after: { vatId: 'DE136695976', iban: 'DE89370400440532013000' } });
  });

  it('keeps fields left out and clears a blank one', async () => {
    const response = await put(owner, { companyId: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ companyId: null, vatId: 'DE136695976', country: 'DE' });
  });

  it('refuses a VAT id that fails its check digit, under the field', async () => {
    const response = await put(owner, { vatId: 'DE136695977' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { vatId: 'VAT ID DE136695977 fails its check digit' } });
  });

  it.each([
    [{ iban: 'DE89370400440532013001' }, 'iban', 'IBAN DE89370400440532013001 fails its check digits'],
    [{ bic: 'DEUT1EFF' }, 'bic', 'must be 8 or 11 characters'],
    [{ country: 'Germany' }, 'country', 'Country must be an ISO 3166 two-letter code, e.g. US, DE or FR'],
    [{ electronicAddressScheme: '0208', electronicAddress: '0403170702' }, 'electronicAddress', 'must be a 10-digit Belgian enterprise number'],
    [{ electronicAddressScheme: '0208', electronicAddress: '' }, 'electronicAddress', 'Electronic address is required with its scheme'],
    [{ electronicAddressScheme: '4444', electronicAddress: '1' }, 'electronicAddressScheme', 'Unknown electronic address scheme 4444'],
    [{ iban: '', bic: 'DEUTDEFF' }, 'iban', 'Enter the IBAN the BIC belongs to'],
  ])('refuses %j with a field message', async (payload, field, message) => {
    const response = await put(owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toContain(message);
  });

  it('takes a verified US bank account for payments instead of an IBAN', async () => {
    const accountId = await addAccount(owner.user.organizationId, true);
    const read = await owner.request({ method: 'GET', url: '/api/settings/business' });
    expect(read.json().paymentBankAccounts).toEqual([{ id: accountId, label: 'Operating ending 6789' }]);
    const both = await put(owner, { paymentBankAccountId: accountId });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields.paymentBankAccountId).toBe('Choose an IBAN or a US bank account for payments, not both');
    const response = await put(owner, { iban: null, bic: null, paymentBankAccountId: accountId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ iban: null, bic: null, paymentBankAccountId: accountId });
  });

  it('refuses an unverified account (400) and hides another organization’s account behind a 404', async () => {
    const unverified = await addAccount(owner.user.organizationId, false);
    const refused = await put(owner, { paymentBankAccountId: unverified });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.paymentBankAccountId).toContain('Only a verified bank account');
    const other = await signUp(t.app);
    const theirs = await addAccount(other.user.organizationId, true);
    const hidden = await put(owner, { paymentBankAccountId: theirs });
    expect(hidden.statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, owner.user.organizationId));
    expect(row?.paymentBankAccountId).not.toBe(theirs);
  });

  it('lets only owners and admins change it, and never another organization', async () => {
    const accountant = await addMember(t, owner, 'accountant');
    const refused = await put(accountant, { legalName: 'Someone else' });
    expect(refused.statusCode).toBe(403);
    const other = await signUp(t.app);
    await put(other, { legalName: 'Other Ltd', country: 'FR' });
    const mine = await owner.request({ method: 'GET', url: '/api/settings/business' });
    expect(mine.json()).toMatchObject({ legalName: 'Muster Handels GmbH', country: 'DE' });
  });

  it('never answers a 500 to a body of the wrong types', async () => {
    const response = await put(owner, { vatId: 42, country: ['DE'], paymentBankAccountId: 'not-a-uuid' });
    expect(response.statusCode).toBe(400);
  });
});
