import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { addPracticeClient, readOutbox, signInFirm, uniqueName } from './support';

/** Undoes quoted-printable soft line breaks and escapes in a mail. */
const decode = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

interface Client {
  id: string;
  name: string;
  email: string;
  contactEmail: string;
  organizationId: string;
}

async function addClient(request: APIRequestContext, businessName: string): Promise<Client> {
  const slug = uniqueName('client');
  const fields = { businessEmail: `${slug}@clients.example`, contactEmail: `rosa.${slug}@clients.example`, industry: 'retail', tags: ['local'] };
  return (await addPracticeClient(request, businessName, fields)) as Client;
}

/** A teammate of the firm through the invitation flow, signed in in a context of their own. */
async function inviteAccountant(page: Page, baseURL: string | undefined): Promise<string> {
  const email = `${uniqueName('mia')}@harbor.example`;
  const invited = await page.request.post('/api/team/invitations', { data: { email, role: 'accountant', approvalLimit: null } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = (await readOutbox(page)).map(decode).find((text) => text.includes(email));
  const token = mail ? /\/auth\?invite=([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
  const mate = await playwrightRequest.newContext({ baseURL });
  const joined = await mate.post(`/api/team/invitations/${token ?? 'missing'}/accept`, {
    data: { username: uniqueName('mia'), password: 'team mate password', firstName: 'Mia', lastName: 'Member' },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await mate.dispose();
  return email;
}

const axePath = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');
test.use({ bypassCSP: true }); // axe is injected as an inline script

/** The firm's view of the page has no serious or critical axe violation (the a11y journey sees it as a business). */
async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const serious = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  expect(serious).toEqual([]);
}

const row = (page: Page, name: string) => page.getByTestId('portfolio-row').filter({ has: page.getByRole('link', { name, exact: true }) });
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('a firm works its client portfolio: figures, search, filter, service levels, messages, export and a client page', async ({ page }) => {
  await signInFirm(page.request);
  const bakery = await addClient(page.request, 'Bayside Bakery');
  const cafe = await addClient(page.request, 'Cedar Cafe');
  const hotel = await addClient(page.request, 'Harbor Hotel');
  const dental = await addClient(page.request, 'Dune Dental');
  await addClient(page.request, '=SUM(1+1)');

  await page.goto('/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Management' })).toBeVisible();
  await expect(page.getByTestId('stat-Total Clients')).toHaveText('5');
  await expect(page.getByTestId('stat-Active Onboarding')).toHaveText('0');
  await expect(page.getByTestId('stat-Monthly Recurring')).toHaveText('$0.00');
  // No client was active a year ago: retention is unknown, and the card says why.
  await expect(page.getByTestId('stat-Retention Rate')).toHaveText('—');
  await expect(page.getByText('No clients were active 12 months ago')).toBeVisible();
  await page.getByRole('button', { name: 'How Retention Rate is defined' }).focus();
  await expect(page.getByRole('tooltip')).toContainText('Of the clients that were active 12 months ago');
  await expect(page.getByTestId('overview-In Progress')).toHaveText('0');
  // Five clients added, none started: none is in onboarding (Active Onboarding 0), so My Practice has no badge.
  await expect(page.getByLabel(/clients? in onboarding/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Approval Queue' })).toHaveAttribute('href', '/practice/queue');
  await expect(page.getByRole('link', { name: 'Start Client Onboarding' })).toHaveAttribute('href', '/practice/onboard-client');
  await expect(page.getByRole('link', { name: 'Add New Client' })).toHaveAttribute('href', '/practice/add-client');
  await expect(page.getByTestId('portfolio-row')).toHaveCount(5);
  await page.screenshot({ path: '/tmp/practice-dashboard.png', fullPage: true });
  await expectAccessible(page);

  // Search by name or email, case-insensitive; the Onboarding filter has no one yet.
  await page.getByLabel('Search clients').fill('BAYSIDE');
  await expect(page.getByTestId('portfolio-row')).toHaveCount(1);
  await page.getByLabel('Search clients').fill(hotel.email.toUpperCase());
  await expect(page.getByTestId('portfolio-row')).toHaveText([/Harbor Hotel/]);
  await page.getByLabel('Search clients').fill('');
  await page.getByLabel('Filter clients').click();
  await page.getByRole('option', { name: 'Onboarding' }).click();
  await expect(page.getByText('No clients found')).toBeVisible();
  await page.screenshot({ path: '/tmp/practice-dashboard-empty.png' });
  await page.getByLabel('Filter clients').click();
  await page.getByRole('option', { name: 'All Clients' }).click();
  await expect(page.getByTestId('portfolio-row')).toHaveCount(5);

  // Row menu: Edit Service Level; choosing a level sets the fee to its price.
  await page.getByRole('button', { name: 'Actions for Cedar Cafe' }).click();
  await page.getByRole('menuitem', { name: 'Edit Service Level' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service Level' });
  await expect(dialog.getByLabel('Monthly fee')).toHaveValue('299.00');
  await dialog.getByLabel('Service level').click();
  await page.getByRole('option', { name: /^Premium/ }).click();
  await expect(dialog.getByLabel('Monthly fee')).toHaveValue('499.00');
  await expect(dialog.getByTestId('service-level-billing-note')).toHaveText('The new fee is billed from the next billing period; invoices already made stay as they are.');
  await page.screenshot({ path: '/tmp/practice-edit-service-level.png' });
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `/tmp/practice-edit-service-level-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Save Service Level' }).click();
  await expect(toast(page)).toContainText('Service Level Updated');
  await expect(row(page, 'Cedar Cafe')).toContainText('Premium');
  await expect(row(page, 'Cedar Cafe')).toContainText('$499.00');

  // Bulk: two clients to Enterprise, one PUT each.
  await page.getByRole('checkbox', { name: 'Select Bayside Bakery' }).click();
  await page.getByRole('checkbox', { name: 'Select Harbor Hotel' }).click();
  await page.getByRole('button', { name: 'Bulk Actions (2)' }).click();
  await page.getByRole('menuitem', { name: 'Change Service Level' }).click();
  await page.getByRole('dialog').getByLabel('Service level').click();
  await page.getByRole('option', { name: /^Enterprise/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Update 2 Clients' }).click();
  await expect(toast(page)).toContainText('Bulk Update Complete');
  await expect(toast(page)).toContainText('Updated service level for 2 clients.');
  await expect(row(page, 'Bayside Bakery')).toContainText('$999.00');
  await expect(row(page, 'Harbor Hotel')).toContainText('Enterprise');
  await expect(page.getByTestId('stat-Total Clients')).toHaveText('5');

  // Send Message from the row menu: mailed once to the client's contact.
  await page.getByRole('button', { name: 'Actions for Dune Dental' }).click();
  await page.getByRole('menuitem', { name: 'Send Message' }).click();
  const message = page.getByRole('dialog', { name: 'Send Message' });
  await message.getByRole('button', { name: 'Send Message' }).click();
  await expect(message.getByText('Subject is required')).toBeVisible();
  await message.getByLabel('Subject').fill('Your W-9 for 2026');
  await message.getByLabel('Message').fill('Hi Rosa, please upload your W-9 this week.');
  await page.screenshot({ path: '/tmp/practice-send-message.png' });
  await message.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page)).toContainText('Message Sent');
  // The server's mail worker sends it (the outbox folder appears with the first mail).
  const mailsToDental = async () => {
    const outbox = await readOutbox(page).catch(() => []);
    return outbox.map(decode).filter((mail) => mail.includes(`To: ${dental.contactEmail}`) && mail.includes('please upload your W-9')).length;
  };
  await expect.poll(mailsToDental, { timeout: 20_000 }).toBe(1);

  // Export Data: the whole portfolio; a formula-like name is neutralised.
  const [portfolio] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Data' }).click()]);
  expect(portfolio.suggestedFilename()).toMatch(/^practice-clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await portfolio.path()) ?? '', 'utf8').replace('\uFEFF', '').trimEnd().split('\r\n');
  expect(csv[0]).toMatch(/^Name,Email,Phone,Industry,Contact Name,Contact Email,Service Level,Monthly Fee/);
  expect(csv).toHaveLength(6);
  expect(csv.filter((line) => line.startsWith("'=SUM(1+1),"))).toHaveLength(1);
  expect(csv.find((line) => line.startsWith('Cedar Cafe,'))).toContain(`${cafe.email},,retail,Rosa Baker,${cafe.contactEmail},premium,499.00,monthly,499.00,pending,0,active,`);

  // Export the selection only.
  await page.getByRole('checkbox', { name: 'Select Bayside Bakery' }).click();
  await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
  const [selection] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export Selection (CSV)' }).click()]);
  const selected = readFileSync((await selection.path()) ?? '', 'utf8').trimEnd().split('\r\n');
  expect(selected).toHaveLength(2);
  expect(selected[1]).toMatch(/^Bayside Bakery,/);

  // View Details.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Actions for Bayside Bakery' }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/practice/clients/${bakery.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bayside Bakery' })).toBeVisible();
  await expect(page.getByText(bakery.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Onboarding' })).toHaveAttribute('href', `/practice/onboard-client?clientId=${bakery.id}`);
  await expect(page.getByText('$999.00 per month')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members with access' })).toContainText('Dana Whitfield');
  await page.screenshot({ path: '/tmp/practice-client-details.png', fullPage: true });

  // A phone: the portfolio rows and the client page fit the width.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bayside Bakery' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/practice-client-details-phone.png', fullPage: true });
  await page.goto('/practice');
  await expect(page.getByTestId('portfolio-row')).toHaveCount(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/practice-dashboard-phone.png', fullPage: true });
});

test("an owner grants and revokes a teammate's access to a client, and opens the client's workspace", async ({ page, baseURL }) => {
  await signInFirm(page.request);
  const client = await addClient(page.request, 'Granite Goods');
  await inviteAccountant(page, baseURL);

  await page.goto(`/practice/clients/${client.id}`);
  const access = page.getByRole('list', { name: 'Members with access' });
  await expect(access.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Team member').click();
  await page.getByRole('option', { name: /Mia Member/ }).click();
  await page.getByLabel('Role in workspace').click();
  await page.getByRole('option', { name: 'Approver' }).click();
  await page.getByRole('button', { name: 'Grant Access' }).click();
  await expect(toast(page)).toContainText('Access Granted');
  await expect(access.getByRole('listitem').filter({ hasText: 'Mia Member' })).toContainText('Approver');
  await page.screenshot({ path: '/tmp/practice-client-access.png', fullPage: true });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Revoke access of Mia Member' }).click();
  await expect(toast(page)).toContainText('Access Revoked');
  await expect(access.getByRole('listitem')).toHaveCount(1);

  // Deactivated, the workspace cannot be opened; reactivated, it can.
  await page.getByRole('button', { name: 'Deactivate Client' }).click();
  await expect(toast(page)).toContainText('Client Deactivated');
  await expect(page.getByRole('button', { name: 'Open workspace' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reactivate Client' }).click();
  await expect(toast(page)).toContainText('Client Reactivated');
  await expect(page.getByRole('button', { name: 'Open workspace' })).toBeEnabled();

  await page.getByRole('button', { name: 'Open workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await page.request.get('/api/user')).json()) as { organizationId: string; organizationName: string; clientWorkspace: boolean };
  expect(me).toMatchObject({ organizationId: client.organizationId, organizationName: 'Granite Goods', clientWorkspace: true });
  // Inside the client's workspace the lists are the client's own: no customers yet.
  await page.goto('/customers');
  await expect(page.getByText('No customers yet')).toBeVisible();
});

test('an owner deletes a client added by mistake, and cannot delete one the firm has invoiced', async ({ page }) => {
  await signInFirm(page.request);
  const mistake = await addClient(page.request, 'Typo Traders');
  const invoiced = await addClient(page.request, 'Invoiced Inc');
  const invoice = await page.request.post('/api/invoices', {
    data: {
      customerId: invoiced.id,
      invoiceNumber: uniqueName('FEE-'),
      status: 'sent',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      subtotal: '299.00',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '299.00',
      items: [{ description: 'Monthly bookkeeping', quantity: 1, unitPrice: '299.00', totalPrice: '299.00' }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  await page.goto(`/practice/clients/${invoiced.id}`);
  await expect(page.getByText('1 open invoice from your practice')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Client' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Your practice has invoiced this client. Deactivate the client instead.');

  await page.goto(`/practice/clients/${mistake.id}`);
  await page.getByRole('button', { name: 'Delete Client' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Client Deleted');
  await expect(page).toHaveURL(/\/practice$/);
  await expect(page.getByTestId('portfolio-row')).toHaveText([/Invoiced Inc/]);
});
