import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, einvoiceDeliveries, invoices, organizations } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type FakeAccessPoint, startFakeAccessPoint } from '../../test/fake-access-point';
import { readOutbox } from '../../test/outbox';
import type { SignedIn } from '../../test/factories';
import { createInvoiceFor, ownerWithCustomer } from '../invoices/invoices.fixtures';
import { AccessPointRefusal, createStorecoveProvider } from './access-point';
import type { EinvoiceFile, EinvoiceSource } from './build-einvoice-file';
import { accessPointFor, useEinvoiceBuilder } from './deliver-einvoice';
import { runEinvoiceStatusJobs } from './einvoice-delivery-jobs';

let t: TestApp;
let ap: FakeAccessPoint;
let owner: SignedIn;
let customer: { id: string; name: string; email: string };
const built: { source: EinvoiceSource; format: string }[] = [];
let refuseWith: string | null = null;

/** A tiny UBL / Factur-X stand-in: the real writers are another part of issue 36. */
async function fakeBuilder(_db: unknown, _organizationId: string, source: EinvoiceSource, format: string): Promise<EinvoiceFile> {
  if (refuseWith) throw new AppError('VALIDATION', refuseWith);
  built.push({ source, format });
  if (format === 'factur_x') return { fileName: `factur-x-${source.id}.pdf`, contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 factur-x') };
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>${source.id}</ID></Invoice>`;
  return { fileName: `invoice-${source.id}.xml`, contentType: 'application/xml', content: Buffer.from(xml) };
}

beforeAll(async () => {
  ap = await startFakeAccessPoint();
  t = await createTestApp({
    now: new Date('2026-11-21T15:00:00Z'),
    config: {
      einvoiceAccessPoint: { baseUrl: ap.baseUrl, apiKey: ap.apiKey, legalEntityId: 4242 },
      testOnly: { allowLoopbackAccessPoint: true, accessPointTimeoutMs: 300 },
    },
  });
  useEinvoiceBuilder(fakeBuilder);
  ({ owner, customer } = await ownerWithCustomer(t));
  await t.deps.db
    .update(organizations)
    .set({ electronicAddressScheme: '0208', electronicAddress: '0999999999' })
    .where(eq(organizations.id, owner.user.organizationId));
});
afterAll(async () => {
  useEinvoiceBuilder(null);
  await t.close();
  await ap.close();
});
afterEach(() => {
  refuseWith = null;
  ap.mode = 'accept';
});

async function customerPrefers(format: 'pdf' | 'factur_x' | 'ubl' | 'xrechnung_ubl' | 'xrechnung_cii', address: string | null = null) {
  const [scheme, value] = address ? address.split(':') : [null, null];
  await t.deps.db
    .update(customers)
    .set({ einvoiceFormat: format, electronicAddressScheme: scheme ?? null, electronicAddress: value ?? null })
    .where(eq(customers.id, customer.id));
}

const send = (id: string) => owner.request({ method: 'POST', url: `/api/invoices/${id}/send` });
const deliveriesOf = (id: string) => t.deps.db.select().from(einvoiceDeliveries).where(eq(einvoiceDeliveries.documentId, id));
const statusOf = async (id: string) => (await t.deps.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]?.status;
const lastMail = async () => simpleParser(readOutbox(t).at(-1) ?? '');
const auditsOf = async (id: string) => (await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((row) => row.action);

describe('Send by mail in the customer e-invoice format', () => {
  it('mails the UBL XML with the readable PDF, marks the invoice sent and records the delivery', async () => {
    await customerPrefers('ubl');
    const invoice = await createInvoiceFor(owner, customer.id);
    const response = await send(invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('sent');
    const mail = await lastMail();
    expect(mail.subject).toContain(invoice.invoiceNumber);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [expect.stringMatching(/\.pdf$/), 'application/pdf'],
      [`invoice-${invoice.id}.xml`, 'application/xml'],
    ]);
    expect(mail.attachments[1]?.content.toString('utf8')).toContain(`<ID>${invoice.id}</ID>`);
    expect(built.at(-1)).toEqual({ source: { kind: 'invoice', id: invoice.id }, format: 'ubl' });
    const [row] = await deliveriesOf(invoice.id);
    expect(row).toMatchObject({ channel: 'email', format: 'ubl', status: 'sent', recipient: customer.email, attempts: 1 });
    expect(await auditsOf(invoice.id)).toEqual(expect.arrayContaining(['einvoice.sent', 'invoice.emailed', 'invoice.sent']));
    const listed = await owner.request({ method: 'GET', url: `/api/invoices/${invoice.id}/einvoice-deliveries` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id: row?.id, channel: 'email', format: 'ubl', status: 'sent', error: null })]);
  });

  it('replaces the PDF with the Factur-X PDF', async () => {
    await customerPrefers('factur_x');
    const invoice = await createInvoiceFor(owner, customer.id);
    expect((await send(invoice.id)).statusCode).toBe(200);
    const mail = await lastMail();
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`factur-x-${invoice.id}.pdf`, 'application/pdf']]);
    expect(mail.attachments[0]?.content.toString()).toBe('%PDF-1.7 factur-x');
  });

  it('keeps the plain PDF send unchanged for a customer who takes PDF: no e-invoice, no delivery row', async () => {
    await customerPrefers('pdf', '0208:0123456789');
    const before = built.length;
    const invoice = await createInvoiceFor(owner, customer.id);
    expect((await send(invoice.id)).statusCode).toBe(200);
    const mail = await lastMail();
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(built.length).toBe(before);
    expect(await deliveriesOf(invoice.id)).toHaveLength(0);
  });

  it('refuses with the rule words before anything leaves when the invoice cannot be valid', async () => {
    await customerPrefers('ubl', '0208:0123456789');
    refuseWith = '[BR-AE-02] An Invoice that contains a line where the VAT category is "Reverse charge" shall contain the Buyer VAT identifier.';
    const invoice = await createInvoiceFor(owner, customer.id);
    const mails = readOutbox(t).length;
    const posts = ap.posts;
    const response = await send(invoice.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('BR-AE-02');
    expect(await statusOf(invoice.id)).toBe('draft');
    expect(readOutbox(t)).toHaveLength(mails);
    expect(ap.posts).toBe(posts);
    expect(await deliveriesOf(invoice.id)).toHaveLength(0);
  });
});

describe('Send through the access point', () => {
  it('submits the UBL with the documented shape, marks it sent, and the status job records delivered once', async () => {
    await customerPrefers('ubl', '0208:0123456789');
    const invoice = await createInvoiceFor(owner, customer.id);
    const mails = readOutbox(t).length;
    const response = await send(invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('sent');
    expect(readOutbox(t)).toHaveLength(mails);
    const [row] = await deliveriesOf(invoice.id);
    const submission = ap.submissions.find((entry) => entry.idempotencyGuid === row?.id);
    expect(submission?.body).toMatchObject({
      legalEntityId: 4242,
      routing: { eIdentifiers: [{ scheme: '0208', id: '0123456789' }] },
      document: { documentType: 'invoice', rawDocumentData: { parseStrategy: 'ubl' } },
    });
    expect(Buffer.from(submission?.body.document.rawDocumentData.document ?? '', 'base64').toString()).toContain(`<ID>${invoice.id}</ID>`);
    expect(row).toMatchObject({ channel: 'network', status: 'sent', recipient: '0208:0123456789', providerMessageId: submission?.guid });

    ap.pending.add(submission?.guid ?? '');
    const deps = { db: t.deps.db, now: t.deps.now, network: accessPointFor(t.deps.config) };
    t.clock.advance(61_000);
    await runEinvoiceStatusJobs(deps);
    expect((await deliveriesOf(invoice.id))[0]?.status).toBe('sent');
    ap.pending.clear();
    t.clock.advance(10 * 60_000);
    await runEinvoiceStatusJobs(deps);
    t.clock.advance(60 * 60_000);
    await runEinvoiceStatusJobs(deps);
    const [delivered] = await deliveriesOf(invoice.id);
    expect(delivered).toMatchObject({ status: 'delivered', error: null });
    expect(delivered?.deliveredAt).not.toBeNull();
    expect((await auditsOf(invoice.id)).filter((action) => action === 'einvoice.delivered')).toHaveLength(1);

    const again = await send(invoice.id);
    expect(again.statusCode).toBe(409);
    expect(ap.submissions.filter((entry) => entry.body.routing.eIdentifiers[0]?.id === '0123456789' && entry.idempotencyGuid === row?.id)).toHaveLength(1);
  });

  it('records a delivery the network reports failed, with its words', async () => {
    await customerPrefers('xrechnung_ubl', '0204:991-12345-67');
    const invoice = await createInvoiceFor(owner, customer.id);
    expect((await send(invoice.id)).statusCode).toBe(200);
    const [row] = await deliveriesOf(invoice.id);
    ap.failed.set(row?.providerMessageId ?? '', 'The receiver access point rejected the message');
    t.clock.advance(61_000);
    await runEinvoiceStatusJobs({ db: t.deps.db, now: t.deps.now, network: accessPointFor(t.deps.config) });
    expect((await deliveriesOf(invoice.id))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('rejected the message') });
  });

  it("fails with the provider's message on a 4xx and leaves the invoice unsent", async () => {
    await customerPrefers('ubl', '0208:0000000000');
    ap.mode = 'refuse';
    const invoice = await createInvoiceFor(owner, customer.id);
    const mails = readOutbox(t).length;
    const response = await send(invoice.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Receiver 0208:0000000000 is not registered on Peppol');
    expect(await statusOf(invoice.id)).toBe('draft');
    expect(readOutbox(t)).toHaveLength(mails);
    expect((await deliveriesOf(invoice.id))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('answered 422') });
    expect(await auditsOf(invoice.id)).toContain('einvoice.delivery_failed');
  });

  it('fails on a timeout, and Send again retries the same submission without a second one', async () => {
    await customerPrefers('ubl', '0208:1111111111');
    ap.mode = 'slow';
    const invoice = await createInvoiceFor(owner, customer.id);
    const before = ap.submissions.length;
    const first = await send(invoice.id);
    expect(first.statusCode).toBe(500);
    expect(first.json().message).toContain('did not answer in time');
    expect(await statusOf(invoice.id)).toBe('draft');
    const [failed] = await deliveriesOf(invoice.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });

    ap.mode = 'accept';
    const second = await send(invoice.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(ap.submissions.length).toBe(before + 1);
    const rows = await deliveriesOf(invoice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: failed?.id, status: 'sent', attempts: 2 });
  });

  it('refuses a second send while one is in flight', async () => {
    await customerPrefers('ubl');
    const invoice = await createInvoiceFor(owner, customer.id);
    await t.deps.db.insert(einvoiceDeliveries).values({
      organizationId: owner.user.organizationId,
      documentKind: 'invoice',
      documentId: invoice.id,
      format: 'ubl',
      channel: 'email',
      recipient: customer.email,
      createdAt: t.clock.now,
      updatedAt: t.clock.now,
    });
    const mails = readOutbox(t).length;
    const response = await send(invoice.id);
    expect(response.statusCode).toBe(409);
    expect(readOutbox(t)).toHaveLength(mails);
    expect(await statusOf(invoice.id)).toBe('draft');
  });

  it('falls back to mail when the customer has no electronic address', async () => {
    await customerPrefers('ubl');
    const invoice = await createInvoiceFor(owner, customer.id);
    const posts = ap.posts;
    expect((await send(invoice.id)).statusCode).toBe(200);
    expect(ap.posts).toBe(posts);
    expect((await deliveriesOf(invoice.id))[0]).toMatchObject({ channel: 'email', status: 'sent' });
  });

  it("hides another organization's deliveries and sends behind a 404", async () => {
    await customerPrefers('ubl');
    const invoice = await createInvoiceFor(owner, customer.id);
    await send(invoice.id);
    const other = await ownerWithCustomer(t);
    expect((await other.owner.request({ method: 'GET', url: `/api/invoices/${invoice.id}/einvoice-deliveries` })).statusCode).toBe(404);
    expect((await other.owner.request({ method: 'POST', url: `/api/invoices/${invoice.id}/send` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: '/api/invoices/not-a-uuid/einvoice-deliveries' })).statusCode).toBe(404);
    const rows = await t.deps.db.select().from(einvoiceDeliveries).where(and(eq(einvoiceDeliveries.organizationId, other.owner.user.organizationId)));
    expect(rows).toHaveLength(0);
  });
});

describe('the access point client', () => {
  it('refuses to send a file to a loopback or private address outside tests', async () => {
    const provider = createStorecoveProvider({ baseUrl: ap.baseUrl, apiKey: ap.apiKey, legalEntityId: 1 });
    const posts = ap.posts;
    const file = { fileName: 'a.xml', contentType: 'application/xml', content: Buffer.from('<Invoice/>') };
    await expect(provider.send(file, { sender: null, receiver: '0208:1', documentType: 'invoice', idempotencyKey: 'k' })).rejects.toBeInstanceOf(AccessPointRefusal);
    const metadata = createStorecoveProvider({ baseUrl: 'https://169.254.169.254/api/v2', apiKey: 'x', legalEntityId: 1 });
    await expect(metadata.status('abc')).rejects.toThrow(/private or reserved/);
    expect(ap.posts).toBe(posts);
  });
});
