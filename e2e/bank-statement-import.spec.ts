import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { registerThroughUi } from './support';

const samples = path.resolve(import.meta.dirname, '../src/server/features/bank-reconciliation/test-files');
const sample = (name: string) => readFileSync(path.join(samples, name));

async function addAccount(page: Page, accountName: string, accountNumber: string): Promise<void> {
  const response = await page.request.post('/api/bank-accounts', {
    data: { accountName, accountHolderName: 'Erin Example', accountType: 'business_checking', accountNumber, routingNumber: '021000021' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

function cardOf(page: Page, accountName: string) {
  return page.getByTestId('bank-account-card').filter({ hasText: accountName });
}

// Issue 30, item 1: a statement file in from the account's card; a CSV through the mapping step.
test('imports an OFX file from the bank account card, then a CSV through the mapping step', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await registerThroughUi(page);
  await addAccount(page, 'Operating', '000123456789');
  await page.goto('/bank-accounts');

  await cardOf(page, 'Operating').getByRole('button', { name: 'Import statement into Operating' }).click();
  let dialog = page.getByRole('dialog', { name: 'Import statement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'march.ofx', mimeType: 'application/x-ofx', buffer: sample('statement-ofx2.ofx') });
  await expect(dialog.getByText('march.ofx')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const result = dialog.getByTestId('statement-import-result');
  await expect(result.getByText('OFX / QFX imported')).toBeVisible();
  await expect(result.getByRole('definition').nth(0)).toHaveText('3');
  await expect(result.getByRole('definition').nth(1)).toHaveText('0');
  await expect(result.getByText('$5,904.90')).toBeVisible();
  await page.screenshot({ path: '/tmp/bank-import-ofx-result-1366.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The same file again adds nothing.
  await cardOf(page, 'Operating').getByRole('button', { name: 'Import statement into Operating' }).click();
  dialog = page.getByRole('dialog', { name: 'Import statement' });
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'march.ofx', mimeType: 'application/x-ofx', buffer: sample('statement-ofx2.ofx') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('statement-import-result').getByRole('definition').nth(0)).toHaveText('0');
  await expect(dialog.getByTestId('statement-import-result').getByRole('definition').nth(1)).toHaveText('3');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A CSV: the mapping step, guessed from the German headers; the comma decimals read right.
  await page.setViewportSize({ width: 375, height: 800 });
  await cardOf(page, 'Operating').getByRole('button', { name: 'Import statement into Operating' }).click();
  dialog = page.getByRole('dialog', { name: 'Import statement' });
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: sample('statement-bank-export.csv') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const mapping = dialog.getByTestId('csv-mapping');
  await expect(mapping).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: 'Date', exact: true })).toHaveText('Buchungstag');
  await expect(mapping.getByRole('combobox', { name: 'Debit (money out)' })).toHaveText('Soll');
  await expect(mapping.getByRole('combobox', { name: 'Credit (money in)' })).toHaveText('Haben');
  await expect(mapping.getByRole('combobox', { name: 'Date format' })).toHaveText('DD.MM.YYYY');
  await expect(mapping.getByRole('checkbox', { name: 'Amounts use a comma as the decimal point (1.234,56)' })).toBeChecked();
  // Unticking the header row turns the first row into data and the columns into positions.
  const headerRow = mapping.getByRole('checkbox', { name: 'The first row holds the column names' });
  await expect(headerRow).toBeChecked();
  await headerRow.click();
  await expect(mapping.getByRole('cell', { name: 'Verwendungszweck' })).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: 'Date', exact: true })).toHaveText('Column 1');
  await headerRow.click();
  await expect(mapping.getByRole('combobox', { name: 'Date', exact: true })).toHaveText('Buchungstag');
  await expect(mapping.getByRole('cell', { name: 'Miete März; Büro' })).toBeVisible();
  await page.screenshot({ path: '/tmp/bank-import-csv-mapping-375.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: '/tmp/bank-import-csv-mapping-1366.png' });
  await page.setViewportSize({ width: 375, height: 800 });

  // At 375 px the dialog scrolls to its Import button.
  await mapping.getByRole('button', { name: 'Import', exact: true }).click();
  const csvResult = dialog.getByTestId('statement-import-result');
  await expect(csvResult.getByText('CSV imported')).toBeVisible();
  await expect(csvResult.getByRole('definition').nth(0)).toHaveText('4');
  await page.screenshot({ path: '/tmp/bank-import-csv-result-375.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The mapping is remembered: the next CSV goes straight to the result (all four already there).
  await page.setViewportSize({ width: 1366, height: 900 });
  await cardOf(page, 'Operating').getByRole('button', { name: 'Import statement into Operating' }).click();
  dialog = page.getByRole('dialog', { name: 'Import statement' });
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'export-again.csv', mimeType: 'text/csv', buffer: sample('statement-bank-export.csv') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('statement-import-result').getByRole('definition').nth(1)).toHaveText('4');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A camt.053 whose closing balance does not add up: imported, and the difference is shown.
  const mismatch = sample('statement-camt053-v02.xml').toString('utf8').replace('<Amt Ccy="EUR">9309.45</Amt>', '<Amt Ccy="EUR">9300.00</Amt>');
  await cardOf(page, 'Operating').getByRole('button', { name: 'Import statement into Operating' }).click();
  dialog = page.getByRole('dialog', { name: 'Import statement' });
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'march.xml', mimeType: 'application/xml', buffer: Buffer.from(mismatch) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('statement-import-result').getByRole('definition').nth(0)).toHaveText('3');
  await expect(dialog.getByRole('alert')).toContainText('differs from its opening balance plus its lines by $9.45');
  await page.screenshot({ path: '/tmp/bank-import-balance-difference-1366.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The lines are there, with the amounts the mapping read.
  const accounts = await (await page.request.get('/api/bank-accounts')).json() as Array<{ id: string; accountName: string }>;
  const operating = accounts.find((account) => account.accountName === 'Operating');
  const lines = await (await page.request.get(`/api/bank-accounts/${operating?.id ?? ''}/transactions?search=Acme`)).json() as { data: Array<{ amount: string }> };
  expect(lines.data.map((line) => line.amount).sort()).toEqual(['1250.00', '1500.00', '2480.50']);
});

test('asks before importing a file that names another account', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await registerThroughUi(page);
  await addAccount(page, 'Payroll', '555500001111');
  await page.goto('/bank-accounts');
  await cardOf(page, 'Payroll').getByRole('button', { name: 'Import statement into Payroll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import statement' });
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'camt.xml', mimeType: 'application/xml', buffer: sample('statement-camt053-v02.xml') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('This file is for the account ending in 6789, not Payroll (ending in 1111)');
  await page.screenshot({ path: '/tmp/bank-import-other-account-375.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Import anyway' }).click();
  await expect(dialog.getByTestId('statement-import-result').getByRole('definition').nth(0)).toHaveText('3');

  // A malformed file is said in words and nothing is imported.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await cardOf(page, 'Payroll').getByRole('button', { name: 'Import statement into Payroll' }).click();
  const again = page.getByRole('dialog', { name: 'Import statement' });
  const broken = sample('statement-bai2.txt').toString('utf8').replace('16,475,', '17,475,');
  await again.getByLabel('Statement file').setInputFiles({ name: 'bad.bai', mimeType: 'text/plain', buffer: Buffer.from(broken) });
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(again.getByRole('alert')).toHaveText('Line 8 (record 17): "17" is not a BAI2 record type');
  await page.screenshot({ path: '/tmp/bank-import-error-375.png', fullPage: true });
});
