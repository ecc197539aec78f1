import { expect, test } from './fixtures';
import { readOutbox, registerThroughUi, uniqueName } from './support';

test('create a recurring invoice, see the scheduler make and mail its first invoice, pause, resume, edit and delete it', async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page);
  const customerName = `Harbor Dental ${uniqueName('')}`;
  const customerEmail = `${uniqueName('billing')}@harbor-dental.example`;
  const customer = await page.request.post('/api/customers', { data: { name: customerName, email: customerEmail } });
  expect(customer.status()).toBe(201);

  await page.goto('/invoices');
  await page.getByRole('tab', { name: 'Recurring' }).click();
  await expect(page.getByText('No recurring invoices yet')).toBeVisible();
  await page.screenshot({ path: '/tmp/recurring-empty.png' });

  // Required fields first, then a monthly schedule starting today that mails each invoice.
  await page.getByRole('button', { name: 'New Recurring Invoice' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(form.getByText('Customer is required')).toBeVisible();
  await expect(form.getByText('Description is required · Unit price is required')).toBeVisible();
  await page.screenshot({ path: '/tmp/recurring-form-errors.png' });
  await form.getByLabel('Customer').click();
  await page.getByRole('option', { name: customerName }).click();
  await form.getByLabel('Item 1 description').fill('Monthly bookkeeping');
  await form.getByLabel('Item 1 quantity').fill('2');
  await form.getByLabel('Item 1 unit price').fill('150');
  await form.getByLabel('Tax amount').fill('24');
  await expect(form.getByTestId('recurring-form-total')).toHaveText('$324.00');
  await form.getByLabel('Ends').click();
  await page.getByRole('option', { name: 'After a number of invoices' }).click();
  await form.getByLabel('Number of invoices').fill('0');
  await form.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(form.getByText('Number of invoices must be a whole number from 1 to 1000')).toBeVisible();
  await form.getByLabel('Number of invoices').fill('12');
  await form.getByLabel('Email each invoice automatically').click();
  await page.screenshot({ path: '/tmp/recurring-form.png' });
  await form.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(page.getByText('Recurring invoice created successfully', { exact: true })).toBeVisible();
  const card = page.getByTestId('recurring-card');
  await expect(card).toContainText(customerName);
  await expect(card).toContainText('Monthly · Monthly bookkeeping');
  await expect(card).toContainText('Ends after 12 invoices');
  await expect(card).toContainText('$324.00');
  await expect(card).toContainText('Auto-send');
  await page.screenshot({ path: '/tmp/recurring-list.png' });

  // The server's scheduler (at start and every minute) makes today's invoice and mails it once;
  // the invoice shows Sent once its mail has left (lists are fetched again on each load).
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await expect(page.getByTestId('invoice-card')).toContainText('Sent', { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  const invoice = page.getByTestId('invoice-card');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(customerName);
  await expect(invoice).toContainText('$324.00');
  await page.screenshot({ path: '/tmp/recurring-invoice-made.png' });
  const mails = (await readOutbox(page)).filter((mail) => mail.includes(customerEmail));
  expect(mails).toHaveLength(1);

  // Pause, resume, edit, delete.
  await page.getByRole('tab', { name: 'Recurring' }).click();
  await expect(card).toContainText('1 made');
  await page.screenshot({ path: '/tmp/recurring-after-run.png' });
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('Paused');
  await page.screenshot({ path: '/tmp/recurring-paused.png' });
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText('Active');
  await card.getByRole('button', { name: `Edit recurring invoice for ${customerName}` }).click();
  await expect(form.getByLabel('Item 1 description')).toHaveValue('Monthly bookkeeping');
  await form.getByLabel('Item 1 unit price').fill('175');
  await expect(form.getByTestId('recurring-form-total')).toHaveText('$374.00');
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Recurring invoice updated successfully', { exact: true })).toBeVisible();
  await expect(card).toContainText('$374.00');
  await card.getByRole('button', { name: `Delete recurring invoice for ${customerName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Recurring invoice deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('No recurring invoices yet')).toBeVisible();

  // On a phone the tab and its cards fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('tab', { name: 'Recurring' }).click();
  await expect(page.getByRole('button', { name: 'New Recurring Invoice' })).toBeInViewport();
  await page.screenshot({ path: '/tmp/recurring-phone.png', fullPage: true });
});
