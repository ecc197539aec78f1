import { type APIRequestContext, expect, test } from '@playwright/test';
import { uniqueName } from './support';

/** An account, a customer and a sent invoice, through the API (the session cookie lands in the context). */
async function accountWithInvoice(request: APIRequestContext, total = '500.00') {
  const name = uniqueName('r2');
  const registered = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example' },
  });
  expect(registered.status()).toBe(201);
  const customer = await request.post('/api/customers', { data: { name: 'Acme Corp', email: `${name}-billing@example.com` } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const today = new Date().toISOString().slice(0, 10);
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
  return { invoiceId: ((await invoice.json()) as { id: string }).id, today };
}

test('the dashboard figures move after a payment is recorded', async ({ page }) => {
  const { invoiceId, today } = await accountWithInvoice(page.request, '500.00');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText("Welcome back! Here's your business overview.")).toBeVisible();
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText('$0.00');
  await expect(page.getByTestId('stat-Outstanding Invoices')).toHaveText('$500.00');
  await expect(page.getByText('1 invoice pending')).toBeVisible();
  await expect(page.getByText('0 transactions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Invoices' })).toBeVisible();
  await expect(page.getByText(/^INV-r2\w+$/)).toBeVisible();
  await expect(page.getByText('No upcoming payments')).toBeHidden();

  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, {
    data: { amount: '200.00', paidAt: today, method: 'check', reference: '1042' },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText('$200.00');
  await expect(page.getByTestId('stat-Outstanding Invoices')).toHaveText('$300.00');
  await expect(page.getByTestId('stat-Processed This Month')).toHaveText('$200.00');
  await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '30D' }).click();
  await expect(page.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cash-flow-chart')).toBeVisible();
  await page.waitForTimeout(1600); // let the bars finish growing before the screenshot
  await page.screenshot({ path: '/tmp/r2-dashboard.png', fullPage: true });

  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('the payments page lists the recorded payment', async ({ page }) => {
  const { invoiceId, today } = await accountWithInvoice(page.request, '80.00');
  await page.goto('/payments');
  await expect(page.getByText('No payments yet')).toBeVisible();
  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, {
    data: { amount: '80.00', paidAt: today, method: 'wire', reference: 'W-7' },
  });
  expect(paid.ok()).toBeTruthy();
  await page.reload();
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByText('Invoice Payment')).toBeVisible();
  await expect(row.getByText('wire')).toBeVisible();
  await expect(row.getByText('$80.00')).toBeVisible();
  await expect(row.getByText('completed')).toBeVisible();
  await expect(page.getByText('Payment Runs', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/r2-payments.png', fullPage: true });
  await page.getByRole('button', { name: 'Schedule Payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Schedule Payment' })).toBeVisible();
});
