import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { badgeTitle } from '../src/client/lib/navigation-badges';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { addPracticeClient, signInFirm, uniqueName } from './support';

/**
 * Issue 29, item 1: after a workspace switch every screen shows the books of the workspace now
 * open. A firm and two clients get books of their own through the API; the owner then walks a
 * firm's day in the browser, switching into each client and back, and on every page that lists or
 * sums data compares what is shown with what the API answers in the workspace now open. After a
 * switch the walk moves only by the sidebar (a reload would hide a stale cache).
 */

interface Books {
  label: string;
  organizationId: string;
  /** Names and numbers found only in this workspace's books. */
  marks: string[];
}

const usd = (amount: string | number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

async function switchTo(request: APIRequestContext, organizationId: string): Promise<void> {
  const response = await request.put('/api/session/workspace', { data: { organizationId } });
  expect(response.status(), await response.text()).toBe(200);
}

async function created<T = { id: string }>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/**
 * One workspace's books, different in every figure from the others': a customer with a sent
 * invoice part paid, a vendor with a bill waiting for approval under a rule, a bank account and
 * `reports` generated reports. The session must already be in the workspace.
 */
async function fillBooks(request: APIRequestContext, label: string, ownerId: string, timeZone: string, scale: number, reports: number): Promise<string[]> {
  const tag = uniqueName(label.slice(0, 3).toUpperCase());
  const today = calendarDay(testNow(), timeZone);
  const inFiveDays = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
  const total = (100 * scale + 0.25 * scale).toFixed(2);
  const paid = (10 * scale).toFixed(2);
  const billTotal = (40 * scale + 0.5).toFixed(2);
  const marks = {
    customer: `${label} Customer ${tag}`,
    invoice: `${tag}-INV`,
    payment: `${tag}-PAY`,
    vendor: `${label} Vendor ${tag}`,
    bill: `${tag}-BILL`,
    bank: `${label} Operating ${tag}`,
    rule: `${label} rule ${tag}`,
  };
  await created(await request.post('/api/approval-workflows', { data: { name: marks.rule, triggerType: 'all', approverIds: [ownerId] } }));
  const customer = await created(await request.post('/api/customers', { data: { name: marks.customer, email: `${tag.toLowerCase()}@customer.example` } }));
  const invoice = await created(
    await request.post('/api/invoices', {
      data: {
        customerId: customer.id,
        invoiceNumber: marks.invoice,
        status: 'sent',
        issueDate: today,
        dueDate: inFiveDays,
        subtotal: total,
        taxAmount: '0',
        discountAmount: '0',
        totalAmount: total,
        items: [{ description: 'Bookkeeping', quantity: 1, unitPrice: total, totalPrice: total }],
      },
    }),
  );
  const payment = await request.post(`/api/invoices/${invoice.id}/payments`, { data: { amount: paid, paidAt: today, method: 'check', reference: marks.payment } });
  expect(payment.ok(), await payment.text()).toBeTruthy();
  const vendor = await created(await request.post('/api/vendors', { data: { name: marks.vendor, email: `${tag.toLowerCase()}@vendor.example`, paymentMethod: 'check' } }));
  await created(
    await request.post('/api/bills', {
      data: {
        vendorId: vendor.id,
        billNumber: marks.bill,
        billDate: today,
        dueDate: inFiveDays,
        subtotal: billTotal,
        taxAmount: '0',
        totalAmount: billTotal,
        items: [{ description: 'Supplies', quantity: 1, unitPrice: billTotal, totalPrice: billTotal }],
      },
    }),
  );
  await created(
    await request.post('/api/bank-accounts', {
      data: { accountName: marks.bank, accountHolderName: label, accountType: 'checking', accountNumber: `00012345${scale}`, routingNumber: '021000021' },
    }),
  );
  for (let i = 0; i < reports; i += 1) {
    const report = await request.post('/api/reports/generate', { data: { type: 'revenue_summary', period: 'last_30_days' } });
    expect(report.ok(), await report.text()).toBeTruthy();
  }
  return Object.values(marks);
}

/**
 * Makes the invoices the firm's schedules owe today now (the hub's Generate Recurring), so that
 * the minute worker does not add one while a page is being compared with the API.
 */
async function generateDueFees(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/practice/invoices/recurring');
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** GET in the page, as the app asks: the session's workspace answers. */
async function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { credentials: 'include' });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  }, url) as Promise<T>;
}

/** Exactly these cards, each found by its text (the order is the page's). */
async function expectCards(cards: Locator, texts: string[]): Promise<void> {
  await expect(cards).toHaveCount(texts.length);
  for (const text of texts) await expect(cards.filter({ hasText: text })).toHaveCount(1);
}

class Walk {
  constructor(
    readonly page: Page,
    readonly all: Books[],
  ) {}

  get main() {
    return this.page.getByRole('main');
  }

  /** Nothing of another workspace's books on the page. */
  async expectNothingOfOthers(open: Books): Promise<void> {
    for (const books of this.all) {
      if (books === open) continue;
      for (const mark of books.marks) await expect(this.main.getByText(mark), `${books.label}'s ${mark} shown in ${open.label}`).toHaveCount(0);
    }
  }

  async goTo(link: string, path: string): Promise<void> {
    await this.page.locator('#app-sidebar').getByRole('link', { name: new RegExp(`^${link}\\b`) }).click();
    await expect(this.page).toHaveURL(new RegExp(`${path}$`));
  }

  async expectOpen(open: Books): Promise<void> {
    const user = await api<{ organizationId: string }>(this.page, '/api/user');
    expect(user.organizationId, `the session is in ${open.label}`).toBe(open.organizationId);
    const banner = this.page.getByRole('status').filter({ hasText: 'You are working in' });
    if (open === this.all[0]) await expect(banner).toHaveCount(0);
    else await expect(banner).toContainText(`${open.label}'s workspace`);
  }

  async sidebarBadges(): Promise<void> {
    const counts = await api<Record<string, number>>(this.page, '/api/navigation/counts');
    const nav = this.page.locator('#app-sidebar');
    for (const badge of ['customers', 'openInvoices', 'unpaidBills', 'pendingApprovals'] as const) {
      const count = counts[badge] ?? 0;
      if (count > 0) await expect(nav.getByLabel(badgeTitle(badge, count), { exact: true })).toBeVisible();
      else await expect(nav.getByLabel(new RegExp(`^\\d+ (${badgeTitle(badge, 1).slice(2)}|${badgeTitle(badge, 2).slice(2)})$`))).toHaveCount(0);
    }
  }

  async dashboard(open: Books): Promise<void> {
    const stats = await api<Record<string, string | number>>(this.page, '/api/dashboard/stats');
    for (const [label, field] of [
      ['Total Revenue', 'totalRevenue'],
      ['Outstanding Invoices', 'outstandingInvoices'],
      ['Bills to Pay', 'billsToPay'],
      ['Processed This Month', 'processedAmount'],
    ] as const) {
      await expect(this.page.getByTestId(`stat-${label}`), `${label} in ${open.label}`).toHaveText(usd(stats[field] ?? 0));
    }
    const pending = Number(stats.invoicesPending);
    await expect(this.main.getByText(`${pending} ${pending === 1 ? 'invoice' : 'invoices'} pending`, { exact: true })).toBeVisible();
    await expect(this.main.getByText(`${stats.billsDueThisWeek} due this week`, { exact: true })).toBeVisible();
    const workflows = Number(stats.activeWorkflows);
    await expect(this.page.getByTestId('active-workflows')).toHaveText(`${workflows} active approval ${workflows === 1 ? 'workflow' : 'workflows'}`);

    const card = (title: string) => this.main.locator('[data-slot="card"]').filter({ has: this.page.getByRole('heading', { name: title }) });
    const recent = await api<{ invoiceNumber: string; totalAmount: string }[]>(this.page, '/api/invoices?limit=3&offset=0');
    await expectCards(card('Recent Invoices').getByRole('listitem'), recent.map((invoice) => invoice.invoiceNumber));
    for (const invoice of recent) await expect(card('Recent Invoices').getByRole('listitem').filter({ hasText: invoice.invoiceNumber })).toContainText(usd(invoice.totalAmount));
    const upcoming = await api<{ label: string; amount: string }[]>(this.page, '/api/payments/upcoming?limit=3&offset=0');
    await expectCards(card('Upcoming Payments').getByRole('listitem'), upcoming.map((item) => item.label));
    await this.expectNothingOfOthers(open);
  }

  /** Every page of the workspace's own books, by the sidebar, against the API; ends on the dashboard. */
  async everyPage(open: Books): Promise<void> {
    await this.expectOpen(open);
    await this.sidebarBadges();

    await this.goTo('Clients', '/customers');
    const customers = await api<{ name: string }[]>(this.page, '/api/customers');
    await expectCards(this.page.getByTestId('customer-card'), customers.map((row) => row.name));
    await this.expectNothingOfOthers(open);

    await this.goTo('Invoices', '/invoices');
    const invoices = await api<{ invoiceNumber: string; totalAmount: string }[]>(this.page, '/api/invoices');
    await expectCards(this.page.getByTestId('invoice-card'), invoices.map((row) => row.invoiceNumber));
    for (const invoice of invoices) await expect(this.page.getByTestId('invoice-card').filter({ hasText: invoice.invoiceNumber })).toContainText(usd(invoice.totalAmount));
    await this.expectNothingOfOthers(open);

    await this.goTo('Bills', '/bills');
    const bills = await api<{ billNumber: string; totalAmount: string }[]>(this.page, '/api/bills');
    await expectCards(this.page.getByTestId('bill-card'), bills.map((row) => row.billNumber));
    for (const bill of bills) await expect(this.page.getByTestId('bill-card').filter({ hasText: bill.billNumber })).toContainText(usd(bill.totalAmount));
    await this.expectNothingOfOthers(open);

    await this.goTo('Vendors', '/vendors');
    const vendors = await api<{ name: string }[]>(this.page, '/api/vendors');
    await expectCards(this.page.getByTestId('vendor-card'), vendors.map((row) => row.name));
    await this.expectNothingOfOthers(open);

    await this.goTo('Payments', '/payments');
    const payments = await api<{ reference: string | null; amount: string }[]>(this.page, '/api/payments?limit=20&offset=0');
    await expectCards(this.page.getByTestId('payment-row'), payments.map((row) => row.reference ?? ''));
    for (const payment of payments) await expect(this.page.getByTestId('payment-row').filter({ hasText: payment.reference ?? '' })).toContainText(usd(payment.amount));
    await this.expectNothingOfOthers(open);

    await this.goTo('Bank Accounts', '/bank-accounts');
    const accounts = await api<{ accountName: string }[]>(this.page, '/api/bank-accounts');
    await expectCards(this.page.getByTestId('bank-account-card'), accounts.map((row) => row.accountName));
    await this.expectNothingOfOthers(open);

    await this.goTo('Approvals', '/approvals');
    const requests = await api<{ billNumber: string; totalAmount: string }[]>(this.page, '/api/approvals/pending');
    await expect(this.page.getByTestId('approval-request')).toHaveCount(requests.length);
    for (const request of requests) {
      const row = this.page.getByTestId('approval-request').filter({ has: this.page.getByRole('checkbox', { name: `Select ${request.billNumber}` }) });
      await expect(row).toContainText(usd(request.totalAmount));
    }
    const stats = await api<{ pendingCount: number; approvedThisWeek: number; rejectedThisWeek: number; highestPendingAmount: string }>(this.page, '/api/approvals/stats');
    await expect(this.page.getByTestId('stat-Pending Requests')).toHaveText(String(stats.pendingCount));
    await expect(this.page.getByTestId('stat-Approved This Week')).toHaveText(String(stats.approvedThisWeek));
    await expect(this.page.getByTestId('stat-Rejected This Week')).toHaveText(String(stats.rejectedThisWeek));
    await expect(this.page.getByTestId('stat-Highest Pending')).toHaveText(usd(stats.highestPendingAmount));
    await this.expectNothingOfOthers(open);

    await this.goTo('Documents', '/documents');
    const documents = await api<{ fileName: string }[]>(this.page, '/api/documents');
    await expect(this.main.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
    await expectCards(this.page.getByTestId('document-card'), documents.map((row) => row.fileName));
    await this.expectNothingOfOthers(open);

    await this.goTo('Reports', '/reports');
    const reports = await api<unknown[]>(this.page, '/api/reports');
    await expect(this.main.getByRole('button', { name: /^Open .+ of / })).toHaveCount(reports.length);
    await this.expectNothingOfOthers(open);

    await this.goTo('Dashboard', '/dashboard');
    await this.dashboard(open);
  }

  /** The practice pages serve the firm in any workspace: its clients and their approvals. */
  async practice(open: Books, clients: Books[]): Promise<void> {
    await this.goTo('My Practice', '/practice');
    const portfolio = await api<{ name: string }[]>(this.page, '/api/practice/clients?filter=all&limit=20&offset=0');
    await expectCards(this.page.getByTestId('portfolio-row'), portfolio.map((row) => row.name));
    for (const client of clients) await expect(this.page.getByTestId('portfolio-row').filter({ hasText: client.label })).toHaveCount(1);
    await this.page.getByRole('link', { name: 'Approval Queue' }).click();
    await expect(this.page).toHaveURL(/\/practice\/queue$/);
    for (const client of clients) {
      const bill = client.marks.find((mark) => mark.endsWith('-BILL')) ?? '';
      await expect(this.page.getByTestId('queue-approval').filter({ hasText: bill })).toHaveCount(1);
    }
    // The Invoice Hub has no link in the app's menus: the router is moved as a link would, without a reload.
    await this.page.evaluate(() => {
      window.history.pushState(null, '', '/practice/invoices');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(this.page).toHaveURL(/\/practice\/invoices$/);
    const hub = await api<{ invoiceNumber: string }[]>(this.page, '/api/practice/invoices?status=all&offset=0&limit=10');
    await expectCards(this.page.getByTestId('hub-invoice'), hub.map((row) => row.invoiceNumber));
    await this.expectNothingOfOthers(this.all[0] ?? open);
    await this.expectOpen(open);
  }
}

async function switchInHeader(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Switch workspace: / }).click();
  await page.getByRole('listbox', { name: 'Workspaces' }).getByRole('option', { name }).click();
}

test("a firm's day: into each client and back, every page shows the books of the workspace open", async ({ page }) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { user, firmName } = await signInFirm(page.request);
  const suffix = uniqueName('');
  const alder = await addPracticeClient(page.request, `Alder Dental ${suffix}`);
  const birch = await addPracticeClient(page.request, `Birch Robotics ${suffix}`);
  const firm: Books = { label: firmName, organizationId: user.homeOrganizationId, marks: [] };
  const clientA: Books = { label: alder.name, organizationId: alder.organizationId, marks: [] };
  const clientB: Books = { label: birch.name, organizationId: birch.organizationId, marks: [] };
  firm.marks = await fillBooks(page.request, 'Harbor', user.id, user.organizationTimeZone, 3, 0);
  await switchTo(page.request, clientA.organizationId);
  clientA.marks = await fillBooks(page.request, 'Alder', user.id, user.organizationTimeZone, 5, 1);
  await switchTo(page.request, clientB.organizationId);
  clientB.marks = await fillBooks(page.request, 'Birch', user.id, user.organizationTimeZone, 7, 2);
  await switchTo(page.request, firm.organizationId);
  await generateDueFees(page.request);

  const walk = new Walk(page, [firm, clientA, clientB]);
  await page.goto('/dashboard');
  await walk.dashboard(firm);
  await walk.everyPage(firm);

  // From the firm's dashboard into client A: the dashboard is already open and must not keep the firm's figures.
  await switchInHeader(page, clientA.label);
  await expect(page.getByText(`Now working in ${clientA.label}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await walk.expectOpen(clientA);
  await walk.dashboard(clientA);
  await walk.everyPage(clientA);
  await walk.practice(clientA, [clientA, clientB]);

  // Back to the firm by the banner (lands on My Practice), then every page of the firm.
  await page.getByRole('status').filter({ hasText: 'You are working in' }).getByRole('button', { name: 'Back to My firm' }).click();
  await expect(page).toHaveURL(/\/practice$/);
  await walk.expectOpen(firm);
  await walk.practice(firm, [clientA, clientB]);
  await walk.goTo('Dashboard', '/dashboard');
  await walk.dashboard(firm);
  await walk.everyPage(firm);

  // Into client B from the firm's dashboard, and back to the firm from B's dashboard by the header.
  await switchInHeader(page, clientB.label);
  await expect(page).toHaveURL(/\/dashboard$/);
  await walk.expectOpen(clientB);
  await walk.dashboard(clientB);
  await walk.everyPage(clientB);
  await page.screenshot({ path: '/tmp/workspace-switch-client-dashboard.png', fullPage: true });

  await switchInHeader(page, 'My firm');
  await expect(page).toHaveURL(/\/dashboard$/);
  await walk.expectOpen(firm);
  await walk.dashboard(firm);
  await walk.everyPage(firm);
});

test('switching from the dashboard shows the new workspace at once, at 375 px too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { user, firmName } = await signInFirm(page.request);
  const client = await addPracticeClient(page.request, `Summit Dental ${uniqueName('s')}`);
  const firm: Books = { label: firmName, organizationId: user.homeOrganizationId, marks: await fillBooks(page.request, 'Harbor', user.id, user.organizationTimeZone, 2, 0) };
  await switchTo(page.request, client.organizationId);
  const summit: Books = { label: client.name, organizationId: client.organizationId, marks: await fillBooks(page.request, 'Summit', user.id, user.organizationTimeZone, 4, 0) };
  await switchTo(page.request, firm.organizationId);
  await generateDueFees(page.request);
  const walk = new Walk(page, [firm, summit]);

  await page.goto('/dashboard');
  await walk.dashboard(firm);
  await switchInHeader(page, summit.label);
  await walk.expectOpen(summit);
  await walk.dashboard(summit);
  await page.screenshot({ path: '/tmp/workspace-switch-375.png', fullPage: true });
  await switchInHeader(page, 'My firm');
  await walk.expectOpen(firm);
  await walk.dashboard(firm);

  // The firm's Activity log names the workspaces of each switch (not their ids).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#app-sidebar').getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByText(`From ${summit.label} to ${firmName}`, { exact: true });
  await expect(activity.first()).toBeVisible();
  await expect(page.getByText(`From ${firmName} to ${summit.label}`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(summit.organizationId)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/workspace-switch-activity-375.png', fullPage: true });
});
