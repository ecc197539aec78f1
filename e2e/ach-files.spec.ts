import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { readOutbox, uniqueName } from './support';

/** Issue 34, ACH: settings a bank accepts, a run's file, sent, and a second file only after a warning. */

test.use({ bypassCSP: true }); // axe is injected as an inline script
const axePath = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

/** No serious or critical axe violation on what the page shows now. */
async function expectAccessible(page: Page, what: string) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The sidebar slides out when the width drops under md: the picture waits for it.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/i34-ach-${name}-${width}.png`, fullPage: true });
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

async function records(download: Download): Promise<string[]> {
  return readFileSync((await download.path()) ?? '', 'utf8').trimEnd().split(/\r?\n/);
}

test('ACH settings filled, a run downloaded and sent, a second download only after the warning', async ({ page }) => {
  const name = uniqueName('ach');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', companyName: `Harbor Books ${name}` },
  });
  expect(registered.status()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const bankAccountId = await verifiedBankAccount(page);

  const vendor = await page.request.post('/api/vendors', {
    data: { name: `Paper Co ${name}`, email: 'ap@paper.example', paymentMethod: 'ach', bankName: 'Bank of America', accountNumber: '000555666777', routingNumber: '026009593' },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;
  const bill = await page.request.post('/api/bills', {
    data: { vendorId, billNumber: `PC-${name}`, billDate: today, dueDate: today, subtotal: '250.00', taxAmount: '0', totalAmount: '250.00', items: [{ description: 'Paper', quantity: 1, unitPrice: '250.00', totalPrice: '250.00' }] },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const billId = ((await bill.json()) as { id: string }).id;
  const scheduled = await page.request.post('/api/payments/schedule', { data: { billIds: [billId], bankAccountId, method: 'ach', scheduledDate: today } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);

  // The vendor's ACH options, where its bank details are edited: remittance addenda and a prenote.
  await page.goto('/vendors');
  await page.getByRole('button', { name: `Edit Paper Co ${name}` }).click();
  const vendorDialog = page.getByRole('dialog');
  const options = vendorDialog.getByTestId('vendor-ach-options');
  await expect(options.getByTestId('prenote-status')).toHaveText('No prenote.');
  await options.getByRole('switch', { name: 'Send remittance details (CCD+ addenda with bill numbers)' }).click();
  await expect(page.getByText('ACH options saved', { exact: true })).toBeVisible();
  await expect(options.getByRole('switch', { name: 'Send remittance details (CCD+ addenda with bill numbers)' })).toBeChecked();
  await options.getByRole('switch', { name: 'Send a prenote (zero-dollar test) before the first payment' }).click();
  await expect(options.getByTestId('prenote-status')).toHaveText(
    'Prenote waiting to the account ending 6777: download the prenote file from Bank Accounts > ACH settings. Live payments may go from the third banking day after it settles.',
  );
  await options.scrollIntoViewIfNeeded();
  await shoot(page, 'vendor-options');
  await options.getByRole('switch', { name: 'Send a prenote (zero-dollar test) before the first payment' }).click();
  await expect(options.getByTestId('prenote-status')).toHaveText('No prenote.');
  const stored = await page.request.get(`/api/vendors/${vendorId}/ach-settings`);
  expect(await stored.json()).toMatchObject({ remittanceAddenda: true, prenote: false, prenoteStatus: null });
  await page.keyboard.press('Escape');

  // Without ACH settings the file is refused with what is missing, and a way to the settings.
  await page.goto('/payments');
  const run = page.getByTestId('payment-run-row').first();
  await expect(run).toContainText('Scheduled');
  await run.getByRole('button', { name: 'Download NACHA' }).click();
  const incomplete = run.getByTestId('ach-incomplete');
  await expect(incomplete).toContainText('immediate destination');
  await expect(incomplete).toContainText('company ID');
  await incomplete.getByRole('link', { name: /Open the ACH settings of Operating/ }).click();
  await expect(page).toHaveURL(new RegExp(`/bank-accounts\\?achSettings=${bankAccountId}$`));

  // The ACH settings dialog: what is missing, then the values the bank gave.
  const dialog = page.getByRole('dialog', { name: 'ACH settings' });
  await expect(dialog.getByTestId('ach-missing')).toContainText('immediate origin');
  await dialog.getByLabel('Immediate origin').fill('12345');
  await dialog.getByRole('button', { name: 'Save ACH settings' }).click();
  await expect(dialog.getByText('Immediate origin must be exactly 10 characters')).toBeVisible();
  await dialog.getByLabel('Immediate destination').fill('026009593');
  await dialog.getByLabel('Destination name').fill('BANK OF AMERICA');
  await dialog.getByLabel('Immediate origin').fill('9876543210');
  await dialog.getByLabel('Origin name').fill('HARBOR BOOKS');
  await dialog.getByLabel('Company ID').fill('1987654321');
  await dialog.getByLabel('Company name').fill('HARBOR BOOKS');
  await dialog.getByLabel('Entry description').fill('VENDOR PAY');
  await dialog.getByRole('radio', { name: /^Balanced: each batch ends with an offsetting debit/ }).check();
  await dialog.getByRole('radio', { name: /^Completed .*banking days after the payment date$/ }).check();
  await dialog.getByLabel('Banking days after the payment date', { exact: true }).fill('2');
  await expect(dialog.getByText('Completed when the bank statement shows it (reconciliation)')).toBeVisible();
  await shoot(page, 'settings-dialog');
  await expectAccessible(page, 'ACH settings dialog');
  await dialog.getByRole('button', { name: 'Save ACH settings' }).click();
  await expect(page.getByText('ACH settings saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'ACH settings of Operating' }).click();
  await expect(page.getByRole('dialog', { name: 'ACH settings' }).getByTestId('ach-ready')).toBeVisible();
  await page.keyboard.press('Escape');

  // The file: a file header (record type 1) to the destination the settings name; the run is sent.
  await page.goto('/payments');
  const first = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download NACHA' }).click();
  const lines = await records(await first);
  expect(lines[0]?.[0]).toBe('1');
  expect(lines[0]?.slice(3, 13)).toBe(' 026009593');
  expect(lines[0]?.slice(13, 23)).toBe('9876543210');
  for (const line of lines) expect(line).toHaveLength(94);
  // The vendor asked for remittance details: an addenda record with the bill number.
  expect(lines.find((line) => line.startsWith('705'))).toContain(`PC-${name}`.toUpperCase());
  await expect(run).toContainText('Sent to bank');
  await expect(run.getByTestId('run-completion')).toContainText('Sent: completes on');
  await expect(page.getByTestId('payment-row').first().getByTestId('payment-settlement')).toHaveText(
    (await run.getByTestId('run-completion').textContent()) ?? '',
  );
  const bills = await page.request.get(`/api/payments?status=sent`);
  expect(((await bills.json()) as Array<{ status: string }>).map((row) => row.status)).toEqual(['sent']);
  await shoot(page, 'runs-list');
  await expectAccessible(page, 'payment runs with a sent run');

  // A second download asks first, naming the earlier file; confirmed, it is a new file (modifier B).
  await run.getByRole('button', { name: 'Download NACHA' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Uploading both files would pay these vendors twice');
  await expect(confirm.getByTestId('earlier-exports')).toContainText(/file A, by /);
  await shoot(page, 'repeat-confirm');
  const second = page.waitForEvent('download');
  await confirm.getByRole('button', { name: 'Download again' }).click();
  const again = await records(await second);
  expect(again[0]?.[33]).toBe('B');
  await expect(confirm).toBeHidden();
});

test('a prenote goes out in its own file; a live payment to that vendor waits three banking days', async ({ page }) => {
  const name = uniqueName('prenote');
  const registered = await page.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example', companyName: `Harbor Books ${name}` },
  });
  expect(registered.status()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const bankAccountId = await verifiedBankAccount(page);
  const profile = await page.request.put(`/api/bank-accounts/${bankAccountId}/ach-profile`, {
    data: {
      immediateDestination: '026009593', immediateDestinationName: 'BANK OF AMERICA', immediateOrigin: '9876543210', immediateOriginName: 'HARBOR BOOKS',
      companyId: '1987654321', companyName: 'HARBOR BOOKS', entryDescription: 'VENDOR PAY', balanced: false, lineEnding: 'crlf', settlementMode: 'bank_confirmation', settlementDays: 1,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const vendor = await page.request.post('/api/vendors', {
    data: { name: `Ink Co ${name}`, email: 'ap@ink.example', paymentMethod: 'ach', bankName: 'Bank of America', accountNumber: '000555666777', routingNumber: '026009593' },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;
  expect((await page.request.put(`/api/vendors/${vendorId}/ach-settings`, { data: { remittanceAddenda: false, prenote: true } })).status()).toBe(200);

  // The ACH settings offer the prenote file while a vendor waits for one.
  await page.goto(`/bank-accounts?achSettings=${bankAccountId}`);
  const dialog = page.getByRole('dialog', { name: 'ACH settings' });
  const prenotes = dialog.getByTestId('ach-prenotes');
  await expect(prenotes).toContainText(`Ink Co ${name}`);
  await expect(prenotes).toContainText('third banking day after their prenote settles');
  await shoot(page, 'prenote-dialog');
  await expectAccessible(page, 'ACH settings with a prenote waiting');
  const downloaded = page.waitForEvent('download');
  await prenotes.getByRole('button', { name: 'Download prenote file (1 vendor)' }).click();
  const lines = await records(await downloaded);
  const entries = lines.filter((line) => line.startsWith('6'));
  expect(entries.map((line) => [line.slice(0, 3), line.slice(29, 39)])).toEqual([['623', '0000000000']]);
  await expect(page.getByText('Prenote file downloaded', { exact: true })).toBeVisible();
  await expect(prenotes).toBeHidden();
  const settings = (await (await page.request.get(`/api/vendors/${vendorId}/ach-settings`)).json()) as { prenoteStatus: string; prenoteSentOn: string };
  expect(settings.prenoteStatus).toBe('sent');
  await page.keyboard.press('Escape');

  // A run paying the vendor today is too early: the list shows the server's reason.
  const bill = await page.request.post('/api/bills', {
    data: { vendorId, billNumber: `IC-${name}`, billDate: today, dueDate: today, subtotal: '80.00', taxAmount: '0', totalAmount: '80.00', items: [{ description: 'Ink', quantity: 1, unitPrice: '80.00', totalPrice: '80.00' }] },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const billId = ((await bill.json()) as { id: string }).id;
  const scheduled = await page.request.post('/api/payments/schedule', { data: { billIds: [billId], bankAccountId, method: 'ach', scheduledDate: today } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  await page.goto('/payments');
  const run = page.getByTestId('payment-run-row').first();
  await run.getByRole('button', { name: 'Download NACHA' }).click();
  const waiting = run.getByTestId('ach-prenote-waiting');
  await expect(waiting).toContainText(`Ink Co ${name}'s prenote settles on ${settings.prenoteSentOn}`);
  await expect(waiting).toContainText('Move the payment date or wait.');
  await shoot(page, 'prenote-waiting');
});
