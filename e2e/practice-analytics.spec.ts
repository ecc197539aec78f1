import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { activatePracticeClient, addPracticeClient, signInFirm } from './support';

async function download(page: Page, format: 'PDF' | 'Excel (XLSX)') {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) ?? '') };
}

/** Each tab draws its charts with bars, and the export holds the four tabs. */
test('a firm opens each analytics tab with its charts and downloads the report', async ({ page }, testInfo) => {
  await signInFirm(page.request);
  // Bayside is active, so billed from activation: its fee schedule feeds the forecast below. Cedar is still onboarding.
  await activatePracticeClient(page.request, await addPracticeClient(page.request, 'Bayside Bakery'));
  await addPracticeClient(page.request, 'Cedar Dental');

  await page.goto('/practice/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Business Intelligence Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveValue('12');
  const overview = page.getByRole('tabpanel', { name: 'Practice Overview' });
  // Two standard clients: one bar in the service-level chart.
  await expect(overview.getByLabel('Clients by service level chart').locator('.recharts-bar-rectangle')).toHaveCount(1);
  await expect(overview.getByLabel('Revenue by month chart').getByRole('application')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('analytics-overview.png'), fullPage: true });

  await page.getByLabel('Period').selectOption('3');
  await expect(overview.getByText(/^Growth .* vs previous 3 months$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Client Analysis' }).click();
  const clients = page.getByRole('tabpanel', { name: 'Client Analysis' });
  await expect(clients.getByRole('list', { name: 'Client profitability' }).getByRole('listitem')).toHaveCount(2);
  // Profitability 50 (no fee, no work) for Cedar; Bayside's onboarding documents are work without a fee yet.
  await expect(clients.getByLabel('Profitability score chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(clients.getByText(/Minutes per item: document read 3/)).toBeVisible();

  await page.getByRole('tab', { name: 'Industry Benchmarks' }).click();
  const benchmarks = page.getByRole('tabpanel', { name: 'Industry Benchmarks' });
  await expect(benchmarks.getByText(/reference figures\. Source: Atradius Payment Practices Barometer/)).toBeVisible();
  await expect(benchmarks.getByRole('list', { name: 'Benchmarks' }).getByRole('listitem')).toHaveCount(5);
  await expect(benchmarks.getByText('Reference: Atradius Payment Practices Barometer, USA, June 2020: average DSO of US B2B suppliers, 38 days')).toBeVisible();
  await expect(benchmarks.getByText(/Reference: Stated norm, not survey data: two weeks/)).toBeVisible();
  await expect(benchmarks.getByLabel('Benchmarks chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Predictive Insights' }).click();
  const insights = page.getByRole('tabpanel', { name: 'Predictive Insights' });
  // Bayside's practice fee schedule brings 299.00 next month: inflow bars.
  await expect(insights.getByLabel('Cash-flow forecast chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Amounts on the axis as money, months by name.
  await expect(insights.getByLabel('Cash-flow forecast chart').getByText(/^\$[\d,]+\.\d\d$/).first()).toBeVisible();
  await expect(insights.getByLabel('Cash-flow forecast chart').getByText(/^[A-Z][a-z]{2} \d{4}$/).first()).toBeVisible();
  await expect(insights.getByText('No client at risk')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('analytics-insights.png'), fullPage: true });

  const xlsx = await download(page, 'Excel (XLSX)');
  expect(xlsx.name).toMatch(/^Business-Intelligence-Report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toContain('Client profitability');
  expect(workbook.getWorksheet('Revenue by month')?.rowCount).toBe(4);
  const pdf = await download(page, 'PDF');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Practice Overview' }).click();
  await page.screenshot({ path: testInfo.outputPath('analytics-phone.png'), fullPage: true });
});

/** A sent invoice for `total` to `customerId`, issued today, in the session's active workspace. */
async function sendInvoice(page: Page, customerId: string, total: string, today: string) {
  const invoice = await page.request.post('/api/invoices', {
    data: {
      customerId,
      status: 'sent',
      issueDate: today,
      dueDate: today,
      subtotal: total,
      taxAmount: '0',
      totalAmount: total,
      items: [{ description: 'Services', quantity: 1, unitPrice: total, totalPrice: total }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
}

/*
 * The firm bills Harbor Bistro 80.00 this period (its monthly fee set to 0, so the fee schedule adds
 * nothing) and the bistro's own books hold one sent invoice: one invoice of work. By the formula in
 * client-profitability.ts, score = 50 + 50 × (fee − cost) / max(fee, cost):
 * - defaults, 5 minutes an invoice at 60.00 an hour: cost 5.00, 50 + 50 × 75 / 80 = 96.875, shown 97;
 * - 20 minutes an invoice at 120.00 an hour: cost 40.00, 50 + 50 × 40 / 80 = 75.
 */
test('a firm owner changes the cost per item and the profitability score follows', async ({ page }, testInfo) => {
  const { user: owner } = await signInFirm(page.request);
  const today = calendarDay(testNow(), owner.organizationTimeZone);
  const client = await addPracticeClient(page.request, 'Harbor Bistro');
  const noFee = await page.request.put(`/api/practice/clients/${client.id}/service-level`, { data: { monthlyFee: '0' } });
  expect(noFee.status(), await noFee.text()).toBe(200);
  const drafted = (await (await page.request.get(`/api/invoices?customerId=${client.id}`)).json()) as { id: string }[];
  for (const invoice of drafted) expect((await page.request.delete(`/api/invoices/${invoice.id}`)).status()).toBe(204);
  await sendInvoice(page, client.id, '80.00', today);

  const opened = await page.request.put('/api/session/workspace', { data: { organizationId: client.organizationId } });
  expect(opened.status(), await opened.text()).toBe(200);
  const customer = await page.request.post('/api/customers', { data: { name: 'Quayside Catering', email: `${client.id}@quayside.example` } });
  expect(customer.status(), await customer.text()).toBe(201);
  await sendInvoice(page, ((await customer.json()) as { id: string }).id, '45.00', today);
  expect((await page.request.put('/api/session/workspace', { data: { organizationId: owner.homeOrganizationId } })).status()).toBe(200);

  await page.goto('/practice/analytics');
  await page.getByRole('tab', { name: 'Client Analysis' }).click();
  const clients = page.getByRole('tabpanel', { name: 'Client Analysis' });
  const bistro = clients.getByRole('list', { name: 'Client profitability' }).getByRole('listitem').filter({ hasText: 'Harbor Bistro' });
  await expect(bistro).toContainText('97/100');

  await clients.getByRole('button', { name: 'Cost per item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cost per item' });
  await expect(dialog.getByLabel('Minutes per invoice')).toHaveValue('5');
  await expect(dialog.getByLabel('Hourly rate')).toHaveValue('60.00');

  // A negative number of minutes is refused under its field; nothing is saved.
  await dialog.getByLabel('Minutes per bill').fill('-5');
  await dialog.getByRole('button', { name: 'Save Costs' }).click();
  await expect(dialog.getByText('Minutes per bill cannot be negative')).toBeVisible();
  await expect(dialog.getByLabel('Minutes per bill')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: testInfo.outputPath('cost-settings-dialog.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('cost-settings-dialog-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  await dialog.getByLabel('Minutes per bill').fill('6');
  await dialog.getByLabel('Minutes per invoice').fill('20');
  await dialog.getByLabel('Hourly rate').fill('120');
  await dialog.getByRole('button', { name: 'Save Costs' }).click();
  await expect(page.getByText('Costs updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bistro).toContainText('75/100');
  await expect(clients.getByText(/Minutes per item: document read 3, invoice 20, bill 6, .*hourly rate \$120\.00\.$/)).toBeVisible();
});
