import { expect, test } from '@playwright/test';
import { accountWithInvoice } from './support';

// The session call is held back a moment so that the preparing state can be seen.
test.beforeEach(async ({ page }) => {
  await page.route('**/api/checkout/session*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
});

test('a customer opening a payment link sees the payment prepared, then unavailable without Stripe', async ({ page, browser }) => {
  await accountWithInvoice(page.request, '250.00');
  const invoices = (await (await page.request.get('/api/invoices')).json()) as { id: string }[];
  const invoiceId = invoices[0]?.id ?? '';
  const created = await page.request.post(`/api/invoices/${invoiceId}/payment-link`, { data: { amount: '120.50' } });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { url: string; linkId: string };
  expect(link.url).toContain(`/checkout?amount=120.50&link=${link.linkId}`);

  // The customer is not signed in: a fresh browser context.
  const customer = await browser.newContext();
  const payer = await customer.newPage();
  await payer.route('**/api/checkout/session*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await payer.goto(new URL(link.url).pathname + new URL(link.url).search);
  await expect(payer.getByText('Preparing payment...')).toBeVisible();
  await expect(payer.getByTestId('checkout-amount')).toHaveText('$120.50');
  await expect(payer.getByRole('heading', { name: 'Payment Unavailable' })).toBeVisible();
  await expect(payer.getByText('Payment processing is currently unavailable. Stripe integration not configured.')).toBeVisible();
  await expect(payer.getByText('Contact your administrator to configure payment processing.')).toBeVisible();
  await expect(payer.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
  await payer.screenshot({ path: '/tmp/r2-checkout-unavailable.png', fullPage: true });
  await customer.close();
});

test('a signed-in user sees the query-string amount (default 100.00) and can go back to the dashboard', async ({ page }) => {
  await accountWithInvoice(page.request);
  await page.goto('/checkout');
  await expect(page.getByText('Preparing payment...')).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$100.00');
  await expect(page.getByRole('heading', { name: 'Payment Unavailable' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown link says so', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/checkout?amount=10&link=not-a-real-link');
  await expect(page.getByText('Payment link not found')).toBeVisible();
  await context.close();
});

test('without a link and without signing in, /checkout asks to sign in', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/checkout?amount=25');
  await expect(page).toHaveURL(/\/auth$/);
  await context.close();
});

test('the payment link dialog creates a link for part of the balance and refuses more than the balance', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await accountWithInvoice(page.request, '300.00');
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Payment link' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Payment Link' });
  await dialog.getByLabel('Amount').fill('400');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByText('Amount cannot exceed the invoice balance of 300.00')).toBeVisible();
  await dialog.getByLabel('Amount').fill('125.50');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  const url = dialog.getByLabel('Payment link');
  await expect(url).toHaveValue(/\/checkout\?amount=125\.50&link=[A-Za-z0-9_-]{24}$/);
  await page.screenshot({ path: '/tmp/r2-payment-link-dialog.png' });
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const link = await url.inputValue();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('checkout-amount')).toHaveText('$125.50');
  await expect(page.getByRole('heading', { name: 'Payment Unavailable' })).toBeVisible();
});
