import type { Page } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { readOutbox, uniqueName } from './support';

/** Undoes quoted-printable soft line breaks and escapes in an .eml file. */
const decoded = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `/tmp/i31-portal-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('customer portal: staff turns it on and mails a link, the customer sees invoices and the statement, downloads a PDF; revoking ends the session', async ({
  page,
  browser,
}) => {
  const name = uniqueName('portal');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Olive', lastName: 'Owner', companyName: 'Northwind Supply' },
  });
  expect(registered.status()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const shift = (days: number) => format(addDays(parseISO(today), days), 'yyyy-MM-dd');
  const billingEmail = `${name}-ap@example.com`;
  const customer = await page.request.post('/api/customers', { data: { name: 'Harbor Bakery', email: billingEmail } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoice = (invoiceNumber: string, issueDate: string, dueDate: string, total: string) =>
    page.request.post('/api/invoices', {
      data: {
        customerId,
        invoiceNumber,
        status: 'sent',
        issueDate,
        dueDate,
        subtotal: total,
        taxAmount: '0',
        discountAmount: '0',
        totalAmount: total,
        items: [{ description: 'Flour and yeast', quantity: 1, unitPrice: total, totalPrice: total }],
      },
    });
  expect((await invoice(`OLD-${name}`, shift(-40), shift(-10), '240.00')).status()).toBe(201);
  expect((await invoice(`NEW-${name}`, today, shift(20), '125.50')).status()).toBe(201);

  // Staff: Customers > Harbor Bakery > Portal: turn it on and send the link.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Portal of Harbor Bakery' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Off: no one can sign in for this customer.')).toBeVisible();
  await dialog.getByRole('switch', { name: 'Portal access' }).click();
  await expect(dialog.getByText('On: the customer can sign in with a mailed link.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'View invoices' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Pay' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Download statements' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(dialog.getByRole('button', { name: 'Re-send sign-in link' })).toBeVisible();
  await expect(dialog.getByText(billingEmail)).toBeVisible();
  await shoot(page, 'staff-dialog');

  let link = '';
  await expect(async () => {
    const mails = (await readOutbox(page)).map(decoded).filter((text) => text.includes(`To: ${billingEmail}`));
    link = mails.map((text) => /https?:\/\/\S+\/portal\/sign-in#token=[A-Za-z0-9_-]+/.exec(text)?.[0]).find(Boolean) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const { pathname, hash } = new URL(link);

  // The customer, in a browser of its own.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const customerPage = await context.newPage();
  if (process.env.FAKE_NOW) await customerPage.clock.setSystemTime(testNow());
  const requests: string[] = [];
  customerPage.on('request', (request) => requests.push(request.url()));
  await customerPage.goto(pathname + hash);
  await expect(customerPage).toHaveURL(/\/portal$/);
  expect(customerPage.url()).not.toContain('token');
  // The token never went to the server in a URL, and the staff app never loaded.
  expect(requests.filter((url) => url.includes('token='))).toEqual([]);
  expect(requests.some((url) => /\/assets\/index-/.test(url))).toBe(false);
  await expect(customerPage.getByTestId('portal-brand')).toHaveText('Northwind Supply');
  const balance = customerPage.getByTestId('portal-balance');
  await expect(balance).toContainText('$365.50');
  await expect(balance).toContainText('$240.00');
  const open = customerPage.getByRole('list', { name: 'Open invoices' });
  await expect(open.getByTestId('portal-invoice')).toHaveCount(2);
  await expect(open.getByTestId('portal-invoice').first()).toContainText(`OLD-${name}`);
  await expect(open.getByTestId('portal-invoice').first()).toContainText('Overdue');
  await open.getByRole('checkbox', { name: `Pay Invoice OLD-${name}` }).check();
  await open.getByRole('checkbox', { name: `Pay Invoice NEW-${name}` }).check();
  await expect(customerPage.getByTestId('pay-invoices')).toContainText('$365.50');
  await shoot(customerPage, 'account');

  const downloading = customerPage.waitForEvent('download');
  await customerPage.getByRole('link', { name: `Download Invoice NEW-${name} (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`NEW-${name}.pdf`);

  await customerPage.getByRole('link', { name: 'Statement' }).click();
  await expect(customerPage).toHaveURL(/\/portal\/statement$/);
  await customerPage.getByLabel('From').fill(shift(-60));
  const summary = customerPage.getByTestId('statement-summary');
  await expect(summary).toContainText('Opening balance');
  await expect(summary).toContainText('$365.50');
  await expect(customerPage.getByTestId('statement-line')).toHaveCount(2);
  await expect(customerPage.getByTestId('statement-aging')).toContainText('$240.00');
  const statementDownload = customerPage.waitForEvent('download');
  await customerPage.getByRole('link', { name: 'Download PDF' }).click();
  expect((await statementDownload).suggestedFilename()).toMatch(/^statement-.*\.pdf$/);
  await shoot(customerPage, 'statement');

  // A used link shows why it no longer works.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(pathname + hash);
  await expect(otherPage.getByRole('alert')).toHaveText('This sign-in link is not valid or has expired. Ask for a new one.');
  await shoot(otherPage, 'invalid-link');
  await other.close();

  // Staff revokes: the customer's next request finds the session gone.
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  await expect(dialog.getByText('Off: no one can sign in for this customer.')).toBeVisible();
  await expect(dialog.getByTestId('portal-open-sessions')).toHaveText('0');
  await customerPage.reload();
  await expect(customerPage.getByRole('status')).toHaveText(
    'Your portal session has ended. Ask Northwind Supply to send you a new sign-in link.',
  );
  await shoot(customerPage, 'session-ended');
  expect((await customerPage.request.get('/api/portal/account')).status()).toBe(401);
  await context.close();
});

test('staff settings: the Customer Portal card saves payment instructions and autopay retries', async ({ page }) => {
  const name = uniqueName('portalset');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Olive', lastName: 'Owner' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/settings?tab=notifications');
  const card = page.getByRole('heading', { name: 'Customer Portal' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await card.getByLabel('Payment instructions').fill('Wire to Northwind Supply, account 0123456789, quoting the reference.');
  await card.getByLabel('Autopay attempts').fill('11');
  await card.getByRole('button', { name: 'Save Portal Settings' }).click();
  await expect(card.getByText('Autopay attempts must be between 1 and 10')).toBeVisible();
  await card.getByLabel('Autopay attempts').fill('4');
  await card.getByLabel('Days between attempts').fill('2');
  await card.getByRole('button', { name: 'Save Portal Settings' }).click();
  await expect(page.getByText('Portal settings saved', { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'settings');
  const saved = await page.request.get('/api/settings/portal');
  expect(await saved.json()).toEqual({ paymentInstructions: 'Wire to Northwind Supply, account 0123456789, quoting the reference.', autopayMaxAttempts: 4, autopayRetryDays: 2 });
});
