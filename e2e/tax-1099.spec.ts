import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { readOutbox, uniqueName } from './support';

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The sidebar slides out when the width drops under md: the picture waits for it.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/i32-tax-1099-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A verified bank account (the micro-deposits read from the outbox), as paying a bill needs. */
async function verifiedBankAccount(page: Page): Promise<string> {
  const created = await page.request.post('/api/bank-accounts', {
    data: { accountName: 'Operating', accountHolderName: 'Erin Example LLC', accountType: 'business_checking', accountNumber: '000123454321', routingNumber: '021000021', isPrimary: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  let amounts: string[] = [];
  await expect
    .poll(async () => {
      const mail = (await readOutbox(page)).reverse().find((text) => text.includes('ending in 4321'));
      amounts = [...(mail ?? '').matchAll(/Micro-deposit \d: \$(\d+\.\d{2})/g)].map((m) => m[1] ?? '');
      return amounts.length;
    })
    .toBe(2);
  const verified = await page.request.post(`/api/bank-accounts/${id}/verify`, { data: { microDeposit1: amounts[0], microDeposit2: amounts[1] } });
  expect(verified.status(), await verified.text()).toBe(200);
  return id;
}

async function paidVendor(request: APIRequestContext, bankAccountId: string, today: string, name: string, total: string): Promise<string> {
  const vendor = await request.post('/api/vendors', {
    data: { name, email: `${uniqueName('ap')}@vendor.example`, paymentMethod: 'ach', bankName: 'Bank of America', accountNumber: '000555666777', routingNumber: '026009593', address: '12 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;
  const bill = await request.post('/api/bills', {
    data: { vendorId, billNumber: `B-${uniqueName('')}`, billDate: today, dueDate: today, subtotal: total, taxAmount: '0', totalAmount: total, items: [{ description: 'Design services', quantity: 1, unitPrice: total, totalPrice: total }] },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const billId = ((await bill.json()) as { id: string }).id;
  const scheduled = await request.post('/api/payments/schedule', { data: { billIds: [billId], bankAccountId, method: 'wire', scheduledDate: today } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  return vendorId;
}

test('1099 year end: a ready payee and one missing a W-9, forms issued, Copy B downloaded', async ({ page }) => {
  const name = uniqueName('tx');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', companyName: `Harbor Books ${name}` },
  });
  expect(registered.status()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const year = Number(today.slice(0, 4));

  const bankAccountId = await verifiedBankAccount(page);
  const ready = await paidVendor(page.request, bankAccountId, today, `Ready Studio ${name}`, '2500.00');
  const painter = await paidVendor(page.request, bankAccountId, today, `No W9 Painter ${name}`, '2600.00');
  await page.request.post('/api/payment-runs/process-due');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/tax/1099?year=${year}`)).json()) as { counts: { vendorsPaid: number } }).counts.vendorsPaid)
    .toBe(2);

  // The W-9 of one vendor, as a user types it in from the paper form (the vendor tax profile route).
  const w9 = await page.request.put(`/api/vendors/${ready}/tax-profile`, {
    data: { legalName: 'Rita Alvarez', taxClassification: 'individual', tinType: 'ssn', tin: '123-45-6789', form1099Box: 'nec_1', isAttorney: false },
  });
  expect(w9.status(), await w9.text()).toBe(200);

  await page.goto('/vendors');
  await page.getByRole('link', { name: '1099s' }).click();
  await expect(page.getByRole('heading', { name: '1099s' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tax year' })).toContainText(String(year));
  await expect(page.getByTestId('stat-Vendors paid')).toHaveText('2');
  await expect(page.getByTestId('stat-Ready')).toHaveText('1');
  await expect(page.getByTestId('stat-Missing W-9')).toHaveText('1');
  await expect(page.getByTestId('threshold-note')).toContainText(year >= 2026 ? '$2,000' : '$600');
  const readyRow = page.getByTestId(`payee-${ready}`);
  const painterRow = page.getByTestId(`payee-${painter}`);
  await expect(readyRow).toContainText('Ready');
  await expect(readyRow).toContainText('6789');
  await expect(page.locator('body')).not.toContainText('123-45-6789');
  await expect(painterRow).toContainText('Needs attention');
  await expect(painterRow).toContainText('No W-9 on file');
  await expect(painterRow.getByRole('button', { name: 'Request W-9' })).toBeVisible();
  await shoot(page, 'year');

  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(readyRow).toHaveCount(0);
  await expect(painterRow).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();

  await page.getByRole('button', { name: 'Issue forms' }).click();
  await expect(page.getByText('1 form issued', { exact: true })).toBeVisible();
  await expect(readyRow).toContainText('Issued');
  await shoot(page, 'issued');

  const downloading = page.waitForEvent('download');
  await readyRow.getByRole('button', { name: /Download Copy B/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^1099-\d{4}-.*copy-B\.pdf$/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
