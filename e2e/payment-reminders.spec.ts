import type { APIRequestContext } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { readOutbox, uniqueName } from './support';

/** An owner with a sent invoice that fell due 7 days before the organization's today. */
async function ownerWithOverdueInvoice(request: APIRequestContext) {
  const name = uniqueName('rm');
  const registered = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example' },
  });
  expect(registered.status()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const dueDate = format(addDays(parseISO(today), -7), 'yyyy-MM-dd');
  const customer = await request.post('/api/customers', { data: { name: 'Harbor Bakery', email: `${name}-billing@example.com` } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoiceNumber = `INV-${name}`;
  const invoice = await request.post('/api/invoices', {
    data: {
      customerId,
      invoiceNumber,
      status: 'sent',
      issueDate: format(addDays(parseISO(today), -37), 'yyyy-MM-dd'),
      dueDate,
      subtotal: '240.00',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '240.00',
      items: [{ description: 'Payroll, October', quantity: 1, unitPrice: '240.00', totalPrice: '240.00' }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return { invoiceNumber, billingEmail: `${name}-billing@example.com` };
}

test('a 7-days-overdue invoice gets one reminder, shown on its card and on the dashboard', async ({ page }) => {
  const { invoiceNumber, billingEmail } = await ownerWithOverdueInvoice(page.request);
  const run = await page.request.post('/api/invoice-reminders/run');
  expect(run.status(), await run.text()).toBe(200);
  expect(await run.json()).toEqual({ claimed: 1, sent: 1, failed: 0 });
  const again = await page.request.post('/api/invoice-reminders/run');
  expect(await again.json()).toEqual({ claimed: 0, sent: 0, failed: 0 });
  const mails = (await readOutbox(page)).filter((mail) => mail.includes(billingEmail));
  expect(mails).toHaveLength(1);
  expect(mails[0]).toContain(`Reminder: invoice ${invoiceNumber}`);

  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(card.getByText('overdue', { exact: false }).first()).toBeVisible();
  await expect(card.getByTestId('reminder-badge')).toHaveText(/^Reminder sent 7 days overdue, [A-Z][a-z]{2} \d{1,2}$/);
  await page.screenshot({ path: '/tmp/reminders-invoice-card.png', fullPage: true });

  await page.goto('/dashboard');
  await expect(page.getByTestId('reminders-sent-this-month')).toHaveText('1 auto reminder sent this month');
  await expect(page.getByTestId('active-recurring-schedules')).toHaveText('0 active recurring schedules');
  await expect(page.getByTestId('recurring-invoices-this-month')).toHaveText('0 invoices generated this month');
  await page.getByRole('heading', { name: 'Automation Insights' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/reminders-dashboard.png', fullPage: true });
});

test('Settings > Notifications turns reminders off and chooses the days', async ({ page }) => {
  await ownerWithOverdueInvoice(page.request);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Reminders' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Automatic Payment Reminders' });
  await expect(toggle).toBeChecked();
  await expect(page.getByText('On: 7, 14 and 30 days after the due date.')).toBeVisible();

  const days = page.getByLabel('Reminder days');
  await days.fill('5, 0');
  await page.getByRole('button', { name: 'Save Days' }).click();
  await expect(page.getByText('Reminder days must be at least 1')).toBeVisible();
  await days.fill('10, 3');
  await page.getByRole('button', { name: 'Save Days' }).click();
  await expect(page.getByText('Reminder days saved', { exact: true })).toBeVisible();
  await expect(page.getByText('On: 3 and 10 days after the due date.')).toBeVisible();
  await expect(days).toHaveValue('3, 10');
  await page.screenshot({ path: '/tmp/reminders-settings-on.png', fullPage: true });

  await toggle.click();
  await expect(page.getByText('Payment reminders off', { exact: true })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(days).toBeHidden();
  const stored = await page.request.get('/api/automation-settings');
  expect(await stored.json()).toMatchObject({ sendReminders: false, reminderDays: [3, 10] });
  const run = await page.request.post('/api/invoice-reminders/run');
  expect(await run.json()).toEqual({ claimed: 0, sent: 0, failed: 0 });
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Automatic Payment Reminders' })).not.toBeChecked();
  await page.screenshot({ path: '/tmp/reminders-settings-off.png', fullPage: true });
});
