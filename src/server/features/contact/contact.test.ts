import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactRequests } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, nextClientAddress, signUp, uniqueName } from '../../test/factories';
import { readMails } from '../../test/outbox';

let t: TestApp;
let firstOwner: SignedIn;
let operator: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ config: { operatorEmails: ['ops@signal.example', 'Sales@Signal.Example'] } });
  // The first organization on the install no longer decides anything.
  firstOwner = await signUp(t.app, { companyName: 'Signal AR' });
  operator = await signUp(t.app, { email: 'Ops@Signal.example', companyName: 'Operator Co' });
});
afterAll(async () => t.close());

const valid = {
  topic: 'demo',
  name: 'Dana Whitfield',
  email: 'Dana@Harbor.example ',
  firm: 'Harbor CPA',
  message: 'We manage 60 clients and would like to see reminders.',
};
// Each request from its own visitor: the contact form allows 5 per 10 minutes per address.
const send = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: nextClientAddress() });

async function storedCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(contactRequests);
  return row?.n ?? 0;
}

describe('contact requests', () => {
  it('stores a request from an anonymous visitor and mails it to the operators as plain text', async () => {
    const response = await send({ ...valid, message: 'We manage 60 clients.\n<b>Not bold</b> & <script>x</script>' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toHaveProperty('id');
    const list = await operator.request({ method: 'GET', url: '/api/contact-requests' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({ topic: 'demo', name: 'Dana Whitfield', email: 'dana@harbor.example', firm: 'Harbor CPA' });

    const mails = readMails(t);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    expect(mail).toMatch(/^To: ops@signal\.example, Sales@signal\.example$/im);
    expect(mail).toContain('Subject: Demo request from Dana Whitfield, Harbor CPA');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).not.toContain('text/html');
    expect(mail).toContain('Email: dana@harbor.example');
    expect(mail).toContain('<b>Not bold</b> & <script>x</script>');
  });

  it('keeps the request when the mail cannot be sent', async () => {
    const failing = vi.spyOn(t.deps.mail, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const before = await storedCount();
    const response = await send({ ...valid, name: 'Mail Down' });
    expect(response.statusCode).toBe(201);
    expect(failing).toHaveBeenCalledOnce();
    expect(await storedCount()).toBe(before + 1);
    failing.mockRestore();
  });

  it('keeps a visitor from putting a second line into the subject', async () => {
    await send({ ...valid, name: 'Eve\r\nBcc: victim@example.com' });
    const headers = (readMails(t).at(-1) ?? '').split(/\r?\n\r?\n/)[0] ?? '';
    expect(headers).toContain('Subject: Demo request from Eve Bcc: victim@example.com, Harbor CPA');
    expect(headers).not.toMatch(/^Bcc:/im);
  });

  it('files a request without a topic as a sales request', async () => {
    const { topic: _topic, ...withoutTopic } = valid;
    expect((await send({ ...withoutTopic, name: 'Sales Lead' })).statusCode).toBe(201);
    const list = await operator.request({ method: 'GET', url: '/api/contact-requests' });
    expect(list.json().find((r: { name: string }) => r.name === 'Sales Lead')?.topic).toBe('sales');
  });

  it.each([
    [{ name: 'D' }, 'name', 'Please enter your name'],
    [{ email: 'dana' }, 'email', 'Please enter a valid work email'],
    [{ firm: '' }, 'firm', 'Please enter your firm or company'],
    [{ message: 'Hi' }, 'message', 'Please tell us a little more (at least 10 characters)'],
    [{ topic: 'press' }, 'topic', undefined],
  ])('refuses %j and stores nothing', async (override, field, message) => {
    const before = await storedCount();
    const response = await send({ ...valid, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
    if (message) expect(response.json().fields[field]).toBe(message);
    expect(await storedCount()).toBe(before);
  });
});

describe('who reads contact requests', () => {
  it('refuses the first account on the install, and any other, unless its email is listed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contact-requests' })).statusCode).toBe(401);
    const forbidden = await firstOwner.request({ method: 'GET', url: '/api/contact-requests' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    const otherOwner = await signUp(t.app, { companyName: 'Another firm' });
    expect((await otherOwner.request({ method: 'GET', url: '/api/contact-requests' })).statusCode).toBe(403);
  });

  it('tells the client whether to show the Requests tab', async () => {
    expect((await operator.request({ method: 'GET', url: '/api/operator' })).json()).toEqual({ isOperator: true });
    expect((await firstOwner.request({ method: 'GET', url: '/api/operator' })).json()).toEqual({ isOperator: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/operator' })).statusCode).toBe(401);
  });

  it('compares addresses case-insensitively, whatever the role', async () => {
    const username = uniqueName();
    const member = await signUp(t.app, { username, email: 'sales@signal.example' });
    expect((await member.request({ method: 'GET', url: '/api/contact-requests' })).statusCode).toBe(200);
  });

  it('shows them to nobody when OPERATOR_EMAILS is unset, and still stores and answers', async () => {
    const bare = await createTestApp();
    try {
      const first = await signUp(bare.app, { email: 'ops@signal.example' });
      const response = await bare.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
      expect(response.statusCode).toBe(201);
      const [row] = await bare.deps.db.select({ n: count() }).from(contactRequests);
      expect(row?.n).toBe(1);
      expect((await first.request({ method: 'GET', url: '/api/contact-requests' })).statusCode).toBe(403);
      expect((await first.request({ method: 'GET', url: '/api/operator' })).json()).toEqual({ isOperator: false });
      expect(readMails(bare)).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
