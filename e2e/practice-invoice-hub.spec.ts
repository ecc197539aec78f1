import { existsSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { activatePracticeClient, addPracticeClient, readOutbox, signInFirm } from './support';

/*
 * The Invoice Automation Hub: a firm with two clients sees its invoices to them, creates one from
 * the hub, sends the drafts in one bulk run (one mail each), and uses a row's menu.
 */

/** Mails written so far (the outbox appears with the first one). */
/** Mails to these addresses only: the server's background reminders mail other tests' invoices too. */
const mailCount = async (page: Page, to: string[]) =>
  existsSync(path.join(process.env.E2E_DATA_DIR ?? '', 'outbox'))
    ? (await readOutbox(page)).filter((mail) => to.some((address) => mail.includes(`To: ${address}`))).length
    : 0;
const formatDay = (day: string) => format(parseISO(day), 'MMM d, yyyy');
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const row = (page: Page, text: string) => page.getByTestId('hub-invoice').filter({ hasText: text });
const stat = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).first().locator('xpath=ancestor::*[@data-slot="card"][1]');

/**
 * An active client the firm does not bill a fee (so the scheduler's minute tick adds no fee
 * invoice to the figures below): activated with a monthly fee of 0, which starts no fee schedule.
 */
async function clientWithoutFee(request: APIRequestContext, name: string) {
  const client = await addPracticeClient(request, name);
  await activatePracticeClient(request, client, { monthlyFee: '0.00' });
  const billed = (await (await request.get(`/api/invoices?customerId=${client.id}`)).json()) as { id: string }[];
  expect(billed).toEqual([]);
  return client;
}

test('a firm bills its clients from the Invoice Management hub', async ({ page }) => {
  const { user: owner } = await signInFirm(page.request);
  const bakery = await clientWithoutFee(page.request, 'Bayside Bakery');
  const books = await clientWithoutFee(page.request, 'Lighthouse Books');
  // Still onboarding: not billed, and not offered for a new invoice.
  await addPracticeClient(page.request, 'Northstar Consulting');
  const today = calendarDay(testNow(), owner.organizationTimeZone);

  const draft = await page.request.post(`/api/clients/${bakery.id}/invoices`, {
    data: { description: 'Quarterly tax filing', amount: '1250.00', dueDate: addDays(today, 20) },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const sent = await page.request.post('/api/invoices', {
    data: {
      customerId: books.id,
      status: 'sent',
      issueDate: today,
      dueDate: addDays(today, 5),
      subtotal: '480.00',
      taxAmount: '0',
      totalAmount: '480.00',
      items: [
        {
          description: 'Monthly bookkeeping',
          quantity: 1,
          unitPrice: '480.00',
          totalPrice: '480.00',
        },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const sentNumber = ((await sent.json()) as { invoiceNumber: string }).invoiceNumber;

  await page.goto('/practice/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice Management' })).toBeVisible();
  await expect(stat(page, 'Clients with Invoices')).toContainText('2');
  await expect(stat(page, 'Outstanding Amount')).toContainText('$480.00');
  await expect(stat(page, 'Recent Invoices')).toContainText('2');
  await expect(page.getByTestId('upcoming-invoice')).toHaveCount(1);
  await expect(page.getByTestId('upcoming-invoice')).toContainText('Lighthouse Books');
  await expect(page.getByTestId('hub-invoice')).toHaveCount(2);

  // Create New Invoice: a draft for Lighthouse Books.
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Invoice' });
  await create.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(create.getByText('Client is required')).toBeVisible();
  await expect(create.getByText('Description is required')).toBeVisible();
  await create.getByRole('combobox', { name: 'Client' }).click();
  await expect(page.getByRole('option', { name: 'Bayside Bakery' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Northstar Consulting' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Lighthouse Books' }).click();
  await create.getByLabel('Description').fill('Payroll setup');
  await create.getByLabel('Amount').fill('299');
  await create.getByLabel('Due Date').fill(addDays(today, 30));
  await page.screenshot({ path: '/tmp/practice-invoice-hub-create.png' });
  await create.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice Created', { exact: true })).toBeVisible();
  await expect(row(page, 'Payroll setup')).toContainText('$299.00');
  await expect(row(page, 'Payroll setup')).toContainText('Draft');

  // The Draft filter shows the two drafts; select both and send them in one bulk run.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page.getByTestId('hub-invoice')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all invoices on this page' }).check();
  await page.screenshot({ path: '/tmp/practice-invoice-hub.png', fullPage: true });
  const mailsBefore = await mailCount(page, [bakery.email, books.email]);
  await page.getByRole('button', { name: 'Bulk Operations (2)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Invoice Operations' });
  await expect(bulk).toContainText('2 selected invoices');
  await bulk.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('Processing 2 invoices...', { exact: true })).toBeVisible();
  await expect(page.getByText('2 succeeded, 0 failed.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('hub-invoice')).toHaveCount(0);
  const mails = await mailCount(page, [bakery.email, books.email]);
  expect(mails - mailsBefore).toBe(2);
  await expect(stat(page, 'Outstanding Amount')).toContainText('$2,029.00');

  // A row's menu: details, the PDF, and a second send that mails nothing.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await page.getByRole('button', { name: `Actions for ${sentNumber}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Invoice ${sentNumber}` });
  await expect(details).toContainText('Lighthouse Books');
  await expect(details).toContainText('Monthly bookkeeping');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Actions for ${sentNumber}` }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${sentNumber}.pdf`);
  await page.getByRole('button', { name: `Actions for ${sentNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Send to Client' }).click();
  await expect(
    page.getByText(`${sentNumber} (Lighthouse Books): sent already; not mailed again`, {
      exact: true,
    }),
  ).toBeVisible();
  expect(await mailCount(page, [bakery.email, books.email])).toBe(mails);

  // Edit Invoice opens the invoices module's form on the firm's invoice; the hub shows the change.
  await page.getByRole('button', { name: `Actions for ${sentNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Invoice' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Invoice' });
  await edit.getByLabel('Due Date').fill(addDays(today, 7));
  await edit.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, sentNumber)).toContainText(formatDay(addDays(today, 7)));

  // Bulk generate: one invoice for each chosen client.
  await page.getByRole('button', { name: 'Bulk Operations' }).click();
  const generate = page.getByRole('dialog', { name: 'Bulk Invoice Operations' });
  await expect(generate.getByRole('combobox', { name: 'Operation Type' })).toContainText('Generate Invoices');
  await generate.getByRole('checkbox', { name: 'Bayside Bakery' }).check();
  await generate.getByRole('checkbox', { name: 'Lighthouse Books' }).check();
  await generate.getByLabel('Description').fill('December retainer');
  await generate.getByLabel('Amount').fill('150.00');
  await generate.getByLabel('Due Date').fill(addDays(today, 15));
  await page.screenshot({ path: '/tmp/practice-invoice-hub-bulk.png' });
  await generate.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('2 succeeded, 0 failed.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('hub-invoice').filter({ hasText: 'December retainer' })).toHaveCount(2);

  // Auto-Approve says what it does and does it: each approved draft is mailed to its client, once.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page.getByTestId('hub-invoice')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all invoices on this page' }).check();
  const beforeApproval = await mailCount(page, [bakery.email, books.email]);
  await page.getByRole('button', { name: 'Bulk Operations (2)' }).click();
  const approve = page.getByRole('dialog', { name: 'Bulk Invoice Operations' });
  await approve.getByRole('combobox', { name: 'Operation Type' }).click();
  await page.getByRole('option', { name: 'Auto-Approve' }).click();
  await expect(approve).toContainText('Each draft is approved, then emailed to its client with its PDF and marked sent. One already sent is not emailed again.');
  await page.screenshot({ path: '/tmp/pdfs-auto-approve.png' });
  await approve.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('2 succeeded, 0 failed.', { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('hub-invoice')).toHaveCount(0);
  expect((await mailCount(page, [bakery.email, books.email])) - beforeApproval).toBe(2);

  // Generate Recurring shows the server's refusal under the spec's title.
  await page.route('**/api/practice/invoices/recurring', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Scheduler busy', code: 'INTERNAL' }),
    }),
  );
  await page.getByRole('button', { name: 'Generate Recurring' }).click();
  await expect(page.getByText('Generation Failed', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/practice-invoice-hub-after.png', fullPage: true });
});
