import { expect, test } from './fixtures';
import { accountWithInvoice } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };

test('issue a credit note from a paid invoice, apply it to two open invoices of the customer, download its PDF', async ({ page }) => {
  // A 500.00 invoice paid in full, and two open invoices of the same customer: 250.00 and 100.00.
  const { invoiceId, invoiceNumber, today } = await accountWithInvoice(page.request, '500.00');
  const paid = await page.request.post(`/api/invoices/${invoiceId}/payments`, { data: { amount: '500.00', paidAt: today, method: 'check' } });
  expect(paid.status(), await paid.text()).toBe(201);
  const customerId = ((await (await page.request.get(`/api/invoices/${invoiceId}`)).json()) as { customerId: string }).customerId;
  const open: string[] = [];
  for (const [suffix, total] of [['1', '250.00'], ['2', '100.00']] as const) {
    const number = `${invoiceNumber}-${suffix}`;
    const created = await page.request.post('/api/invoices', {
      data: {
        customerId,
        invoiceNumber: number,
        status: 'sent',
        issueDate: today,
        dueDate: today,
        subtotal: total,
        taxAmount: '0',
        discountAmount: '0',
        totalAmount: total,
        items: [{ description: 'Advisory', quantity: 1, unitPrice: total, totalPrice: total }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    open.push(number);
  }
  const [first = '', second = ''] = open;

  await page.setViewportSize(DESKTOP);
  await page.goto('/credit-notes');
  await expect(page.getByRole('heading', { name: 'Credit Notes' })).toBeVisible();
  await expect(page.getByText('No credit notes yet')).toBeVisible();
  await page.screenshot({ path: '/tmp/i31-credits-empty-1366.png' });

  // From the paid invoice's card: a credit note of an amount, not applied at once (it is paid).
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: '$500.00' });
  await card.getByRole('button', { name: 'Credit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Credit Note' });
  await expect(dialog).toContainText(`${invoiceNumber} · Acme Corp · Total $500.00`);
  await dialog.getByRole('radio', { name: 'An amount' }).click();
  await dialog.getByLabel('Amount').fill('300');
  await dialog.getByLabel('Reason').fill('Scope reduced after review');
  await page.screenshot({ path: '/tmp/i31-credits-credit-note-dialog-1366.png' });
  await dialog.getByRole('button', { name: 'Issue Credit Note' }).click();
  await expect(page.getByText('Credit note CN-1000 issued', { exact: true })).toBeVisible();

  // The customer card shows the unapplied credit, with a way to apply it.
  await page.goto('/customers');
  await expect(page.getByTestId('customer-credit')).toContainText('Unapplied credit $300.00');
  await page.getByRole('link', { name: 'Apply credit of Acme Corp' }).click();
  await expect(page).toHaveURL(/\/credit-notes\?customerId=/);

  const credit = page.getByTestId('credit-card').filter({ hasText: 'CN-1000' });
  await expect(credit).toContainText('Scope reduced after review');
  await expect(credit.getByTestId('credit-remaining')).toHaveText('$300.00');
  await page.screenshot({ path: '/tmp/i31-credits-list-1366.png' });

  // The PDF downloads.
  const download = page.waitForEvent('download');
  await credit.getByRole('link', { name: 'Download PDF of CN-1000' }).click();
  expect((await download).suggestedFilename()).toBe('CN-1000.pdf');

  // Apply: prefilled oldest due first, 250.00 to the first and the 50.00 left to the second.
  await credit.getByRole('button', { name: 'Apply' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply Credit' });
  await expect(apply.getByTestId('apply-row')).toHaveCount(2);
  await expect(apply.getByLabel(`Amount for ${first}`)).toHaveValue('250.00');
  await expect(apply.getByLabel(`Amount for ${second}`)).toHaveValue('50.00');
  await expect(apply).toContainText('Applying $300.00 of $300.00');
  await page.screenshot({ path: '/tmp/i31-credits-apply-1366.png' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '/tmp/i31-credits-apply-375.png' });
  await page.setViewportSize(DESKTOP);
  await apply.getByRole('button', { name: 'Apply Credit' }).click();
  await expect(page.getByText('Credit applied', { exact: true })).toBeVisible();
  await expect(credit.getByTestId('credit-remaining')).toHaveText('$0.00');
  await expect(credit).toContainText('Used');
  await expect(credit.getByRole('button', { name: 'Apply' })).toHaveCount(0);

  // The invoices: the first paid, the second with 50.00 left.
  const invoices = (await (await page.request.get(`/api/invoices?customerId=${customerId}`)).json()) as { invoiceNumber: string; status: string; balance: string }[];
  expect(invoices.find((invoice) => invoice.invoiceNumber === first)).toMatchObject({ status: 'paid', balance: '0.00' });
  expect(invoices.find((invoice) => invoice.invoiceNumber === second)).toMatchObject({ status: 'sent', balance: '50.00' });
  await page.goto('/customers');
  await expect(page.getByTestId('customer-card')).toContainText('Open balance $50.00');
  await expect(page.getByTestId('customer-credit')).toHaveCount(0);

  // Paying 80.00 on the 50.00 left: refused unless the 30.00 above is kept as the customer's credit.
  await page.goto('/invoices');
  await page.getByTestId('invoice-card').filter({ hasText: second }).getByRole('button', { name: 'Record Payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record Payment' });
  await payment.getByLabel('Amount').fill('80');
  await expect(payment).toContainText('$30.00 above the balance will be kept as credit for Acme Corp');
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(payment.getByText('Payment exceeds the balance of $50.00').first()).toBeVisible();
  await payment.getByRole('checkbox').check();
  await page.screenshot({ path: '/tmp/i31-credits-overpayment-1366.png' });
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Payment recorded', { exact: true })).toBeVisible();

  await page.goto('/credit-notes');
  await expect(page.getByTestId('credit-card')).toHaveCount(2);
  const overpayment = page.getByTestId('credit-card').filter({ hasText: 'Overpayment' });
  await expect(overpayment).toContainText(`Paid above ${second}`);
  await expect(overpayment.getByTestId('credit-remaining')).toHaveText('$30.00');
  await page.screenshot({ path: '/tmp/i31-credits-list-used-1366.png' });
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('credit-card')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/i31-credits-list-375.png', fullPage: true });
});
