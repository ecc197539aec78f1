import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page, expect, request as playwrightRequest, test } from '@playwright/test';
import { appRoutes, publicAppRoutes } from '../src/client/app/app-routes';
import { settingsTabs } from '../src/client/features/settings/settings-tabs';
import { marketingRoutes } from '../src/client/marketing/routes';
import { accountWithInvoice, addPracticeClient, readOutbox, signInFirm, uniqueName } from './support';

/**
 * Every route the router knows, read from the router's own lists: public pages signed out,
 * app pages signed in. Each page has exactly one h1 and no serious or critical axe violation.
 */
const axePath = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');
// A fixed name: a worker restarted after a failure loads this module again and must find it.
const stateFile = path.join(tmpdir(), `signal-ar-a11y-${process.env.E2E_PORT ?? 5055}.json`);
const paths = (routes: { path?: string }[]) => routes.flatMap((route) => (route.path ? [route.path] : []));

/** Undoes quoted-printable soft line breaks and escapes in a mail. */
const decodeMail = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function checkPage(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1'), `${url}: exactly one h1`).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
  // Skeletons and spinners gone: the page shows its data.
  await expect(page.locator('[data-slot="skeleton"], [role="status"][aria-label="Loading"]')).toHaveCount(0);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`);
  expect(serious, `${url}: serious or critical axe violations`).toEqual([]);
}

test.use({ bypassCSP: true }); // axe is injected as an inline script

test.describe('public pages, signed out', () => {
  /** Real values for the pages that need one: a payment link and a team invitation. */
  const links = { checkout: '', invite: '' };
  test.beforeAll(async ({ baseURL }) => {
    const owner = await playwrightRequest.newContext({ baseURL });
    const { invoiceId } = await accountWithInvoice(owner, '250.00');
    const link = await owner.post(`/api/invoices/${invoiceId}/payment-link`, { data: { amount: '120.50' } });
    expect(link.status()).toBe(201);
    const url = new URL(((await link.json()) as { url: string }).url);
    links.checkout = url.pathname + url.search;
    const email = `${uniqueName('a11y')}@example.com`;
    const invited = await owner.post('/api/team/invitations', { data: { email, role: 'viewer', approvalLimit: null } });
    expect(invited.status(), await invited.text()).toBe(201);
    const mail = (await readOutbox({ request: owner })).map(decodeMail).find((text) => text.includes(email));
    links.invite = `/auth?invite=${(mail && /\/auth\?invite=([A-Za-z0-9_-]+)/.exec(mail)?.[1]) ?? 'missing'}`;
    await owner.dispose();
  });

  const publicPaths = [...paths(marketingRoutes), ...paths(publicAppRoutes)];
  for (const routePath of publicPaths) {
    test(`${routePath} has one h1 and no serious axe violation`, async ({ page }) => {
      const url = routePath === '/checkout' ? links.checkout : routePath === '*' ? '/no-such-page' : routePath;
      await checkPage(page, url);
    });
  }

  test('the invitation page (/auth?invite=) has one h1 and no serious axe violation', async ({ page }) => {
    await checkPage(page, links.invite);
    await expect(page.getByRole('heading', { level: 1, name: 'Join your team' })).toBeVisible();
  });
});

test.describe('app pages, signed in', () => {
  test.beforeAll(async ({ baseURL }) => {
    // An empty state: the file this describe's test.use names does not exist yet.
    const user = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const { today } = await accountWithInvoice(user, '250.00');
    // Some data on every list: a vendor and a bill waiting for the user's approval.
    const me = (await (await user.get('/api/user')).json()) as { id: string };
    const rule = await user.post('/api/approval-workflows', { data: { name: 'Every bill', triggerType: 'all', approverIds: [me.id] } });
    expect(rule.status(), await rule.text()).toBe(201);
    const vendor = await user.post('/api/vendors', { data: { name: 'Paper Co', email: 'ap@paper.example', paymentMethod: 'check' } });
    expect(vendor.status(), await vendor.text()).toBe(201);
    const bill = await user.post('/api/bills', {
      data: {
        vendorId: ((await vendor.json()) as { id: string }).id,
        billNumber: 'PC-1',
        billDate: today,
        dueDate: today,
        subtotal: '80.00',
        taxAmount: '0',
        totalAmount: '80.00',
        items: [{ description: 'Copy paper', quantity: 1, unitPrice: '80.00', totalPrice: '80.00' }],
      },
    });
    expect(bill.status(), await bill.text()).toBe(201);
    await user.storageState({ path: stateFile });
    await user.dispose();
  });
  test.use({ storageState: stateFile });

  for (const routePath of paths(appRoutes)) {
    test(`${routePath} has one h1 and no serious axe violation`, async ({ page }) => {
      await checkPage(page, routePath);
    });
  }
  for (const tab of settingsTabs) {
    test(`/settings?tab=${tab} has one h1 and no serious axe violation`, async ({ page }) => {
      await checkPage(page, `/settings?tab=${tab}`);
    });
  }
  test('/checkout signed in has one h1 and no serious axe violation', async ({ page }) => {
    await checkPage(page, '/checkout');
  });
});

test.describe('practice pages, signed in as a firm', () => {
  test('/practice/onboard-client, the list and a client open at its step, has one h1 and no serious axe violation', async ({ page }) => {
    await signInFirm(page.request);
    const client = await addPracticeClient(page.request, 'Axe Avenue Bakery');
    await checkPage(page, '/practice/onboard-client');
    await checkPage(page, `/practice/onboard-client?clientId=${client.id}`);
    await page.getByRole('button', { name: 'Complete Step & Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Service Configuration' })).toBeVisible();
    await checkPage(page, `/practice/onboard-client?clientId=${client.id}`);
  });
});
