import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addPracticeClient, signInFirm } from './support';

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
  await addPracticeClient(page.request, 'Bayside Bakery');
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
  // Profitability 50 (no fee, no work) for each client.
  await expect(clients.getByLabel('Profitability score chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(clients.getByText(/Minutes per item: document read 3/)).toBeVisible();

  await page.getByRole('tab', { name: 'Industry Benchmarks' }).click();
  const benchmarks = page.getByRole('tabpanel', { name: 'Industry Benchmarks' });
  await expect(benchmarks.getByText(/reference figures\. Source: Signal AR reference table/)).toBeVisible();
  await expect(benchmarks.getByRole('list', { name: 'Benchmarks' }).getByRole('listitem')).toHaveCount(5);
  await expect(benchmarks.getByLabel('Benchmarks chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Predictive Insights' }).click();
  const insights = page.getByRole('tabpanel', { name: 'Predictive Insights' });
  // Each client's practice fee schedule brings 299.00 next month: inflow bars.
  await expect(insights.getByLabel('Cash-flow forecast chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
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
