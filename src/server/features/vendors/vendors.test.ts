import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, vendors } from '../../db/schema';
import { decryptSecret } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { billPayload, vendorPayload } from '../bills/payables-fixtures';
import { findVendorByName } from './vendors.queries';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const create = (payload: Record<string, unknown>, who = owner) => who.request({ method: 'POST', url: '/api/vendors', payload });

describe('adding a vendor', () => {
  it('stores the account number encrypted and only ever answers with its last four digits', async () => {
    const response = await create(vendorPayload({ name: 'Acme Paper', accountNumber: '000123456789' }));
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('123456789');
    const vendor = response.json();
    expect(vendor).toMatchObject({
      name: 'Acme Paper',
      paymentMethod: 'ach',
      country: 'US',
      accountNumber: '••••6789',
      accountLast4: '6789',
      routingNumber: '021000021',
      isActive: true,
    });
    const [row] = await t.deps.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.accountNumberEncrypted).toMatch(/^v1:/);
    expect(row?.accountNumberEncrypted).not.toContain('123456789');
    expect(decryptSecret(t.deps.config.encryptionKey, row?.accountNumberEncrypted ?? '')).toBe('000123456789');
    for (const url of ['/api/vendors', `/api/vendors/${vendor.id}`]) {
      const read = await owner.request({ method: 'GET', url });
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('123456789');
      expect(read.body).not.toContain('v1:');
    }
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, vendor.id));
    expect(audit?.action).toBe('vendor.created');
    expect(JSON.stringify(audit?.details)).not.toContain('123456789');
  });

  it('defaults to ach and US, and needs no bank details for check or card', async () => {
    const response = await create({ name: 'Check Co', email: 'a@b.example', paymentMethod: 'check', accountNumber: '99998888', routingNumber: '021000021' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ paymentMethod: 'check', country: 'US', bankName: null, accountNumber: null, routingNumber: null });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ routingNumber: '12345678' }, 'routingNumber', 'Routing number must be 9 digits'],
    [{ routingNumber: '02100002x' }, 'routingNumber', 'Routing number must be 9 digits'],
    [{ routingNumber: '021000022' }, 'routingNumber', 'Invalid routing number'],
    [{ routingNumber: '' }, 'routingNumber', 'Routing number is required'],
    [{ bankName: '' }, 'bankName', 'Bank name is required'],
    [{ accountNumber: '' }, 'accountNumber', 'Account number is required'],
    [{ accountNumber: '123' }, 'accountNumber', 'Account number must be at least 4 digits'],
    [{ accountNumber: '12ab5678' }, 'accountNumber', 'Account number must contain only digits'],
    [{ paymentMethod: 'wire' }, 'wireInstructions', 'Wire instructions are required'],
    [{ paymentMethod: 'cash' }, 'paymentMethod', 'Payment method must be ach, wire, check or card'],
  ])('refuses %j with the message for %s', async (override, field, message) => {
    const response = await create(vendorPayload(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('accepts a wire vendor with instructions', async () => {
    const response = await create(vendorPayload({ paymentMethod: 'wire', wireInstructions: 'SWIFT FBNKUS33, ref invoice number' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().wireInstructions).toBe('SWIFT FBNKUS33, ref invoice number');
  });
});

describe('editing a vendor', () => {
  it('keeps the stored account number when it is not typed again, and replaces it when it is', async () => {
    const created = (await create(vendorPayload({ accountNumber: '11112222' }))).json();
    const kept = await owner.request({ method: 'PUT', url: `/api/vendors/${created.id}`, payload: vendorPayload({ name: 'Renamed', accountNumber: '' }) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Renamed', accountNumber: '••••2222' });
    const changed = await owner.request({ method: 'PUT', url: `/api/vendors/${created.id}`, payload: vendorPayload({ name: 'Renamed', accountNumber: '55556666' }) });
    expect(changed.json().accountLast4).toBe('6666');
    expect(changed.body).not.toContain('55556666');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    const update = audits.find((row) => row.action === 'vendor.updated' && JSON.stringify(row.details).includes('accountNumber'));
    expect(update?.details).toMatchObject({ accountLast4: { from: '2222', to: '6666' } });
  });

  it('requires an account number when switching a check vendor to ach', async () => {
    const created = (await create({ name: 'Switcher', email: 's@x.example', paymentMethod: 'check' })).json();
    const response = await owner.request({ method: 'PUT', url: `/api/vendors/${created.id}`, payload: vendorPayload({ accountNumber: undefined }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.accountNumber).toBe('Account number is required');
  });

  it('hides another organization’s vendor behind a 404', async () => {
    const created = (await create(vendorPayload())).json();
    const stranger = await signUp(t.app);
    expect((await stranger.request({ method: 'GET', url: `/api/vendors/${created.id}` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'PUT', url: `/api/vendors/${created.id}`, payload: vendorPayload() })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'DELETE', url: `/api/vendors/${created.id}` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: '/api/vendors/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('listing and deleting vendors', () => {
  it('searches and paginates in SQL with X-Total-Count', async () => {
    const local = await signUp(t.app);
    for (const name of ['Alpha Supplies', 'Beta Parts', 'Alpine Water']) await create(vendorPayload({ name }), local);
    const page = await local.request({ method: 'GET', url: '/api/vendors?search=alp&limit=1' });
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].name).toBe('Alpha Supplies');
    const second = await local.request({ method: 'GET', url: '/api/vendors?search=alp&limit=1&offset=1' });
    expect(second.json()[0].name).toBe('Alpine Water');
  });

  it('deletes a vendor without bills, and refuses one with bills with a 409', async () => {
    const free = (await create(vendorPayload())).json();
    expect((await owner.request({ method: 'DELETE', url: `/api/vendors/${free.id}` })).statusCode).toBe(204);
    expect((await owner.request({ method: 'GET', url: `/api/vendors/${free.id}` })).statusCode).toBe(404);
    const busy = (await create(vendorPayload())).json();
    expect((await owner.request({ method: 'POST', url: '/api/bills', payload: billPayload(busy.id) })).statusCode).toBe(201);
    const refused = await owner.request({ method: 'DELETE', url: `/api/vendors/${busy.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This vendor has bills and cannot be deleted. Deactivate it instead.');
    const listed = (await owner.request({ method: 'GET', url: `/api/vendors/${busy.id}` })).json();
    expect(listed.billCount).toBe(1);
  });

  it('finds a vendor by name regardless of case and punctuation', async () => {
    const local = await signUp(t.app);
    const created = (await create(vendorPayload({ name: 'ACME, Inc.' }), local)).json();
    const found = await findVendorByName(t.deps.db, local.user.organizationId, 'acme inc');
    expect(found?.id).toBe(created.id);
    expect(await findVendorByName(t.deps.db, owner.user.organizationId, 'acme inc')).toBeNull();
    expect(await findVendorByName(t.deps.db, local.user.organizationId, '...')).toBeNull();
  });
});
