import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { signInFirm, uniqueName } from './support';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/hub-${name}.png`, fullPage: true });

/**
 * The Integration Hub as a firm: the spec's tabs and buttons, the Marketplace (3 features a card,
 * NetSuite 'Coming Soon': it has no connector), connecting CSV / Excel, its
 * card under Active Integrations, a Sync with the toast 'Sync Complete', Health Monitoring and
 * the Overview's figures from the real sync; a connect refused by the server toasts 'Connection Failed'.
 */
test('a firm connects a provider, syncs it and sees it monitored', async ({ page }) => {
  await signInFirm(page.request);
  await page.goto('/practice/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integration Hub' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Active Integrations', 'Marketplace', 'Health Monitoring']);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByTestId('stat-Total Integrations')).toHaveText('0');
  await expect(overview.getByTestId('sync-summary-bar').first()).toContainText('No data yet');
  await shot(page, 'overview-empty');

  await page.getByRole('button', { name: 'Add Integration' }).click();
  const marketplace = page.getByRole('tabpanel', { name: 'Marketplace' });
  await expect(marketplace.getByTestId('provider-card')).toHaveCount(8);
  for (const card of await marketplace.getByTestId('provider-card').all()) {
    await expect(card.getByRole('listitem')).toHaveCount(3);
  }
  await expect(marketplace.locator('[data-provider="webhooks"]').getByRole('button', { name: 'Connect' })).toBeEnabled();
  await expect(marketplace.locator('[data-provider="netsuite"]').getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  // The file-import providers offer Import (the import wizard) whatever their connection.
  for (const id of ['csv_excel', 'quickbooks_online_csv', 'xero_csv']) {
    await expect(marketplace.locator(`[data-provider="${id}"]`).getByRole('button', { name: 'Import' })).toBeVisible();
  }
  await expect(marketplace.locator('[data-provider="quickbooks_desktop"]').getByRole('button', { name: 'Import' })).toHaveCount(0);
  await shot(page, 'marketplace');

  const csv = marketplace.locator('[data-provider="csv_excel"]');
  await csv.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect CSV / Excel' });
  await expect(dialog.getByRole('combobox', { name: 'Sync Frequency' })).toHaveText('Daily');
  // CSV / Excel only brings files in: one direction, and no real-time sync.
  await expect(dialog.getByRole('combobox', { name: 'Sync Direction' })).toHaveText('To platform');
  await dialog.getByRole('combobox', { name: 'Sync Direction' }).click();
  await expect(page.getByRole('option')).toHaveText(['To platform']);
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Sync Frequency' }).click();
  await expect(page.getByRole('option')).toHaveText(['Hourly', 'Daily', 'Weekly']);
  await page.getByRole('option', { name: 'Hourly' }).click();
  await shot(page, 'connect-dialog');
  await dialog.getByRole('button', { name: 'Connect Now' }).click();
  await expect(dialog).toBeHidden();
  await expect(csv.getByRole('button', { name: 'Connected' })).toBeDisabled();

  // Connected meanwhile elsewhere (another tab): the server refuses, the dialog toasts its message.
  const qbo = marketplace.locator('[data-provider="quickbooks_online_csv"]');
  await qbo.getByRole('button', { name: 'Connect' }).click();
  const elsewhere = await page.request.post('/api/integrations', { data: { provider: 'quickbooks_online_csv', settings: {} } });
  expect(elsewhere.status()).toBe(201);
  await page.getByRole('dialog').getByRole('button', { name: 'Connect Now' }).click();
  const failed = page.getByRole('status').filter({ hasText: 'Connection Failed' });
  await expect(failed).toContainText('QuickBooks Online is already connected');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Active Integrations' }).click();
  const active = page.getByRole('tabpanel', { name: 'Active Integrations' });
  const card = active.getByTestId('integration-card').filter({ hasText: 'CSV / Excel' });
  await expect(card).toContainText('Hourly');
  await expect(card).toContainText('To platform');
  await expect(card.getByTestId('last-sync')).toHaveText('Never');
  await card.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sync Complete' })).toContainText('0 records processed.');
  await expect(card.getByTestId('last-sync')).not.toHaveText('Never');
  await expect(card).toContainText('Healthy');
  await shot(page, 'active');

  await page.getByRole('tab', { name: 'Health Monitoring' }).click();
  const health = page.getByRole('tabpanel', { name: 'Health Monitoring' });
  await expect(health.getByTestId('overall-health')).toHaveText('100%');
  const csvHealth = health.getByTestId('health-card').filter({ hasText: 'CSV / Excel' });
  await expect(csvHealth).toContainText('Healthy');
  await expect(health.getByTestId('health-card').filter({ hasText: 'QuickBooks Online' })).toContainText('Connected');
  await expect(health.getByText('How health is scored')).toBeVisible();
  await shot(page, 'health');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(overview.getByTestId('stat-Total Integrations')).toHaveText('2');
  await expect(overview.getByTestId('stat-Total Syncs')).toHaveText('1');
  await expect(overview.getByTestId('stat-Last Sync')).toHaveText('Succeeded');
  await expect(overview.getByTestId('sync-summary-bar').first()).toContainText('100%');
  await shot(page, 'overview');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Integration Hub' })).toBeVisible();
  for (const [tab, name] of [
    ['Overview', 'overview'],
    ['Active Integrations', 'active'],
    ['Marketplace', 'marketplace'],
    ['Health Monitoring', 'health'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${tab} is wider than the phone`).toBeLessThanOrEqual(0);
    await shot(page, `phone-${name}`);
  }
});

const glueShot = async (page: Page, name: string) => {
  await page.screenshot({ path: `/tmp/glue-${name}.png` });
};

/** Desktop, then the 390px phone (no sideways scroll), then back to desktop. */
async function shotBoth(page: Page, name: string, onPhone?: () => Promise<void>) {
  await glueShot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await onPhone?.();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
  await glueShot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The connectors through the hub: Webhooks shows its signing secret once and refuses a private
 * address; a new invoice is delivered on Sync, the delivery fails (the sandbox's receiver is not a
 * real one) and the UI says so: 'Sync Failed', the Delivery Log's failed attempt, the Health tab's
 * issue and suggested action. QuickBooks Desktop syncs and downloads its IIF; Xero's card imports
 * two invoices (three lines) from a file in Xero's own template, which then show on /invoices.
 */
test('webhooks, QuickBooks Desktop and a Xero import work together through the hub', async ({ page }) => {
  const firm = await signInFirm(page.request);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/practice/integrations');
  await page.getByRole('tab', { name: 'Marketplace' }).click();
  const marketplace = page.getByRole('tabpanel', { name: 'Marketplace' });
  const connect = async (provider: string) => {
    await marketplace.locator(`[data-provider="${provider}"]`).getByRole('button', { name: 'Connect', exact: true }).click();
    return page.getByRole('dialog', { name: /^Connect / });
  };

  // A private address is refused by the server (the SSRF guard); the dialog stays open with its message.
  let dialog = await connect('webhooks');
  await expect(dialog.getByRole('checkbox')).toHaveCount(7);
  await dialog.getByLabel('Webhook URL').fill('http://8.8.8.8/hook');
  await dialog.getByRole('button', { name: 'Connect Now' }).click();
  await expect(dialog).toContainText('Enter an https:// URL');
  await dialog.getByLabel('Webhook URL').fill('https://10.0.0.5/hook');
  await dialog.getByRole('button', { name: 'Connect Now' }).click();
  const refused = page.getByRole('status').filter({ hasText: 'Connection Failed' });
  await expect(refused).toContainText('private');
  await expect(dialog).toBeVisible();

  // A public https URL (a literal IP: no DNS here): connected, and the signing secret shown once.
  await dialog.getByLabel('Webhook URL').fill('https://8.8.8.8/signal-hook');
  await dialog.getByRole('button', { name: 'Connect Now' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Webhooks connected' });
  await expect(secretDialog.getByLabel('Signing secret', { exact: true })).toHaveValue(/^whsec_[0-9a-f]{64}$/);
  await expect(secretDialog.getByRole('note')).toContainText('You will not see it again');
  await expect(secretDialog.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
  await shotBoth(page, 'connect-secret');
  const secret = await secretDialog.getByLabel('Signing secret', { exact: true }).inputValue();
  await secretDialog.getByRole('button', { name: 'I have saved it' }).click();
  await expect(secretDialog).toBeHidden();
  // Never again: the list does not carry it.
  expect(await (await page.request.get('/api/integrations')).text()).not.toContain(secret);

  // QuickBooks Desktop and Xero (CSV) connect without a further step.
  for (const provider of ['quickbooks_desktop', 'xero_csv']) {
    dialog = await connect(provider);
    // A file export goes one way, out of Signal AR, and not in real time.
    await dialog.getByRole('combobox', { name: 'Sync Direction' }).click();
    await expect(page.getByRole('option')).toHaveText(['From platform']);
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Sync Frequency' }).click();
    await expect(page.getByRole('option', { name: 'Real-time' })).toHaveCount(0);
    if (provider === 'quickbooks_desktop') await page.screenshot({ path: '/tmp/pdfs-qbd-connect.png' });
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Connect Now' }).click();
    await expect(dialog).toBeHidden();
    await expect(marketplace.locator(`[data-provider="${provider}"]`).getByRole('button', { name: 'Connected' })).toBeDisabled();
  }

  // An invoice to deliver (created through the API), then Sync on the webhook card.
  const today = calendarDay(testNow(), firm.user.organizationTimeZone);
  const customer = await page.request.post('/api/customers', { data: { name: 'Hook Customer', email: `${uniqueName('hook')}@example.com` } });
  expect(customer.status()).toBe(201);
  const invoice = await page.request.post('/api/invoices', {
    data: {
      customerId: ((await customer.json()) as { id: string }).id,
      invoiceNumber: 'HOOK-1',
      status: 'sent',
      issueDate: today,
      dueDate: today,
      subtotal: '120.00',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '120.00',
      items: [{ description: 'Advisory', quantity: 1, unitPrice: '120.00', totalPrice: '120.00' }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  await page.getByRole('tab', { name: 'Active Integrations' }).click();
  const active = page.getByRole('tabpanel', { name: 'Active Integrations' });
  const hookCard = active.getByTestId('integration-card').filter({ hasText: 'Webhooks' });
  await expect(hookCard.getByTestId('webhook-target')).toHaveText('Sends every event to https://8.8.8.8/signal-hook');
  await hookCard.getByRole('button', { name: 'Sync', exact: true }).click();
  // invoice.created and invoice.sent; the worker (every 10 s) may have tried some of them first.
  await expect(page.getByRole('status').filter({ hasText: 'Sync Failed' })).toContainText(/Webhook deliveries failed \([12]\).*invoice\.(created|sent)/);

  await hookCard.getByRole('button', { name: 'Delivery Log' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery Log' });
  await expect(log.getByRole('row')).toHaveCount(3);
  const delivery = log.getByRole('row').filter({ hasText: 'invoice.created' });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText('Retrying');
  await expect(delivery.getByRole('cell').nth(2)).toHaveText('1');
  await expect(delivery).toContainText('Next try');
  await shotBoth(page, 'delivery-log', async () => {
    // On a phone the log is a list (no sideways table), each delivery with its attempts and error.
    const item = log.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').filter({ hasText: 'invoice.created' });
    await expect(item).toContainText('1 attempt');
    await expect(item).toContainText('Retrying');
  });
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  await page.getByRole('tab', { name: 'Health Monitoring' }).click();
  const hookHealth = page.getByRole('tabpanel', { name: 'Health Monitoring' }).getByTestId('health-card').filter({ hasText: 'Webhooks' });
  await expect(hookHealth).toContainText(/Webhook deliveries failed \([12]\)/);
  await expect(hookHealth.getByRole('list', { name: 'Issues' })).toContainText(/Suggested action: \S/);
  await expect(hookHealth).toContainText('1 of 1');

  // QuickBooks Desktop: Sync, then the IIF download opens with the customer list's header row.
  await page.getByRole('tab', { name: 'Active Integrations' }).click();
  const qbdCard = active.getByTestId('integration-card').filter({ hasText: 'QuickBooks Desktop' });
  await qbdCard.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sync Complete' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await qbdCard.getByRole('link', { name: 'Export IIF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.iif$/);
  const iif = await readFile(await download.path(), 'utf8');
  expect(iif.split('\r\n')[0]?.split('\t')[0]).toBe('!CUST');
  expect(iif).toContain('Hook Customer');
  expect(iif).toContain('HOOK-1');

  // Xero (CSV): the export links, then Import -> Invoices in Xero's template (DD/MM/YYYY dates).
  const xeroCard = active.getByTestId('integration-card').filter({ hasText: 'Xero' });
  const downloadOf = async (name: string) => {
    const waiting = page.waitForEvent('download');
    await xeroCard.getByRole('link', { name }).click();
    const file = await waiting;
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  };
  const zip = await downloadOf('Export for Xero');
  expect(zip.name).toMatch(/\.zip$/);
  expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const salesCsv = await downloadOf('Sales invoices CSV');
  expect(salesCsv.name).toMatch(/^xero-sales-invoices-.*\.csv$/);
  expect(salesCsv.bytes.toString('utf8')).toContain('HOOK-1');
  await xeroCard.getByRole('button', { name: 'Import' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Customers' });
  await importDialog.getByRole('combobox', { name: 'What the file holds' }).click();
  await expect(page.getByRole('option')).toHaveText(['Customers', 'Vendors', 'Invoices', 'Bills']);
  await page.getByRole('option', { name: 'Invoices' }).click();
  const invoicesDialog = page.getByRole('dialog', { name: 'Import Invoices' });
  await expect(invoicesDialog.getByRole('link', { name: 'Download the Xero invoices template' })).toHaveAttribute('href', '/api/imports/templates/xero/invoices.csv');
  const csv = [
    '*ContactName,EmailAddress,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,*Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,TaxAmount,Currency',
    'Kiwi Traders,accounts@kiwi.example,XR-1001,,15/10/2026,14/11/2026,Bookkeeping,2,150.00,200,Tax Exempt,0.00,USD',
    'Kiwi Traders,accounts@kiwi.example,XR-1001,,15/10/2026,14/11/2026,Payroll run,1,80.00,200,Tax Exempt,0.00,USD',
    'Fern Studio,hello@fern.example,XR-1002,,20/10/2026,19/11/2026,Year-end accounts,1,950.00,200,Tax Exempt,0.00,USD',
  ].join('\r\n');
  await invoicesDialog.getByTestId('import-file-input').setInputFiles({ name: 'xero-invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(invoicesDialog).toContainText('xero-invoices.csv');
  await expect(invoicesDialog).toContainText('3 rows');
  await expect(invoicesDialog).toContainText('Kiwi Traders');
  await expect(invoicesDialog.getByTestId('import-date-format')).toBeVisible();
  await shotBoth(page, 'import-invoices', async () => {
    // The dialog scrolls; its Import button is reachable and whole on the phone.
    const importButton = invoicesDialog.getByRole('button', { name: 'Import 2 invoices' });
    await importButton.scrollIntoViewIfNeeded();
    await expect(importButton).toBeInViewport({ ratio: 1 });
  });
  await invoicesDialog.getByRole('button', { name: 'Import 2 invoices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import Complete' })).toContainText('2 invoices imported');

  await page.goto('/invoices');
  await expect(page.getByText('XR-1001')).toBeVisible();
  await expect(page.getByText('XR-1002')).toBeVisible();
  const imported = (await (await page.request.get('/api/invoices', { params: { search: 'XR-100' } })).json()) as { invoiceNumber: string; totalAmount: string }[];
  expect(imported.map((row) => [row.invoiceNumber, row.totalAmount]).sort()).toEqual([
    ['XR-1001', '380.00'],
    ['XR-1002', '950.00'],
  ]);
});
