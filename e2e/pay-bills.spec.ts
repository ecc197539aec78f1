import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readOutbox, registerThroughUi, uniqueName } from './support';

const ACCOUNT_NUMBER = '000123456789';
const VENDOR_ACCOUNT = '000555666777';

/** The two amounts of the newest micro-deposit notice for the account ending in `last4`. */
async function microDeposits(page: Page, last4: string): Promise<[string, string]> {
  const mail = (await readOutbox(page))
    .reverse()
    .find((text) => text.includes(`ending in ${last4}`));
  expect(mail, 'micro-deposit notice in the outbox').toBeTruthy();
  const amounts = [...(mail ?? '').matchAll(/Micro-deposit \d: \$(\d+\.\d{2})/g)].map(
    (match) => match[1] ?? '',
  );
  expect(amounts).toHaveLength(2);
  return [amounts[0] ?? '', amounts[1] ?? ''];
}

function wrongPair(amounts: [string, string]): [string, string] {
  return amounts.includes('0.01') || amounts.includes('0.02') ? ['0.97', '0.98'] : ['0.01', '0.02'];
}

test('add and verify a bank account, pay a bill from it, download the NACHA file, see the bill paid', async ({
  page,
}) => {
  await registerThroughUi(page);

  // Bank account: validation, then added with micro-deposits pending.
  await page.goto('/bank-accounts');
  await expect(page.getByRole('heading', { name: 'Bank Accounts' })).toBeVisible();
  await expect(
    page.getByText('Manage your bank accounts for ACH and wire transfers'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add Bank Account' }).first().click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Account name').fill('Operating');
  await add.getByLabel('Account holder name').fill('Erin Example LLC');
  await add.getByLabel('Bank name').fill('JPMorgan Chase');
  await add.getByLabel('Routing number').fill('123456789');
  await add.getByLabel('Account number').fill('123');
  await add.getByRole('button', { name: 'Add Bank Account' }).click();
  await expect(add.getByText('Invalid routing number')).toBeVisible();
  await expect(add.getByText('Account number must be at least 4 digits')).toBeVisible();
  await page.screenshot({ path: '/tmp/p2-add-bank-account.png' });
  await add.getByLabel('Routing number').fill('021000021');
  await add.getByLabel('Account number').fill(ACCOUNT_NUMBER);
  await add.getByLabel('Primary account').click();
  await add.getByRole('button', { name: 'Add Bank Account' }).click();
  await expect(
    page.getByText('Bank account added. Micro-deposits will be sent for verification.', {
      exact: true,
    }),
  ).toBeVisible();

  const card = page.getByTestId('bank-account-card');
  await expect(card).toContainText('Operating');
  await expect(card).toContainText('JPMorgan Chase');
  await expect(card).toContainText('Business Checking');
  await expect(card).toContainText('••••6789');
  await expect(card).toContainText('021000021');
  await expect(card.getByText('Primary', { exact: true })).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(ACCOUNT_NUMBER);
  await page.screenshot({ path: '/tmp/p2-bank-accounts-pending.png' });

  // Micro-deposits: a wrong pair is refused with the attempts left, the mailed pair verifies.
  const amounts = await microDeposits(page, '6789');
  await card.getByRole('button', { name: 'Verify Micro-Deposits' }).click();
  const verify = page.getByRole('dialog');
  await expect(verify).toContainText('Verification typically takes 1-2 business days');
  const [wrong1, wrong2] = wrongPair(amounts);
  await verify.getByLabel('First deposit').fill(wrong1);
  await verify.getByLabel('Second deposit').fill(wrong2);
  await verify.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByText('Verification Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Verification failed: the amounts do not match. 2 attempts left.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(verify.getByText('2 attempts left.')).toBeVisible();
  await page.screenshot({ path: '/tmp/p2-verify-failed.png' });
  await verify.getByLabel('First deposit').fill(amounts[1]);
  await verify.getByLabel('Second deposit').fill(amounts[0]);
  await verify.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByText('Bank account verified successfully', { exact: true })).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Verify Micro-Deposits' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/p2-bank-accounts-verified.png' });

  // A vendor with bank details and a bill to pay, through the API.
  const vendorName = `Paper Co ${uniqueName('')}`;
  const vendor = await page.request.post('/api/vendors', {
    data: {
      name: vendorName,
      email: 'ap@paper.example',
      paymentMethod: 'ach',
      bankName: 'Bank of America',
      accountNumber: VENDOR_ACCOUNT,
      routingNumber: '026009593',
    },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;
  const billNumber = `PC-${uniqueName('')}`;
  const bill = await page.request.post('/api/bills', {
    data: {
      vendorId,
      billNumber,
      billDate: '2026-11-01',
      dueDate: '2026-12-01',
      subtotal: '1234.56',
      taxAmount: '0',
      totalAmount: '1234.56',
      items: [
        { description: 'Copy paper', quantity: 1, unitPrice: '1234.56', totalPrice: '1234.56' },
      ],
    },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const billId = ((await bill.json()) as { id: string }).id;

  // Schedule it from the Payments page.
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Schedule Payment' }).first().click();
  const schedule = page.getByRole('dialog');
  await schedule.getByRole('checkbox', { name: new RegExp(billNumber) }).click();
  await expect(schedule.getByTestId('schedule-total')).toHaveText('$1,234.56');
  await expect(schedule.getByLabel('Pay from')).toContainText('Operating ••••6789');
  await page.screenshot({ path: '/tmp/p2-schedule-payment.png' });
  await schedule.getByRole('button', { name: 'Schedule Payment' }).click();
  await expect(page.getByText('Payment scheduled', { exact: true })).toBeVisible();

  // Process the due payments now. The server's own scheduler (every 30 s) may run too: an ACH
  // payment waits for its file either way, so nothing is processed and the run is scheduled.
  const processed = await page.request.post('/api/payment-runs/process-due');
  expect(await processed.json()).toEqual({ processed: 0, completed: 0, failed: 0 });
  await page.reload();
  const run = page.getByTestId('payment-run-row').first();
  await expect(run).toContainText('Scheduled');
  await expect(run).toContainText('Waiting for its ACH file');
  await expect(run).toContainText('$1,234.56');

  // ACH settings as the bank gave them, completing payments on their date (0 banking days).
  const accountId = ((await (await page.request.get('/api/bank-accounts')).json()) as Array<{ id: string }>)[0]?.id ?? '';
  const profile = await page.request.put(`/api/bank-accounts/${accountId}/ach-profile`, {
    data: {
      immediateDestination: '021000021',
      immediateDestinationName: 'JPMORGAN CHASE',
      immediateOrigin: '1123456789',
      immediateOriginName: 'ERIN EXAMPLE LLC',
      companyId: '1123456789',
      companyName: 'ERIN EXAMPLE LLC',
      entryDescription: 'VENDOR PAY',
      balanced: false,
      lineEnding: 'lf',
      settlementMode: 'settlement_days',
      settlementDays: 0,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  // The NACHA file for the bank: the run's payment is sent.
  await page.reload();
  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download NACHA' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^payment-run-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}-A\.ach\.txt$/,
  );
  const file = readFileSync((await download.path()) ?? '', 'utf8');
  const records = file.trimEnd().split(/\r?\n/);
  expect(records).toHaveLength(10);
  for (const record of records) expect(record).toHaveLength(94);
  expect(records.map((record) => record[0]).join('')).toBe('1568999999');
  expect(records[2]?.slice(0, 39)).toBe(`622026009593${VENDOR_ACCOUNT.padEnd(17)}0000123456`);
  await expect(run).toContainText('Sent to bank');
  await expect(run).toContainText('Sent: completes on');
  await page.screenshot({ path: '/tmp/p2-payments-runs.png', fullPage: true });

  // Zero settlement days: the scheduler completes it on its date.
  const settled = await page.request.post('/api/payment-runs/process-due');
  const result = (await settled.json()) as { processed: number; completed: number; failed: number };
  expect(result.failed).toBe(0);
  expect(result.processed).toBeLessThanOrEqual(1);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/bills/${billId}`)).json()) as { status: string }).status)
    .toBe('paid');
  await page.reload();
  await expect(run).toContainText('Completed');

  // The bill is paid.
  const paid = await page.request.get(`/api/bills/${billId}`);
  expect(((await paid.json()) as { status: string }).status).toBe('paid');
  await page.goto('/bills');
  const billCard = page
    .locator('div', { hasText: billNumber })
    .filter({ has: page.getByText(/^paid$/i) });
  await expect(billCard.first()).toBeVisible();
  await page.screenshot({ path: '/tmp/p2-bills-paid.png', fullPage: true });
});
