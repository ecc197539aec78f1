import { expect, test } from './fixtures';
import { registerThroughUi, uniqueName } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };
const SHOTS = '/tmp/shots-identity';

test('set up the tax identity in Settings > Business, add a customer with a VAT ID and UBL, see a bad VAT ID refused', async ({ page }) => {
  await registerThroughUi(page);
  await page.setViewportSize(DESKTOP);

  // Settings > Business: a VAT ID with a wrong check digit is refused under its field.
  await page.goto('/settings?tab=business');
  await expect(page.getByRole('heading', { name: 'Tax identity and e-invoicing' })).toBeVisible();
  await page.getByLabel('Legal entity').fill('Muster Handels GmbH');
  await page.getByLabel('VAT ID').fill('DE136695977');
  await page.getByRole('button', { name: 'Save Business Details' }).click();
  await expect(page.getByText('VAT ID DE136695977 fails its check digit')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/business-error-1366.png`, fullPage: true });

  await page.getByLabel('VAT ID').fill('DE 136 695 976');
  await page.getByLabel('Company registration ID').fill('HRB 12345');
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
  await page.reload();
  await expect(page.getByLabel('VAT ID')).toHaveValue('DE136695976');
  await expect(page.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
  await page.screenshot({ path: `${SHOTS}/business-1366.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/business-375.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // A customer with a VAT ID and UBL (Peppol): UBL needs the Peppol ID, a bad VAT ID is refused.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const dialog = page.getByRole('dialog');
  const name = `Delhaize ${uniqueName('')}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`${uniqueName('ap')}@delhaize.example`);
  await dialog.getByLabel('Country').fill('BE');
  await dialog.getByLabel('VAT ID').fill('BE0403170702');
  await dialog.getByRole('combobox', { name: 'E-invoice format' }).click();
  await page.getByRole('option', { name: 'UBL (Peppol BIS Billing 3.0)' }).click();
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(dialog.getByText('VAT ID BE0403170702 fails its check digit')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customer-errors-1366.png` });

  await dialog.getByLabel('VAT ID').fill('BE 0403.170.701');
  await dialog.getByRole('combobox', { name: 'Peppol ID scheme' }).click();
  await page.getByRole('option', { name: '0208 – Enterprise number (Belgium)' }).click();
  await dialog.getByLabel('Peppol ID', { exact: true }).fill('0403170701');
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('Customer created successfully', { exact: true })).toBeVisible();

  const list = await page.request.get(`/api/customers?search=${encodeURIComponent(name)}`);
  const body = (await list.json()) as unknown;
  expect(JSON.stringify(body)).toContain('"vatId":"BE0403170701"');
  expect(JSON.stringify(body)).toContain('"einvoiceFormat":"ubl"');

  // The edit dialog shows what was stored.
  await page.getByTestId('customer-card').filter({ hasText: name }).getByRole('button', { name: /edit/i }).first().click();
  await expect(dialog.getByLabel('VAT ID')).toHaveValue('BE0403170701');
  await page.screenshot({ path: `${SHOTS}/customer-1366.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/customer-375.png` });
});
