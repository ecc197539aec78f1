import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueName } from './support';

// The customer and vendor lists: search narrows the cards, delete asks first and then says so.
for (const list of [
  { path: '/customers', api: '/api/customers', noun: 'Customer', search: 'Search customers'},
  { path: '/vendors', api: '/api/vendors', noun: 'Vendor', search: 'Search vendors'},
]) {
  test(`${list.path}: search, then delete with confirmation`, async ({ page }) => {
    await registerThroughUi(page);
    const names = [`Alder ${uniqueName('')}`, `Birch ${uniqueName('')}`];
    for (const name of names) {
      const body = { name, email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`, paymentMethod: 'check' };
      const response = await page.request.post(list.api, { data: body });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.goto(list.path);
    await expect(page.getByText(names[0] ?? '')).toBeVisible();
    await page.getByLabel(list.search).fill('Birch');
    await expect(page.getByText(names[0] ?? '')).toBeHidden();
    await expect(page.getByText(names[1] ?? '')).toBeVisible();

    await page.getByRole('button', { name: `Delete ${names[1]}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${list.noun} deleted successfully`, { exact: true })).toBeVisible();
    await page.getByLabel(list.search).fill('');
    await expect(page.getByText(names[0] ?? '')).toBeVisible();
    await expect(page.getByText(names[1] ?? '')).toBeHidden();
  });
}
