import { expect, test } from '@playwright/test';
import { accountWithInvoice } from './support';

// A customer's invoices and a search are counted only 1,000 past the page's first row (issue 33):
// the pager says "of 1000+" then, and the exact count once the page is near the end.
test('the invoice list says "of 1000+" for a search counted to its bound, and an exact count for fewer', async ({ page }) => {
  test.setTimeout(180_000);
  const { invoiceNumber, today } = await accountWithInvoice(page.request);
  const first = (await (await page.request.get('/api/invoices?limit=1')).json()) as [{ customerId: string }];
  const customerId = first[0].customerId;
  // 1,010 more invoices of the same customer, 20 requests at a time.
  const numbers = Array.from({ length: 1010 }, (_, index) => `BULK-${String(index + 1).padStart(4, '0')}`);
  for (let start = 0; start < numbers.length; start += 20) {
    await Promise.all(
      numbers.slice(start, start + 20).map(async (number) => {
        const response = await page.request.post('/api/invoices', {
          data: {
            customerId,
            invoiceNumber: number,
            status: 'draft',
            issueDate: today,
            dueDate: today,
            subtotal: '10.00',
            taxAmount: '0',
            discountAmount: '0',
            totalAmount: '10.00',
            items: [{ description: 'Hours', quantity: 1, unitPrice: '10.00', totalPrice: '10.00' }],
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }

  await page.goto('/invoices');
  await page.getByLabel('Search invoices').fill('Acme');
  await expect(page.getByText(/Showing 1–\d+ of 1000\+/)).toBeVisible();
  // The number search matches fewer: an exact count, no "+".
  await page.getByLabel('Search invoices').fill('BULK-00');
  await expect(page.getByText(/Showing 1–\d+ of 99$/)).toBeVisible();
  await page.getByLabel('Search invoices').fill(invoiceNumber);
  await expect(page.getByText(invoiceNumber)).toBeVisible();
  await page.getByLabel('Search invoices').fill('Acme');
  await expect(page.getByText(/Showing 1–\d+ of 1000\+/)).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByText(/Showing 1–\d+ of 1000\+/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/list-counts-1366.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByText(/Showing 1–\d+ of 1000\+/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/list-counts-375.png' });
});
