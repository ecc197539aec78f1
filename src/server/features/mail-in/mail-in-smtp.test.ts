import { eq, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, inboundMails, jobs, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { fileStoreOf } from '../../platform/storage';
import { invoicePdf, pngBytes } from '../documents/test-files';
import { type MailInReceiver, startMailInReceiver } from './smtp-receiver';

const DOMAIN = 'in.signal-ar.test';
const MAX_BYTES = 200_000;
const ubl = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>INV-7</ID></Invoice>');

let t: TestApp;
let receiver: MailInReceiver;
let alice: SignedIn;
let bob: SignedIn;
let aliceAddress: string;

async function addressOf(user: SignedIn): Promise<string> {
  const response = await user.request({ method: 'GET', url: '/api/mail-in' });
  expect(response.statusCode).toBe(200);
  return response.json<{ address: string }>().address.replace(/@.*$/, `@${DOMAIN}`);
}

type Mail = Parameters<ReturnType<typeof nodemailer.createTransport>['sendMail']>[0];

/** Sends over a real SMTP connection; resolves with the server's answer or rejects with its error. */
function send(mail: Mail): Promise<{ response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } });
  return transport.sendMail({ from: 'billing@vendor.example', subject: 'Invoice', text: 'See attached.', ...mail });
}

async function mailsOf(organizationId: string) {
  return t.deps.db.select().from(inboundMails).where(eq(inboundMails.organizationId, organizationId));
}

async function documentsOf(ids: string[]) {
  const rows = await t.deps.db.select().from(documents);
  return rows.filter((row) => ids.includes(row.id));
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z'), config: { mailIn: { domain: DOMAIN, smtp: null } } });
  receiver = await startMailInReceiver(
    { db: t.deps.db, store: fileStoreOf(t.deps), now: t.deps.now },
    { host: '127.0.0.1', port: 0, domain: DOMAIN, maxMessageBytes: MAX_BYTES },
  );
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  aliceAddress = await addressOf(alice);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('mail-in over SMTP', () => {
  it('keeps an XML e-invoice as a document queued for reading, with one audit row for the mail', async () => {
    const answer = await send({ to: aliceAddress, messageId: '<xml-1@vendor.example>', attachments: [{ filename: 'INV-7.xml', content: ubl, contentType: 'application/xml' }] });
    expect(answer.response).toMatch(/^250/);
    const [mail] = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<xml-1@vendor.example>');
    expect(mail).toMatchObject({ status: 'accepted', mailFrom: 'billing@vendor.example', subject: 'Invoice', reason: null });
    const [document] = await documentsOf(mail?.documentIds ?? []);
    expect(document).toMatchObject({ fileName: 'INV-7.xml', fileType: 'application/xml', ocrStatus: 'pending', organizationId: alice.user.organizationId });
    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'documents.read'));
    expect(queued.some((job) => job.payload.documentId === document?.id)).toBe(true);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, mail?.id ?? ''));
    expect(audits.map((row) => row.action)).toEqual(['mail_in.received']);
  });

  it('keeps a PDF and a PNG for reading, and a .docx kept but not read', async () => {
    await send({
      to: aliceAddress,
      messageId: '<mixed-1@vendor.example>',
      attachments: [
        { filename: 'bill.pdf', content: await invoicePdf(), contentType: 'application/pdf' },
        { filename: 'scan.png', content: pngBytes(), contentType: 'image/png' },
        { filename: 'notes.docx', content: Buffer.from('PK\u0003\u0004 not really a document'), contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      ],
    });
    const [mail] = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<mixed-1@vendor.example>');
    expect(mail?.status).toBe('accepted');
    expect(mail?.reason).toContain('notes.docx: kept, not read');
    const kept = await documentsOf(mail?.documentIds ?? []);
    const byName = Object.fromEntries(kept.map((row) => [row.fileName, row]));
    expect(byName['bill.pdf']).toMatchObject({ fileType: 'application/pdf', ocrStatus: 'pending' });
    expect(byName['scan.png']).toMatchObject({ fileType: 'image/png', ocrStatus: 'pending' });
    expect(byName['notes.docx']).toMatchObject({ fileType: 'application/octet-stream', ocrStatus: 'completed', extractedData: null });
    const queued = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'documents.read'))).map((job) => job.payload.documentId);
    expect(queued).toContain(byName['bill.pdf']?.id);
    expect(queued).toContain(byName['scan.png']?.id);
    expect(queued).not.toContain(byName['notes.docx']?.id);
  });

  it('refuses a sender not on the allow-list: no documents, a refused row and an audit row', async () => {
    const put = await alice.request({ method: 'PUT', url: '/api/mail-in/allowed-senders', payload: { allowedSenders: ['@trusted.example', 'ap@partner.example'] } });
    expect(put.statusCode).toBe(200);
    // The envelope sender is allowed but the From header is not: both must pass.
    const answer = await send({
      envelope: { from: 'ap@partner.example', to: [aliceAddress] },
      from: 'mallory@evil.example',
      to: aliceAddress,
      messageId: '<evil-1@evil.example>',
      attachments: [{ filename: 'INV-7.xml', content: ubl, contentType: 'application/xml' }],
    });
    expect(answer.response).toMatch(/^250/);
    const [mail] = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<evil-1@evil.example>');
    expect(mail).toMatchObject({ status: 'refused', documentIds: [] });
    expect(mail?.reason).toContain('mallory@evil.example');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, mail?.id ?? ''));
    expect(audits.map((row) => row.action)).toEqual(['mail_in.refused']);

    await send({ from: 'someone@trusted.example', to: aliceAddress, messageId: '<ok-1@trusted.example>', attachments: [{ filename: 'a.png', content: pngBytes() }] });
    const [allowed] = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<ok-1@trusted.example>');
    expect(allowed?.status).toBe('accepted');
    await alice.request({ method: 'PUT', url: '/api/mail-in/allowed-senders', payload: { allowedSenders: [] } });
  });

  it('answers an unknown token exactly as a known one, and leaves no organization row', async () => {
    const unknown = `bills+${'0'.repeat(24)}@${DOMAIN}`;
    const before = await t.deps.db.select().from(organizations);
    const known = await send({ to: aliceAddress, messageId: '<probe-a@x.example>' });
    const stranger = await send({ to: unknown, messageId: '<probe-b@x.example>' });
    const strip = (response: string) => response.replace(/queued as .*$/i, '').trim();
    expect(strip(stranger.response)).toBe(strip(known.response));
    const orphans = await t.deps.db.select().from(inboundMails).where(isNull(inboundMails.organizationId));
    expect(orphans.find((row) => row.messageId === '<probe-b@x.example>')).toMatchObject({ status: 'unknown_recipient', recipient: unknown });
    expect(await t.deps.db.select().from(organizations)).toHaveLength(before.length);
    // A malformed local part is refused at RCPT whatever the workspace: it says nothing about one.
    await expect(send({ to: `someone@${DOMAIN}` })).rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses a message over the size limit with 552', async () => {
    const big = Buffer.alloc(MAX_BYTES, 0x41);
    await expect(send({ to: aliceAddress, messageId: '<big@x.example>', attachments: [{ filename: 'big.pdf', content: big }] })).rejects.toMatchObject({ responseCode: 552 });
    expect((await mailsOf(alice.user.organizationId)).some((row) => row.messageId === '<big@x.example>')).toBe(false);
  });

  it('refuses a mail with more than 10 attachments', async () => {
    const attachments = Array.from({ length: 11 }, (_, index) => ({ filename: `p${index}.png`, content: pngBytes() }));
    await send({ to: aliceAddress, messageId: '<many@x.example>', attachments });
    const [mail] = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<many@x.example>');
    expect(mail).toMatchObject({ status: 'refused', documentIds: [] });
    expect(mail?.reason).toContain('Too many attachments: 11');
  });

  it('keeps a mail delivered twice with the same Message-ID once', async () => {
    const mail = { to: aliceAddress, messageId: '<twice@x.example>', attachments: [{ filename: 'twice.png', content: pngBytes() }] };
    await send(mail);
    await send(mail);
    const rows = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<twice@x.example>');
    expect(rows).toHaveLength(1);
    const docs = (await t.deps.db.select().from(documents).where(eq(documents.organizationId, alice.user.organizationId))).filter((row) => row.fileName === 'twice.png');
    expect(docs).toHaveLength(1);
  });

  it("files a mail to two workspaces in each, and shows each only its own", async () => {
    const bobAddress = await addressOf(bob);
    await send({ to: [aliceAddress, bobAddress], messageId: '<both@x.example>', attachments: [{ filename: 'shared.png', content: pngBytes() }] });
    const aliceRows = (await mailsOf(alice.user.organizationId)).filter((row) => row.messageId === '<both@x.example>');
    const bobRows = (await mailsOf(bob.user.organizationId)).filter((row) => row.messageId === '<both@x.example>');
    expect(aliceRows).toHaveLength(1);
    expect(bobRows).toHaveLength(1);
    expect(aliceRows[0]?.documentIds).not.toEqual(bobRows[0]?.documentIds);
    const bobView = await bob.request({ method: 'GET', url: '/api/mail-in' });
    const ids = bobView.json<{ mails: { id: string }[] }>().mails.map((row) => row.id);
    expect(ids).toEqual([bobRows[0]?.id]);
    const aliceDocument = aliceRows[0]?.documentIds[0];
    expect((await bob.request({ method: 'GET', url: `/api/documents/${aliceDocument}` })).statusCode).toBe(404);
  });
});
