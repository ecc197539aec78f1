import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { registerThroughUi, uniqueName } from './support';

const axePath = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');
test.use({ bypassCSP: true }); // axe is injected as an inline script

/** Serious or critical axe violations inside the open dialog. */
async function dialogViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Element) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return ['no dialog'];
    const { violations } = await axe.run(dialog);
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

/** A customers CSV made here: 20 rows, the eighth with `badEmail` when given. */
function customersCsv(tag: string, badEmail?: string): { names: string[]; buffer: Buffer } {
  const names = Array.from({ length: 20 }, (_, index) => `Import ${tag} ${String(index + 1).padStart(2, '0')}`);
  const rows = names.map((name, index) => [name, index === 7 && badEmail ? badEmail : `${tag}.${index + 1}@example.com`, '555-0100', 'Portland']);
  const text = [['Name', 'Email', 'Phone', 'City'], ...rows].map((row) => row.join(',')).join('\r\n');
  return { names, buffer: Buffer.from(`${text}\r\n`) };
}

// Issue 14: import a CSV of 20 customers with one bad row, see the error with its row number,
// upload the fixed file, commit, and find the 20 customers in the list.
test('imports 20 customers from a CSV after fixing the one bad row', async ({ page }) => {
  await registerThroughUi(page);
  const tag = uniqueName('imp');
  const bad = customersCsv(tag, 'not-an-email');
  const fixed = customersCsv(tag);

  await page.goto('/customers');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Customers' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download the CSV / Excel customers template' })).toHaveAttribute('href', '/api/imports/templates/generic/customers.csv');

  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: bad.buffer });
  await expect(dialog.getByText('1 error to fix before importing')).toBeVisible();
  // The eighth customer is row 9 of the file: the header is row 1.
  const errorRow = dialog.getByTestId('import-errors').getByRole('row').nth(1);
  await expect(errorRow.getByRole('cell')).toHaveText(['9', 'Email', 'Invalid email address']);
  await expect(dialog.getByTestId('import-summary')).toContainText('customers.csv: 20 rows, 19 customers to create');
  await expect(dialog.getByRole('button', { name: 'Import 19 customers' })).toBeDisabled();
  await expect(dialog.getByTestId('import-preview').getByRole('row')).toHaveCount(11);
  await page.screenshot({ path: '/tmp/imports-errors-desktop.png', fullPage: true });
  expect(await dialogViolations(page)).toEqual([]);

  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'customers-fixed.csv', mimeType: 'text/csv', buffer: fixed.buffer });
  await expect(dialog.getByTestId('import-summary')).toContainText('customers-fixed.csv: 20 rows, 20 customers to create');
  await expect(dialog.getByTestId('import-errors')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import 20 customers' }).click();
  await expect(page.getByText('Import Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('20 customers imported.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const name of fixed.names) await expect(page.getByText(name, { exact: true })).toBeVisible();

  // The same file again creates nothing twice.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'customers-fixed.csv', mimeType: 'text/csv', buffer: fixed.buffer });
  await expect(dialog.getByTestId('import-summary')).toContainText('0 customers to create, 20 already there (skipped)');
  await expect(dialog.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
});

test('the import dialog on a phone, with the errors and the mapping', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page);
  await page.goto('/vendors');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Vendors' });
  const csv = 'Vendor,Email\r\nPaper Co,ap@paper.example\r\nBroken Co,broken\r\n';
  await dialog.getByTestId('import-file-input').setInputFiles({ name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('import-errors').getByRole('row').nth(1).getByRole('cell')).toHaveText(['3', 'Email', 'Invalid email address']);
  await dialog.getByText('Columns', { exact: true }).click();
  await expect(dialog.getByTestId('mapping-name')).toHaveText('Vendor');
  await page.screenshot({ path: '/tmp/imports-phone.png', fullPage: true });
  expect(await dialogViolations(page)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

// Issue 33: the commit is a job; while it runs the dialog shows its progress, polled from the
// server. The server's answers are held at 8 of 20 rows (the job itself is over in a moment here),
// then let through, and the dialog ends as a commit does.
for (const width of [1366, 375]) {
  test(`shows an import's progress while its job runs (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await registerThroughUi(page);
    const tag = uniqueName('prg');
    const file = customersCsv(tag);
    let hold = true;
    await page.route(/\/api\/imports\/[0-9a-f-]{36}$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: hold ? { ...body, status: 'committing', rowsDone: 8, result: null, committedAt: null } : body });
    });
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Customers' });
    await dialog.getByTestId('import-file-input').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: file.buffer });
    await dialog.getByRole('button', { name: 'Import 20 customers' }).click();
    await expect(dialog.getByText('Importing 8 of 20 rows', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Importing...' })).toBeDisabled();
    await page.screenshot({ path: `/tmp/imports-progress-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    hold = false;
    await expect(page.getByText('20 customers imported.', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
}
