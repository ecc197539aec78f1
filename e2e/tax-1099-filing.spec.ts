import { expect, test } from './fixtures';
import { uniqueName } from './support';

/**
 * The IRS filing panel of the 1099 page (issue 32 item 4): the payer's filing settings (EIN shown
 * masked only), and a filing file refused with the reason until forms are issued. Issuing forms,
 * downloading the files and marking them filed are covered through the API in
 * src/server/features/tax-1099/filing.routes.test.ts.
 */
test('a user enters the payer filing settings and is told to issue the forms before a filing file', async ({ page }, testInfo) => {
  const name = uniqueName('tx');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example' },
  });
  expect(registered.status()).toBe(201);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/vendors/1099');
  const panel = page.getByRole('region', { name: /IRS Filing for/ }).or(page.locator('[aria-labelledby="filing-panel-title"]'));
  await expect(panel.getByRole('heading', { name: /IRS Filing for \d{4}/ })).toBeVisible();
  await expect(page.getByTestId('filing-state')).toContainText('Not started');

  const settings = page.getByRole('form', { name: '1099 filing settings' });
  await settings.getByLabel('Payer EIN').fill('07-1234567');
  await settings.getByRole('button', { name: 'Save Filing Settings' }).click();
  await expect(settings.getByText('07 is not a prefix the IRS assigns to EINs')).toBeVisible();

  await settings.getByLabel('Payer EIN').fill('12-3456789');
  await settings.getByLabel('Payer address').fill('100 Main St');
  await settings.getByLabel('City').fill('Austin');
  await settings.getByLabel('State').fill('tx');
  await settings.getByLabel('ZIP code').fill('78701');
  await settings.getByLabel('Transmitter Control Code (TCC)').fill('5a1bc');
  await settings.getByLabel('Contact name').fill('Erin Example');
  await settings.getByLabel('Contact phone').fill('512-555-0100');
  await settings.getByLabel('Contact email').fill(`${name}@example.com`);
  await settings.getByRole('button', { name: 'Save Filing Settings' }).click();
  await expect(page.getByText('Filing settings saved', { exact: true })).toBeVisible();

  // After a reload the EIN is shown masked, never whole.
  await page.reload();
  await expect(settings.getByText('On file: ••-•••6789. Leave blank to keep it.')).toBeVisible();
  await expect(settings.getByLabel('Transmitter Control Code (TCC)')).toHaveValue('5A1BC');
  await expect(settings.getByLabel('State')).toHaveValue('TX');
  await expect(page.locator('body')).not.toContainText('123456789');
  await expect(page.locator('body')).not.toContainText('12-3456789');

  await page.getByRole('button', { name: 'Download IRIS CSV' }).click();
  await expect(page.getByText(/^No 1099 is issued for \d{4}: issue the forms first$/)).toBeVisible();
  await expect(page.getByText(/No filing file generated for \d{4} yet/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('filing-panel-1366.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Download Publication 1220 file' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('filing-panel-375.png'), fullPage: true });
});
