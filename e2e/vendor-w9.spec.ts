import type { Page } from '@playwright/test';
import { expect, test, testNow } from './fixtures';
import { readOutbox, uniqueName } from './support';

/** Undoes quoted-printable soft line breaks and escapes in an .eml file. */
const decoded = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function shoot(page: Page, name: string, widths: readonly number[] = [1366, 375]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `/tmp/i32-w9-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('vendor W-9 by link: staff requests it, the vendor fills the public form, the vendor shows the W-9 on file with the TIN masked', async ({ page, browser }) => {
  const name = uniqueName('w9');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Olive', lastName: 'Owner', companyName: 'Northwind Supply' },
  });
  expect(registered.status()).toBe(201);
  const vendorEmail = `${name}-vendor@example.com`;
  const created = await page.request.post('/api/vendors', { data: { name: 'Harbor Design', email: vendorEmail, paymentMethod: 'check' } });
  expect(created.status()).toBe(201);

  // Staff: Vendors > Harbor Design > Tax details > Request W-9 (with payment details).
  await page.goto('/vendors');
  const card = page.getByTestId('vendor-card').filter({ hasText: 'Harbor Design' });
  await expect(card.getByText('W-9 missing')).toBeVisible();
  await card.getByRole('button', { name: 'Tax details of Harbor Design' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('w9-status')).toContainText('W-9 missing');
  await dialog.getByRole('checkbox', { name: 'Also ask for payment details' }).click();
  await dialog.getByRole('button', { name: 'Request W-9' }).click();
  await expect(dialog.getByTestId('w9-status')).toContainText(`requested on`);
  await expect(dialog.getByTestId('w9-status')).toContainText(vendorEmail);
  await shoot(page, 'tax-dialog-requested', [1366]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  let link = '';
  await expect(async () => {
    const mails = (await readOutbox(page)).map(decoded).filter((text) => text.includes(`To: ${vendorEmail}`));
    link = mails.map((text) => /https?:\/\/\S+\/vendor-form#token=[A-Za-z0-9_-]+/.exec(text)?.[0]).find(Boolean) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const { pathname, hash } = new URL(link);

  // The vendor, in a browser of its own: never the staff app, the token never in a request URL's query.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const vendorPage = await context.newPage();
  if (process.env.FAKE_NOW) await vendorPage.clock.setSystemTime(testNow());
  const requests: string[] = [];
  vendorPage.on('request', (request) => requests.push(request.url()));
  await vendorPage.goto(pathname + hash);
  await expect(vendorPage.getByText('Requested by Northwind Supply')).toBeVisible();
  await expect(vendorPage.getByLabel(/1\. Name of entity/)).toHaveValue('Harbor Design');
  expect(requests.some((url) => /\/assets\/index-/.test(url))).toBe(false);
  await shoot(vendorPage, 'public-form-empty');

  // A mistake first: the TIN's shape is checked before anything is sent.
  await vendorPage.getByLabel(/1\. Name of entity/).fill('Harbor Design LLC');
  await vendorPage.getByLabel('LLC', { exact: true }).check();
  await vendorPage.getByLabel(/LLC tax classification/).selectOption('S');
  await vendorPage.getByLabel(/5\. Address/).fill('12 Wharf Street');
  await vendorPage.getByLabel('6. City').fill('Portland');
  await vendorPage.getByLabel(/^State/).fill('ME');
  await vendorPage.getByLabel('ZIP code').fill('04101');
  await vendorPage.getByLabel('Employer identification number').check();
  await vendorPage.getByLabel('Your EIN').fill('071234567');
  await vendorPage.getByLabel('Bank name').fill('Harbor Savings');
  await vendorPage.getByLabel('Routing number').fill('011000015');
  await vendorPage.getByLabel('Account number').fill('9876543210');
  await vendorPage.getByLabel('Email address').fill(vendorEmail);
  await vendorPage.getByLabel(/receive my Form 1099 electronically/).check();
  await vendorPage.getByLabel(/I certify the statements above/).check();
  await vendorPage.getByLabel(/Signature: type your full name/).fill('Dana Harbor');
  await vendorPage.getByRole('button', { name: 'Sign and send to Northwind Supply' }).click();
  await expect(vendorPage.getByText('07 is not a prefix the IRS assigns to EINs')).toBeVisible();
  await vendorPage.getByLabel('Your EIN').fill('471234567');
  await shoot(vendorPage, 'public-form-filled');
  await vendorPage.getByRole('button', { name: 'Sign and send to Northwind Supply' }).click();
  await expect(vendorPage.getByText('Thank you, your W-9 was sent')).toBeVisible();
  expect(vendorPage.url()).not.toContain('token');
  expect(requests.filter((url) => url.includes('token='))).toEqual([]);
  await shoot(vendorPage, 'public-form-done');

  // The link works once: opened again, it says so and nothing more.
  const again = await context.newPage();
  await again.goto(pathname + hash);
  await expect(again.getByRole('alert')).toHaveText('This link is not valid or has expired. Ask for a new one.');
  await context.close();

  // Staff: the vendor has its W-9 on file, the TIN only by its last four digits.
  await page.reload();
  await expect(card.getByText('W-9 on file')).toBeVisible();
  await expect(card).toContainText('••-•••4567');
  await expect(card).not.toContainText('471234567');
  await card.getByRole('button', { name: 'Tax details of Harbor Design' }).click();
  await expect(dialog.getByTestId('w9-status')).toContainText('W-9 on file');
  await expect(dialog.getByTestId('w9-status')).toContainText('filled by the vendor');
  await expect(dialog.getByLabel('Legal name (W-9 line 1)')).toHaveValue('Harbor Design LLC');
  await expect(dialog.getByText('On file: ••-•••4567. Leave blank to keep it.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View W-9' })).toBeVisible();
  await shoot(page, 'tax-dialog-on-file');
  const html = await page.content();
  expect(html).not.toContain('471234567');
  expect(html).not.toContain('47-1234567');

  // Bulk: nothing is missing any more, so the result says nothing was sent.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Request missing W-9s' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send requests' }).click();
  await expect(page.getByTestId('w9-bulk-result')).toContainText('0 requests sent');
});
