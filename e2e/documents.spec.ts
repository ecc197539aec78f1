import { type Page, expect, test } from '@playwright/test';
import { invoicePdf, sampleInvoice } from '../src/server/features/documents/test-files';
import { uniqueName } from './support';

async function register(page: Page): Promise<void> {
  const name = uniqueName('docs');
  const response = await page.request.post('/api/register', {
    data: {
      username: name,
      email: `${name}@example.com`,
      password: 'correct horse 1',
      firstName: 'Erin',
      lastName: 'Example',
      companyName: 'Example Co',
    },
  });
  expect(response.status()).toBe(201);
}

test('upload a PDF, watch it being read, review the extracted data and create the bill', async ({
  page,
}) => {
  await register(page);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByText('No documents uploaded')).toBeVisible();
  await expect(
    page.getByText('Upload your first document to start processing with OCR'),
  ).toBeVisible();
  await expect(page.getByText('PDF, JPEG, PNG up to 10MB')).toBeVisible();

  // Client-side check, with the spec's message.
  await page
    .getByTestId('document-file-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Invalid file type: Please upload a PDF, JPEG, or PNG file.' }),
  ).toBeVisible();

  // A larger PDF over a slow uplink, so the real upload progress can be seen.
  const pdf = await invoicePdf(sampleInvoice, { extraPages: 120 });
  expect(pdf.length).toBeGreaterThan(300_000);
  await page
    .getByTestId('document-file-input')
    .setInputFiles({ name: 'acme-invoice.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.screenshot({ path: '/tmp/documents-empty.png', fullPage: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  });
  await page.getByRole('button', { name: 'Upload & Process' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeVisible();
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/\d+%/);
  await page.screenshot({ path: '/tmp/documents-uploading.png', fullPage: true });
  await expect(progress).toBeHidden({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const card = page.getByTestId('document-card').filter({ hasText: 'acme-invoice.pdf' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('ocr-status')).toHaveText(/Pending|Processing|Completed/);
  // The list polls while the document is being read; no reload.
  await expect(card.getByTestId('ocr-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(page.getByText('AI processing complete', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^Data extracted from Acme Office Supplies Inc\. with \d+% confidence$/),
  ).toBeVisible();
  await expect(card.getByText('AI Extracted Data')).toBeVisible();
  await expect(card).toContainText('$242.00');
  await expect(card).toContainText('INV-2026-0042');
  await expect(card).toContainText('2026-11-02');
  await page.screenshot({ path: '/tmp/documents-completed.png', fullPage: true });

  // View and download point at the stored file.
  const download = await page.request.get(
    (await card.getByRole('link', { name: 'Download acme-invoice.pdf' }).getAttribute('href')) ??
      '',
  );
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');

  // Review: the extracted fields are shown for correction before anything is created.
  await card.getByRole('button', { name: 'Create Bill' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Vendor')).toHaveValue('Acme Office Supplies Inc.');
  await expect(dialog.getByLabel('Bill number')).toHaveValue('INV-2026-0042');
  await expect(dialog.getByLabel('Due date')).toHaveValue('2026-12-02');
  await expect(dialog.getByRole('textbox', { name: 'Total', exact: true })).toHaveValue('242.00');
  await dialog.getByLabel('Vendor').fill('Acme Office Supplies');
  await dialog.getByLabel('Category').fill('Stationery');
  await page.screenshot({ path: '/tmp/documents-review.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Create Bill' }).click();
  await expect(page.getByText('Transaction created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Create Bill' })).toBeHidden();
  await expect(card).toContainText('Bill created from this document');

  // The bill exists with the corrected vendor and the document attached.
  const bills = await page.request.get('/api/bills');
  const list = (await bills.json()) as {
    billNumber: string;
    documentId: string | null;
    vendor?: { name: string };
    totalAmount: string;
  }[];
  const bill = list.find((row) => row.billNumber === 'INV-2026-0042');
  expect(bill).toMatchObject({ totalAmount: '242.00' });
  expect(bill?.documentId).toBeTruthy();
  await page.goto('/bills');
  const billCard = page.getByTestId('bill-card').filter({ hasText: 'INV-2026-0042' });
  await expect(billCard).toContainText('Acme Office Supplies');
  await expect(billCard).toContainText('$242.00');
  await expect(billCard.getByRole('link', { name: 'Attachment' })).toHaveAttribute(
    'href',
    `/api/documents/${bill?.documentId ?? ''}/file`,
  );
  await page.screenshot({ path: '/tmp/documents-bills.png', fullPage: true });
});

test('a spoofed file is refused by the server, a corrupt PDF fails with its reason, tabs filter by type', async ({
  page,
}) => {
  await register(page);
  await page.goto('/documents');
  await expect(page.getByText('No documents uploaded')).toBeVisible();

  // Passes the browser's name check, but its bytes are a PNG: the server refuses it.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('png body'),
  ]);
  await page
    .getByTestId('document-file-input')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: png });
  await page.getByRole('button', { name: 'Upload & Process' }).click();
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Invalid file type: Please upload a PDF, JPEG, or PNG file.', { exact: true }),
  ).toBeVisible();

  const corrupt = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(4096, 0x41),
    Buffer.from('\n%%EOF'),
  ]);
  await page
    .getByTestId('document-file-input')
    .setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: corrupt });
  await page.getByLabel('Document Type').click();
  await page.getByRole('option', { name: 'Receipt' }).click();
  await page.getByRole('button', { name: 'Upload & Process' }).click();
  const card = page.getByTestId('document-card').filter({ hasText: 'broken.pdf' });
  await expect(card.getByTestId('ocr-status')).toHaveText('Failed', { timeout: 60_000 });
  await expect(card).toContainText('PDF');
  await expect(card).toContainText('Receipt');
  await expect(card.getByRole('button', { name: 'Create Bill' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/documents-failed.png', fullPage: true });

  await page.getByRole('tab', { name: 'Receipts' }).click();
  await expect(card).toBeVisible();
  await page.getByRole('tab', { name: 'W-9 Forms' }).click();
  await expect(page.getByText('No documents uploaded')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(card).toBeVisible();

  // Delete asks first, then removes the document.
  await card.getByRole('button', { name: 'Delete broken.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No documents uploaded')).toBeVisible();
});

test('create an invoice from a document: pick the customer in the review dialog', async ({
  page,
}) => {
  await register(page);
  const customer = await page.request.post('/api/customers', {
    data: { name: 'Globex Corporation', email: 'ap@globex.example' },
  });
  expect(customer.status()).toBe(201);
  await page.goto('/documents');
  await page.getByLabel('Document Type').click();
  await page.getByRole('option', { name: 'Invoice' }).click();
  await page
    .getByTestId('document-file-input')
    .setInputFiles({
      name: 'our-invoice.pdf',
      mimeType: 'application/pdf',
      buffer: await invoicePdf({ ...sampleInvoice, invoiceNumber: 'OUT-7001' }),
    });
  await page.getByRole('button', { name: 'Upload & Process' }).click();
  const card = page.getByTestId('document-card').filter({ hasText: 'our-invoice.pdf' });
  await expect(card.getByTestId('ocr-status')).toHaveText('Completed', { timeout: 60_000 });

  await card.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Invoice number')).toHaveValue('OUT-7001');
  // Without a customer the shared contract refuses, before anything is sent.
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(dialog.getByText('Customer is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Globex Corporation' }).click();
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Transaction created', { exact: true })).toBeVisible();
  await expect(card).toContainText('Invoice created from this document');

  const invoices = (await (await page.request.get('/api/invoices')).json()) as {
    invoiceNumber: string;
    totalAmount: string;
  }[];
  expect(invoices.find((invoice) => invoice.invoiceNumber === 'OUT-7001')).toMatchObject({
    totalAmount: '242.00',
  });
});

test('on a phone the documents page fits its width: the type tabs wrap inside the card', async ({ page }) => {
  await register(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/documents');
  await expect(page.getByText('No documents uploaded')).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // Every tab stays on screen and usable, the last one included.
  const last = page.getByRole('tab', { name: 'W-9 Forms' });
  const box = await last.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/hc-documents-375.png', fullPage: true });
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(page.getByText('No documents uploaded')).toBeVisible();
  await page.screenshot({ path: '/tmp/hc-documents-1366.png', fullPage: true });
});
