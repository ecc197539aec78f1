import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, webhookDeliveries } from '../../../db/schema';
import { type TestApp, createTestApp } from '../../../test/create-test-app';
import { signUp } from '../../../test/factories';
import { createCustomerFor, createInvoiceFor } from '../../invoices/invoices.fixtures';
import { encryptIntegrationSecrets } from './integration-secrets';
import { isPublicAddress } from './webhook-guard';
import { deliverDueWebhooks } from './webhook-delivery';
import { feedWebhookEvents } from './webhook-feed';
import { webhooksConnector } from './webhooks';

describe('the SSRF guard (the real one: no test relaxation)', () => {
  let t: TestApp;
  const dns: Record<string, string[]> = {
    'public.example': ['93.184.216.34'],
    'internal.example': ['10.0.0.5'],
    'mixed.example': ['93.184.216.34', '192.168.1.10'],
    'metadata.example': ['169.254.169.254'],
    'v6private.example': ['fd00::1'],
    'rebind.example': ['93.184.216.34'],
  };
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        testOnly: {
          resolveHost: async (host) => {
            const answers = dns[host];
            if (!answers) throw new Error('ENOTFOUND');
            return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          },
        },
      },
    });
  });
  afterAll(async () => t.close());

  const connect = (url: string, events?: string[]) =>
    webhooksConnector.prepareConnect?.(t.deps, { organizationId: '00000000-0000-0000-0000-000000000000', settings: events ? { url, events } : { url } });

  it.each([
    'https://127.0.0.1/hook',
    'https://127.1.2.3/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://224.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[::ffff:0:7f00:1]/hook',
    'https://[::ffff:0:a9fe:a9fe]/hook',
    'https://0x7f.0.0.1/hook',
    'https://2130706433/hook',
    'https://localhost/hook',
  ])('refuses %s with a 400', async (url) => {
    await expect(connect(url)).rejects.toMatchObject({ code: 'VALIDATION', status: 400 });
  });

  it('refuses a host that resolves to a private, metadata or unique-local address, even one of several', async () => {
    for (const host of ['internal.example', 'mixed.example', 'metadata.example', 'v6private.example']) {
      await expect(connect(`https://${host}/hook`)).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('resolves to a private') });
    }
    await expect(connect('https://nowhere.example/hook')).rejects.toMatchObject({ message: expect.stringContaining('could not be resolved') });
  });

  it('refuses http, privileged ports, credentials and non-URLs; accepts a public https URL and chosen events', async () => {
    await expect(connect('http://public.example/hook')).rejects.toMatchObject({ message: 'The webhook URL must use https' });
    await expect(connect('https://public.example:22/hook')).rejects.toMatchObject({ message: expect.stringContaining('port') });
    await expect(connect('https://user:pw@public.example/hook')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(connect('not a url')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(connect('https://public.example/hook', ['invoice.voided'])).rejects.toMatchObject({ code: 'VALIDATION' });
    const prepared = await connect('https://public.example:8443/hook', ['invoice.paid', 'payment.received']);
    expect(prepared?.settings).toEqual({ url: 'https://public.example:8443/hook', events: ['invoice.paid', 'payment.received'] });
    expect(prepared?.secrets.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(prepared?.revealOnce).toEqual({ signingSecret: prepared?.secrets.signingSecret });
    const all = await connect('https://public.example/hook');
    expect(all?.settings.events).toEqual(['invoice.created', 'invoice.sent', 'invoice.paid', 'payment.received', 'bill.created', 'bill.approved', 'bill.paid']);
  });

  it('classifies addresses', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) expect(isPublicAddress(address)).toBe(true);
    for (const address of ['127.0.0.1', '10.0.0.1', '100.100.100.200', '169.254.169.254', '192.0.2.1', '255.255.255.255', '::1', 'fd00:ec2::254', 'ff02::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '::ffff:0:a00:1', '::ffff:0:10.0.0.1', '64:ff9b::a00:1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('re-checks at delivery: a host that now resolves to a private address is not contacted', async () => {
    const owner = await signUp(t.app);
    const prepared = await connect('https://rebind.example/hook');
    if (!prepared) throw new Error('no connect');
    const [integration] = await t.deps.db
      .insert(integrations)
      .values({ organizationId: owner.user.organizationId, provider: 'webhooks', settings: prepared.settings, secretsEncrypted: encryptIntegrationSecrets(t.deps.config.encryptionKey, prepared.secrets) })
      .returning();
    if (!integration) throw new Error('no integration');
    const customer = await createCustomerFor(owner);
    await createInvoiceFor(owner, customer.id);
    expect(await feedWebhookEvents(t.deps, integration)).toBe(1);
    dns['rebind.example'] = ['127.0.0.1'];
    const pass = await deliverDueWebhooks(t.deps, { integrationId: integration.id });
    expect(pass).toMatchObject({ succeeded: 0, retrying: 1 });
    const [delivery] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, integration.id));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: expect.stringContaining('resolves to a private') });
  });
});
