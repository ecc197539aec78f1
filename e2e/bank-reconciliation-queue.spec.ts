import path from 'node:path';
import { format, parseISO } from 'date-fns';
import type { APIRequestContext, Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { dayOfLastMonth } from '../src/server/test/fake-plaid';
import { expect, test, testNow } from './fixtures';
import { signInFirm, uniqueName } from './support';

/*
 * Issue 30: a firm's Reconciliation queue across two clients, then a month reconciled in one of
 * them. The e2e server links bank feeds against a local fake of Plaid's API (e2e/serve.ts), whose
 * sandbox account holds last month's five posted lines (net +$720.35) and one pending line.
 */

async function switchTo(request: APIRequestContext, organizationId: string): Promise<void> {
  const response = await request.put('/api/session/workspace', { data: { organizationId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A client workspace with one bank account; returns both ids (the session is back on the firm). */
async function clientWithAccount(request: APIRequestContext, firmId: string, businessName: string): Promise<{ organizationId: string; accountId: string }> {
  const client = await request.post('/api/practice/clients', {
    data: { businessName, businessEmail: `${uniqueName('books')}@client.example`, industry: 'retail', contactName: 'Rosa Baker', contactEmail: `${uniqueName('rosa')}@client.example` },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { organizationId } = (await client.json()) as { organizationId: string };
  await switchTo(request, organizationId);
  const account = await request.post('/api/bank-accounts', {
    data: { accountName: `${businessName} Operating`, accountHolderName: businessName, accountType: 'business_checking', accountNumber: '000123456789', routingNumber: '021000021', isPrimary: true },
  });
  expect(account.status(), await account.text()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: string };
  await switchTo(request, firmId);
  return { organizationId, accountId };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  // The sidebar slides away below the lg breakpoint; let its transition finish.
  await expect(page.locator('#app-sidebar')).not.toBeInViewport();
  // Wide tables scroll inside their card; the page itself never scrolls sideways.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${name} at 375 px`).toBeLessThanOrEqual(widths.viewport);
  await page.screenshot({ path: `/tmp/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Serious or critical axe findings on the page as it stands (the accessibility journey's rule, on filled pages). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
  });
}

test.use({ bypassCSP: true }); // axe is injected as an inline script

const shown = (day: string) => format(parseISO(day), 'MMM d, yyyy');

test('a firm sees unmatched lines across clients, opens one, and reconciles its month', async ({ page }) => {
  const { user: owner } = await signInFirm(page.request);
  const firmId = owner.homeOrganizationId;
  const bakery = await clientWithAccount(page.request, firmId, 'Bayside Bakery');
  await clientWithAccount(page.request, firmId, 'Lighthouse Books');

  // Inside the bakery's workspace, its account card links the sandbox feed: last month's lines arrive.
  await switchTo(page.request, bakery.organizationId);
  await page.goto('/bank-accounts');
  const card = page.getByTestId('bank-account-card');
  await card.getByRole('button', { name: 'Link a Plaid sandbox test account' }).click();
  await expect(page.getByText('5 new lines.', { exact: true })).toBeVisible();
  await expect(card.getByTestId('bank-feed')).toContainText('Bank feed linked');
  await expect(card.getByTestId('bank-feed')).toContainText('balance $720.35');
  await shoot(page, 'bank-account-feed');
  await switchTo(page.request, firmId);

  // The firm's queue: the bakery first with its five lines, the bookshop with none; both never reconciled.
  await page.goto('/practice');
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(3);
  const bakeryRow = rows.filter({ hasText: 'Bayside Bakery' });
  await expect(bakeryRow.getByRole('cell').nth(1)).toHaveText('5');
  await expect(bakeryRow.getByRole('cell').nth(2)).toHaveText('$720.35');
  await expect(bakeryRow.getByRole('cell').nth(3)).toHaveText(shown(dayOfLastMonth(testNow(), 2)));
  await expect(bakeryRow.getByRole('cell').nth(4)).toHaveText('1');
  const bookshopRow = rows.filter({ hasText: 'Lighthouse Books' });
  await expect(bookshopRow.getByRole('cell').nth(1)).toHaveText('0');
  await expect(bookshopRow.getByRole('cell').nth(5)).toHaveText('Never');
  await expect(rows.nth(1)).toContainText('Bayside Bakery');
  await shoot(page, 'reconciliation-queue');
  expect(await axeFindings(page)).toEqual([]);

  // Open switches into the bakery's workspace and lands on its bank account's page (the matching screen).
  await bakeryRow.getByRole('button', { name: 'Open Bayside Bakery' }).click();
  await expect(page).toHaveURL(new RegExp(`/bank-accounts/${bakery.accountId}$`));
  const session = await page.request.get('/api/user');
  expect(((await session.json()) as { organizationId: string }).organizationId).toBe(bakery.organizationId);

  // Reconcile last month (the fake's lines are in the UTC month before today) against the statement's closing balance.
  const lastDay = format(new Date(Date.UTC(testNow().getUTCFullYear(), testNow().getUTCMonth(), 0)), 'yyyy-MM-dd');
  // The old address leads to the account page's Reconcile tab, the one place to reconcile.
  await page.goto(`/bank-accounts/${bakery.accountId}/reconcile`);
  await expect(page).toHaveURL(new RegExp(`/bank-accounts/${bakery.accountId}\\?tab=reconcile$`));
  await expect(page.getByRole('tab', { name: 'Reconcile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Not reconciled yet')).toBeVisible();
  await page.getByLabel('Statement end date').fill(lastDay);
  await page.getByLabel('Statement balance').fill('720.35');
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('figure-statement')).toHaveText('$720.35');
  // Nothing is matched yet: the books have none of the five lines, which explain the whole difference.
  await expect(page.getByTestId('figure-book')).toHaveText('$0.00');
  await expect(page.getByTestId('figure-difference')).toHaveText('$720.35');
  await expect(page.getByText('5 unmatched lines ($720.35) explain the difference')).toBeVisible();
  const preview = page.getByRole('region', { name: 'Reconciliation preview' });
  await expect(preview.getByRole('row')).toHaveCount(6);
  // A statement description is text, never a formula or markup.
  await expect(preview.getByRole('cell', { name: '=SUM(A1:A9) Coffee' })).toBeVisible();
  await expect(preview.getByText('PENDING CARD PURCHASE')).toHaveCount(0);
  await shoot(page, 'reconcile-panel');
  expect(await axeFindings(page)).toEqual([]);

  await page.getByRole('button', { name: `Mark reconciled through ${shown(lastDay)}` }).click();
  await expect(page.getByText(`Reconciled through ${shown(lastDay)}`, { exact: true })).toBeVisible();
  const history = page.getByRole('row').filter({ hasText: shown(lastDay) });
  await expect(history).toContainText('$720.35');
  await expect(history).toContainText('Dana Whitfield');
  await shoot(page, 'reconcile-history');

  // The same day again is refused with the reason.
  await page.getByLabel('Statement balance').fill('720.35');
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.getByRole('button', { name: `Mark reconciled through ${shown(lastDay)}` }).click();
  await expect(page.getByText(`This account is reconciled through ${lastDay}; choose a later statement end date`).first()).toBeVisible();

  // The dashboard's Cash in Bank now reads the reconciled statement balance, and its help says so.
  await page.goto('/dashboard');
  const cash = page.getByTestId('cash-in-bank');
  await expect(cash).toContainText('$720.35');
  await expect(cash).toContainText('1 of 1 account reconciled');
  await cash.getByRole('button', { name: 'How Cash in Bank is defined' }).focus();
  await expect(page.getByRole('tooltip')).toContainText('reconciled statement balance');
  await page.screenshot({ path: '/tmp/dashboard-cash-in-bank-1366.png' });

  // Back in the firm, the bakery's account is no longer overdue (unless its month ended over 30 days ago, on a month's 31st).
  const today = calendarDay(testNow(), owner.organizationTimeZone);
  const overdue = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastDay}T00:00:00Z`)) / 86_400_000 > 30;
  await switchTo(page.request, firmId);
  await page.goto('/practice/reconciliation');
  await expect(page.getByRole('row').filter({ hasText: 'Bayside Bakery' }).getByRole('cell').nth(4)).toHaveText(overdue ? '1' : '0');
});

test('the queue says so in words when the firm has no clients', async ({ page }) => {
  await signInFirm(page.request);
  await page.goto('/practice/reconciliation');
  await expect(page.getByText('No client workspaces to reconcile')).toBeVisible();
  await shoot(page, 'reconciliation-queue-empty');
});
