import { type Page, expect, test } from '@playwright/test';
import { accountWithInvoice } from './support';

/**
 * A tab opened before a deploy asks for a page chunk that is gone (404): the page reloads once
 * and shows the new build; a chunk that keeps failing shows the error page after that one reload.
 */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

async function failDashboardChunk(page: Page, shouldFail: () => boolean) {
  await page.route(/\/assets\/dashboard-page-[\w-]+\.js$/, async (route) => {
    if (shouldFail()) await route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND"}' });
    else await route.continue();
  });
}

test('a page whose chunk is gone after a deploy reloads once and shows', async ({ page }) => {
  await accountWithInvoice(page.request);
  const loads = countLoads(page);
  await failDashboardChunk(page, () => loads() < 2);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-Outstanding Invoices')).toHaveText('$500.00');
  expect(loads()).toBe(2);
});

test('a chunk that still fails after the reload shows the error page, without reloading again', async ({ page }) => {
  await accountWithInvoice(page.request);
  const loads = countLoads(page);
  await failDashboardChunk(page, () => true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText(/dynamically imported module/)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(loads()).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
});
