import { expect, test } from '@playwright/test';
import { registerThroughUi } from './support';

// Issue 15: the header menu and the invoice list's dialogs load on first use
// (React.lazy). They must still open at the first press, by mouse and by keyboard, and work. The
// lazily loaded status filter is exercised by invoice-to-cash.spec.ts and practice-invoice-hub.spec.ts.
test('header menu and invoice dialog open at the first press after loading lazily', async ({ page }) => {
  await registerThroughUi(page);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

  // User menu: one click opens it (the click that loads it), Escape closes it, Enter opens it again.
  const menuButton = page.getByRole('button', { name: /Erin Example/ });
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.waitForTimeout(300); // the fade-in, for the screenshot only
  await page.screenshot({ path: '/tmp/perf2-header-menu.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeHidden();
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings/);

  // Invoice form: the first press opens the (lazily loaded) dialog, which validates as before.
  await page.goto('/invoices');
  const create = page.getByRole('button', { name: /Create (Your First )?Invoice/ }).first();
  await create.click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Invoice number')).toHaveValue(/^INV-\d+$/);
  await page.screenshot({ path: '/tmp/perf2-invoice-dialog.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/perf2-invoice-dialog-phone.png' });
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(form.getByText('Customer is required')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  // Opened a second time (already loaded), it still opens.
  await create.click();
  await expect(page.getByRole('dialog').getByLabel('Invoice number')).toBeVisible();
  await page.keyboard.press('Escape');
  // On a phone (a fresh load: the menu loads again), the name is hidden text on the avatar button.
  await page.goto('/invoices');
  await page.getByRole('button', { name: /Erin Example/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/perf2-header-menu-phone.png' });
});
