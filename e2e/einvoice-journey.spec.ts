import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerThroughUi, uniqueName } from './support';

/*
 * Issue 36's journey: a seller sets up its tax identity, sends an invoice as UBL and downloads it as
 * Factur-X; another organization uploads the Factur-X PDF, gets the exact bill, approves the IBAN
 * the invoice proposes, and pays the bill.
 */

const SHOTS = '/tmp/shots-journey';

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function downloadEinvoice(page: Page, invoiceNumber: string, format: string): Promise<Buffer> {
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download e-invoice of ${invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const download = await downloading;
  return readFileSync((await download.path()) ?? '');
}

test('tax identity, send as UBL and Factur-X, received by another organization as the exact bill, bank change approved, bill paid', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The seller's tax identity, in Settings > Business.
  await page.goto('/settings?tab=business');
  await page.getByLabel('Legal entity').fill('Nordlicht Software GmbH');
  await page.getByLabel('VAT ID').fill('DE136695976');
  await page.getByLabel('Street address').fill('Hauptstraße 1');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10115');
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Germany (DE)' }).click();
  await page.getByRole('combobox', { name: 'Peppol ID scheme' }).click();
  await page.getByRole('option', { name: '9930 – Germany VAT number' }).click();
  await page.getByLabel('Peppol ID', { exact: true }).fill('DE136695976');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('BIC').fill('COBADEFFXXX');
  await page.getByRole('button', { name: 'Save Business Details' }).click();
  await expect(page.getByText('Business details saved', { exact: true })).toBeVisible();

  // A Dutch customer who takes UBL, and an invoice with VAT at two rates.
  const customer = await page.request.post('/api/customers', {
    data: {
      name: 'Acme Trading',
      legalName: 'Acme Trading B.V.',
      email: `${uniqueName('ap')}@acme.example`,
      address: 'Keizersgracht 1',
      city: 'Amsterdam',
      zipCode: '1015 CJ',
      country: 'NL',
      vatId: 'NL123456782B01',
      electronicAddressScheme: '0106',
      electronicAddress: '12345678',
      einvoiceFormat: 'ubl',
    },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoiceNumber = `NS-${uniqueName('')}`;
  // 3 x 95.00 at 19 % + 2 x 12.35 at 7 %: VAT 54.15 + 1.73, total 365.58.
  const invoice = await page.request.post('/api/invoices', {
    data: {
      customerId,
      invoiceNumber,
      issueDate: '2026-11-20',
      dueDate: '2026-12-20',
      subtotal: '309.70',
      taxAmount: '55.88',
      discountAmount: '0',
      totalAmount: '365.58',
      items: [
        { description: 'Consulting', quantity: '3', unitPrice: '95.00', totalPrice: '285.00', taxCategory: 'S', taxRate: '19', unitCode: 'HUR' },
        { description: 'Coffee beans', quantity: '2', unitPrice: '12.35', totalPrice: '24.70', taxCategory: 'S', taxRate: '7', unitCode: 'KGM' },
      ],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  // Send: the customer's format is UBL, by email (no access point here).
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Invoice sent', { exact: true })).toBeVisible();
  await expect(card.getByTestId('einvoice-delivery')).toContainText('Sent by email (UBL)');
  const ubl = (await downloadEinvoice(page, invoiceNumber, 'UBL (Peppol BIS Billing 3.0)')).toString('utf8');
  expect(ubl).toContain(`<cbc:ID>${invoiceNumber}</cbc:ID>`);
  const facturX = await downloadEinvoice(page, invoiceNumber, 'Factur-X / ZUGFeRD PDF');
  expect(facturX.subarray(0, 5).toString()).toBe('%PDF-');
  await shoot(page, 'seller-sent');

  // Another organization receives the Factur-X PDF on its Documents page.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await registerThroughUi(buyer);
  await buyer.setViewportSize({ width: 1366, height: 900 });
  await buyer.goto('/documents');
  await buyer.getByTestId('document-file-input').setInputFiles({ name: `${invoiceNumber}.pdf`, mimeType: 'application/pdf', buffer: facturX });
  await buyer.getByRole('button', { name: 'Upload & Process' }).click();
  const documentCard = buyer.getByTestId('document-card').filter({ hasText: `${invoiceNumber}.pdf` });
  await expect(documentCard.getByTestId('ocr-status')).toHaveText('Completed', { timeout: 60_000 });
  await documentCard.getByRole('button', { name: 'View e-invoice' }).click();
  const viewer = buyer.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: `E-invoice ${invoiceNumber}` })).toBeVisible();
  await expect(viewer.getByRole('region', { name: 'Seller' })).toContainText('Nordlicht Software GmbH');
  await expect(viewer.getByTestId('einvoice-vat-group')).toHaveCount(2);
  await expect(viewer.getByTestId('einvoice-amount-due')).toContainText(/365[.,]58/);
  await shoot(buyer, 'buyer-viewer');
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();

  await documentCard.getByRole('button', { name: 'Create Bill' }).click();
  const review = buyer.getByRole('dialog');
  await review.getByRole('button', { name: 'Create Bill' }).click();
  await expect(review).toBeHidden();

  // The bill is exact, and the IBAN waits for a person to approve it.
  const bills = (await (await buyer.request.get('/api/bills')).json()) as { items?: { id: string; billNumber: string }[] } | { id: string; billNumber: string }[];
  const billList = Array.isArray(bills) ? bills : (bills.items ?? []);
  const billId = billList.find((row) => row.billNumber === invoiceNumber)?.id ?? '';
  const bill = (await (await buyer.request.get(`/api/bills/${billId}`)).json()) as { subtotal: string; taxAmount: string; totalAmount: string; items: { taxRate: string | null; unitCode: string | null }[] };
  expect(bill).toMatchObject({ subtotal: '309.70', taxAmount: '55.88', totalAmount: '365.58' });
  expect(bill.items.map((item) => [item.taxRate, item.unitCode])).toEqual([
    ['19.00', 'HUR'],
    ['7.00', 'KGM'],
  ]);
  await buyer.goto('/vendors');
  // The vendor is named as the seller trades (its organization name); found here by its address.
  const vendorCard = buyer.getByTestId('vendor-card').filter({ hasText: 'Hauptstraße 1, Berlin' });
  await vendorCard.getByRole('button', { name: /^Edit/ }).click();
  const change = buyer.getByRole('dialog').getByTestId('bank-change');
  await expect(change).toContainText('IBAN ending 3000');
  await shoot(buyer, 'buyer-bank-change');
  await change.getByRole('button', { name: 'Approve' }).click();
  await expect(buyer.getByText('Bank details approved', { exact: true })).toBeVisible();
  await buyer.keyboard.press('Escape');

  // Paid (recorded by hand: a SEPA transfer leaves from the buyer's own bank).
  const paid = await buyer.request.put(`/api/bills/${billId}`, { data: { status: 'paid' } });
  expect(paid.status(), await paid.text()).toBe(200);
  await buyer.goto('/bills');
  const billCard = buyer.getByTestId('bill-card').filter({ hasText: invoiceNumber });
  await expect(billCard).toContainText(/paid/i);
  await shoot(buyer, 'buyer-bill-paid');
  await buyerContext.close();
});
