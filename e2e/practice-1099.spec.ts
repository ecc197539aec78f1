import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { readOutbox, signInFirm, uniqueName } from './support';

/*
 * Issue 32 item 5: a firm's 1099s across two clients. Each client pays its vendors by check from a
 * verified account (through the API, as the Payments page would); My Practice > 1099s then shows
 * the vendors that need a 1099 and miss a W-9, and one button asks them all.
 */

async function switchTo(request: APIRequestContext, organizationId: string): Promise<void> {
  const response = await request.put('/api/session/workspace', { data: { organizationId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The two micro-deposit amounts of the newest notice for the account ending in `last4`. */
async function microDeposits(page: Page, last4: string): Promise<[string, string]> {
  let amounts: string[] = [];
  await expect
    .poll(async () => {
      const mail = (await readOutbox(page)).reverse().find((text) => text.includes(`ending in ${last4}`)) ?? '';
      amounts = [...mail.matchAll(/Micro-deposit \d: \$(\d+\.\d{2})/g)].map((match) => match[1] ?? '');
      return amounts.length;
    })
    .toBe(2);
  return [amounts[0] ?? '', amounts[1] ?? ''];
}

/**
 * A client workspace whose vendors (no W-9 on file) were each paid one bill by check today; the
 * session is back on the firm after.
 */
async function clientPaying(page: Page, firmId: string, businessName: string, accountNumber: string, paid: { vendor: string; email: string; amount: string }[]): Promise<string> {
  const request = page.request;
  const client = await request.post('/api/practice/clients', {
    data: { businessName, businessEmail: `${uniqueName('books')}@client.example`, industry: 'retail', contactName: 'Rosa Baker', contactEmail: `${uniqueName('rosa')}@client.example` },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { organizationId } = (await client.json()) as { organizationId: string };
  await switchTo(request, organizationId);
  const account = await request.post('/api/bank-accounts', {
    data: { accountName: 'Operating', accountHolderName: businessName, accountType: 'business_checking', accountNumber, routingNumber: '021000021', isPrimary: true },
  });
  expect(account.status(), await account.text()).toBe(201);
  const { id: bankAccountId } = (await account.json()) as { id: string };
  const [first, second] = await microDeposits(page, accountNumber.slice(-4));
  const verified = await request.post(`/api/bank-accounts/${bankAccountId}/verify`, { data: { microDeposit1: first, microDeposit2: second } });
  expect(verified.status(), await verified.text()).toBe(200);

  const user = (await (await request.get('/api/user')).json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), user.organizationTimeZone);
  const billIds: string[] = [];
  for (const item of paid) {
    const vendor = await request.post('/api/vendors', { data: { name: item.vendor, email: item.email, paymentMethod: 'check' } });
    expect(vendor.status(), await vendor.text()).toBe(201);
    const vendorId = ((await vendor.json()) as { id: string }).id;
    const bill = await request.post('/api/bills', {
      data: {
        vendorId,
        billNumber: uniqueName('B-'),
        billDate: today,
        dueDate: today,
        subtotal: item.amount,
        taxAmount: '0',
        totalAmount: item.amount,
        items: [{ description: 'Consulting', quantity: 1, unitPrice: item.amount, totalPrice: item.amount }],
      },
    });
    expect(bill.status(), await bill.text()).toBe(201);
    billIds.push(((await bill.json()) as { id: string }).id);
  }
  const scheduled = await request.post('/api/payments/schedule', { data: { billIds, bankAccountId, method: 'check', scheduledDate: today } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  // The server's own scheduler may take the run first: either way each bill ends paid.
  await request.post('/api/payment-runs/process-due');
  for (const billId of billIds) {
    await expect.poll(async () => ((await (await request.get(`/api/bills/${billId}`)).json()) as { status: string }).status).toBe('paid');
  }
  await switchTo(request, firmId);
  return organizationId;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator('#app-sidebar')).not.toBeInViewport();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${name} at 375 px`).toBeLessThanOrEqual(widths.viewport);
  await page.screenshot({ path: `/tmp/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
  });
}

test.use({ bypassCSP: true }); // axe is injected as an inline script

test('a firm sees its clients’ 1099s, sends every missing W-9 request at once, and opens a client', async ({ page }) => {
  const { user: owner } = await signInFirm(page.request);
  const firmId = owner.homeOrganizationId;
  const suffix = uniqueName('');
  const mails = { ace: `ace.${suffix}@vendor.example`, bob: `bob.${suffix}@vendor.example`, eve: `eve.${suffix}@vendor.example` };
  // Payments of $2,500 and more reach the threshold of any year (the $2,000 of 2026 on).
  const bakery = await clientPaying(page, firmId, `Bayside Bakery ${suffix}`, '000111223344', [
    { vendor: 'Ace Plumbing', email: mails.ace, amount: '2500.00' },
    { vendor: 'Bob Consulting', email: mails.bob, amount: '3000.00' },
  ]);
  await clientPaying(page, firmId, `Lighthouse Books ${suffix}`, '000555667788', [{ vendor: 'Eve Design', email: mails.eve, amount: '2200.00' }]);

  await page.goto('/practice');
  await page.getByRole('link', { name: '1099s' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '1099s' })).toBeVisible();
  // The tax year of today's payments (before April the page opens on last year).
  const year = calendarDay(testNow(), owner.organizationTimeZone).slice(0, 4);
  await page.getByRole('combobox', { name: 'Tax year' }).click();
  await page.getByRole('option', { name: `Tax year ${year}` }).click();

  const rows = page.getByTestId('practice-1099-row');
  await expect(rows).toHaveCount(2);
  // The bakery first: two vendors without a W-9 against one.
  await expect(rows.nth(0)).toContainText('Bayside Bakery');
  const bakeryRow = rows.filter({ hasText: 'Bayside Bakery' });
  const booksRow = rows.filter({ hasText: 'Lighthouse Books' });
  const cells = (row: typeof bakeryRow) => row.getByRole('cell');
  await expect(cells(bakeryRow).nth(1)).toHaveText('2');
  await expect(cells(bakeryRow).nth(2)).toHaveText('0');
  await expect(cells(bakeryRow).nth(3)).toHaveText('2');
  await expect(cells(bakeryRow).nth(4)).toHaveText('2');
  await expect(cells(bakeryRow).nth(5)).toHaveText('0 / 0');
  await expect(cells(bakeryRow).nth(6)).toHaveText('Not started');
  await expect(cells(booksRow).nth(1)).toHaveText('1');
  await expect(cells(booksRow).nth(3)).toHaveText('1');
  await expect(page.getByText('Missing a W-9').locator('xpath=ancestor::div[contains(@class,"pt-6")]')).toContainText('3');
  await shoot(page, 'practice-1099');
  expect(await axeFindings(page)).toEqual([]);

  // One button asks every vendor missing a W-9, in both clients.
  await page.getByRole('button', { name: 'Send all missing W-9 requests' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Send every missing W-9 request for ${year}?`);
  await expect(confirm).toContainText('(3 missing now)');
  await shoot(page, 'practice-1099-confirm');
  await confirm.getByRole('button', { name: 'Send requests' }).click();
  await expect(page.getByRole('status', { name: 'W-9 requests sent' })).toContainText('3 W-9 requests sent across 2 clients');
  await expect(cells(bakeryRow).nth(5)).toHaveText('2 / 0');
  await expect(cells(booksRow).nth(5)).toHaveText('1 / 0');
  for (const address of Object.values(mails)) {
    await expect.poll(async () => (await readOutbox(page)).some((mail) => mail.includes(address) && mail.includes('asks for your W-9'))).toBe(true);
  }
  await shoot(page, 'practice-1099-sent');

  // Again: every vendor has an open request, so nothing more leaves.
  await page.getByRole('button', { name: 'Send all missing W-9 requests' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send requests' }).click();
  await expect(page.getByRole('status', { name: 'W-9 requests sent' })).toContainText('0 W-9 requests sent across 2 clients, 3 skipped');
  await expect(page.getByRole('status', { name: 'W-9 requests sent' })).toContainText('Ace Plumbing — A W-9 request is already open');

  // Open switches into the client's workspace on its 1099 page.
  await bakeryRow.getByRole('button', { name: /^Open Bayside Bakery/ }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/1099\\?year=${year}$`));
  const session = (await (await page.request.get('/api/user')).json()) as { organizationId: string };
  expect(session.organizationId).toBe(bakery);
});
