import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { uniqueName } from './support';

interface Label { file: string; legalName: string; taxClassification: string; llcTaxClassification: string | null; tin: string; city: string; state: string; zipCode: string }
const setDirectory = path.join(import.meta.dirname, '../src/server/features/documents/test-data/w9');
const labels = JSON.parse(readFileSync(path.join(setDirectory, 'labels.json'), 'utf8')) as Label[];
const llc = labels.find((label) => label.file.startsWith('w9-fillable') && label.taxClassification === 'llc') as Label;

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The sidebar slides away below the desktop width: let it finish before the picture.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/i32-w9-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('upload a fillable W-9, see its fields with the TIN masked, and apply it to the vendor after seeing the diff', async ({ page }) => {
  const name = uniqueName('w9');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', companyName: 'Example Co' },
  });
  expect(registered.status()).toBe(201);
  const vendor = await page.request.post('/api/vendors', { data: { name: llc.legalName, email: `${name}-vendor@example.com`, paymentMethod: 'check' } });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;

  await page.goto('/documents');
  await page.getByTestId('document-file-input').setInputFiles({ name: llc.file, mimeType: 'application/pdf', buffer: readFileSync(path.join(setDirectory, llc.file)) });
  await page.getByLabel('Document Type').click();
  await page.getByRole('option', { name: 'W-9 Form' }).click();
  await page.getByRole('button', { name: 'Upload & Process' }).click();

  const card = page.getByTestId('document-card').filter({ hasText: llc.file });
  await expect(card.getByTestId('ocr-status')).toHaveText('Completed', { timeout: 60_000 });
  const fields = card.getByRole('region', { name: 'W-9 fields' });
  await expect(fields.getByText('Read from form fields')).toBeVisible();
  await expect(fields.getByText(llc.legalName, { exact: true })).toBeVisible();
  await expect(fields.getByText(`LLC (${llc.llcTaxClassification})`)).toBeVisible();
  await expect(fields.getByText(`${llc.city}, ${llc.state} ${llc.zipCode}`)).toBeVisible();
  await expect(fields.getByText(`••-•••${llc.tin.slice(-4)}`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(llc.tin);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'card');

  await card.getByRole('button', { name: 'Apply to vendor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply W-9 to vendor' });
  // The vendor named on line 1 is chosen, and the dry run's diff shows.
  await expect(dialog.getByLabel('Vendor')).toHaveText(llc.legalName);
  const changes = dialog.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /Federal tax classification/ })).toContainText('LLC');
  await expect(changes.getByRole('row', { name: /TIN/ })).toContainText(`••-•••${llc.tin.slice(-4)}`);
  await expect(dialog).not.toContainText(llc.tin);
  await shoot(page, 'diff');
  await dialog.getByRole('button', { name: 'Apply to vendor' }).click();
  await expect(page.getByText('Vendor updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const filled = await page.request.get(`/api/vendors/${vendorId}`);
  const body = await filled.text();
  expect(body).not.toContain(llc.tin);
  expect(JSON.parse(body)).toMatchObject({ city: llc.city, state: llc.state, zipCode: llc.zipCode });
});
