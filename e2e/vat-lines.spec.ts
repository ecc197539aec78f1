import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerThroughUi, uniqueName } from './support';

const shots = '/tmp/shots-linevatui';

/** Screenshots at 1366 and 375 px; at 375 px the page must not scroll sideways. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-1366.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${name} at 375 px`).toBeLessThanOrEqual(widths.viewport);
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible()) {
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth), `${name} dialog at 375 px`).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: `${shots}/${name}-375.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Fills one line with VAT detail: category Standard rate, a rate and a unit. */
async function fillVatLine(form: Locator, line: number, values: { description: string; quantity: string; unitPrice: string; rate: string }) {
  await form.getByLabel(`Item ${line} description`).fill(values.description);
  await form.getByLabel(`Item ${line} quantity`).fill(values.quantity);
  await form.getByLabel(`Item ${line} unit price`).fill(values.unitPrice);
  await form.getByLabel(`Item ${line} VAT category`).selectOption('S');
  await form.getByLabel(`Item ${line} VAT rate`).fill(values.rate);
}

test('an invoice with VAT by line shows the VAT by rate the server stores', async ({ page }) => {
  await registerThroughUi(page);
  const customerName = `Hafen GmbH ${uniqueName('')}`;
  const customer = await page.request.post('/api/customers', { data: { name: customerName, email: 'ap@hafen.example' } });
  expect(customer.status()).toBe(201);

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Your First Invoice' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Invoice number')).toHaveValue(/^INV-\d+$/);
  await form.getByLabel('Customer').click();
  await page.getByRole('option', { name: customerName }).click();
  await expect(form.getByLabel('Item 1 VAT rate')).toHaveCount(0);
  await form.getByLabel('Add VAT by line').check();
  await fillVatLine(form, 1, { description: 'Consulting (days)', quantity: '2', unitPrice: '100', rate: '19' });
  await form.getByLabel('Item 1 unit', { exact: true }).selectOption('DAY');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await fillVatLine(form, 2, { description: 'Printed handbook', quantity: '1', unitPrice: '50', rate: '7' });
  await form.getByLabel('Discount amount').fill('25');

  // The discount is spread over the rates by their share (200 : 50), then each group taxed at its rate.
  const totals = form.getByLabel('Invoice totals');
  const breakdown = form.getByTestId('vat-breakdown');
  await expect(breakdown.getByRole('row', { name: 'S 19% $180.00 $34.20' })).toBeVisible();
  await expect(breakdown.getByRole('row', { name: 'S 7% $45.00 $3.15' })).toBeVisible();
  await expect(form.getByLabel('Tax amount')).toHaveValue('37.35');
  await expect(form.getByLabel('Tax amount')).toHaveAttribute('readonly', '');
  await expect(totals).toContainText('Tax$37.35');
  await expect(form.getByTestId('invoice-form-total')).toHaveText('$262.35');
  await shoot(page, 'invoice-form-vat');

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/invoices') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  const created = await saved;
  expect(created.status(), await created.text()).toBe(201);
  await expect(page.getByText('Invoice created successfully', { exact: true })).toBeVisible();
  const { id } = (await created.json()) as { id: string };

  // What the server stored is what the form showed.
  const stored = await page.request.get(`/api/invoices/${id}`);
  expect(stored.status()).toBe(200);
  const invoice = (await stored.json()) as {
    subtotal: string;
    taxAmount: string;
    discountAmount: string;
    totalAmount: string;
    items: { taxCategory: string | null; taxRate: string | null; unitCode: string | null }[];
  };
  expect({ subtotal: invoice.subtotal, tax: invoice.taxAmount, discount: invoice.discountAmount, total: invoice.totalAmount }).toEqual({
    subtotal: '250.00',
    tax: '37.35',
    discount: '25.00',
    total: '262.35',
  });
  expect(invoice.items.map((item) => [item.taxCategory, Number(item.taxRate), item.unitCode])).toEqual([
    ['S', 19, 'DAY'],
    ['S', 7, null],
  ]);

  // Opened again, the form starts with VAT by line on and the same breakdown.
  const card = page.getByTestId('invoice-card').filter({ hasText: customerName });
  await card.getByRole('button', { name: /^Edit INV-/ }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Add VAT by line')).toBeChecked();
  await expect(edit.getByLabel('Item 2 VAT rate')).toHaveValue(/^7(\.00?)?$/);
  await expect(edit.getByTestId('vat-breakdown').getByRole('row', { name: 'S 19% $180.00 $34.20' })).toBeVisible();
  await expect(edit.getByTestId('invoice-form-total')).toHaveText('$262.35');
});

test('a bill with VAT by line stores the VAT by rate the form shows', async ({ page }) => {
  await registerThroughUi(page);
  const vendorName = `Druckerei ${uniqueName('')}`;
  const vendor = await page.request.post('/api/vendors', { data: { name: vendorName, email: 'ar@druckerei.example', paymentMethod: 'check' } });
  expect(vendor.status()).toBe(201);

  await page.goto('/bills');
  await page.getByRole('button', { name: 'Add Bill' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByRole('combobox', { name: 'Vendor', exact: true }).click();
  await page.getByRole('option', { name: vendorName }).click();
  await form.getByLabel('Bill number').fill(uniqueName('RE-'));
  await form.getByLabel('Add VAT by line').check();
  await fillVatLine(form, 1, { description: 'Brochures', quantity: '2', unitPrice: '100', rate: '19' });
  await form.getByRole('button', { name: 'Add Item' }).click();
  await fillVatLine(form, 2, { description: 'Books', quantity: '1', unitPrice: '50', rate: '7' });

  const tax = form.getByRole('textbox', { name: 'Tax', exact: true });
  await expect(form.getByTestId('vat-breakdown').getByRole('row', { name: 'S 19% $200.00 $38.00' })).toBeVisible();
  await expect(form.getByTestId('vat-breakdown').getByRole('row', { name: 'S 7% $50.00 $3.50' })).toBeVisible();
  await expect(tax).toHaveValue('41.50');
  await expect(tax).toHaveAttribute('readonly', '');
  await expect(form.getByTestId('bill-total')).toHaveText('$291.50');
  await shoot(page, 'bill-form-vat');

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/bills') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Add Bill' }).click();
  const created = await saved;
  expect(created.status(), await created.text()).toBe(201);
  await expect(page.getByText('Bill created successfully', { exact: true })).toBeVisible();
  const { id } = (await created.json()) as { id: string };
  const stored = await page.request.get(`/api/bills/${id}`);
  expect(stored.status()).toBe(200);
  const bill = (await stored.json()) as { taxAmount: string; totalAmount: string; items: { taxCategory: string | null; taxRate: string | null }[] };
  expect({ tax: bill.taxAmount, total: bill.totalAmount }).toEqual({ tax: '41.50', total: '291.50' });
  expect(bill.items.map((item) => [item.taxCategory, Number(item.taxRate)])).toEqual([
    ['S', 19],
    ['S', 7],
  ]);
});
