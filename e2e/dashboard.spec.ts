import { expect, test } from './fixtures';
import { accountWithInvoice } from './support';

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
