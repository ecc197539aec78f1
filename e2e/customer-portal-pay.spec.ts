import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { uniqueName } from './support';

/**
 * Runs on the second e2e server (project "stripe" in playwright.config.ts), started with Stripe
 * keys against the local fake Stripe server. Stripe.js cannot load from js.stripe.com here: both
 * js.stripe.com and api.stripe.com are routed to the fake server, which serves a fake Stripe.js,
 * marks intents succeeded and posts the signed webhook to the app.
 */
const dataDir = process.env.E2E_STRIPE_DATA_DIR ?? '';

function fakeStripeUrl(): string {
  return (JSON.parse(readFileSync(path.join(dataDir, 'fake-stripe.json'), 'utf8')) as { url: string }).url;
}

function outbox(): string[] {
  const dir = path.join(dataDir, 'outbox');
  return readdirSync(dir)
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

async function routeStripe(context: BrowserContext): Promise<void> {
  const fake = fakeStripeUrl();
  const forward = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
    const url = new URL(route.request().url());
    const target = url.hostname === 'js.stripe.com' ? `${fake}/v3` : `${fake}${url.pathname}${url.search}`;
    const response = await route.fetch({ url: target });
    await route.fulfill({ response });
  };
  await context.route('https://js.stripe.com/**', forward);
  await context.route('https://api.stripe.com/**', forward);
}

/** A workspace with a customer and three sent invoices (two to pay now). */
async function staffWithInvoices(request: APIRequestContext) {
  const name = uniqueName('pp');
  const registered = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', companyName: 'Harbor Books' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const email = `${name}-billing@example.com`;
  const customer = await request.post('/api/customers', { data: { name: 'Bayside Bakery', email } });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoices: { number: string; total: string }[] = [
    { number: `INV-${name}-1`, total: '120.00' },
    { number: `INV-${name}-2`, total: '80.50' },
    { number: `INV-${name}-3`, total: '45.00' },
  ];
  for (const [index, invoice] of invoices.entries()) {
    const created = await request.post('/api/invoices', {
      data: {
        customerId,
        invoiceNumber: invoice.number,
        status: 'sent',
        issueDate: format(addDays(parseISO(today), -30 + index), 'yyyy-MM-dd'),
        dueDate: format(addDays(parseISO(today), -5 + index * 10), 'yyyy-MM-dd'),
        subtotal: invoice.total,
        taxAmount: '0',
        discountAmount: '0',
        totalAmount: invoice.total,
        items: [{ description: `Bread, week ${index + 1}`, quantity: 1, unitPrice: invoice.total, totalPrice: invoice.total }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  return { customerId, email, invoices };
}

test('staff turns the portal on; the customer opens the mailed link, sees the statement, pays two invoices with Stripe; staff sees them paid', async ({ page, browser }) => {
  const { customerId, email, invoices } = await staffWithInvoices(page.request);

  // Staff: Customers > customer > Portal, access on, and the sign-in link mailed.
  await page.goto(`/customers/${customerId}`);
  await page.getByRole('tab', { name: 'Portal' }).click();
  await page.getByRole('switch', { name: /portal access/i }).click();
  await page.getByRole('button', { name: /send sign-in link|invite/i }).click();
  await expect.poll(() => outbox().filter((mail) => mail.includes(email)).length).toBe(1);
  const mail = outbox().find((mail) => mail.includes(email)) ?? '';
  const link = /https?:\/\/\S+\/portal\/sign-in#token=[\w-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const signIn = new URL(link ?? '');

  // The customer, in its own browser context (no staff session), with Stripe routed to the fake.
  for (const width of [1366, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 812 } });
    await routeStripe(context);
    const portal = await context.newPage();
    if (width === 375) {
      // A second link for the phone-sized visit (links are single use).
      await page.getByRole('button', { name: /send sign-in link|invite|re-send/i }).click();
      await expect.poll(() => outbox().filter((mail) => mail.includes(email)).length).toBe(2);
      const second = /https?:\/\/\S+\/portal\/sign-in#token=[\w-]+/.exec(outbox().filter((mail) => mail.includes(email))[1] ?? '')?.[0] ?? '';
      await portal.goto(`${new URL(second).pathname}${new URL(second).hash}`);
    } else {
      await portal.goto(`${signIn.pathname}${signIn.hash}`);
    }
    await expect(portal.getByText('Bayside Bakery').first()).toBeVisible();

    if (width === 1366) {
      // The statement of account: the three invoices, 245.50 owed.
      await portal.getByRole('link', { name: /statement/i }).first().click();
      await expect(portal.getByText(invoices[0]?.number ?? '').first()).toBeVisible();
      await expect(portal.getByText('$245.50').first()).toBeVisible();
      await portal.screenshot({ path: `/tmp/i31-pay-statement-${width}.png`, fullPage: true });
      await portal.getByRole('link', { name: /invoices|pay/i }).first().click();

      await portal.getByRole('checkbox', { name: new RegExp(`Invoice ${invoices[0]?.number}`) }).check();
      await portal.getByRole('checkbox', { name: new RegExp(`Invoice ${invoices[1]?.number}`) }).check();
      await portal.screenshot({ path: `/tmp/i31-pay-ticked-${width}.png`, fullPage: true });
      // 120.00 + 80.50
      await portal.getByRole('button', { name: 'Pay $200.50' }).click();
      await expect(portal.getByTestId('fake-stripe-payment')).toBeVisible();
      await portal.screenshot({ path: `/tmp/i31-pay-stripe-${width}.png`, fullPage: true });
      await portal.getByRole('button', { name: 'Pay $200.50' }).click();
      await expect(portal.getByText('Payment received')).toBeVisible();
      await portal.screenshot({ path: `/tmp/i31-pay-received-${width}.png`, fullPage: true });
    } else {
      await expect(portal.getByRole('checkbox', { name: new RegExp(`Invoice ${invoices[2]?.number}`) })).toBeVisible();
      await expect(portal.getByRole('checkbox', { name: new RegExp(`Invoice ${invoices[0]?.number}`) })).toHaveCount(0);
      await portal.getByRole('checkbox', { name: new RegExp(`Invoice ${invoices[2]?.number}`) }).check();
      await expect(portal.getByRole('button', { name: 'Pay $45.00' })).toBeVisible();
      await portal.screenshot({ path: `/tmp/i31-pay-ticked-${width}.png`, fullPage: true });
    }
    await context.close();
  }

  // Staff: the two invoices are paid, the third still open.
  await page.goto('/invoices');
  for (const paid of invoices.slice(0, 2)) {
    await expect(page.getByTestId('invoice-card').filter({ hasText: paid.number }).getByText('paid', { exact: false }).first()).toBeVisible();
  }
  await page.screenshot({ path: '/tmp/i31-pay-staff-invoices-1366.png', fullPage: true });
});
