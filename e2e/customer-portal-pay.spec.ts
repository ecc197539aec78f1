import { existsSync, readFileSync, readdirSync } from 'node:fs';
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
  // Made by the server's first mail: until then there is nothing to read, and the caller polls on.
  if (!existsSync(dir)) return [];
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
  return { email, invoices };
}

const SIGN_IN_LINK = /https?:\/\/\S+\/portal\/sign-in#token=[\w-]+/;

/** The sign-in links mailed to this address, oldest first, as paths (the e2e server's APP_URL host differs). */
function signInLinks(email: string): string[] {
  return outbox()
    .filter((mail) => mail.includes(email))
    .flatMap((mail) => {
      const found = SIGN_IN_LINK.exec(mail)?.[0];
      if (!found) return [];
      const url = new URL(found);
      return [`${url.pathname}${url.hash}`];
    });
}

test('staff turns the portal on; the customer opens the mailed link, sees the statement, pays two invoices with Stripe; staff sees them paid', async ({ page, browser }) => {
  const { email, invoices } = await staffWithInvoices(page.request);
  const [first, second, third] = invoices;

  // Staff: Customers > Bayside Bakery > Portal: access on, the sign-in link mailed.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Portal of Bayside Bakery' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('switch', { name: 'Portal access' }).click();
  await expect(dialog.getByRole('switch', { name: 'Portal access' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect.poll(() => signInLinks(email).length).toBe(1);

  // The customer, in its own browser context (no staff session), with Stripe routed to the fake.
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await routeStripe(desktop);
  const portal = await desktop.newPage();
  await portal.goto(signInLinks(email)[0] ?? '');
  await expect(portal.getByTestId('portal-balance')).toContainText('$245.50');
  await portal.screenshot({ path: '/tmp/i31-pay-account-1366.png', fullPage: true });

  // The statement of account (this month: the invoices were issued before it, so they make the
  // opening balance): 245.50 owed, 120.00 of it overdue (due 5 days ago).
  await portal.getByRole('link', { name: 'Statement' }).click();
  await expect(portal.getByRole('heading', { name: 'Statement of account' })).toBeVisible();
  await expect(portal.getByRole('row', { name: /Closing balance/ })).toContainText('$245.50');
  await expect(portal.getByText('$120.00').first()).toBeVisible();
  await portal.screenshot({ path: '/tmp/i31-pay-statement-1366.png', fullPage: true });

  // Tick two invoices (120.00 + 80.50) and pay them through Stripe (the fake Stripe.js).
  await portal.getByRole('link', { name: 'Account' }).click();
  await portal.getByRole('checkbox', { name: `Pay Invoice ${first?.number}` }).check();
  await portal.getByRole('checkbox', { name: `Pay Invoice ${second?.number}` }).check();
  await expect(portal.getByTestId('pay-total')).toHaveText('$200.50');
  await portal.screenshot({ path: '/tmp/i31-pay-ticked-1366.png', fullPage: true });
  await portal.getByRole('button', { name: 'Pay $200.50' }).click();
  await expect(portal.getByTestId('fake-stripe-payment')).toBeVisible();
  await portal.screenshot({ path: '/tmp/i31-pay-stripe-1366.png', fullPage: true });
  await portal.getByRole('button', { name: 'Pay $200.50' }).click();
  await expect(portal.getByText('Payment received')).toBeVisible();
  await expect(portal.getByTestId('portal-balance')).toContainText('$45.00');
  await portal.screenshot({ path: '/tmp/i31-pay-received-1366.png', fullPage: true });

  // Autopay: the same Stripe form saves a method (a SetupIntent), then the switch turns autopay on.
  await portal.getByRole('button', { name: 'Save a payment method' }).click();
  await expect(portal.getByTestId('fake-stripe-payment')).toBeVisible();
  await portal.getByRole('button', { name: 'Save payment method' }).click();
  await expect(portal.getByText('Saved method:')).toBeVisible();
  await portal.getByRole('switch', { name: 'Autopay' }).click();
  await expect(portal.getByRole('switch', { name: 'Autopay' })).toBeChecked();
  await portal.screenshot({ path: '/tmp/hc-portal-autopay-1366.png', fullPage: true });
  await desktop.close();

  // The phone-sized visit, with a new link (links work once): only the third invoice is open.
  await dialog.getByRole('button', { name: 'Re-send sign-in link' }).click();
  await expect.poll(() => signInLinks(email).length).toBe(2);
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await routeStripe(phone);
  const small = await phone.newPage();
  await small.goto(signInLinks(email)[1] ?? '');
  await expect(small.getByTestId('portal-balance')).toContainText('$45.00');
  await expect(small.getByRole('checkbox', { name: `Pay Invoice ${first?.number}` })).toHaveCount(0);
  await small.getByRole('checkbox', { name: `Pay Invoice ${third?.number}` }).check();
  await expect(small.getByRole('button', { name: 'Pay $45.00' })).toBeVisible();
  await small.screenshot({ path: '/tmp/i31-pay-ticked-375.png', fullPage: true });
  await small.getByRole('button', { name: 'Pay $45.00' }).click();
  await expect(small.getByTestId('fake-stripe-payment')).toBeVisible();
  await small.screenshot({ path: '/tmp/i31-pay-stripe-375.png', fullPage: true });
  await small.getByRole('link', { name: 'Statement' }).click();
  await expect(small.getByRole('heading', { name: 'Statement of account' })).toBeVisible();
  await small.screenshot({ path: '/tmp/i31-pay-statement-375.png', fullPage: true });
  await phone.close();

  // Staff: the two invoices are paid, the third still open.
  await page.goto('/invoices');
  for (const paid of [first, second]) {
    await expect(page.getByTestId('invoice-card').filter({ hasText: paid?.number ?? '' }).getByText(/^paid$/i)).toBeVisible();
  }
  await expect(page.getByTestId('invoice-card').filter({ hasText: third?.number ?? '' }).getByText(/^paid$/i)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/i31-pay-staff-invoices-1366.png', fullPage: true });
});
