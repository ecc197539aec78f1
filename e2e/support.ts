import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { testNow } from './fixtures';

/** The e2e server prints its DATA_DIR; tests read the mail outbox through this helper. */
export async function readOutbox(page: Pick<Page, 'request'>): Promise<string[]> {
  const response = await page.request.get('/api/health');
  expect(response.ok()).toBeTruthy();
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return [];
  const outbox = path.join(dir, 'outbox');
  // The outbox folder is made by the first mail: before it, there are no mails yet (a poll waits on).
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'));
}

let counter = 0;
export function uniqueName(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Registers through the real /auth page and lands on the dashboard. */
export async function registerThroughUi(page: Page, name = uniqueName()): Promise<{ username: string; password: string }> {
  const password = 'correct horse 1';
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`${name}@example.com`);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Example');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { username: name, password };
}

/** An account, a customer and a sent invoice, through the API (the session cookie lands in the context). */
export async function accountWithInvoice(request: APIRequestContext, total = '500.00', timeZone?: string) {
  const name = uniqueName('r2');
  const registered = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', timeZone },
  });
  expect(registered.status()).toBe(201);
  // "Today" is the organization's day (the server refuses a payment dated after it), not UTC's.
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const customer = await request.post('/api/customers', { data: { name: 'Acme Corp', email: `${name}-billing@example.com` } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoice = await request.post('/api/invoices', {
    data: {
      customerId,
      invoiceNumber: `INV-${name}`,
      status: 'sent',
      issueDate: today,
      dueDate: today,
      subtotal: total,
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: total,
      items: [{ description: 'Bookkeeping, November', quantity: 1, unitPrice: total, totalPrice: total }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return { invoiceId: ((await invoice.json()) as { id: string }).id, invoiceNumber: `INV-${name}`, today };
}

export interface SignedInFirm {
  username: string;
  firmName: string;
  /** The owner as POST /api/login answers. */
  user: { id: string; homeOrganizationId: string; organizationTimeZone: string };
}

/**
 * Registers an accounting firm through the API and signs its owner in; the session cookie lands in
 * the context of `request` (a page's `page.request`).
 */
export async function signInFirm(request: APIRequestContext, options: { plan?: 'starter' | 'professional' | 'enterprise' } = {}): Promise<SignedInFirm> {
  const name = uniqueName('firm');
  const password = 'harbor-secret';
  const firmName = `Harbor CPA ${name}`;
  const registered = await request.post('/api/accounting-firms/register', {
    data: {
      firmName,
      firmEmail: `${name}@harbor.example`,
      ownerFirstName: 'Dana',
      ownerLastName: 'Whitfield',
      ownerEmail: `${name}.owner@harbor.example`,
      ownerUsername: name,
      ownerPassword: password,
      confirmPassword: password,
      subscriptionPlan: options.plan ?? 'professional',
      specializations: [],
      certifications: [],
      agreeToTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/login', { data: { username: name, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { username: name, firmName, user: (await login.json()) as SignedInFirm['user'] };
}

/** Adds a client to the signed-in firm's practice through POST /api/practice/clients. */
/**
 * Walks a client's onboarding through the API (steps 1, 2 with `settings`, the two required
 * documents, step 4) and activates it: the firm bills it from now on and may invoice it.
 */
export async function activatePracticeClient(
  request: APIRequestContext,
  client: { id: string; name: string; email: string },
  settings: Record<string, unknown> = {},
): Promise<void> {
  const base = `/api/practice/clients/${client.id}/onboarding`;
  const ok = async (step: string, response: { status: () => number; text: () => Promise<string> }) => expect(response.status(), `${step}: ${await response.text()}`).toBeLessThan(300);
  await ok('step 1', await request.put(`${base}/steps/1`, {
    data: { businessInfo: { name: client.name, email: client.email, businessType: 'llc', industry: 'restaurant' }, primaryContact: { name: 'Rosa Baker', email: `rosa.${client.id.slice(0, 8)}@bayside.example` }, complete: true },
  }));
  await ok('step 2', await request.put(`${base}/steps/2`, {
    data: {
      serviceSettings: { serviceLevel: 'standard', monthlyFee: '299.00', billingFrequency: 'monthly', autoApprovalLimit: '1000.00', invoiceTemplate: 'standard', paymentTerms: 'net_30', preferredPaymentMethods: ['ach'], ...settings },
      complete: true,
    },
  }));
  for (const documentType of ['w9Form', 'bankStatement']) {
    const bytes = Buffer.from(`%PDF-1.4\n% ${documentType}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
    await ok(documentType, await request.post(`${base}/steps/3/documents`, { multipart: { documentType, file: { name: `${documentType}.pdf`, mimeType: 'application/pdf', buffer: bytes } } }));
  }
  await ok('step 4', await request.put(`${base}/steps/4`, {
    data: { bankingInfo: { bankName: 'Chase', accountType: 'business_checking', routingNumber: '021000021', accountNumber: '987654321012' }, complete: true },
  }));
  await ok('activation', await request.post(`${base}/complete`));
}

export async function addPracticeClient(
  request: APIRequestContext,
  businessName: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; organizationId: string; name: string; email: string }> {
  const name = uniqueName('client');
  const response = await request.post('/api/practice/clients', {
    data: { businessName, businessEmail: `${name}@bayside.example`, industry: 'restaurant', contactName: 'Rosa Baker', contactEmail: `rosa.${name}@bayside.example`, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; organizationId: string; name: string; email: string };
}
