import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { readOutbox, uniqueName } from './support';

const day = (today: string, days: number) => format(addDays(parseISO(today), days), 'yyyy-MM-dd');

/** An owner whose customer has an invoice 20 days overdue (300.00, 100.00 paid) and one not yet due (150.00). */
async function ownerWithCustomerLedger(request: APIRequestContext) {
  const name = uniqueName('st');
  const registered = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example' },
  });
  expect(registered.status()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const customerName = `Harbor Bakery ${name}`;
  const customer = await request.post('/api/customers', { data: { name: customerName, email: `${name}-billing@example.com` } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoice = async (invoiceNumber: string, issueDate: string, dueDate: string, total: string) => {
    const response = await request.post('/api/invoices', {
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
        items: [{ description: 'Bookkeeping', quantity: 1, unitPrice: total, totalPrice: total }],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const late = await invoice(`INV-${name}-A`, day(today, -50), day(today, -20), '300.00');
  await invoice(`INV-${name}-B`, today, day(today, 30), '150.00');
  const paid = await request.post(`/api/invoices/${late}/payments`, { data: { amount: '100.00', paidAt: today, method: 'check', reference: '1042' } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { today, customerName, billingEmail: `${name}-billing@example.com`, lateNumber: `INV-${name}-A` };
}

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `/tmp/i31-statements-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('late fee policy, a fee charged and reversed, the statement on screen and sent once', async ({ page }) => {
  const ledger = await ownerWithCustomerLedger(page.request);

  // Settings > Notifications > Late fees.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Late Fees' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Late fee policy' });
  await form.getByRole('switch', { name: 'Charge late fees' }).click();
  await form.getByLabel('Percentage per month').fill('0');
  await form.getByRole('button', { name: 'Save Late Fees' }).click();
  await expect(form.getByText('A percentage late fee must be more than 0')).toBeVisible();
  await form.getByLabel('Percentage per month').fill('2');
  await form.getByLabel('Grace days').fill('5');
  await form.getByLabel('Minimum fee').fill('10.00');
  await form.getByLabel('Cap per invoice').fill('50.00');
  await form.getByRole('button', { name: 'Save Late Fees' }).click();
  await expect(page.getByText('Late fees saved', { exact: true })).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'late-fee-settings');

  // The scheduler's run: 2 % of the 200.00 still due is 4.00, raised to the 10.00 minimum.
  const run = await page.request.post('/api/late-fees/run');
  expect(await run.json()).toEqual({ charged: 1, skipped: 0 });
  expect(await (await page.request.post('/api/late-fees/run')).json()).toEqual({ charged: 0, skipped: 0 });

  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: ledger.lateNumber });
  await card.getByRole('button', { name: `Late fees on ${ledger.lateNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Late fees on ${ledger.lateNumber}` });
  await expect(dialog.getByText('Month 1: $10.00')).toBeVisible();
  await shoot(page, 'invoice-late-fees');

  // The statement: 100.00 paid today, the fee invoice today; closing 210.00 + 150.00 = 360.00.
  await page.keyboard.press('Escape');
  await page.goto('/customers');
  await page.getByRole('button', { name: `Statement of ${ledger.customerName}` }).click();
  const statement = page.getByRole('dialog', { name: 'Statement of account' });
  const body = statement.getByTestId('statement');
  await expect(body.locator('table').getByText('Closing balance')).toBeVisible();
  await expect(body.locator('table').getByRole('row').last()).toContainText('$360.00');
  await expect(body.locator('table').getByText(/Payment - Check 1042/)).toBeVisible();
  await expect(statement.getByText(/the closing balance equals what open invoices still owe/)).toBeVisible();
  await shoot(page, 'customer-statement');
  const download = page.waitForEvent('download');
  await statement.getByRole('link', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-Harbor-Bakery-.+\.pdf$/);
  const pdf = await page.request.get(await statement.getByRole('link', { name: 'Download PDF' }).getAttribute('href') ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Reverse the fee: the statement drops to 350.00.
  await page.keyboard.press('Escape');
  await page.goto('/invoices');
  await card.getByRole('button', { name: `Late fees on ${ledger.lateNumber}` }).click();
  await dialog.getByRole('button', { name: 'Reverse the month 1 late fee' }).click();
  await expect(dialog.getByText('Reversed')).toBeVisible();
  expect(await (await page.request.post('/api/late-fees/run')).json()).toEqual({ charged: 0, skipped: 0 });
  await page.keyboard.press('Escape');

  // Customers > Send statements, twice on the same date.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Send statements' }).click();
  const send = page.getByRole('dialog', { name: 'Send statements' });
  await expect(send.getByLabel(/Statement date/)).toHaveValue(ledger.today);
  await send.getByRole('button', { name: 'Send statements' }).click();
  await expect(send.getByText('Sent 1 statement', { exact: true })).toBeVisible();
  await shoot(page, 'send-statements');
  await send.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Send statements' }).click();
  await send.getByRole('button', { name: 'Send statements' }).click();
  await expect(send.getByText('Sent 0 statements; 1 already sent', { exact: true })).toBeVisible();
  const mails = (await readOutbox(page)).filter((mail) => mail.includes(ledger.billingEmail) && mail.includes('Statement of account'));
  expect(mails).toHaveLength(1);
});
