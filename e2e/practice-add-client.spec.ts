import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { signInFirm, uniqueName } from './support';

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5/ });
const axePath = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillBusinessStep(page: Page, businessName: string, email: string): Promise<void> {
  await page.getByLabel('Business Name').fill(businessName);
  await choose(page, 'Industry', 'Restaurant');
  await page.getByLabel('Business Email').fill(email);
  await page.getByLabel('Business Phone').fill('555-0101');
  await page.getByLabel('Business Address').fill('1 Pier Rd\nMonterey, CA 93940');
  await page.getByLabel('Primary Contact Name').fill('Rosa Baker');
  await page.getByLabel('Contact Email').fill(`rosa.${email}`);
}

async function nextTo(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page)).toContainText(title);
}

/** No serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id), what).toEqual([]);
}

test.use({ bypassCSP: true }); // axe is injected as an inline script

test('a firm adds a client through the five steps, lands on its onboarding, and its invoices start at the chosen number', async ({ page }) => {
  await signInFirm(page.request);
  await page.goto('/practice/add-client');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Client' })).toBeVisible();
  await expect(page.getByText('Onboard a new client to your practice')).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Step 1 of 5: Business Details');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const progress = page.getByRole('list', { name: 'Add client progress' });
  await expect(progress.locator('[aria-current="step"]')).toContainText('Business Details');

  // Next does not validate; submitting an empty wizard sends the user back to step 1 with the messages.
  for (const title of ['Invoice Settings', 'Automation', 'Integration', 'Review']) await nextTo(page, title);
  await page.getByRole('button', { name: 'Add Client to Practice' }).click();
  await expect(stepHeading(page)).toHaveText('Step 1 of 5: Business Details');
  for (const message of ['Business name is required', 'Valid email is required', 'Contact name is required', 'Valid contact email is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: '/tmp/add-client-errors.png', fullPage: true });

  const businessName = `Bayside <b>Bakery</b> & Co ${uniqueName('')}`;
  const email = `${uniqueName('bayside')}@bayside.example`;
  await fillBusinessStep(page, businessName, email);
  await expect(page.getByText('Business name is required')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/add-client-step1.png', fullPage: true });
  await expectAccessible(page, 'step 1');

  await nextTo(page, 'Invoice Settings');
  await expect(page.getByLabel('Invoice Prefix')).toHaveValue('INV');
  await expect(page.getByLabel('Starting Invoice Number')).toHaveValue('1000');
  await page.getByLabel('Invoice Prefix').fill('BAY');
  await page.getByLabel('Starting Invoice Number').fill('5000');
  await expect(page.getByText('The first invoice will be BAY-5000.')).toBeVisible();
  await choose(page, 'Default Payment Terms', 'Net 15');
  await choose(page, 'Currency', 'CAD - Canadian Dollar');
  await page.screenshot({ path: '/tmp/add-client-step2.png', fullPage: true });

  await nextTo(page, 'Automation');
  const reminders = page.getByRole('switch', { name: 'Automatic Payment Reminders' });
  await expect(reminders).toBeChecked();
  await expect(page.getByText('Default schedule can be customized later')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reminder schedule' }).getByRole('listitem')).toHaveText(['7 days after due date', '14 days after due date', '30 days after due date']);
  await reminders.click();
  await expect(page.getByText('Default schedule can be customized later')).toHaveCount(0);
  await reminders.click();
  await expect(page.getByLabel('Default Recurring Frequency')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Recurring Invoices' }).click();
  await choose(page, 'Default Recurring Frequency', 'Quarterly');
  await page.screenshot({ path: '/tmp/add-client-step3.png', fullPage: true });
  await expectAccessible(page, 'step 3');

  await nextTo(page, 'Integration');
  await choose(page, 'Accounting Software', 'Xero');
  await expect(page.getByText('Integration setup is completed after the client is created.')).toBeVisible();
  for (const tag of ['high-value', 'local', 'tech']) await page.getByRole('button', { name: tag, exact: true }).click();
  await page.getByRole('button', { name: 'tech', exact: true }).click();
  await expect(page.getByRole('button', { name: 'tech', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'local', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const custom = page.getByRole('textbox', { name: 'Custom tag' });
  await custom.fill('Wholesale');
  await custom.press('Enter');
  await expect(stepHeading(page)).toContainText('Integration');
  await custom.fill('Seasonal');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await custom.fill('Wholesale');
  await custom.press('Enter');
  await expect(page.getByRole('list', { name: 'Custom tags' }).getByRole('listitem')).toHaveText(['Wholesale', 'Seasonal']);
  await page.getByLabel('Notes').fill('Prefers email before 9am.');
  await page.screenshot({ path: '/tmp/add-client-step4.png', fullPage: true });
  await expectAccessible(page, 'step 4');

  await nextTo(page, 'Review');
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Business Information', 'Invoice Settings', 'Automation & Integration']);
  const review = page.locator('form');
  await expect(review).toContainText(businessName);
  await expect(review).toContainText('Restaurant');
  await expect(review).toContainText('BAY-5000');
  await expect(review).toContainText('Net 15');
  await expect(review).toContainText('On (Quarterly)');
  await expect(review).toContainText('Xero');
  for (const tag of ['high-value', 'local', 'Wholesale', 'Seasonal']) await expect(review.getByText(tag, { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/add-client-review.png', fullPage: true });
  await expectAccessible(page, 'review');

  await page.getByRole('button', { name: 'Add Client to Practice' }).click();
  await expect(page.getByText('Client Added Successfully', { exact: true })).toBeVisible();
  // The name is shown as typed: its markup is text, not HTML.
  await expect(page.getByText(`${businessName} has been added to your practice`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/practice\/onboard-client\?clientId=[0-9a-f-]{36}$/);
  const clientId = new URL(page.url()).searchParams.get('clientId');
  // Nothing is billed while the client is pending: no fee schedule, no draft invoice in the firm's books.
  const schedules = (await (await page.request.get(`/api/recurring-invoices?customerId=${clientId}`)).json()) as unknown[];
  expect(schedules).toEqual([]);
  const billed = (await (await page.request.get(`/api/invoices?customerId=${clientId}`)).json()) as unknown[];
  expect(billed).toEqual([]);

  // The client's workspace numbers its first invoice BAY-5000, and the invoice form offers it.
  // Leave the app first: the page would reload itself when it notices the switch made behind it.
  await page.goto('about:blank');
  const workspaces = (await (await page.request.get('/api/workspaces')).json()) as { clients: { customerId: string; organizationId: string; name: string }[] };
  const workspace = workspaces.clients.find((row) => row.customerId === clientId);
  expect(workspace?.name).toBe(businessName);
  expect((await page.request.put('/api/session/workspace', { data: { organizationId: workspace?.organizationId } })).status()).toBe(200);
  const customer = await page.request.post('/api/customers', { data: { name: 'Harbor Cafe', email: `${uniqueName('cafe')}@cafe.example` } });
  expect(customer.status()).toBe(201);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Your First Invoice' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Invoice number')).toHaveValue('BAY-5000');
  await expect(form.getByLabel('Payment terms')).toHaveValue('Net 15');
  await page.screenshot({ path: '/tmp/add-client-invoice-form.png' });
  await form.getByRole('button', { name: 'Cancel' }).click();
  const me = (await (await page.request.get('/api/user')).json()) as { homeOrganizationId: string };
  expect((await page.request.put('/api/session/workspace', { data: { organizationId: me.homeOrganizationId } })).status()).toBe(200);

  // The same business email again: the server's message under the field, back on step 1.
  await page.goto('/practice/add-client');
  await fillBusinessStep(page, 'Bayside Again', email.toUpperCase());
  for (const title of ['Invoice Settings', 'Automation', 'Integration', 'Review']) await nextTo(page, title);
  await page.getByRole('button', { name: 'Add Client to Practice' }).click();
  await expect(stepHeading(page)).toHaveText('Step 1 of 5: Business Details');
  await expect(page.getByLabel('Business Email')).toHaveAccessibleDescription('A client with this business email is already in your practice');
  await expect(page.getByText('Could Not Add Client', { exact: true })).toBeVisible();
});

test("a firm at its plan's limit is sent to Settings > Billing, changes plan there, and the sidebar stops offering Upgrade to Pro", async ({ page }) => {
  await signInFirm(page.request, { plan: 'starter' });
  for (let index = 0; index < 10; index += 1) {
    const name = uniqueName('client');
    const added = await page.request.post('/api/practice/clients', {
      data: { businessName: `Client ${name}`, businessEmail: `${name}@client.example`, industry: 'retail', contactName: 'Casey Client', contactEmail: `casey.${name}@client.example` },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  await page.goto('/practice/add-client');
  await fillBusinessStep(page, 'Eleventh Eatery', `${uniqueName('eleventh')}@eatery.example`);
  for (const title of ['Invoice Settings', 'Automation', 'Integration', 'Review']) await nextTo(page, title);
  await page.getByRole('button', { name: 'Add Client to Practice' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your Starter plan allows up to 10 active clients.' });
  await expect(alert).toContainText('Change your plan in Settings > Billing to add more.');
  await expect(stepHeading(page)).toHaveText('Step 5 of 5: Review');
  await page.screenshot({ path: '/tmp/add-client-plan-limit.png', fullPage: true });
  await alert.getByRole('link', { name: 'Go to Settings > Billing' }).click();

  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('10 of 10 clients')).toBeVisible();
  const starter = page.getByRole('listitem', { name: 'Starter plan' });
  await expect(starter).toContainText('Current plan');
  const professional = page.getByRole('listitem', { name: 'Professional plan' });
  await expect(professional).toContainText('$149.00/month');
  await expect(professional).toContainText('Up to 50 clients');
  await page.screenshot({ path: '/tmp/settings-billing-firm.png', fullPage: true });
  await expectAccessible(page, 'billing tab');

  await professional.getByRole('button', { name: 'Switch to Professional' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Switch to the Professional plan?');
  await expect(confirm).toContainText('The change applies at once.');
  await confirm.getByRole('button', { name: 'Change Plan' }).click();
  await expect(page.getByText('Plan Changed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your firm is now on the Professional plan (up to 50 clients).', { exact: true })).toBeVisible();
  await expect(professional).toContainText('Current plan');
  await expect(page.getByText('10 of 50 clients')).toBeVisible();
  const billing = (await (await page.request.get('/api/user/billing')).json()) as { plan: string; maxClients: number };
  expect(billing).toMatchObject({ plan: 'professional', maxClients: 50 });
  await page.screenshot({ path: '/tmp/settings-billing-changed.png', fullPage: true });

  // The eleventh client now goes through.
  await page.goto('/practice/add-client');
  await fillBusinessStep(page, 'Eleventh Eatery', `${uniqueName('eleventh')}@eatery.example`);
  for (const title of ['Invoice Settings', 'Automation', 'Integration', 'Review']) await nextTo(page, title);
  await page.getByRole('button', { name: 'Add Client to Practice' }).click();
  await expect(page.getByText('Eleventh Eatery has been added to your practice', { exact: true })).toBeVisible();

  // On Professional now, the sidebar no longer offers the upgrade (e2e/upgrade-card.spec.ts).
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Pro', exact: true })).toHaveCount(0);
});
