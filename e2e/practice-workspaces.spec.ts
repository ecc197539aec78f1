import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addPracticeClient, signInFirm, uniqueName } from './support';

/** A firm registered through the API, its owner signed in in this page's context, and one client. */
async function firmWithClient(request: APIRequestContext, clientName: string) {
  const { firmName } = await signInFirm(request);
  const client = await addPracticeClient(request, clientName, { invoicePrefix: 'BAY', invoiceStartNumber: 5000 });
  return { firmName, client };
}

async function openSwitcher(page: Page) {
  await page.getByRole('button', { name: /^Switch workspace: / }).click();
  return page.getByRole('listbox', { name: 'Workspaces' });
}

test("a firm member switches into a client's workspace, invoices there, and comes back", async ({ page }) => {
  const clientName = `Bayside Bakery ${uniqueName('c')}`;
  const { firmName } = await firmWithClient(page.request, clientName);
  await page.goto('/customers');
  await expect(page.getByText(clientName)).toBeVisible();

  const list = await openSwitcher(page);
  await expect(list.getByRole('option', { name: 'My firm' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: '/tmp/practice-workspace-switcher.png' });
  await list.getByRole('option', { name: clientName }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Now working in ${clientName}`, { exact: true })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'You are working in' });
  await expect(banner).toContainText(`${clientName}'s workspace for ${firmName}`);
  await page.screenshot({ path: '/tmp/practice-workspace-banner.png' });

  // Inside the client's books: its own (empty) customers, then a customer and an invoice numbered from its settings.
  await page.goto('/customers');
  await expect(page.getByText(clientName)).toHaveCount(2); // the banner and the switcher, not a customer row
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const customerDialog = page.getByRole('dialog');
  await customerDialog.getByLabel('Name').fill('Wholesale Flour Co');
  await customerDialog.getByLabel('Email').fill(`${uniqueName('flour')}@flour.example`);
  await customerDialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByRole('cell', { name: 'Wholesale Flour Co' }).or(page.getByText('Wholesale Flour Co')).first()).toBeVisible();

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Your First Invoice' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Invoice number')).toHaveValue('BAY-5000');
  await form.getByLabel('Customer').click();
  await page.getByRole('option', { name: 'Wholesale Flour Co' }).click();
  await form.getByLabel('Item 1 description').fill('Sourdough, wholesale');
  await form.getByLabel('Item 1 unit price').fill('240');
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice created successfully', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-card').filter({ hasText: 'BAY-5000' })).toContainText('Wholesale Flour Co');

  await banner.getByRole('button', { name: 'Back to My firm' }).click();
  await expect(page).toHaveURL(/\/practice$/);
  await expect(page.getByRole('status').filter({ hasText: 'You are working in' })).toHaveCount(0);
  await page.goto('/invoices');
  await expect(page.getByTestId('invoice-card').filter({ hasText: 'BAY-5000' })).toHaveCount(0);
});

test('a tab still showing the old workspace cannot write into the new one', async ({ page, context }) => {
  const clientName = `Stale Tab Studio ${uniqueName('c')}`;
  const { client } = await firmWithClient(page.request, clientName);
  await page.goto('/customers');
  await expect(page.getByText(clientName)).toBeVisible();

  // Another tab opens the client's workspace.
  const other = await context.newPage();
  await other.goto('/dashboard');
  const list = await openSwitcher(other);
  await list.getByRole('option', { name: clientName }).click();
  await expect(other.getByRole('status').filter({ hasText: 'You are working in' })).toBeVisible();

  // The first tab still shows the firm; its write is refused and the tab reloads into the client's workspace.
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Should Not Land');
  await dialog.getByLabel('Email').fill(`${uniqueName('nope')}@example.com`);
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  // The tab reloads inside the workspace now open, without the form typed for the firm.
  await expect(page.getByText('You switched workspace in another tab', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are working in' })).toContainText(clientName);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const inClient = await page.request.get('/api/customers');
  expect(((await inClient.json()) as { name: string }[]).map((row) => row.name)).not.toContain('Should Not Land');
  expect(client.organizationId).toBeTruthy();
});
