import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accountWithInvoice, uniqueName } from './support';

/*
 * Vendor credits: a vendor's credit memo recorded from the Bills page, applied oldest due first
 * (the first bill fully, so it is paid; the second in part), the bills showing the credit and what
 * is left to pay. Then the credit limit warning, live in the invoice form.
 */

async function bill(page: Page, vendorId: string, billNumber: string, total: string, dueDate: string): Promise<void> {
  const response = await page.request.post('/api/bills', {
    data: {
      vendorId,
      billNumber,
      billDate: '2026-01-02',
      dueDate,
      subtotal: total,
      taxAmount: '0',
      totalAmount: total,
      items: [{ description: 'Office supplies', quantity: 1, unitPrice: total, totalPrice: total }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/i31-vendor-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `/tmp/i31-vendor-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('record a vendor credit applied oldest due first; bills show credit applied and amount due; credit limit warns', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await accountWithInvoice(page.request, '500.00');
  const vendorName = `Paper Mill ${uniqueName('v')}`;
  const vendor = await page.request.post('/api/vendors', {
    data: { name: vendorName, email: 'billing@paper.example', paymentMethod: 'check' },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;
  await bill(page, vendorId, 'PM-1', '300.00', '2026-02-01');
  await bill(page, vendorId, 'PM-2', '200.00', '2026-03-01');

  await page.goto('/bills');
  await expect(page.getByRole('heading', { name: 'Bills' })).toBeVisible();
  await page.getByRole('button', { name: 'Record Vendor Credit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Record vendor credit' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Record Credit' }).click();
  await expect(dialog.getByText('Vendor is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: vendorName }).click();
  await dialog.getByLabel('Credit number').fill('CM-77');
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('350');
  await dialog.getByLabel('Reason').fill('Returned damaged paper');
  // Prefilled oldest due first: all of PM-1, the rest on PM-2.
  await expect(dialog.getByLabel('Credit for PM-1')).toHaveValue('300.00');
  await expect(dialog.getByLabel('Credit for PM-2')).toHaveValue('50.00');
  await expect(dialog.getByTestId('credit-applied-total')).toHaveText('Applying $350.00 of $350.00');
  await shoot(page, 'record-credit');
  await dialog.getByRole('button', { name: 'Record Credit' }).click();
  await expect(page.getByText('Vendor credit recorded', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const first = page.getByTestId('bill-card').filter({ hasText: 'PM-1' });
  const second = page.getByTestId('bill-card').filter({ hasText: 'PM-2' });
  await expect(first).toContainText(/paid/i);
  await expect(first.getByTestId('bill-credit')).toHaveText('Credit applied $300.00');
  await expect(second.getByTestId('bill-credit')).toContainText('Credit applied $50.00');
  await expect(second.getByTestId('bill-credit')).toContainText('Amount due $150.00');
  const credit = page.getByTestId('vendor-credit-card').filter({ hasText: 'CM-77' });
  await expect(credit).toContainText('$350.00');
  await expect(credit).toContainText('$0.00 remaining');
  await expect(credit).toContainText('Fully applied');
  await expect(credit).toContainText('Applied to PM-2: $50.00');
  await shoot(page, 'bills');

  // Undo the part on PM-2: it owes 200.00 again and the credit has 50.00 to apply.
  await credit.getByRole('button', { name: 'Take the credit off PM-2' }).click();
  await expect(page.getByText('Credit taken off', { exact: true })).toBeVisible();
  await expect(credit).toContainText('$50.00 remaining');
  await expect(second.getByTestId('bill-credit')).toHaveCount(0);
  await credit.getByRole('button', { name: 'Apply' }).click();
  const apply = page.getByRole('dialog');
  await expect(apply.getByLabel('Credit for PM-2')).toHaveValue('50.00');
  await apply.getByLabel('Credit for PM-2').fill('20');
  await expect(apply.getByTestId('credit-applied-total')).toHaveText('Applying $20.00 of $50.00; $30.00 stays available');
  await shoot(page, 'apply-credit');
  await apply.getByRole('button', { name: 'Apply Credit' }).click();
  await expect(page.getByText('Credit applied', { exact: true })).toBeVisible();
  await expect(second.getByTestId('bill-credit')).toContainText('Amount due $180.00');
  await expect(credit).toContainText('$30.00 remaining');

  // Credit limit: the customer owes 500.00 on a sent invoice; a 150.00 invoice takes it over 600.00.
  const customers = (await (await page.request.get('/api/customers')).json()) as { id: string; name: string }[];
  const customer = customers.find((row) => row.name === 'Acme Corp');
  expect(customer).toBeTruthy();
  const limited = await page.request.put(`/api/customers/${customer?.id ?? ''}`, { data: { creditLimit: '600.00' } });
  expect(limited.status(), await limited.text()).toBe(200);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Invoice' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Customer').click();
  await page.getByRole('option', { name: 'Acme Corp' }).click();
  await form.getByLabel('Item 1 description').fill('Audit support');
  await form.getByLabel('Item 1 unit price').fill('90');
  await expect(form.getByTestId('credit-limit-warning')).toHaveCount(0);
  await form.getByLabel('Item 1 unit price').fill('150');
  await expect(form.getByTestId('credit-limit-warning')).toHaveText(
    'This invoice takes Acme Corp to $650.00, over its credit limit of $600.00. You can still save it.',
  );
  await shoot(page, 'credit-limit');
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice created successfully', { exact: true })).toBeVisible();
});
