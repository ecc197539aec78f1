import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInFirm } from './support';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/hub-${name}.png`, fullPage: true });

/**
 * The Integration Hub as a firm: the spec's tabs and buttons, the Marketplace (3 features a card,
 * Webhooks 'Coming Soon' while it has no connector on this branch), connecting CSV / Excel, its
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
  const webhooks = marketplace.locator('[data-provider="webhooks"]');
  await expect(webhooks.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
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
  await expect(dialog.getByRole('combobox', { name: 'Sync Direction' })).toHaveText('Bidirectional');
  await dialog.getByRole('combobox', { name: 'Sync Frequency' }).click();
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
  await expect(card).toContainText('Bidirectional');
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
