import { type Page, expect, test } from '@playwright/test';
import { signInFirm } from './support';

const upgrade = (page: Page) => page.getByRole('link', { name: 'Upgrade to Pro', exact: true });

test('the sidebar offers Upgrade to Pro to a firm on Starter only, never to one already on Professional or Enterprise', async ({
  page,
}) => {
  // Starter: the card is there and opens Settings > Billing.
  await signInFirm(page.request, { plan: 'starter' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/dashboard');
  await expect(upgrade(page)).toBeVisible();
  await page.screenshot({ path: '/tmp/pdfs-upgrade-starter-1366.png' });
  await upgrade(page).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');

  // Paid plans above Starter: no upgrade to offer, on a wide or a narrow screen.
  for (const plan of ['professional', 'enterprise'] as const) {
    await page.context().clearCookies();
    await signInFirm(page.request, { plan });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Practice Management' })).toBeVisible();
    const billing = (await (await page.request.get('/api/user/billing')).json()) as {
      plan: string;
    };
    expect(billing.plan).toBe(plan);
    await expect(page.getByRole('link', { name: 'Settings' }).first()).toBeVisible();
    await expect(upgrade(page)).toHaveCount(0);
    await page.screenshot({ path: `/tmp/pdfs-upgrade-${plan}-1366.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('complementary', { name: 'Main navigation' })).toBeInViewport({
      ratio: 1,
    });
    await expect(upgrade(page)).toHaveCount(0);
    await page.screenshot({ path: `/tmp/pdfs-upgrade-${plan}-375.png` });
  }
});
