import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { uniqueName } from './support';

// The UBL invoice of the receive API tests: two VAT rates (19 % and 7 %) and an IBAN to pay.
const ublInvoice = readFileSync(new URL('../src/server/features/einvoicing/receive/test-data/ubl-invoice-two-rates.xml', import.meta.url));
const SHOTS = '/tmp/shots-receiveui';

async function register(page: Page): Promise<void> {
  const name = uniqueName('einv');
  const response = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', companyName: 'Buyer NV' },
  });
  expect(response.status()).toBe(201);
}

async function shootBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('upload a UBL e-invoice, read it, create the exact bill, and approve the IBAN it proposes', async ({ page }) => {
  await register(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/documents');
  await page.getByTestId('document-file-input').setInputFiles({ name: 'inv-7.xml', mimeType: 'application/xml', buffer: ublInvoice });
  await page.getByRole('button', { name: 'Upload & Process' }).click();
  const card = page.getByTestId('document-card').filter({ hasText: 'inv-7.xml' });
  await expect(card.getByTestId('ocr-status')).toHaveText('Completed', { timeout: 60_000 });

  // The human-readable rendering of the XML.
  await card.getByRole('button', { name: 'View e-invoice' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'E-invoice INV-7' })).toBeVisible();
  const seller = viewer.getByRole('region', { name: 'Seller' });
  await expect(seller).toContainText('Nordlicht Bürobedarf');
  await expect(seller).toContainText('DE123456789');
  await expect(seller).toContainText('0088:4012345000009');
  await expect(viewer.getByRole('region', { name: 'Buyer' })).toContainText('Buyer NV');
  const toner = viewer.getByTestId('einvoice-line').filter({ hasText: 'Toner cartridge' });
  await expect(toner).toContainText('3 H87');
  await expect(toner).toContainText('Standard rate 19%');
  await expect(toner).toContainText(/105[.,]00/);
  const groups = viewer.getByTestId('einvoice-vat-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.filter({ hasText: 'Standard rate 19%' })).toContainText(/19[.,]95/);
  await expect(groups.filter({ hasText: 'Standard rate 7%' })).toContainText(/4[.,]76/);
  await expect(viewer.getByTestId('einvoice-amount-due')).toContainText(/197[.,]71/);
  const payment = viewer.getByRole('region', { name: 'Payment details' });
  await expect(payment).toContainText('•••• 3000');
  await expect(payment).not.toContainText('DE89370400440532013000');
  await expect(payment).toContainText('COBADEFFXXX');
  await expect(viewer.getByRole('alert')).toHaveCount(0);
  await shootBothWidths(page, 'einvoice-viewer');
  // The dialog scrolls: the tables and totals further down, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await viewer.getByRole('region', { name: 'Lines' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/einvoice-viewer-lines-375.png` });
  await viewer.getByRole('region', { name: 'Payment details' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/einvoice-viewer-totals-375.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  // The dialog's own Close button: Escape can land on the "processing complete" toast instead.
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();

  // Create the bill: made from the XML itself, exact to the cent.
  await card.getByRole('button', { name: 'Create Bill' }).click();
  const review = page.getByRole('dialog');
  await review.getByRole('button', { name: 'Create Bill' }).click();
  await expect(review).toBeHidden();
  await expect(card).toContainText('Bill created from this document');

  await page.goto('/bills');
  const billCard = page.getByTestId('bill-card').filter({ hasText: 'INV-7' });
  await expect(billCard).toContainText('Nordlicht Bürobedarf');
  await expect(billCard).toContainText(/197[.,]71/);
  await billCard.getByRole('button', { name: 'Edit INV-7' }).click();
  const billDialog = page.getByRole('dialog');
  const change = billDialog.getByTestId('bank-change');
  await expect(change).toContainText('Bank details changed: IBAN ending 3000 (none on file before) from invoice INV-7.');
  await expect(billDialog.getByRole('definition').filter({ hasText: 'INV-7 / 4711' })).toBeVisible();
  await expect(billDialog).toContainText('30 days net');
  await shootBothWidths(page, 'einvoice-bill');
  await page.keyboard.press('Escape');

  // The vendor page shows the same change; approving it writes the IBAN onto the vendor.
  await page.goto('/vendors');
  const vendorCard = page.getByTestId('vendor-card').filter({ hasText: 'Nordlicht' });
  await vendorCard.getByRole('button', { name: /^Edit/ }).click();
  const vendorDialog = page.getByRole('dialog');
  const vendorChange = vendorDialog.getByTestId('bank-change');
  await expect(vendorChange).toContainText('IBAN ending 3000');
  await shootBothWidths(page, 'einvoice-vendor-change');
  await vendorChange.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Bank details approved', { exact: true })).toBeVisible();
  await expect(vendorDialog.getByTestId('bank-change')).toHaveCount(0);

  const vendors = (await (await page.request.get('/api/vendors')).json()) as { items?: { id: string; name: string }[] } | { id: string; name: string }[];
  const list = Array.isArray(vendors) ? vendors : (vendors.items ?? []);
  const vendor = list.find((row) => row.name.startsWith('Nordlicht'));
  const changes = (await (await page.request.get(`/api/vendors/${vendor?.id ?? ''}/bank-changes`)).json()) as { status: string; ibanLast4: string }[];
  expect(changes).toMatchObject([{ status: 'approved', ibanLast4: '3000' }]);
});
