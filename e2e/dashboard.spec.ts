import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accountWithInvoice } from './support';

test('the dashboard figures move after a payment is recorded', async ({ page }) => {
  const { invoiceId, today } = await accountWithInvoice(page.request, '500.00');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText("Welcome back! Here's your business overview.")).toBeVisible();
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText('$0.00');
  await expect(page.getByTestId('stat-Outstanding Invoices')).toHaveText('$500.00');
  await expect(page.getByText('1 invoice pending')).toBeVisible();
  await expect(page.getByText('0 transactions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Invoices' })).toBeVisible();
  await expect(page.getByText(/^INV-r2\w+$/)).toBeVisible();
  await expect(page.getByText('No upcoming payments')).toBeHidden();

  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, {
    data: { amount: '200.00', paidAt: today, method: 'check', reference: '1042' },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText('$200.00');
  await expect(page.getByTestId('stat-Outstanding Invoices')).toHaveText('$300.00');
  await expect(page.getByTestId('stat-Processed This Month')).toHaveText('$200.00');
  await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '30D' }).click();
  await expect(page.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cash-flow-chart')).toBeVisible();
  await page.waitForTimeout(1600); // let the bars finish growing before the screenshot
  await page.screenshot({ path: '/tmp/r2-dashboard.png', fullPage: true });

  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('the payments page lists the recorded payment', async ({ page }) => {
  const { invoiceId, today } = await accountWithInvoice(page.request, '80.00');
  await page.goto('/payments');
  await expect(page.getByText('No payments yet')).toBeVisible();
  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, {
    data: { amount: '80.00', paidAt: today, method: 'wire', reference: 'W-7' },
  });
  expect(paid.ok()).toBeTruthy();
  await page.reload();
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByText('Invoice Payment')).toBeVisible();
  await expect(row.getByText('wire')).toBeVisible();
  await expect(row.getByText('$80.00')).toBeVisible();
  await expect(row.getByText('completed')).toBeVisible();
  await expect(page.getByText('Payment Runs', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/r2-payments.png', fullPage: true });
  await page.getByRole('button', { name: 'Schedule Payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Schedule Payment' })).toBeVisible();
});

/** Every figure on the stat cards: its text in full, and no overflow out of its box or its card. */
async function expectFiguresInFull(page: Page, expected: Record<string, string>, screenshot: string) {
  for (const [testId, text] of Object.entries(expected)) {
    await expect(page.getByTestId(testId)).toHaveText(text);
  }
  const figures = page.locator('[data-slot="stat-value"], [data-testid^="stat-"]');
  expect(await figures.count()).toBeGreaterThanOrEqual(Object.keys(expected).length);
  for (const figure of await figures.all()) {
    const box = await figure.evaluate((element) => {
      const card = element.closest('[data-slot="card"]');
      const style = getComputedStyle(element);
      return {
        text: element.textContent,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        right: element.getBoundingClientRect().right,
        cardRight: card?.getBoundingClientRect().right ?? 0,
        ellipsis: style.textOverflow === 'ellipsis',
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      };
    });
    expect(box.scrollWidth, `${box.text} overflows its box`).toBeLessThanOrEqual(box.clientWidth);
    expect(box.right, `${box.text} runs out of its card`).toBeLessThanOrEqual(box.cardRight);
    expect(box.ellipsis, `${box.text} may be cut with an ellipsis`).toBe(false);
    // Wrapping is the last resort for longer currencies; a dollar figure sizes itself to one line.
    expect(box.lines, `${box.text} wraps`).toBe(1);
  }
  const pageBox = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(pageBox.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(pageBox.width);
  await page.screenshot({ path: screenshot, fullPage: true });
}

test('stat cards show a $999,999,999.99 figure in full from 320 to 1920 px wide', async ({ page }) => {
  const big = '999999999.99';
  const { invoiceId, today } = await accountWithInvoice(page.request, big);
  // Yesterday by UTC: never in the future in the organization's time zone.
  const paidAt = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, {
    data: { amount: '999999999.98', paidAt, method: 'wire', reference: 'W-1' },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  // A bill of the same size, waiting for the owner's approval (the approvals page's tiles).
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const rule = await page.request.post('/api/approval-workflows', {
    data: { name: 'Every bill', triggerType: 'all', approverIds: [me.id] },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const vendor = await page.request.post('/api/vendors', { data: { name: 'Big Supplier', email: 'ap@big.example', paymentMethod: 'check' } });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const bill = await page.request.post('/api/bills', {
    data: {
      vendorId: ((await vendor.json()) as { id: string }).id,
      billNumber: 'BIG-1',
      billDate: today,
      dueDate: today,
      subtotal: big,
      taxAmount: '0',
      totalAmount: big,
      items: [{ description: 'Everything', quantity: 1, unitPrice: big, totalPrice: big }],
    },
  });
  expect(bill.status(), await bill.text()).toBe(201);

  for (const width of [320, 375, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expectFiguresInFull(
      page,
      {
        'stat-Total Revenue': '$999,999,999.98',
        'stat-Outstanding Invoices': '$0.01',
        'stat-Bills to Pay': '$999,999,999.99',
        'stat-Processed This Month': '$999,999,999.98',
      },
      `/tmp/stat-cards-dashboard-${width}.png`,
    );
    await page.goto('/approvals');
    await expectFiguresInFull(page, { 'stat-Highest Pending': '$999,999,999.99' }, `/tmp/stat-cards-approvals-${width}.png`);
  }

  // The lists with the same amounts on their cards fit a 320 px phone too.
  await page.setViewportSize({ width: 320, height: 800 });
  const lists: [string, string][] = [['/invoices', '$999,999,999.99'], ['/bills', '$999,999,999.99'], ['/payments', '$999,999,999.98'], ['/customers', '$0.01']];
  for (const [path, amount] of lists) {
    await page.goto(path);
    await expect(page.getByText(amount, { exact: true }).first()).toBeVisible();
    const box = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(box.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(box.width);
    await page.screenshot({ path: `/tmp/amount-cards${path.replace('/', '-')}-320.png`, fullPage: true });
  }
});
