import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientMessages, customers, jobs } from '../../db/schema';
import type { Mailer } from '../../platform/mail';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { addMember } from '../team/team.fixtures';
import { CLIENT_MESSAGE_JOB, runClientMessageJobs, sendClientMessageJob } from './client-messages';
import { addClient, grantClient, signUpFirm } from './practice.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const send = (as: SignedIn, clientId: string, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
  as.request({
    method: 'POST',
    url: `/api/practice/clients/${clientId}/message`,
    payload,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const mailsTo = (email: string) => readMails(t).filter((mail) => mail.includes(`To: ${email}`));
const messageJobs = async () => (await t.deps.db.select().from(jobs).where(eq(jobs.kind, CLIENT_MESSAGE_JOB))).length;

describe('POST /api/practice/clients/{id}/message', () => {
  it("stores the message and mails it once to the client's contact; a retry with the same key mails nothing again", async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm, { contactEmail: `rosa.${randomUUID().slice(0, 8)}@bayside.example` });
    const key = randomUUID();
    const payload = { subject: 'Your W-9 for 2026', message: 'Hi Rosa,\nplease upload the W-9 <b>this week</b>.' };
    const jobsBefore = await messageJobs();

    const first = await send(firm, client.id, payload, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id: key, toEmail: client.contactEmail, subject: 'Your W-9 for 2026', sentAt: null });
    const retry = await send(firm, client.id, payload, key.toUpperCase());
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(key);
    expect(await messageJobs()).toBe(jobsBefore + 1);

    expect(await runClientMessageJobs(t.deps)).toBe(1);
    expect(await runClientMessageJobs(t.deps)).toBe(0);
    const mails = mailsTo(client.contactEmail ?? '');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your W-9 for 2026');
    expect(mails[0]).toContain('please upload the W-9 <b>this week</b>.');
    expect(mails[0]).toContain('Dana Whitfield');
    const [stored] = await t.deps.db.select().from(clientMessages).where(eq(clientMessages.id, key));
    expect(stored).toMatchObject({ customerId: client.id, sentBy: firm.user.id, body: payload.message });
    expect(stored?.sentAt).toEqual(t.clock.now);
    // The same key after the mail left still answers the stored message, and mails nothing.
    expect((await send(firm, client.id, payload, key)).json()).toMatchObject({ id: key, sentAt: t.clock.now.toISOString() });
    await runClientMessageJobs(t.deps);
    expect(mailsTo(client.contactEmail ?? '')).toHaveLength(1);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, client.id));
    expect(audits.filter((row) => row.action === 'practice_client.message_queued')).toHaveLength(1);
  });

  it('mails the business email when the client has no contact email, and never twice when a job runs twice', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    await t.deps.db.update(customers).set({ primaryContactEmail: null }).where(eq(customers.id, client.id));
    const response = await send(firm, client.id, { subject: 'Hello', message: 'Welcome aboard.' });
    expect(response.json().toEmail).toBe(client.email);
    const mine = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, CLIENT_MESSAGE_JOB))).find((row) => row.payload.messageId === response.json().id);
    if (!mine) throw new Error('no job was queued for the message');
    // A stale lock can hand the same job to a second worker: the message is claimed once.
    await Promise.all([sendClientMessageJob(t.deps, mine), sendClientMessageJob(t.deps, mine)]);
    await sendClientMessageJob(t.deps, mine);
    expect(mailsTo(client.email)).toHaveLength(1);
  });

  it('keeps the message queued when the mail server refuses, and mails it on the retry', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const refusing: Mailer = { send: () => Promise.reject(new Error('421 try again later')) };
    const response = await send(firm, client.id, { subject: 'Quarter end', message: 'Books close Friday.' });
    const id = response.json().id as string;
    await runClientMessageJobs({ ...t.deps, mail: refusing });
    const [waiting] = await t.deps.db.select().from(clientMessages).where(eq(clientMessages.id, id));
    expect(waiting?.sentAt).toBeNull();
    const [job] = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, CLIENT_MESSAGE_JOB))).filter((row) => row.payload.messageId === id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 try again later' });
    expect(mailsTo(client.contactEmail ?? '')).toHaveLength(0);

    t.clock.advance(60_000);
    await runClientMessageJobs(t.deps);
    expect(mailsTo(client.contactEmail ?? '')).toHaveLength(1);
    const [sent] = await t.deps.db.select().from(clientMessages).where(eq(clientMessages.id, id));
    expect(sent?.sentAt).not.toBeNull();
  });

  it('refuses a missing or malformed key (400), a key used for another message (409) and bad fields (400)', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    const payload = { subject: 'Hello', message: 'Welcome.' };
    expect((await send(firm, client.id, payload, null)).statusCode).toBe(400);
    expect((await send(firm, client.id, payload, 'retry-1')).json()).toMatchObject({ code: 'VALIDATION', fields: { 'idempotency-key': 'The Idempotency-Key header must be a UUID' } });
    const key = randomUUID();
    expect((await send(firm, client.id, payload, key)).statusCode).toBe(201);
    expect((await send(firm, client.id, { ...payload, message: 'Something else' }, key)).statusCode).toBe(409);
    const other = await addClient(firm);
    expect((await send(firm, other.id, payload, key)).statusCode).toBe(409);

    const bad = await send(firm, client.id, { subject: ' ', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ subject: 'Subject is required', message: 'Message is required' });
    const injected = await send(firm, client.id, { subject: 'Hi\nBcc: everyone@example.com', message: 'x' });
    expect(injected.json().fields).toEqual({ subject: 'Subject must be on one line' });
  });

  it("answers 404 for another firm's client and an ungranted accountant, 403 for a business and a firm viewer", async () => {
    const firm = await signUpFirm(t);
    const accountant = await addMember(t, firm, 'accountant');
    const viewer = await addMember(t, firm, 'viewer');
    const mine = await addClient(firm);
    await grantClient(t, firm, viewer, mine, 'viewer');
    const theirs = await addClient(await signUpFirm(t));
    const payload = { subject: 'Hello', message: 'Welcome.' };
    expect((await send(firm, theirs.id, payload)).statusCode).toBe(404);
    expect((await send(accountant, mine.id, payload)).statusCode).toBe(404);
    expect((await send(viewer, mine.id, payload)).statusCode).toBe(403);
    expect((await send(await signUp(t.app), mine.id, payload)).statusCode).toBe(403);
    await grantClient(t, firm, accountant, mine);
    expect((await send(accountant, mine.id, payload)).statusCode).toBe(201);
  });

  it('allows 20 messages a day to one client (429 after)', async () => {
    const firm = await signUpFirm(t);
    const client = await addClient(firm);
    for (let i = 0; i < 20; i += 1) {
      expect((await send(firm, client.id, { subject: `Note ${i}`, message: 'x' })).statusCode).toBe(201);
    }
    const limited = await send(firm, client.id, { subject: 'Note 21', message: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(await t.deps.db.select().from(clientMessages).where(eq(clientMessages.customerId, client.id))).toHaveLength(20);
  });
});
