import type { APIRequestContext, Page } from '@playwright/test';
import { glossary } from '../src/shared/glossary';
import { invoicePdf } from '../src/server/features/documents/test-files';
import { expect, test } from './fixtures';
import { addPracticeClient, signInFirm } from './support';

/*
 * Issue 29 items 4, 5 and 7 in the browser: each figure's label carries its one definition as help
 * text, and the pages show the same number the API gives for the workspace, to the cent.
 */

/** Onboards a client through the API's five steps at a service level; it is then active and billed. */
async function onboardClient(request: APIRequestContext, name: string, serviceLevel: string, monthlyFee: string, billingFrequency: string): Promise<void> {
  const client = await addPracticeClient(request, name);
  const base = `/api/practice/clients/${client.id}/onboarding`;
  const putStep = async (step: number, data: Record<string, unknown>) => {
    const response = await request.put(`${base}/steps/${step}`, { data: { ...data, complete: true } });
    expect(response.status(), await response.text()).toBe(200);
  };
  const saved = (await (await request.get(base)).json()) as { steps: { data: Record<string, unknown> }[] };
  await putStep(1, saved.steps[0]?.data ?? {});
  const service = (saved.steps[1]?.data ?? {}) as { serviceSettings?: Record<string, unknown> };
  await putStep(2, { ...service, serviceSettings: { ...service.serviceSettings, serviceLevel, monthlyFee, billingFrequency } });
  for (const documentType of ['w9Form', 'bankStatement']) {
    const upload = await request.post(`${base}/steps/3/documents`, {
      multipart: { documentType, file: { name: `${documentType}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await putStep(4, { bankingInfo: { bankName: 'Wells Fargo', accountType: 'business_checking', routingNumber: '121000248', accountNumber: '44445555' } });
  const complete = await request.post(`${base}/complete`);
  expect(complete.status(), await complete.text()).toBe(200);
}

/** Starts a client's onboarding: its first step saved. */
async function startOnboarding(request: APIRequestContext, name: string): Promise<void> {
  const client = await addPracticeClient(request, name);
  const base = `/api/practice/clients/${client.id}/onboarding`;
  const saved = (await (await request.get(base)).json()) as { steps: { data: Record<string, unknown> }[] };
  const response = await request.put(`${base}/steps/1`, { data: { ...saved.steps[0]?.data, complete: true } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The figure's help: its info button opens a tooltip with the glossary's definition. */
async function expectHelp(page: Page, label: string, definition: string): Promise<void> {
  await page.getByRole('button', { name: `How ${label} is defined` }).first().focus();
  await expect(page.getByRole('tooltip')).toContainText(definition.slice(0, 60));
  await page.keyboard.press('Escape');
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `/tmp/figures-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('every page shows a figure with its one definition and the same number as the API', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInFirm(page.request);
  // Premium billed quarterly: 499.00 x 3 less 5% = 1,422.15 a quarter, 474.05 a month.
  await onboardClient(page.request, 'Summit Dental Studio', 'premium', '499.00', 'quarterly');
  await startOnboarding(page.request, 'Cedar Cafe');
  // Added, never started: not in onboarding, not billed.
  await addPracticeClient(page.request, 'Pending Pottery');
  const stats = (await (await page.request.get('/api/onboarding/stats')).json()) as { monthlyRecurring: string; averageClientValue: string; activeOnboarding: number };
  expect(stats).toMatchObject({ monthlyRecurring: '474.05', averageClientValue: '474.05', activeOnboarding: 1 });

  await page.goto('/practice');
  await expect(page.getByTestId('stat-Monthly Recurring')).toHaveText('$474.05');
  await expect(page.getByTestId('stat-Avg Client Value')).toHaveText('$474.05');
  await expect(page.getByTestId('stat-Active Onboarding')).toHaveText('1');
  // The My Practice badge counts the same clients, and says so.
  const badge = page.getByRole('navigation').getByLabel('1 client in onboarding');
  await expect(badge).toHaveText('1');
  await expect(badge).toHaveAttribute('title', '1 client in onboarding');
  await expectHelp(page, 'Monthly Recurring', glossary.monthlyRecurring.definition);
  await expectHelp(page, 'Avg Client Value', glossary.averageClientValue.definition);
  await expectHelp(page, 'Active Onboarding', glossary.activeOnboarding.definition);
  // The Onboarding Overview's In Progress is the same count, with its definition as the label's title.
  await expect(page.getByTestId('overview-In Progress')).toHaveText('1');
  await expect(page.locator('dt').filter({ hasText: /^In Progress$/ })).toHaveAttribute('title', glossary.inProgress.definition);
  // The trend says what it compares with.
  await expect(page.getByText(/No recurring fees last month|% vs \d{1,2} [A-Z][a-z]{2}$/).first()).toBeVisible();
  await shoot(page, 'practice');

  await page.goto('/practice/invoices');
  await expect(page.getByTestId('stat-Monthly Recurring')).toHaveText('$474.05');
  await expectHelp(page, 'Monthly Recurring', glossary.monthlyRecurring.definition);
  await expectHelp(page, 'Outstanding Amount', glossary.outstandingAmount.definition);
  await shoot(page, 'invoice-hub');

  await page.goto('/practice/analytics');
  await expect(page.getByTestId('stat-Monthly Recurring')).toHaveText('$474.05');
  await expect(page.getByText(`${glossary.averageClientValue.label} $474.05`)).toBeVisible();
  await expect(page.getByTestId(`stat-${glossary.feesInvoiced.label}`)).toBeVisible();
  await expect(page.getByTestId('stat-Total Revenue')).toHaveCount(0);
  await expectHelp(page, glossary.feesInvoiced.label, glossary.feesInvoiced.definition);
  // One premium and two standard clients: the axis counts whole clients (0, 1, 2), never 0.5.
  const chart = page.getByLabel('Clients by service level chart');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const tickTexts = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
  expect(tickTexts.length).toBeGreaterThan(1);
  for (const tick of tickTexts) expect(tick, tickTexts.join(', ')).toMatch(/^\d+$/);
  await shoot(page, 'analytics');
  await page.getByRole('tab', { name: 'Industry Benchmarks' }).click();
  const benchmarks = page.getByRole('tabpanel', { name: 'Industry Benchmarks' });
  await expect(benchmarks.getByText(/percentile/).first()).toBeVisible();
  for (const text of await benchmarks.getByText(/\d+(st|nd|rd|th) percentile/).allInnerTexts()) {
    const match = /(\d+)(st|nd|rd|th) percentile/.exec(text);
    const n = Number(match?.[1]);
    const expected = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
    expect(match?.[2], text).toBe(expected);
  }

  // A report's figures carry the same definitions as the screens'.
  const generated = await page.request.post('/api/reports/generate', { data: { type: 'client_onboarding', period: 'last_7_days' } });
  expect(generated.status(), await generated.text()).toBe(201);
  await page.goto('/reports');
  await page.getByRole('list', { name: 'Recent reports' }).getByRole('button', { name: /^Open Client Onboarding/ }).first().click();
  const report = page.getByRole('dialog');
  // The one client in onboarding; the pending one never started, so only the two that did count as Started.
  await expect(report.locator('dl > div').filter({ hasText: glossary.onboardingInProgress.label })).toContainText('1');
  await expect(report.locator('dl > div').filter({ hasText: glossary.onboardingStarted.label })).toContainText('2');
  await expectHelp(page, glossary.onboardingStarted.label, glossary.onboardingStarted.definition);
  await shoot(page, 'report');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-Total Revenue')).toBeVisible();
  await expectHelp(page, 'Total Revenue', glossary.totalRevenue.definition);
  await expectHelp(page, 'Bills to Pay', glossary.billsToPay.definition);
  await shoot(page, 'dashboard');
});
