import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeClient } from '../../../shared/contracts/practice';
import type { Practice1099List, Practice1099Row, PracticeW9RequestsResult } from '../../../shared/contracts/tax-1099';
import { auditLog, bills, payments, vendorW9Requests, vendors } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { addMember } from '../team/team.fixtures';
import { computeYear1099, yearCounts } from '../tax-1099/compute-year';
import { storeTin } from '../tax-1099/tin-store';
import { addClient, grantClient, signUpFirm } from './practice.fixtures';

// February 2026: the firm chases tax year 2025's W-9s ($600 threshold).
const NOW = new Date('2026-02-16T15:00:00Z');
const YEAR = 2025;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t.close());

interface VendorSeed {
  name: string;
  email?: string;
  /** A W-9 on file: classification and EIN. */
  w9?: { classification: 'individual' | 'c_corporation'; ein: string };
  /** Payments: amount, method and processed instant. */
  paid: { amount: string; method: 'ach' | 'wire' | 'check' | 'card'; at: string }[];
}

/** A vendor of a client workspace with its bills paid, written straight to the client's ledger. */
async function seedVendor(organizationId: string, seed: VendorSeed): Promise<string> {
  const key = t.deps.config.encryptionKey;
  const w9 = seed.w9
    ? {
        ...storeTin(key, 'ein', seed.w9.ein),
        legalName: seed.name,
        taxClassification: seed.w9.classification,
        w9ReceivedAt: new Date('2025-03-01T12:00:00Z'),
        w9Source: 'manual' as const,
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      }
    : {};
  const [vendor] = await t.deps.db
    .insert(vendors)
    .values({ organizationId, name: seed.name, email: seed.email ?? `${uniqueName('vendor')}@vendor.example`, ...w9 })
    .returning();
  if (!vendor) throw new Error('vendor insert');
  for (const [index, payment] of seed.paid.entries()) {
    const [bill] = await t.deps.db
      .insert(bills)
      .values({
        organizationId,
        vendorId: vendor.id,
        billNumber: `B-${index}-${uniqueName('bill')}`,
        status: 'paid',
        billDate: payment.at.slice(0, 10),
        dueDate: payment.at.slice(0, 10),
        subtotal: payment.amount,
        totalAmount: payment.amount,
        category: 'Consulting',
      })
      .returning();
    if (!bill) throw new Error('bill insert');
    await t.deps.db.insert(payments).values({
      organizationId,
      type: 'bill_payment',
      referenceId: bill.id,
      amount: payment.amount,
      method: payment.method,
      status: 'completed',
      processedAt: new Date(payment.at),
    });
  }
  return vendor.id;
}

const list = (member: SignedIn, query = '') => member.request({ method: 'GET', url: `/api/practice/1099?year=${YEAR}${query}` });
const sendAll = (member: SignedIn) => member.request({ method: 'POST', url: '/api/practice/1099/w9-requests', payload: { year: YEAR } });
const orgOf = (client: PracticeClient) => {
  if (!client.organizationId) throw new Error('client without a workspace');
  return client.organizationId;
};
const pick = (rows: Practice1099Row[], name: string) => rows.find((row) => row.clientName === name);
const counts = (row: Practice1099Row | undefined) =>
  row && { vendorsPaid: row.vendorsPaid, needForm: row.needForm, ready: row.ready, missingW9: row.missingW9, missingTin: row.missingTin };

describe('My Practice > 1099s', () => {
  let firm: SignedIn;
  let accountant: SignedIn;
  let bayside: PracticeClient;
  let dune: PracticeClient;
  let hidden: PracticeClient;
  let outsider: PracticeClient;
  const names = { bayside: '', dune: '', hidden: '' };
  const mails = { bob: `bob.${uniqueName('m')}@vendor.example`, eve: `eve.${uniqueName('m')}@vendor.example`, hal: `hal.${uniqueName('m')}@vendor.example`, zed: `zed.${uniqueName('m')}@vendor.example` };

  beforeAll(async () => {
    firm = await signUpFirm(t);
    accountant = await addMember(t, firm, 'accountant');
    const suffix = uniqueName('c');
    names.bayside = `Bayside Bakery ${suffix}`;
    names.dune = `Dune Dental ${suffix}`;
    names.hidden = `Hidden Hardware ${suffix}`;
    bayside = await addClient(firm, { businessName: names.bayside });
    dune = await addClient(firm, { businessName: names.dune });
    hidden = await addClient(firm, { businessName: names.hidden });
    await grantClient(t, firm, accountant, dune);

    // Bayside: one vendor ready, two paid without a W-9 (one has no email), a card payee (1099-K).
    await seedVendor(orgOf(bayside), { name: 'Ace Plumbing', w9: { classification: 'individual', ein: '12-3456789' }, paid: [{ amount: '1000.00', method: 'check', at: '2025-05-10T15:00:00Z' }] });
    await seedVendor(orgOf(bayside), {
      name: 'Bob Consulting',
      email: mails.bob,
      // 400 + 300 = 700 in 2025; the January 2026 payment belongs to 2026.
      paid: [
        { amount: '400.00', method: 'ach', at: '2025-02-01T15:00:00Z' },
        { amount: '300.00', method: 'wire', at: '2025-12-31T20:00:00Z' },
        { amount: '900.00', method: 'ach', at: '2026-01-05T15:00:00Z' },
      ],
    });
    await seedVendor(orgOf(bayside), { name: 'Card Carla', paid: [{ amount: '900.00', method: 'card', at: '2025-06-01T15:00:00Z' }] });
    await seedVendor(orgOf(bayside), { name: 'Ned No-Mail', email: '', paid: [{ amount: '650.00', method: 'wire', at: '2025-07-01T15:00:00Z' }] });
    // Dune: one vendor without a W-9, a corporation (exempt), one below the threshold.
    await seedVendor(orgOf(dune), { name: 'Eve Design', email: mails.eve, paid: [{ amount: '2000.00', method: 'check', at: '2025-09-01T15:00:00Z' }] });
    await seedVendor(orgOf(dune), { name: 'Corp Supplies Inc', w9: { classification: 'c_corporation', ein: '27-1234567' }, paid: [{ amount: '5000.00', method: 'ach', at: '2025-04-01T15:00:00Z' }] });
    await seedVendor(orgOf(dune), { name: 'Small Sam', paid: [{ amount: '599.99', method: 'check', at: '2025-04-01T15:00:00Z' }] });
    // Hidden: not granted to the accountant.
    await seedVendor(orgOf(hidden), { name: 'Hal Handyman', email: mails.hal, paid: [{ amount: '800.00', method: 'check', at: '2025-08-01T15:00:00Z' }] });
    // Another firm's client with a vendor missing its W-9.
    const otherFirm = await signUpFirm(t);
    outsider = await addClient(otherFirm, { businessName: `Outsider Outfitters ${suffix}` });
    await seedVendor(orgOf(outsider), { name: 'Zed Outside', email: mails.zed, paid: [{ amount: '3000.00', method: 'check', at: '2025-08-01T15:00:00Z' }] });
  });

  it('computes each client the firm may open as its own 1099 page does, most needing attention first', async () => {
    const response = await list(firm);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Practice1099List>();
    expect(body.rows.map((row) => row.clientName)).toEqual([names.bayside, names.dune, names.hidden]);
    expect(body.total).toBe(3);
    expect(body.requestSeason).toEqual({ from: '2025-01-01', to: '2026-03-31' });
    // Ace 1000 check (ready); Bob 700 (no W-9, no TIN); Carla by card (not reportable); Ned 650 (no W-9).
    expect(counts(pick(body.rows, names.bayside))).toEqual({ vendorsPaid: 4, needForm: 3, ready: 1, missingW9: 2, missingTin: 2 });
    // Eve 2000 (no W-9); the corporation exempt; Sam 599.99 below $600.
    expect(counts(pick(body.rows, names.dune))).toEqual({ vendorsPaid: 3, needForm: 1, ready: 0, missingW9: 1, missingTin: 1 });
    expect(counts(pick(body.rows, names.hidden))).toEqual({ vendorsPaid: 1, needForm: 1, ready: 0, missingW9: 1, missingTin: 1 });
    expect(pick(body.rows, names.bayside)).toMatchObject({ clientId: bayside.id, organizationId: bayside.organizationId, filing: { status: 'not_started' } });
    expect(body.rows.some((row) => row.clientName.startsWith('Outsider'))).toBe(false);

    // The totals agree with each client's own computation.
    const own = await Promise.all([bayside, dune, hidden].map(async (client) => yearCounts((await computeYear1099(t.deps.db, t.deps.config.encryptionKey, orgOf(client), YEAR)).payees)));
    const sum = (field: 'vendorsPaid' | 'needForm' | 'ready' | 'missingW9' | 'missingTin') => own.reduce((total, c) => total + c[field], 0);
    expect(body.totals).toEqual({
      clients: 3,
      clientsWithForms: 3,
      vendorsPaid: sum('vendorsPaid'),
      needForm: sum('needForm'),
      ready: sum('ready'),
      missingW9: sum('missingW9'),
      missingTin: sum('missingTin'),
      requestsSent: 0,
      requestsAnswered: 0,
    });
    expect(body.totals).toMatchObject({ vendorsPaid: 8, needForm: 5, ready: 1, missingW9: 4, missingTin: 4 });

    // A page keeps the firm's totals and the count of clients.
    const page = (await list(firm, '&limit=1&offset=1')).json<Practice1099List>();
    expect(page.rows.map((row) => row.clientName)).toEqual([names.dune]);
    expect(page.total).toBe(3);
    expect(page.totals).toEqual(body.totals);
  });

  it('shows a member only the clients granted to them, totals included', async () => {
    const body = (await list(accountant)).json<Practice1099List>();
    expect(body.rows.map((row) => row.clientName)).toEqual([names.dune]);
    expect(body.total).toBe(1);
    expect(body.totals).toMatchObject({ clients: 1, vendorsPaid: 3, needForm: 1, ready: 0, missingW9: 1, missingTin: 1 });
  });

  it('sends the missing W-9 requests of the visible clients only, skips vendors without email or with an open request, and audits', async () => {
    const before = readMails(t).length;
    const byAccountant = await sendAll(accountant);
    expect(byAccountant.statusCode, byAccountant.body).toBe(200);
    expect(byAccountant.json<PracticeW9RequestsResult>()).toMatchObject({ clients: 1, sent: 1, skipped: 0, failed: 0 });
    const afterAccountant = readMails(t).slice(before);
    expect(afterAccountant).toHaveLength(1);
    expect(afterAccountant[0]).toContain(mails.eve);

    const byOwner = await sendAll(firm);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const result = byOwner.json<PracticeW9RequestsResult>();
    expect(result).toMatchObject({ clients: 3, sent: 2, skipped: 2, failed: 0 });
    const bakery = result.perClient.find((item) => item.clientName === names.bayside);
    expect(bakery?.skipped).toEqual([expect.objectContaining({ name: 'Ned No-Mail', reason: 'No email address' })]);
    const dental = result.perClient.find((item) => item.clientName === names.dune);
    expect(dental).toMatchObject({ sent: 0, skipped: [expect.objectContaining({ name: 'Eve Design', reason: 'A W-9 request is already open' })] });

    const sent = readMails(t).slice(before + 1);
    expect(sent).toHaveLength(2);
    expect(sent.some((mail) => mail.includes(mails.bob))).toBe(true);
    expect(sent.some((mail) => mail.includes(mails.hal))).toBe(true);
    // The corporation, the vendor below the threshold and another firm's vendor are never asked.
    expect(readMails(t).some((mail) => mail.includes(mails.zed))).toBe(false);
    const outsiderRequests = await t.deps.db.select().from(vendorW9Requests).where(eq(vendorW9Requests.organizationId, orgOf(outsider)));
    expect(outsiderRequests).toHaveLength(0);

    // The request rows are the client's, made by the member; one vendor audit row each there, one firm row per run.
    const [eveRequest] = await t.deps.db.select().from(vendorW9Requests).where(eq(vendorW9Requests.organizationId, orgOf(dune)));
    expect(eveRequest).toMatchObject({ userId: accountant.user.id, mailStatus: 'sent', email: mails.eve });
    const vendorAudits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, orgOf(bayside)), eq(auditLog.action, 'vendor.w9_requested')));
    expect(vendorAudits).toHaveLength(1);
    const firmAudits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, firm.user.homeOrganizationId), eq(auditLog.action, 'practice.w9_requests_sent')));
    expect(firmAudits.map((row) => row.userId).sort()).toEqual([accountant.user.id, firm.user.id].sort());
    expect(firmAudits.find((row) => row.userId === firm.user.id)).toMatchObject({ entityType: 'tax_year', entityId: String(YEAR), details: expect.objectContaining({ clients: 3, sent: 2, skipped: 2 }) });
  });

  it('counts requests sent and answered in the season, once per vendor', async () => {
    // Bob answers his request; a request of June 2024 is before the season of 2025.
    await t.deps.db
      .update(vendorW9Requests)
      .set({ completedAt: NOW })
      .where(and(eq(vendorW9Requests.organizationId, orgOf(bayside)), eq(vendorW9Requests.email, mails.bob)));
    const [ace] = await t.deps.db.select().from(vendors).where(and(eq(vendors.organizationId, orgOf(bayside)), eq(vendors.name, 'Ace Plumbing')));
    if (!ace) throw new Error('Ace missing');
    await t.deps.db.insert(vendorW9Requests).values({
      organizationId: orgOf(bayside),
      vendorId: ace.id,
      tokenHash: uniqueName('hash'),
      email: 'ace@vendor.example',
      mailStatus: 'sent',
      sentAt: new Date('2024-06-01T12:00:00Z'),
      expiresAt: new Date('2024-07-01T12:00:00Z'),
      createdAt: new Date('2024-06-01T12:00:00Z'),
    });
    const body = (await list(firm)).json<Practice1099List>();
    expect(pick(body.rows, names.bayside)).toMatchObject({ requestsSent: 1, requestsAnswered: 1 });
    expect(pick(body.rows, names.dune)).toMatchObject({ requestsSent: 1, requestsAnswered: 0 });
    expect(pick(body.rows, names.hidden)).toMatchObject({ requestsSent: 1, requestsAnswered: 0 });
    expect(body.totals).toMatchObject({ requestsSent: 3, requestsAnswered: 1 });
  });

  it('leaves out a client where the member is only a viewer', async () => {
    const viewerGrant = await addMember(t, firm, 'accountant');
    await grantClient(t, firm, viewerGrant, hidden, 'viewer');
    const seen = (await list(viewerGrant)).json<Practice1099List>();
    expect(seen.rows.map((row) => row.clientName)).toEqual([names.hidden]);
    const response = await sendAll(viewerGrant);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PracticeW9RequestsResult>()).toMatchObject({ clients: 0, sent: 0 });
  });

  it('is empty for a firm without clients, refused to a business (403) and to a firm viewer writing, and checks the year', async () => {
    const empty = await signUpFirm(t);
    const body = (await list(empty)).json<Practice1099List>();
    expect(body).toMatchObject({ rows: [], total: 0, totals: { clients: 0, needForm: 0 } });
    const business = await signUp(t.app);
    expect((await list(business)).statusCode).toBe(403);
    expect((await sendAll(business)).statusCode).toBe(403);
    const viewer = await addMember(t, firm, 'viewer');
    expect((await sendAll(viewer)).statusCode).toBe(403);
    const bad = await firm.request({ method: 'GET', url: '/api/practice/1099?year=1999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await firm.request({ method: 'GET', url: '/api/practice/1099' })).statusCode).toBe(400);
  });
});
