import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { accountWithInvoice, readOutbox, uniqueName } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Undoes quoted-printable soft line breaks and escapes in a mail. */
const decode = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test("an invoice's History shows it created, sent and paid, in order and by whom", async ({ page }) => {
  // A sent invoice of 500.00, paid in two parts: 200.00 then the remaining 300.00.
  const { invoiceId, invoiceNumber, today } = await accountWithInvoice(page.request, '500.00');
  for (const amount of ['200.00', '300.00']) {
    const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, { data: { amount, paidAt: today, method: 'check' } });
    expect(paid.status(), await paid.text()).toBe(201);
  }

  await page.setViewportSize(DESKTOP);
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(card.getByRole('button', { name: `History of ${invoiceNumber}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/audit-invoice-card-desktop.png' });
  await card.getByRole('button', { name: `History of ${invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${invoiceNumber}` });
  const entries = dialog.getByTestId('history-entry');
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(0)).toContainText('Invoice created');
  await expect(entries.nth(0)).toContainText('Total $500.00 · status sent');
  await expect(entries.nth(1)).toContainText('Invoice sent');
  await expect(entries.nth(4)).toContainText('Status sent → paid');
  await expect(entries.nth(2)).toContainText('Payment recorded');
  await expect(entries.nth(2)).toContainText('Payment of $200.00 by check · balance $300.00');
  await expect(entries.nth(3)).toContainText('Payment of $300.00 by check · balance $0.00');
  await expect(entries.nth(4)).toContainText('Invoice paid');
  for (let i = 0; i < 5; i += 1) await expect(entries.nth(i)).toContainText('Erin Example ·');
  await page.screenshot({ path: '/tmp/audit-invoice-history-desktop.png' });

  await page.setViewportSize(PHONE);
  await expect(entries).toHaveCount(5);
  await page.screenshot({ path: '/tmp/audit-invoice-history-phone.png' });
});

test('Settings > Activity lists, filters and downloads the log; other roles do not see it', async ({ page, browser }) => {
  const { invoiceNumber } = await accountWithInvoice(page.request, '120.00');
  const vendorName = `=cmd|' /C calc'!A0 ${uniqueName('v')}`;
  const vendor = await page.request.post('/api/vendors', { data: { name: vendorName, email: 'billing@vendor.example', paymentMethod: 'check' } });
  expect(vendor.status(), await vendor.text()).toBe(201);
  // A teammate joins as an accountant: the invitation and the joining are in the log too.
  const email = `${uniqueName('acct')}@example.com`;
  const invited = await page.request.post('/api/team/invitations', { data: { email, role: 'accountant', approvalLimit: null } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = (await readOutbox(page)).map(decode).find((text) => text.includes(email));
  const token = mail ? /\/auth\?invite=([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
  expect(token).toBeTruthy();
  const context = await browser.newContext();
  const mate = await context.newPage();
  const joined = await mate.request.post(`/api/team/invitations/${token ?? ''}/accept`, {
    data: { username: uniqueName('tess'), password: 'team mate password', firstName: 'Tess', lastName: 'Mate' },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // The accountant has no Activity tab, and its link opens Profile instead.
  await mate.goto('/settings?tab=activity');
  await expect(mate.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(mate.getByRole('tab', { name: 'Team' })).toBeVisible();
  await expect(mate.getByRole('tab', { name: 'Activity' })).toHaveCount(0);
  await context.close();

  await page.setViewportSize(DESKTOP);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\?tab=activity$/);
  const table = page.getByTestId('activity-table');
  const rows = table.locator('tbody tr');
  // Newest first: joined, invited, vendor created, invoice sent, invoice created.
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Member joined');
  await expect(rows.nth(0)).toContainText('Tess Mate');
  await expect(rows.nth(1)).toContainText('Member invited');
  await expect(rows.nth(1)).toContainText(email);
  await expect(rows.nth(2)).toContainText('Vendor created');
  await expect(rows.nth(2)).toContainText(vendorName);
  await expect(rows.nth(3)).toContainText('Invoice sent');
  await expect(rows.nth(4)).toContainText('Invoice created');
  await expect(rows.nth(4)).toContainText(invoiceNumber);
  await expect(rows.nth(4)).toContainText('Erin Example');
  await page.screenshot({ path: '/tmp/audit-activity-desktop.png', fullPage: true });

  // Filter by record type: only the invoice's two rows are left.
  await page.getByLabel('Record type').click();
  await page.getByRole('option', { name: 'Invoice', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Invoice sent');
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
  // Then by user: Tess made no invoice.
  await page.getByLabel('User').click();
  await page.getByRole('option', { name: 'Tess Mate' }).click();
  await expect(page.getByText('No activity found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(5);

  // Download CSV of the vendors only: the vendor's formula-like name arrives neutralised.
  await page.getByLabel('Record type').click();
  await page.getByRole('option', { name: 'Vendor', exact: true }).click();
  await expect(rows).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').replace('\uFEFF', '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Time \(.+\),User,Email,Action,Action Code,Record Type,Record,Record Id,Summary,Details$/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,Erin Example,`);
  expect(lines[1]).toContain(`,Vendor created,vendor.created,Vendor,'${vendorName},`);

  // On a phone the same entries are a list, not a table that scrolls sideways.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const items = page.getByTestId('activity-list').locator('li');
  await expect(items).toHaveCount(5);
  await expect(items.nth(1)).toBeVisible();
  await expect(items.nth(1)).toContainText(`Member invited · Invitation ${email}`);
  await expect(table).toBeHidden();
  await page.screenshot({ path: '/tmp/audit-activity-phone.png', fullPage: true });
});

test("a bill's History shows the rejection with its comment", async ({ page }) => {
  const { invoiceId } = await accountWithInvoice(page.request, '10.00');
  expect(invoiceId).toBeTruthy();
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const vendor = await page.request.post('/api/vendors', { data: { name: 'Acme Paper', email: 'billing@acme.example', paymentMethod: 'check' } });
  const vendorId = ((await vendor.json()) as { id: string }).id;
  const rule = await page.request.post('/api/approval-workflows', { data: { name: 'Everything', triggerType: 'all', approverIds: [me.id] } });
  expect(rule.status(), await rule.text()).toBe(201);
  const billNumber = `BILL-${uniqueName('b')}`;
  const bill = await page.request.post('/api/bills', {
    data: {
      vendorId,
      billNumber,
      billDate: '2026-11-01',
      dueDate: '2026-12-01',
      subtotal: '80.00',
      taxAmount: '0',
      totalAmount: '80.00',
      items: [{ description: 'Paper', quantity: 1, unitPrice: '80.00', totalPrice: '80.00' }],
    },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const [request] = (await (await page.request.get('/api/approvals/pending')).json()) as { id: string }[];
  const rejected = await page.request.post(`/api/approvals/${request?.id ?? ''}/reject`, { data: { comments: 'Wrong amount, should be 60.00' } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.setViewportSize(DESKTOP);
  await page.goto('/bills');
  const card = page.getByTestId('bill-card').filter({ hasText: billNumber });
  await card.getByRole('button', { name: `History of ${billNumber}` }).click();
  const entries = page.getByRole('dialog', { name: `History of ${billNumber}` }).getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Bill created');
  await expect(entries.nth(1)).toContainText('Approval requested');
  await expect(entries.nth(2)).toContainText('Rejected');
  await expect(entries.nth(2)).toContainText('Comment: Wrong amount, should be 60.00');
  await page.screenshot({ path: '/tmp/audit-bill-history-desktop.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  await page.goto('/bills');
  await expect(card.getByRole('button', { name: `History of ${billNumber}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/audit-bill-card-phone.png' });
});
