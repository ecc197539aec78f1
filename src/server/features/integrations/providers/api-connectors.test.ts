import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OAuthProviderConfig } from '../../../config';
import { auditLog, customers, externalRecords, integrations, invoices, payments } from '../../../db/schema';
import { type TestApp, createTestApp } from '../../../test/create-test-app';
import { type SignedIn, signUp } from '../../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../../invoices/invoices.fixtures';
import { addMember } from '../../bills/payables-fixtures';
import type { Integration, ProviderConnector } from '../provider';
import type * as invoicesService from '../../invoices/invoices.service';
import { connectors } from './index';
import { decryptIntegrationSecrets, encryptIntegrationSecrets } from './integration-secrets';

// A crash between claiming a pulled payment and recording it: recordInvoicePayment fails once.
const crash = vi.hoisted(() => ({ nextPayment: false }));
vi.mock('../../invoices/invoices.service', async (importOriginal) => {
  const actual = await importOriginal<typeof invoicesService>();
  return {
    ...actual,
    recordInvoicePayment: async (...args: Parameters<typeof actual.recordInvoicePayment>) => {
      if (crash.nextPayment) {
        crash.nextPayment = false;
        throw new Error('Connection terminated unexpectedly');
      }
      return actual.recordInvoicePayment(...args);
    },
  };
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A fake of Intuit's and Xero's OAuth2 token endpoints and accounting APIs, answering their
 * documented response shapes. Valid access tokens are in `valid`; refresh tokens in `refresh`.
 */
async function startFakeProviders() {
  const calls: Call[] = [];
  const valid = new Set<string>();
  const refresh = new Map<string, { access: string; refresh: string }>([['rt-1', { access: 'at-2', refresh: 'rt-2' }]]);
  let created = 0;
  const qbo = {
    Customer: [
      { Id: '1', DisplayName: "Amy's Bird Sanctuary", PrimaryEmailAddr: { Address: 'Birds@Intuit.test' }, PrimaryPhone: { FreeFormNumber: '(650) 555-3311' }, BillAddr: { Line1: '4581 Finch St.', City: 'Bayshore', CountrySubDivisionCode: 'CA', PostalCode: '94326' }, SyncToken: '0' },
      { Id: '2', DisplayName: 'Bill Windsurf Shop', SyncToken: '1' },
    ],
    Invoice: [
      {
        Id: '130', DocNumber: '1037', TxnDate: '2026-10-01', DueDate: '2026-10-31', CustomerRef: { value: '1', name: "Amy's Bird Sanctuary" },
        Line: [
          { Id: '1', LineNum: 1, DetailType: 'SalesItemLineDetail', Amount: 150, Description: 'Landscaping', SalesItemLineDetail: { ItemRef: { value: '4' }, Qty: 3, UnitPrice: 50 } },
          { Id: '2', LineNum: 2, DetailType: 'SalesItemLineDetail', Amount: 25.5, Description: 'Soil', SalesItemLineDetail: { ItemRef: { value: '5' }, Qty: 1.5, UnitPrice: 17 } },
          { DetailType: 'SubTotalLineDetail', Amount: 175.5, SubTotalLineDetail: {} },
        ],
        TxnTaxDetail: { TotalTax: 14.04 }, TotalAmt: 189.54, Balance: 89.54, SyncToken: '0',
      },
      // A customer we do not know: skipped.
      { Id: '131', DocNumber: '1038', TxnDate: '2026-10-02', DueDate: '2026-11-01', CustomerRef: { value: '99' }, Line: [], TotalAmt: 10, Balance: 10 },
    ],
    Payment: [{ Id: '200', TxnDate: '2026-10-15', TotalAmt: 100, Line: [{ Amount: 100, LinkedTxn: [{ TxnId: '130', TxnType: 'Invoice' }] }] }],
  };
  const xero = {
    Contacts: [
      { ContactID: 'c1d2', Name: 'ABC Limited', EmailAddress: 'ap@abc.test', Addresses: [{ AddressType: 'POBOX', AddressLine1: 'P O Box 123', City: 'Wellington', Region: '', PostalCode: '6011', Country: 'NZ' }], UpdatedDateUTC: '/Date(1518685950940+0000)/' },
    ],
    Invoices: [
      {
        Type: 'ACCREC', InvoiceID: 'inv-x1', InvoiceNumber: 'INV-0001', Contact: { ContactID: 'c1d2', Name: 'ABC Limited' },
        Date: '/Date(1759276800000+0000)/', DueDate: '2026-10-31T00:00:00',
        LineItems: [{ Description: 'Consulting', Quantity: 2, UnitAmount: 120, LineAmount: 240 }],
        SubTotal: 240, TotalTax: 36, Total: 276, AmountDue: 176, Status: 'AUTHORISED',
      },
    ],
    Payments: [{ PaymentID: 'pay-x1', Date: '/Date(1760486400000+0000)/', Amount: 100, Status: 'AUTHORISED', Invoice: { InvoiceID: 'inv-x1' } }],
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (url.pathname === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
          valid.add('at-1');
          return send(200, { token_type: 'bearer', access_token: 'at-1', refresh_token: 'rt-1', expires_in: 3600, x_refresh_token_expires_in: 8726400 });
        }
        const next = form.get('grant_type') === 'refresh_token' ? refresh.get(form.get('refresh_token') ?? '') : undefined;
        if (next) {
          valid.add(next.access);
          return send(200, { token_type: 'bearer', access_token: next.access, refresh_token: next.refresh, expires_in: 3600 });
        }
        return send(400, { error: 'invalid_grant' });
      }
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!valid.has(token)) return send(401, { Fault: { Error: [{ Message: 'AuthenticationFailed' }], type: 'AUTHENTICATION' } });
      if (url.pathname === '/connections') return send(200, [{ id: 'conn-1', tenantId: 'tenant-1', tenantType: 'ORGANISATION', tenantName: 'Demo Company (NZ)' }]);
      const qboMatch = /^\/v3\/company\/123\/(query|customer|invoice)$/.exec(url.pathname);
      if (qboMatch) {
        if (qboMatch[1] === 'query') {
          const statement = url.searchParams.get('query') ?? '';
          const entity = /from (\w+)/.exec(statement)?.[1] as keyof typeof qbo;
          const start = Number(/STARTPOSITION (\d+)/.exec(statement)?.[1] ?? 1);
          const rows = start === 1 ? qbo[entity] : [];
          return send(200, { QueryResponse: { [entity]: rows, startPosition: start, maxResults: rows.length }, time: '2026-11-24T10:00:00.000-08:00' });
        }
        created += 1;
        return send(200, qboMatch[1] === 'customer' ? { Customer: { Id: `new-c${created}`, SyncToken: '0' } } : { Invoice: { Id: `new-i${created}`, SyncToken: '0' } });
      }
      if (url.pathname.startsWith('/api.xro/2.0/')) {
        const entity = url.pathname.slice('/api.xro/2.0/'.length) as keyof typeof xero;
        if (request.headers['xero-tenant-id'] !== 'tenant-1') return send(403, { Type: 'Forbidden' });
        if (request.method === 'PUT') {
          created += 1;
          return send(200, entity === 'Contacts' ? { Contacts: [{ ContactID: `new-c${created}` }] } : { Invoices: [{ InvoiceID: `new-i${created}` }] });
        }
        const page = Number(url.searchParams.get('page') ?? 1);
        return send(200, { Id: 'x', Status: 'OK', [entity]: page === 1 ? xero[entity] : [] });
      }
      return send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, valid, refresh, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders();
  const provider = (environment: 'sandbox' | 'production'): OAuthProviderConfig => ({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    environment,
    apiBaseUrl: fake.base,
    authorizeUrl: `${fake.base}/authorize`,
    tokenUrl: `${fake.base}/token`,
  });
  t = await createTestApp({ config: { quickbooksOnline: provider('sandbox'), xero: provider('production') } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function startConnect(as: SignedIn, provider: 'quickbooks_online' | 'xero', connector: ProviderConnector) {
  const prepared = await connector.prepareConnect?.(t.deps, { organizationId: as.user.organizationId, settings: {}, userId: as.user.id });
  if (!prepared?.authorizationUrl) throw new Error('no authorization url');
  const [row] = await t.deps.db
    .insert(integrations)
    .values({ organizationId: as.user.organizationId, provider, status: prepared.status ?? 'connected', settings: prepared.settings, connectedBy: as.user.id })
    .onConflictDoUpdate({ target: [integrations.organizationId, integrations.provider], set: { status: prepared.status ?? 'connected', settings: prepared.settings } })
    .returning();
  if (!row) throw new Error('no integration');
  return { row, url: new URL(prepared.authorizationUrl), state: new URL(prepared.authorizationUrl).searchParams.get('state') ?? '' };
}

async function load(id: string): Promise<Integration> {
  const [row] = await t.deps.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new Error('gone');
  return row;
}

async function syncOf(id: string, saved: Record<string, unknown>[] = []) {
  const row = await load(id);
  const connector = connectors[row.provider as 'quickbooks_online'];
  if (!connector) throw new Error('no connector');
  const secrets = decryptIntegrationSecrets(t.deps.config.encryptionKey, row.secretsEncrypted);
  return connector.sync({
    deps: t.deps,
    integration: row,
    secrets,
    saveSecrets: async (next) => {
      saved.push(next);
      await t.deps.db.update(integrations).set({ secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, next) }).where(eq(integrations.id, id));
    },
    now: t.deps.now(),
  });
}

const countOf = async (table: typeof customers | typeof invoices | typeof payments, organizationId: string) =>
  (await t.deps.db.select({ value: count() }).from(table).where(eq(table.organizationId, organizationId)))[0]?.value ?? 0;

describe('QuickBooks Online API connector', () => {
  let owner: SignedIn;
  let integration: Integration;

  beforeAll(async () => {
    owner = await signUp(t.app);
  });

  it('is configured only with credentials', () => {
    expect(connectors.quickbooks_online?.isConfigured(t.deps)).toBe(true);
    expect(connectors.quickbooks_online?.isConfigured({ ...t.deps, config: { ...t.deps.config, quickbooksOnline: null } })).toBe(false);
    expect(connectors.netsuite).toBeUndefined();
  });

  it('connect answers pending_authorization and an Intuit authorization URL; the callback stores tokens once', async () => {
    const connector = connectors.quickbooks_online;
    if (!connector) throw new Error('missing');
    const started = await startConnect(owner, 'quickbooks_online', connector);
    integration = started.row;
    expect(started.row.status).toBe('pending_authorization');
    expect(`${started.url.origin}${started.url.pathname}`).toBe(`${fake.base}/authorize`);
    expect(Object.fromEntries(started.url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'client-id',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: 'http://localhost:5000/api/integrations/oauth/quickbooks_online/callback',
    });
    expect(started.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(started.row.settings)).not.toContain(started.state);

    // Another organization's user cannot complete it; nor can another member of this one.
    const stranger = await signUp(t.app);
    const callback = `/api/integrations/oauth/quickbooks_online/callback?code=good-code&state=${started.state}&realmId=123`;
    expect((await stranger.request({ method: 'GET', url: callback })).statusCode).toBe(400);
    const member = await addMember(t.app, t.deps.db, owner.user.organizationId, { role: 'admin' });
    expect((await member.request({ method: 'GET', url: callback })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: callback })).statusCode).toBe(401);

    const done = await owner.request({ method: 'GET', url: callback });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/practice/integrations?authorized=quickbooks_online');
    const row = await load(integration.id);
    expect(row.status).toBe('connected');
    expect(row.settings).toEqual({ realmId: '123' });
    expect(decryptIntegrationSecrets(t.deps.config.encryptionKey, row.secretsEncrypted)).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1' });
    const token = fake.calls.find((call) => call.path === '/token');
    expect(token?.headers.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, integration.id), eq(auditLog.action, 'integration.authorized')));
    expect(audits).toHaveLength(1);

    // Single use.
    const replay = await owner.request({ method: 'GET', url: callback });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/start Connect again/);
  });

  it('Authorize gives a fresh link (owners and admins); the previous one stops working', async () => {
    const other = await signUp(t.app);
    const connector = connectors.quickbooks_online;
    if (!connector) throw new Error('missing');
    const started = await startConnect(other, 'quickbooks_online', connector);
    const viewer = await addMember(t.app, t.deps.db, other.user.organizationId, { role: 'accountant' });
    expect((await viewer.request({ method: 'POST', url: `/api/integrations/${started.row.id}/authorize` })).statusCode).toBe(403);
    expect((await owner.request({ method: 'POST', url: `/api/integrations/${started.row.id}/authorize` })).statusCode).toBe(404);
    const fresh = await other.request({ method: 'POST', url: `/api/integrations/${started.row.id}/authorize` });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const state = new URL(fresh.json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get('state');
    expect(state).not.toBe(started.state);
    const callback = (value: string | null) => `/api/integrations/oauth/quickbooks_online/callback?code=good-code&state=${value}&realmId=123`;
    expect((await other.request({ method: 'GET', url: callback(started.state) })).statusCode).toBe(400);
    expect((await other.request({ method: 'GET', url: callback(state) })).statusCode).toBe(302);
    expect((await other.request({ method: 'POST', url: `/api/integrations/${started.row.id}/authorize` })).statusCode).toBe(404);
  });

  it('an expired state is refused', async () => {
    const other = await signUp(t.app);
    const connector = connectors.quickbooks_online;
    if (!connector) throw new Error('missing');
    const started = await startConnect(other, 'quickbooks_online', connector);
    t.clock.advance(16 * 60_000);
    try {
      const response = await other.request({ method: 'GET', url: `/api/integrations/oauth/quickbooks_online/callback?code=good-code&state=${started.state}&realmId=123` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/expired/);
      expect((await load(started.row.id)).status).toBe('pending_authorization');
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('a code the token endpoint refuses (400 invalid_grant) is a 400 saying so, never a 500, and nothing is stored', async () => {
    const other = await signUp(t.app);
    const connector = connectors.quickbooks_online;
    if (!connector) throw new Error('missing');
    const started = await startConnect(other, 'quickbooks_online', connector);
    const response = await other.request({ method: 'GET', url: `/api/integrations/oauth/quickbooks_online/callback?code=stale-code&state=${started.state}&realmId=123` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'QuickBooks Online refused the authorization code (invalid_grant); start Connect again' });
    const row = await load(started.row.id);
    expect(row.status).toBe('pending_authorization');
    expect(decryptIntegrationSecrets(t.deps.config.encryptionKey, row.secretsEncrypted)).toEqual({});
    const token = fake.calls.at(-1);
    expect(token?.path).toBe('/token');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({ grant_type: 'authorization_code', code: 'stale-code', redirect_uri: 'http://localhost:5000/api/integrations/oauth/quickbooks_online/callback' });
  });

  it('sync pulls customers, invoices and payments and pushes ours; a second sync creates nothing twice', async () => {
    const local = await createCustomerFor(owner, { name: 'Local Customer' });
    const ours = await createInvoiceFor(owner, local.id, { status: 'sent' });
    await createInvoiceFor(owner, local.id, { status: 'draft' });
    const summary = await syncOf(integration.id);
    expect(summary).toEqual({
      customersProcessed: 3,
      invoicesProcessed: 2,
      paymentsProcessed: 1,
      other: { customersPulled: 2, invoicesPulled: 1, customersPushed: 1, invoicesPushed: 1, invoicesSkipped: 1 },
    });
    const org = owner.user.organizationId;
    const [amy] = await t.deps.db.select().from(customers).where(and(eq(customers.organizationId, org), eq(customers.email, 'birds@intuit.test')));
    expect(amy).toMatchObject({ name: "Amy's Bird Sanctuary", phone: '(650) 555-3311', address: '4581 Finch St.', city: 'Bayshore', state: 'CA', zipCode: '94326' });
    const [noEmail] = await t.deps.db.select().from(customers).where(and(eq(customers.organizationId, org), eq(customers.name, 'Bill Windsurf Shop')));
    expect(noEmail?.email).toBe('quickbooks_online-2@no-email.invalid');
    // 3 x 50.00 + 1.5 x 17.00 = 175.50; tax 14.04; total 189.54; paid 100.00.
    const [pulled] = await t.deps.db.select().from(invoices).where(and(eq(invoices.organizationId, org), eq(invoices.invoiceNumber, '1037')));
    expect(pulled).toMatchObject({ customerId: amy?.id, subtotal: '175.50', taxAmount: '14.04', discountAmount: '0.00', totalAmount: '189.54', amountPaid: '100.00', status: 'sent', issueDate: '2026-10-01', dueDate: '2026-10-31' });
    const [payment] = await t.deps.db.select().from(payments).where(and(eq(payments.organizationId, org), eq(payments.referenceId, pulled?.id ?? '')));
    expect(payment).toMatchObject({ amount: '100.00', status: 'completed', reference: 'QuickBooks Online payment 200' });

    const pushedCustomer = fake.calls.find((call) => call.method === 'POST' && call.path.endsWith('/customer'));
    expect(pushedCustomer?.query.get('requestid')).toBe(local.id);
    expect(JSON.parse(pushedCustomer?.body ?? '{}')).toMatchObject({ DisplayName: 'Local Customer', PrimaryEmailAddr: { Address: local.email } });
    const pushedInvoice = fake.calls.find((call) => call.method === 'POST' && call.path.endsWith('/invoice'));
    expect(pushedInvoice?.query.get('requestid')).toBe(ours.id);
    expect(JSON.parse(pushedInvoice?.body ?? '{}')).toEqual({
      CustomerRef: { value: 'new-c1' },
      DocNumber: ours.invoiceNumber.slice(0, 21),
      TxnDate: '2026-11-01',
      DueDate: '2026-12-01',
      Line: [
        { DetailType: 'SalesItemLineDetail', Amount: 100, Description: 'Consulting', SalesItemLineDetail: { Qty: 2, UnitPrice: 50 } },
        { DetailType: 'SalesItemLineDetail', Amount: 30, Description: 'Support hours', SalesItemLineDetail: { Qty: 1.5, UnitPrice: 20 } },
        { DetailType: 'DiscountLineDetail', Amount: 5, DiscountLineDetail: { PercentBased: false } },
      ],
      TxnTaxDetail: { TotalTax: 10.4 },
    });

    const before = { customers: await countOf(customers, org), invoices: await countOf(invoices, org), payments: await countOf(payments, org) };
    const posts = fake.calls.filter((call) => call.method === 'POST' && call.path.startsWith('/v3')).length;
    const again = await syncOf(integration.id);
    expect(again).toMatchObject({ invoicesProcessed: 0, paymentsProcessed: 0, other: { invoicesPulled: 0, customersPushed: 0, invoicesPushed: 0 } });
    expect({ customers: await countOf(customers, org), invoices: await countOf(invoices, org), payments: await countOf(payments, org) }).toEqual(before);
    expect(fake.calls.filter((call) => call.method === 'POST' && call.path.startsWith('/v3')).length).toBe(posts);
    const mappings = await t.deps.db.select({ value: count() }).from(externalRecords).where(eq(externalRecords.organizationId, org));
    // 2 customers pulled + 1 pushed, 1 invoice pulled + 1 pushed, 1 payment.
    expect(mappings[0]?.value).toBe(6);
  });

  it('refreshes an expired access token and saves it; a refused refresh or a 401 asks to reconnect', async () => {
    t.clock.advance(2 * 3600_000);
    const saved: Record<string, unknown>[] = [];
    await syncOf(integration.id, saved);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2' });
    expect(fake.calls.at(-1)?.headers.authorization).toBe('Bearer at-2');

    await t.deps.db
      .update(integrations)
      .set({ secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, { accessToken: 'at-old', refreshToken: 'revoked', expiresAt: '2000-01-01T00:00:00Z' }) })
      .where(eq(integrations.id, integration.id));
    await expect(syncOf(integration.id)).rejects.toThrow('Reconnect QuickBooks Online: the authorization expired or was revoked.');

    await t.deps.db
      .update(integrations)
      .set({ secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, { accessToken: 'not-valid', refreshToken: 'rt-9', expiresAt: '2100-01-01T00:00:00Z' }) })
      .where(eq(integrations.id, integration.id));
    await expect(syncOf(integration.id)).rejects.toThrow('Reconnect QuickBooks Online: the authorization expired or was revoked.');
  });
});

describe('two pulls at once', () => {
  it('create each customer, invoice and payment once', async () => {
    const owner = await signUp(t.app);
    const connector = connectors.xero;
    if (!connector) throw new Error('missing');
    const started = await startConnect(owner, 'xero', connector);
    expect((await owner.request({ method: 'GET', url: `/api/integrations/oauth/xero/callback?code=good-code&state=${started.state}` })).statusCode).toBe(302);
    await t.deps.db.update(integrations).set({ syncDirection: 'to_platform' }).where(eq(integrations.id, started.row.id));
    const results = await Promise.allSettled([syncOf(started.row.id), syncOf(started.row.id)]);
    expect(results.every((result) => result.status === 'fulfilled'), JSON.stringify(results)).toBe(true);
    const org = owner.user.organizationId;
    expect(await countOf(customers, org)).toBe(1);
    expect(await countOf(invoices, org)).toBe(1);
    expect(await countOf(payments, org)).toBe(1);
    const [pulled] = await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, org));
    expect(pulled?.amountPaid).toBe('100.00');
  });
});

describe('a crash while recording a pulled payment', () => {
  it('leaves no claim behind: the next sync records the payment, once', async () => {
    const owner = await signUp(t.app);
    const connector = connectors.xero;
    if (!connector) throw new Error('missing');
    const started = await startConnect(owner, 'xero', connector);
    expect((await owner.request({ method: 'GET', url: `/api/integrations/oauth/xero/callback?code=good-code&state=${started.state}` })).statusCode).toBe(302);
    await t.deps.db.update(integrations).set({ syncDirection: 'to_platform' }).where(eq(integrations.id, started.row.id));
    const org = owner.user.organizationId;
    crash.nextPayment = true;
    await expect(syncOf(started.row.id)).rejects.toThrow('Connection terminated unexpectedly');
    expect(crash.nextPayment).toBe(false);
    expect(await countOf(payments, org)).toBe(0);
    const claims = await t.deps.db.select().from(externalRecords).where(and(eq(externalRecords.organizationId, org), eq(externalRecords.entity, 'payment')));
    expect(claims).toEqual([]);
    await t.deps.db.update(integrations).set({ cursor: null }).where(eq(integrations.id, started.row.id));
    const again = await syncOf(started.row.id);
    expect(again.paymentsProcessed).toBe(1);
    expect(await countOf(payments, org)).toBe(1);
    const [pulled] = await t.deps.db.select().from(invoices).where(eq(invoices.organizationId, org));
    expect(pulled?.amountPaid).toBe('100.00');
    expect((await syncOf(started.row.id)).paymentsProcessed).toBe(0);
    expect(await countOf(payments, org)).toBe(1);
  });
});

describe('Xero API connector', () => {
  it('connects through the callback (tenant from /connections) and syncs both ways through the Accounting API', async () => {
    const owner = await signUp(t.app);
    const connector = connectors.xero;
    if (!connector) throw new Error('missing');
    const started = await startConnect(owner, 'xero', connector);
    expect(Object.fromEntries(started.url.searchParams)).toMatchObject({ response_type: 'code', client_id: 'client-id', redirect_uri: 'http://localhost:5000/api/integrations/oauth/xero/callback' });
    expect(started.url.searchParams.get('scope')).toContain('offline_access');
    const done = await owner.request({ method: 'GET', url: `/api/integrations/oauth/xero/callback?code=good-code&state=${started.state}` });
    expect(done.statusCode, done.body).toBe(302);
    const row = await load(started.row.id);
    expect(row).toMatchObject({ status: 'connected', settings: { tenantId: 'tenant-1', tenantName: 'Demo Company (NZ)' } });

    const local = await createCustomerFor(owner, { name: 'Kiwi Local' });
    const ours = await createInvoiceFor(owner, local.id, { status: 'sent' });
    const summary = await syncOf(row.id);
    expect(summary).toEqual({
      customersProcessed: 2,
      invoicesProcessed: 2,
      paymentsProcessed: 1,
      other: { customersPulled: 1, invoicesPulled: 1, customersPushed: 1, invoicesPushed: 1, invoicesSkipped: 0 },
    });
    const org = owner.user.organizationId;
    const [abc] = await t.deps.db.select().from(customers).where(and(eq(customers.organizationId, org), eq(customers.email, 'ap@abc.test')));
    expect(abc).toMatchObject({ name: 'ABC Limited', address: 'P O Box 123', city: 'Wellington', zipCode: '6011', country: 'NZ' });
    // 2 x 120.00 = 240.00; tax 36.00; total 276.00; dated from /Date(1759276800000+0000)/ = 2025-10-01.
    const [pulled] = await t.deps.db.select().from(invoices).where(and(eq(invoices.organizationId, org), eq(invoices.invoiceNumber, 'INV-0001')));
    expect(pulled).toMatchObject({ subtotal: '240.00', taxAmount: '36.00', totalAmount: '276.00', amountPaid: '100.00', issueDate: '2025-10-01', dueDate: '2026-10-31' });
    const put = fake.calls.filter((call) => call.method === 'PUT');
    expect(put.map((call) => call.path)).toEqual(['/api.xro/2.0/Contacts', '/api.xro/2.0/Invoices']);
    expect(put[1]?.headers['idempotency-key']).toBe(ours.id);
    expect(JSON.parse(put[1]?.body ?? '{}')).toMatchObject({
      Invoices: [{ Type: 'ACCREC', InvoiceNumber: ours.invoiceNumber, Status: 'AUTHORISED', LineItems: [{ Description: 'Consulting', Quantity: 2, UnitAmount: 50 }, { Description: 'Support hours', Quantity: 1.5, UnitAmount: 20 }, { Description: 'Discount', Quantity: 1, UnitAmount: -5 }] }],
    });
    // Two hours on, the access token has expired: refreshed through Xero's token endpoint and saved.
    t.clock.advance(2 * 3600_000);
    const saved: Record<string, unknown>[] = [];
    const again = await syncOf(row.id, saved);
    expect(saved[0]).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2' });
    expect(again).toMatchObject({ invoicesProcessed: 0, paymentsProcessed: 0 });
    expect(fake.calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });
});
