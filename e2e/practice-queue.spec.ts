import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { type SignedInFirm, signInFirm, uniqueName } from './support';

/*
 * The practice's Approval Queue: a firm with two clients whose own workspaces hold bills waiting for
 * the firm owner, approved one at a time, rejected with a comment and batch approved from one
 * screen, and then seen approved inside the client's workspace.
 */

type Owner = SignedInFirm['user'];

async function switchTo(request: APIRequestContext, organizationId: string): Promise<void> {
  const response = await request.put('/api/session/workspace', { data: { organizationId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A client with its own vendor, a rule sending every bill to the owner, and its bills (number → amount). */
async function clientWithBills(request: APIRequestContext, owner: Owner, businessName: string, currency: string, bills: Record<string, string>): Promise<string> {
  const client = await request.post('/api/practice/clients', {
    data: { businessName, businessEmail: `${uniqueName('books')}@client.example`, industry: 'retail', contactName: 'Rosa Baker', contactEmail: `${uniqueName('rosa')}@client.example`, currency },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { organizationId } = (await client.json()) as { organizationId: string };
  await switchTo(request, organizationId);
  const vendor = await request.post('/api/vendors', { data: { name: `${businessName} Supplier`, email: 'ap@supplier.example', paymentMethod: 'check' } });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: string }).id;
  const rule = await request.post('/api/approval-workflows', { data: { name: 'Every bill', triggerType: 'all', approverIds: [owner.id] } });
  expect(rule.status(), await rule.text()).toBe(201);
  const today = calendarDay(testNow(), owner.organizationTimeZone);
  const inTenDays = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const [billNumber, total] of Object.entries(bills)) {
    const bill = await request.post('/api/bills', {
      data: { vendorId, billNumber, billDate: today, dueDate: inTenDays, subtotal: total, taxAmount: '0', totalAmount: total, items: [{ description: 'Supplies', quantity: 1, unitPrice: total, totalPrice: total }] },
    });
    expect(bill.status(), await bill.text()).toBe(201);
  }
  await switchTo(request, owner.homeOrganizationId);
  return organizationId;
}

/** Serious or critical axe findings on the page as it stands (the accessibility journey's rule, on a filled queue). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
  });
}

test.use({ bypassCSP: true }); // axe is injected as an inline script

const row = (page: Page, billNumber: string) => page.getByTestId('queue-approval').filter({ hasText: billNumber });

test('a firm clears its clients’ approvals from one queue', async ({ page }) => {
  const { user: owner } = await signInFirm(page.request);
  // The owner may approve up to $1,000: the larger bill is skipped in the batch, with the reason.
  const limit = await page.request.put(`/api/team/${owner.id}`, { data: { approvalLimit: '1000.00' } });
  expect(limit.status(), await limit.text()).toBe(200);
  const bakery = await clientWithBills(page.request, owner, 'Bayside Bakery', 'USD', { 'BB-101': '1240.00', 'BB-102': '86.40', 'BB-103': '420.00' });
  await clientWithBills(page.request, owner, 'Lighthouse Books', 'EUR', { 'LH-201': '980.00', 'LH-202': '45.00' });

  await page.goto('/practice/queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Approval Queue' })).toBeVisible();
  await expect(page.getByText('Bills awaiting your approval and payments due in the next 14 days, across all your clients')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Approvals (5)' })).toBeVisible();
  await expect(page.getByTestId('queue-approval')).toHaveCount(5);
  // Each amount in its client's currency; the bill over the owner's limit says so before anyone tries.
  await expect(row(page, 'LH-201')).toContainText('980,00 €');
  await expect(row(page, 'BB-101')).toContainText('$1,240.00');
  await expect(row(page, 'BB-101')).toContainText('Over your limit');
  await page.screenshot({ path: '/tmp/practice-queue.png', fullPage: true });
  expect(await axeFindings(page)).toEqual([]);

  // Sorting by amount, largest first.
  await page.getByRole('button', { name: 'Amount' }).click();
  await page.getByRole('button', { name: 'Amount' }).click();
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('queue-approval').first()).toContainText('BB-101');

  // One client only.
  await page.getByRole('combobox', { name: 'Filter by client' }).click();
  await page.getByRole('option', { name: /Lighthouse Books/ }).click();
  await expect(page.getByTestId('queue-approval')).toHaveCount(2);
  await expect(page).toHaveURL(/client=/);
  await page.getByRole('combobox', { name: 'Filter by client' }).click();
  await page.getByRole('option', { name: 'All clients' }).click();
  await expect(page.getByTestId('queue-approval')).toHaveCount(5);

  // Approve one, from the keyboard: the dialog's comment box takes Ctrl+Enter.
  await page.getByRole('button', { name: 'Approve BB-102 from Bayside Bakery Supplier' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve Request' });
  await expect(approveDialog).toContainText('Bayside Bakery: BB-102 from Bayside Bakery Supplier ($86.40)');
  await approveDialog.getByRole('textbox').fill('Matches the delivery note');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Request approved successfully', { exact: true })).toBeVisible();
  await expect(row(page, 'BB-102')).toHaveCount(0);

  // Reject needs a comment.
  await page.getByRole('button', { name: 'Reject LH-202 from Lighthouse Books Supplier' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject Request' });
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('A comment is required to reject')).toBeVisible();
  await page.screenshot({ path: '/tmp/practice-queue-reject.png' });
  await rejectDialog.getByRole('textbox').fill('Duplicate of last week’s invoice');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Request rejected', { exact: true })).toBeVisible();
  await expect(row(page, 'LH-202')).toHaveCount(0);

  // Select everything left and approve it in one go: two clients, one bill over the limit.
  await page.getByRole('checkbox', { name: 'Select all requests' }).click();
  await page.getByRole('button', { name: 'Approve selected (3)' }).click();
  const batchDialog = page.getByRole('dialog', { name: 'Approve Selected Requests' });
  await expect(batchDialog).toContainText('3 selected requests across 2 clients');
  await batchDialog.getByRole('button', { name: 'Approve All' }).click();
  const results = page.getByRole('dialog', { name: 'Batch Approval Results' });
  await expect(results).toContainText('2 requests approved, 1 skipped.');
  await expect(results.getByTestId('batch-result').filter({ hasText: 'BB-101' })).toContainText('Skipped: This bill is over your approval limit of $1,000.00');
  await expect(results.getByTestId('batch-result').filter({ hasText: 'LH-201' })).toContainText('Approved');
  await expect(results.getByTestId('batch-result').filter({ hasText: 'BB-103' })).toContainText('Approved');
  await page.screenshot({ path: '/tmp/practice-queue-batch.png' });
  await results.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('queue-approval')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Approvals (1)' })).toBeVisible();

  // Payments due: the clients' unpaid bills falling due in ten days.
  await page.getByRole('tab', { name: /Payments due/ }).click();
  await expect(page).toHaveURL(/kind=payments/);
  await expect(page.getByTestId('queue-payment')).toHaveCount(5);
  await expect(page.getByTestId('queue-payment').filter({ hasText: 'LH-202' })).toContainText('Rejected');
  await page.screenshot({ path: '/tmp/practice-queue-payments.png', fullPage: true });
  expect(await axeFindings(page)).toEqual([]);

  // Inside Bayside Bakery's workspace the bill approved from the queue reads approved.
  await switchTo(page.request, bakery);
  await page.goto('/bills');
  const card = page.getByTestId('bill-card').filter({ hasText: 'BB-102' });
  await expect(card.getByTestId('approval-badge')).toHaveText('Approved');
  await expect(page.getByTestId('bill-card').filter({ hasText: 'BB-101' }).getByTestId('approval-badge')).toHaveText('Awaiting approval');
  await switchTo(page.request, owner.homeOrganizationId);
});
