import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { readOutbox, registerThroughUi, uniqueName } from './support';

test('add a customer, invoice them, download and send the PDF, record a partial then a final payment', async ({ page }) => {
  await registerThroughUi(page);

  // Customers: empty state, required fields, then a customer card.
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByText('Manage your customers and clients')).toBeVisible();
  await expect(page.getByText('No customers yet')).toBeVisible();
  await page.screenshot({ path: '/tmp/r1-customers-empty.png' });
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const customerDialog = page.getByRole('dialog');
  await customerDialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(customerDialog.getByText('Name is required')).toBeVisible();
  await expect(customerDialog.getByText('Email is required')).toBeVisible();
  await page.screenshot({ path: '/tmp/r1-customer-dialog-errors.png' });
  const customerName = `Harbor Dental ${uniqueName('')}`;
  await customerDialog.getByLabel('Name').fill(customerName);
  await customerDialog.getByLabel('Email').fill('billing@harbor-dental.example');
  await customerDialog.getByLabel('Phone').fill('(503) 555-0142');
  await customerDialog.getByLabel('Tax ID').fill('93-1234567');
  await customerDialog.getByLabel('Address').fill('210 SW Morrison St');
  await customerDialog.getByLabel('City').fill('Portland');
  await customerDialog.getByLabel('State').fill('OR');
  await customerDialog.getByLabel('ZIP').fill('97204');
  await customerDialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('Customer created successfully', { exact: true })).toBeVisible();
  const customerCard = page.getByTestId('customer-card');
  await expect(customerCard).toContainText(customerName);
  await expect(customerCard).toContainText('93-1234567');
  await expect(customerCard).toContainText('210 SW Morrison St, Portland, OR 97204');
  await page.screenshot({ path: '/tmp/r1-customers.png' });

  // Invoice with two items; the form recomputes line and invoice totals as they are typed.
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByText('Manage your customer invoices')).toBeVisible();
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await page.screenshot({ path: '/tmp/r1-invoices-empty.png' });
  await page.getByRole('button', { name: 'Create Your First Invoice' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Invoice number')).toHaveValue(/^INV-\d+$/);
  await expect(form.getByLabel('Payment terms')).toHaveValue('Net 30');
  await expect(form.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
  const invoiceNumber = await form.getByLabel('Invoice number').inputValue();
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(form.getByText('Customer is required')).toBeVisible();
  await expect(form.getByText('Description is required · Unit price is required')).toBeVisible();
  await page.screenshot({ path: '/tmp/r1-invoice-form-errors.png' });
  await form.getByLabel('Customer').click();
  await page.getByRole('option', { name: customerName }).click();
  await form.getByLabel('Item 1 description').fill('Monthly bookkeeping');
  await form.getByLabel('Item 1 quantity').fill('2');
  await form.getByLabel('Item 1 unit price').fill('150');
  await expect(form.getByLabel('Item 1 total')).toHaveText('$300.00');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await form.getByLabel('Item 2 description').fill('Payroll processing (hours)');
  await form.getByLabel('Item 2 quantity').fill('1.5');
  await form.getByLabel('Item 2 unit price').fill('80');
  await expect(form.getByLabel('Item 2 total')).toHaveText('$120.00');
  await expect(form.getByRole('button', { name: 'Remove item 1' })).toBeEnabled();
  await form.getByLabel('Tax amount').fill('10');
  await form.getByLabel('Discount amount').fill('30');
  await expect(form.getByTestId('invoice-form-total')).toHaveText('$400.00');
  await page.screenshot({ path: '/tmp/r1-invoice-form.png' });
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice created successfully', { exact: true })).toBeVisible();
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(card).toContainText(customerName);
  await expect(card).toContainText('$400.00');
  await expect(card).toContainText('Draft');

  // PDF download.
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: `Download PDF of ${invoiceNumber}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const pdfPath = await download.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');

  // Send: mailed with the PDF, and the draft is now sent.
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invoice sent', { exact: true })).toBeVisible();
  await expect(card).toContainText('Sent');
  const mail = (await readOutbox(page)).find((text) => text.includes(`Subject: Invoice ${invoiceNumber}`));
  expect(mail, 'invoice mail in the outbox').toBeTruthy();
  expect(mail).toContain('To: billing@harbor-dental.example');
  expect(mail).toContain(`filename=${invoiceNumber}.pdf`);

  // A partial payment, then the rest.
  await card.getByRole('button', { name: 'Record Payment' }).click();
  const payment = page.getByRole('dialog');
  await expect(payment.getByTestId('payment-balance')).toHaveText('$400.00');
  await payment.getByLabel('Amount').fill('500');
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(payment.getByText('Payment exceeds the balance of $400.00')).toBeVisible();
  await payment.getByLabel('Amount').fill('150');
  await payment.getByLabel('Reference').fill('Check 2231');
  await page.screenshot({ path: '/tmp/r1-record-payment.png' });
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Balance left: $250.00.', { exact: true })).toBeVisible();
  await expect(card).toContainText('Balance $250.00');
  await card.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByRole('dialog').getByTestId('payment-balance')).toHaveText('$250.00');
  await page.getByRole('dialog').getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(`${invoiceNumber} is paid in full.`, { exact: true })).toBeVisible();
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('Balance $0.00');
  await expect(card.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/r1-invoices.png', fullPage: true });

  // Paid: filters find it, it cannot be deleted.
  await page.getByLabel('Filter by status').click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(page.getByTestId('invoice-card')).toHaveCount(1);
  await card.getByRole('button', { name: `Delete ${invoiceNumber}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This invoice has payments and cannot be deleted.', { exact: true })).toBeVisible();
  await expect(card).toBeVisible();

  // The dashboard counts the money in.
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText('$400.00');
  await expect(page.getByTestId('stat-Outstanding Invoices')).toHaveText('$0.00');
});
