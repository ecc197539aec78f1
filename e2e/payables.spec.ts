import { type Browser, type Page, expect, test } from '@playwright/test';
import { readOutbox, registerThroughUi, uniqueName } from './support';

/*
 * Payables journey: vendor with ACH details, an approval rule, a bill the rule holds, approval by
 * a second member, and the approved bill ready to pay. Steps are functions so the payment part
 * (bank account, scheduling, NACHA) can be appended.
 */

const VENDOR_ACCOUNT = '000123456789';

const decode = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Invites an approver through the team API and signs them in, in a browser context of their own. */
async function inviteApprover(page: Page, browser: Browser): Promise<Page> {
  const email = `${uniqueName('approver')}@example.com`;
  const invited = await page.request.post('/api/team/invitations', { data: { email, role: 'approver', approvalLimit: null } });
  expect(invited.status()).toBe(201);
  const mail = (await readOutbox(page)).map(decode).find((text) => text.includes(email));
  const token = mail ? /\/auth\?invite=([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
  expect(token, 'invitation link in the outbox').toBeTruthy();
  const context = await browser.newContext();
  const approver = await context.newPage();
  const accepted = await approver.request.post(`/api/team/invitations/${token ?? ''}/accept`, {
    data: { username: uniqueName('avery'), password: 'approver password', firstName: 'Avery', lastName: 'Approver' },
  });
  expect(accepted.status()).toBe(201);
  return approver;
}

async function addAchVendor(page: Page, name: string): Promise<void> {
  await page.goto('/vendors');
  await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
  await expect(page.getByText('Manage your suppliers and vendors')).toBeVisible();
  await expect(page.getByText('No vendors yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Vendor' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('billing@acme.example');
  await dialog.getByLabel('Phone').fill('503-555-0100');
  await dialog.getByLabel('City').fill('Portland');
  await dialog.getByLabel('Bank name').fill('First Bank');
  await dialog.getByLabel('Account number').fill(VENDOR_ACCOUNT);
  await dialog.getByLabel('Routing number').fill('123456789');
  await dialog.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(dialog.getByText('Invalid routing number')).toBeVisible();
  await page.screenshot({ path: '/tmp/payables-vendor-dialog.png' });
  await dialog.getByLabel('Routing number').fill('021000021');
  await dialog.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(page.getByText('Vendor created successfully', { exact: true })).toBeVisible();
  const card = page.getByTestId('vendor-card');
  await expect(card).toContainText(name);
  await expect(card).toContainText('ACH');
  await expect(card).toContainText('••••6789');
  await expect(page.locator('body')).not.toContainText(VENDOR_ACCOUNT);
  await page.screenshot({ path: '/tmp/payables-vendors.png' });

  // Editing without typing the account number again keeps the stored one.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByText('Stored: ••••6789. Leave blank to keep it.')).toBeVisible();
  await page.screenshot({ path: '/tmp/payables-vendor-edit.png' });
  await edit.getByLabel('Phone').fill('503-555-0199');
  await edit.getByRole('button', { name: 'Save Vendor' }).click();
  await expect(page.getByText('Vendor updated successfully', { exact: true })).toBeVisible();
  await expect(card).toContainText('503-555-0199');
  await expect(card).toContainText('••••6789');
}

async function addAmountRule(page: Page, amount: string): Promise<void> {
  await page.goto('/approvals');
  await expect(page.getByText('Manage pending approval requests')).toBeVisible();
  await expect(page.getByText('All Caught Up')).toBeVisible();
  await page.getByRole('button', { name: 'Manage rules' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await dialog.getByLabel('Rule name').fill(`Bills over ${amount}`);
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
  await dialog.getByRole('checkbox', { name: /Avery Approver/ }).click();
  await page.screenshot({ path: '/tmp/payables-rule-form.png' });
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog.getByTestId('approval-rule')).toContainText('any one of Avery Approver');
  await page.screenshot({ path: '/tmp/payables-rules.png' });
  await page.keyboard.press('Escape');
}

async function addBill(page: Page, vendor: string, unitPrice: string): Promise<string> {
  await page.goto('/bills');
  await expect(page.getByText('Manage your vendor bills and payments')).toBeVisible();
  await expect(page.getByText('No bills yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Bill' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Vendor', exact: true }).click();
  await page.getByRole('option', { name: vendor }).click();
  const billNumber = uniqueName('ACME-');
  await dialog.getByLabel('Bill number').fill(billNumber);
  await dialog.getByLabel('Item 1 description').fill('Consulting retainer');
  await dialog.getByLabel('Item 1 quantity').fill('2');
  await dialog.getByLabel('Item 1 unit price').fill(unitPrice);
  await dialog.getByRole('textbox', { name: 'Tax', exact: true }).fill('10');
  await expect(dialog.getByTestId('bill-total')).toHaveText('$1,510.00');
  await page.screenshot({ path: '/tmp/payables-bill-dialog.png' });
  await dialog.getByRole('button', { name: 'Add Bill' }).click();
  await expect(page.getByText('Bill created successfully', { exact: true })).toBeVisible();
  const card = page.getByTestId('bill-card').filter({ hasText: billNumber });
  await expect(card).toContainText(vendor);
  await expect(card).toContainText('$1,510.00');
  await expect(card).toContainText('received');
  await expect(card.getByTestId('approval-badge')).toHaveText('Awaiting approval');
  await expect(card.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/payables-bills-pending.png' });
  return billNumber;
}

async function approveAs(approver: Page, billNumber: string): Promise<void> {
  await approver.goto('/approvals');
  const row = approver.getByTestId('approval-request').filter({ hasText: billNumber });
  await expect(row).toContainText('$1,510.00');
  await expect(row).toContainText('Less than 1 hour ago');
  await expect(row).toContainText('Avery Approver: pending');
  await expect(approver.getByText('Pending Requests')).toBeVisible();
  await approver.screenshot({ path: '/tmp/payables-approvals.png', fullPage: true });
  await row.getByRole('button', { name: 'Reject' }).click();
  const reject = approver.getByRole('dialog');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('A comment is required to reject')).toBeVisible();
  await approver.screenshot({ path: '/tmp/payables-reject-dialog.png' });
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = approver.getByRole('dialog');
  await dialog.getByLabel(/Comments/).fill('Matches the retainer agreement');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText('Request approved successfully', { exact: true })).toBeVisible();
  await expect(approver.getByText('All Caught Up')).toBeVisible();
  await approver.screenshot({ path: '/tmp/payables-approvals-done.png', fullPage: true });
}

/** Two more bills through the API, approved together with Approve Selected. */
async function batchApprove(page: Page, approver: Page): Promise<void> {
  const vendors = (await (await page.request.get('/api/vendors')).json()) as { id: string }[];
  const numbers = [uniqueName('BATCH-'), uniqueName('BATCH-')];
  for (const billNumber of numbers) {
    const created = await page.request.post('/api/bills', {
      data: {
        vendorId: vendors[0]?.id,
        billNumber,
        billDate: '2026-11-01',
        dueDate: '2026-12-01',
        subtotal: '2000.00',
        totalAmount: '2000.00',
        items: [{ description: 'Quarterly audit support', quantity: 1, unitPrice: '2000.00', totalPrice: '2000.00' }],
      },
    });
    expect(created.status()).toBe(201);
  }
  await approver.goto('/approvals');
  for (const billNumber of numbers) await approver.getByRole('checkbox', { name: `Select ${billNumber}` }).click();
  await approver.getByRole('button', { name: 'Approve Selected (2)' }).click();
  await approver.getByRole('dialog').getByRole('button', { name: 'Approve All' }).click();
  await expect(approver.getByText('2 requests approved successfully', { exact: true })).toBeVisible();
  await expect(approver.getByText('All Caught Up')).toBeVisible();
}

test('a bill over the rule’s amount waits for approval, is approved by a teammate, and can then be paid', async ({ page, browser }) => {
  await registerThroughUi(page);
  const approver = await inviteApprover(page, browser);
  const vendor = 'Acme Consulting';
  await addAchVendor(page, vendor);
  await addAmountRule(page, '1000');
  const billNumber = await addBill(page, vendor, '750');
  await approveAs(approver, billNumber);

  await page.goto('/bills');
  const card = page.getByTestId('bill-card').filter({ hasText: billNumber });
  await expect(card.getByTestId('approval-badge')).toHaveText('Approved');
  await expect(card.getByRole('button', { name: 'Pay' })).toBeVisible();
  await page.screenshot({ path: '/tmp/payables-bills-approved.png' });

  await batchApprove(page, approver);
});
