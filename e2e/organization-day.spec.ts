import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { accountWithInvoice } from './support';

test("the payment form starts on the organization's today, not the browser's, and the server takes it", async ({ page }) => {
  // Chromium runs in this process's time zone. Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25
  // hours apart, so one of them is always on another day than the browser.
  const browserDay = calendarDay(testNow(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const timeZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => calendarDay(testNow(), zone) !== browserDay) ?? 'UTC';
  const { invoiceNumber, today } = await accountWithInvoice(page.request, '120.00', timeZone);
  expect(today).not.toBe(browserDay);

  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await card.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Payment date')).toHaveValue(today);
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(`${invoiceNumber} is paid in full.`, { exact: true })).toBeVisible();
});
