import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';

let t: TestApp;
let operator: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  // The first organization created runs the installation.
  operator = await signUp(t.app, { companyName: 'Signal AR' });
});
afterAll(async () => t.close());

const valid = {
  topic: 'demo',
  name: 'Dana Whitfield',
  email: 'Dana@Harbor.example ',
  firm: 'Harbor CPA',
  message: 'We manage 60 clients and would like to see reminders.',
};
const send = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload });

async function storedCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(contactRequests);
  return row?.n ?? 0;
}

describe('contact requests', () => {
  it('stores a request from an anonymous visitor', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toHaveProperty('id');
    const list = await operator.request({ method: 'GET', url: '/api/contact-requests' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({
      topic: 'demo',
      name: 'Dana Whitfield',
      email: 'dana@harbor.example',
      firm: 'Harbor CPA',
    });
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

  it('shows requests only to owners of the operator organization', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contact-requests' })).statusCode).toBe(
      401,
    );
    const otherOwner = await signUp(t.app, { companyName: 'Another firm' });
    expect(
      (await otherOwner.request({ method: 'GET', url: '/api/contact-requests' })).statusCode,
    ).toBe(403);
  });
});
