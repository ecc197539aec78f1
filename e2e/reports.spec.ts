import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Page } from '@playwright/test';
import { addDaysToDay } from '../src/client/lib/dates';
import { pdfText } from '../src/server/test/pdf-layout';
import { expect, test } from './fixtures';
import { accountWithInvoice } from './support';

const INJECTION = '=HYPERLINK("http://evil.example","Click")';
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? '/tmp';


async function downloaded(page: Page, start: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await start();
  const download = await waiting;
  return { download, bytes: readFileSync((await download.path()) ?? '') };
}

async function downloadFromCard(page: Page, card: string, format: 'CSV' | 'Excel (XLSX)' | 'PDF') {
  return downloaded(page, async () => {
    await page.getByTestId(card).getByRole('button', { name: /^Download / }).click();
    await page.getByRole('menuitem', { name: format }).click();
  });
}

test('generate each report, open one, pick a custom range and download it as CSV, XLSX and PDF', async ({ page }) => {
  // Today: a sent invoice of 500.00 (200.00 paid) and one of 120.00 to a customer named like a formula.
  const { invoiceId, today } = await accountWithInvoice(page.request, '500.00');
  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, { data: { amount: '200.00', paidAt: today, method: 'check' } });
  expect(paid.status(), await paid.text()).toBe(201);
  const customer = await page.request.post('/api/customers', { data: { name: INJECTION, email: `evil-${Date.now()}@example.com` } });
  const customerId = ((await customer.json()) as { id: string }).id;
  const second = await page.request.post('/api/invoices', {
    data: {
      customerId,
      invoiceNumber: `INV-EVIL-${Date.now()}`,
      status: 'sent',
      issueDate: today,
      dueDate: today,
      subtotal: '120.00',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '120.00',
      items: [{ description: 'Advice', quantity: 1, unitPrice: '120.00', totalPrice: '120.00' }],
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports & Analytics' })).toBeVisible();
  await expect(page.getByText('No reports yet')).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveText('Last 30 Days');

  const names = ['Revenue Summary', 'Client Profitability', 'Invoice Aging', 'Payment Trends', 'Client Onboarding', 'Vendor Spending', 'Bank Reconciliation'];
  for (const name of names) {
    const button = page.getByRole('button', { name: `Generate ${name}` });
    await button.click();
    await expect(page.getByText('Report Generated', { exact: true })).toBeVisible();
    await expect(button).toHaveText('Generate');
  }
  const recent = page.getByRole('list', { name: 'Recent reports' });
  await expect(recent.getByRole('listitem')).toHaveCount(7);
  await expect(recent.getByText('ready')).toHaveCount(7);
  // Each says who generated it: the account registered as Erin Example.
  await expect(recent.getByText(/ by Erin Example$/)).toHaveCount(7);
  await page.screenshot({ path: `${SHOTS}/reports-desktop.png`, fullPage: true });

  // Open the aging report: its figures, chart and tables. 300.00 + 120.00 are open, both due today.
  await recent.getByRole('button', { name: /^Open Invoice Aging/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Invoice Aging' })).toBeVisible();
  await expect(dialog.getByText('Total outstanding').locator('..')).toContainText('$420.00');
  await expect(dialog.getByTestId('report-chart')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'By customer' })).toContainText(INJECTION);
  await page.screenshot({ path: `${SHOTS}/reports-opened-desktop.png`, fullPage: true });
  await page.keyboard.press('Escape');

  // The report-type filter.
  await page.getByLabel('Report type').click();
  await page.getByRole('option', { name: 'Vendor' }).click();
  await expect(page.getByRole('button', { name: /^Generate / })).toHaveCount(1);
  await page.getByLabel('Report type').click();
  await page.getByRole('option', { name: 'All Reports' }).click();
  await expect(page.getByRole('button', { name: /^Generate / })).toHaveCount(7);

  // Custom Range: refused out of order, then the last 7 days.
  await page.getByLabel('Period').click();
  await page.getByRole('option', { name: 'Custom Range' }).click();
  const weekAgo = addDaysToDay(today, -6);
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(addDaysToDay(today, -1));
  await expect(page.getByText('To must be on or after From')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Revenue Summary' })).toBeDisabled();
  await page.getByLabel('From').fill(weekAgo);
  await page.getByLabel('To').fill(today);
  await expect(page.getByText('To must be on or after From')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/reports-custom-desktop.png` });

  // The card's download icon generates the report for the range, then downloads it.
  const csv = await downloadFromCard(page, 'report-card-revenue_summary', 'CSV');
  expect(csv.download.suggestedFilename()).toBe(`Revenue-Summary-${weekAgo}-to-${today}.csv`);
  const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(lines).toContain(`From,${weekAgo}`);
  expect(lines).toContain('Invoiced,620.00');
  expect(lines).toContain('Collected,200.00');
  expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",1,120.00,0.00,120.00`);

  const xlsx = await downloadFromCard(page, 'report-card-revenue_summary', 'Excel (XLSX)');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const summary = new Map<string, ExcelJS.CellValue>();
  workbook.getWorksheet('Summary')?.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
  expect(summary.get('Invoiced')).toBe(620);
  expect(summary.get('Outstanding')).toBe(420);
  expect(summary.get('To')).toEqual(new Date(`${today}T00:00:00Z`));
  const byCustomer = workbook.getWorksheet('By customer');
  const customerNames = [2, 3].map((row) => byCustomer?.getRow(row).getCell(1).value);
  expect(customerNames).toEqual(['Acme Corp', `'${INJECTION}`]);

  const pdf = await downloadFromCard(page, 'report-card-invoice_aging', 'PDF');
  const { text } = await pdfText(pdf.bytes);
  expect(text).toContain('Invoice Aging');
  expect(text).toContain(`Period: ${weekAgo} to ${today}`);
  expect(text).toContain('$420.00');
  expect(text).toContain('Page 1 of 1');

  // Each saved report downloads too; the custom ones are listed with their days.
  await expect(recent.getByRole('listitem')).toHaveCount(10);
  const saved = await downloaded(page, async () => {
    await recent.getByRole('button', { name: /^Download Invoice Aging of Last 30 Days/ }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
  });
  expect(saved.bytes.toString('utf8').split('\r\n')).toContain('Total outstanding,420.00');

  // Export All Reports: one ZIP for the range.
  const zip = await downloaded(page, () => page.getByRole('link', { name: 'Export All Reports' }).click());
  expect(zip.download.suggestedFilename()).toBe(`Signal-AR-reports-${weekAgo}-to-${today}.zip`);
  expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');

  // More Filters: one customer, stored with the report and used by the reports that read it.
  await page.getByRole('button', { name: 'More Filters' }).click();
  const filtersDialog = page.getByRole('dialog', { name: 'More Filters' });
  await filtersDialog.getByLabel('Customer').click();
  await page.getByRole('option', { name: 'Acme Corp' }).click();
  await page.screenshot({ path: `${SHOTS}/reports-filters-desktop.png` });
  await filtersDialog.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('button', { name: 'More Filters (1)' })).toBeVisible();
  await expect(page.getByTestId('report-card-revenue_summary').getByText('1 filter')).toBeVisible();
  await expect(page.getByTestId('report-card-payment_trends').getByText('1 filter')).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate Revenue Summary' }).click();
  await expect(page.getByRole('button', { name: 'Generate Revenue Summary' })).toHaveText('Generate');
  await expect(recent.getByRole('listitem').first()).toContainText('Filtered');
  await recent.getByRole('button', { name: /^Open Revenue Summary/ }).first().click();
  const invoicedFigure = page.getByRole('dialog').locator('dl > div').filter({ has: page.getByText('Invoiced', { exact: true }) });
  await expect(invoicedFigure).toContainText('$500.00');
  await expect(page.getByRole('dialog').getByRole('region', { name: 'By customer' })).not.toContainText(INJECTION);
  await page.keyboard.press('Escape');

  // Phone width: the page, the custom range and an opened report, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByLabel('Period').click();
  await page.getByRole('option', { name: 'Custom Range' }).click();
  await expect(page.getByLabel('From')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/reports-custom-phone.png`, fullPage: true });
  await recent.getByRole('button', { name: /^Open Revenue Summary/ }).first().click();
  await expect(page.getByRole('dialog').getByTestId('report-chart')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reports-opened-phone.png` });
});
