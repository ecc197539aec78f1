import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { addMember } from '../team/team.fixtures';
import { findOrganizationByMailInToken, tokenFromRecipient } from './mail-in-token';

let t: TestApp;
let owner: SignedIn;
let viewer: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z'), config: { mailIn: { domain: 'in.example.com', smtp: null } } });
  owner = await signUp(t.app);
  viewer = await addMember(t, owner, 'viewer');
});
afterAll(async () => t.close());

const settings = async (user: SignedIn) => (await user.request({ method: 'GET', url: '/api/mail-in' })).json<{ address: string; receiverOn: boolean; allowedSenders: string[] }>();

describe('mail-in settings', () => {
  it('gives the workspace one address, made on first use and kept', async () => {
    const first = await settings(owner);
    expect(first.address).toMatch(/^bills\+[0-9a-f]{24}@in\.example\.com$/);
    expect(first.receiverOn).toBe(false);
    expect((await settings(viewer)).address).toBe(first.address);
  });

  it('validates and stores the allow-list (lower-cased, without repeats), with an audit row', async () => {
    const bad = await owner.request({ method: 'PUT', url: '/api/mail-in/allowed-senders', payload: { allowedSenders: ['not an address'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('@example.com');
    const badDomain = await owner.request({ method: 'PUT', url: '/api/mail-in/allowed-senders', payload: { allowedSenders: ['@nodot'] } });
    expect(badDomain.statusCode).toBe(400);
    const ok = await owner.request({ method: 'PUT', url: '/api/mail-in/allowed-senders', payload: { allowedSenders: ['AP@Vendor.example', '@supplier.example', 'ap@vendor.example'] } });
    expect(ok.statusCode).toBe(200);
    expect((await settings(owner)).allowedSenders).toEqual(['ap@vendor.example', '@supplier.example']);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'mail_in.allowed_senders_updated'));
    expect(audits).toHaveLength(1);
  });

  it('lets only owners and admins change the allow-list or the address', async () => {
    expect((await viewer.request({ method: 'PUT', url: '/api/mail-in/allowed-senders', payload: { allowedSenders: [] } })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'POST', url: '/api/mail-in/rotate-token' })).statusCode).toBe(403);
  });

  it('rotates the address: the old token no longer finds the workspace', async () => {
    const before = await settings(owner);
    const oldToken = tokenFromRecipient(before.address, 'in.example.com');
    const rotated = await owner.request({ method: 'POST', url: '/api/mail-in/rotate-token' });
    expect(rotated.statusCode).toBe(200);
    const { address } = rotated.json<{ address: string }>();
    expect(address).not.toBe(before.address);
    expect((await settings(owner)).address).toBe(address);
    expect(await findOrganizationByMailInToken(t.deps.db, oldToken ?? '')).toBeNull();
    const newToken = tokenFromRecipient(address, 'in.example.com');
    expect((await findOrganizationByMailInToken(t.deps.db, newToken ?? ''))?.id).toBe(owner.user.organizationId);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'mail_in.token_rotated'))).toHaveLength(1);
  });

  it('reads only addresses shaped bills+<token> on its own domain', () => {
    expect(tokenFromRecipient('Bills+ABCDEF0123456789abcd@IN.example.com', 'in.example.com')).toBe('abcdef0123456789abcd');
    expect(tokenFromRecipient('bills+short@in.example.com', 'in.example.com')).toBeNull();
    expect(tokenFromRecipient('bills+abcdef0123456789abcd@other.example', 'in.example.com')).toBeNull();
    expect(tokenFromRecipient('invoices+abcdef0123456789abcd@in.example.com', 'in.example.com')).toBeNull();
  });
});
