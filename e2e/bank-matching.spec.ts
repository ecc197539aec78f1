import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { expect, test, testNow } from './fixtures';
import { uniqueName } from './support';

const ACCOUNT_NUMBER = '000123456789';
const axePath = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');
test.use({ bypassCSP: true }); // axe is injected as an inline script

/** Serious or critical axe violations on the page as it is now (an open dialog included). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

interface Books {
  accountId: string;
  customer: string;
  invoices: Array<{ id: string; number: string; total: string }>;
  today: string;
}

/** A workspace with a bank account, one customer and two of its invoices sent, through the API. */
async function books(request: APIRequestContext): Promise<Books> {
  const name = uniqueName('bm');
  const registered = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password: 'correct horse 1', firstName: 'Erin', lastName: 'Example' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { organizationTimeZone } = (await registered.json()) as { organizationTimeZone: string };
  const today = calendarDay(testNow(), organizationTimeZone);
  const customer = `Harbor Foods ${name}`;
  const created = await request.post('/api/customers', { data: { name: customer, email: `${name}-ap@example.com` } });
  expect(created.status(), await created.text()).toBe(201);
  const customerId = ((await created.json()) as { id: string }).id;
  const invoices: Books['invoices'] = [];
  for (const [suffix, total] of [['A', '500.00'], ['B', '750.00']] as const) {
    const number = `INV-${name}-${suffix}`;
    const invoice = await request.post('/api/invoices', {
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
        items: [{ description: 'Bookkeeping', quantity: 1, unitPrice: total, totalPrice: total }],
      },
    });
    expect(invoice.status(), await invoice.text()).toBe(201);
    invoices.push({ id: ((await invoice.json()) as { id: string }).id, number, total });
  }
  const account = await request.post('/api/bank-accounts', {
    data: {
      accountName: 'Operating',
      accountHolderName: customer,
      accountType: 'business_checking',
      accountNumber: ACCOUNT_NUMBER,
      routingNumber: '021000021',
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  return { accountId: ((await account.json()) as { id: string }).id, customer, invoices, today };
}

interface StatementLine {
  id: string;
  amount: string;
  name: string;
  memo: string;
}

/** An OFX 2.x statement of the account written here, every line on the day of `data.today`. */
function ofx(data: Books, lines: StatementLine[]): Buffer {
  const day = data.today.replaceAll('-', '');
  const transactions = lines
    .map(
      (line) =>
        `<STMTTRN><TRNTYPE>${line.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}</TRNTYPE><DTPOSTED>${day}120000</DTPOSTED><TRNAMT>${line.amount}</TRNAMT><FITID>${line.id}</FITID><NAME>${line.name}</NAME><MEMO>${line.memo}</MEMO></STMTTRN>`,
    )
    .join('\n');
  const text = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>${day}120000</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<STMTRS><CURDEF>USD</CURDEF>
<BANKACCTFROM><BANKID>021000021</BANKID><ACCTID>${ACCOUNT_NUMBER}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>${day}</DTSTART><DTEND>${day}</DTEND>
${transactions}
</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
  return Buffer.from(text);
}

/** One deposit paying both invoices (their numbers in the memo) and a bank fee. */
function statement(data: Books): Buffer {
  const numbers = data.invoices.map((invoice) => invoice.number).join(' ');
  return ofx(data, [
    { id: 'FIT-DEP-1', amount: '1250.00', name: data.customer, memo: `Payment ${numbers}` },
    { id: 'FIT-FEE-1', amount: '-15.00', name: 'MONTHLY SERVICE FEE', memo: 'Account maintenance' },
  ]);
}

async function invoiceStatuses(request: APIRequestContext, data: Books): Promise<string[]> {
  return Promise.all(
    data.invoices.map(async (invoice) => {
      const response = await request.get(`/api/invoices/${invoice.id}`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { status: string }).status;
    }),
  );
}

/** The line of the visible list (table or stacked rows) whose text has `text`. */
function lineRow(page: Page, text: string) {
  return page.getByTestId('bank-line').filter({ visible: true }).filter({ hasText: text });
}

async function acceptCombinedDeposit(page: Page, data: Books) {
  await lineRow(page, data.customer).click();
  const panel = page.getByTestId('line-panel').filter({ visible: true });
  const [first, second] = data.invoices;
  const suggestion = panel
    .getByTestId('suggestion')
    .filter({ hasText: first?.number ?? '' })
    .filter({ hasText: second?.number ?? '' })
    .first();
  await expect(suggestion).toBeVisible();
  await expect(suggestion.getByText(/\d+% match/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await suggestion.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Match lines like it automatically' })).toBeVisible();
}

// Issue 30: import a statement on the account page, accept a deposit that pays two invoices of
// one customer, undo it, accept again, make a rule of it, and exclude the bank fee.
test('imports a statement, matches a combined deposit, undoes it, makes a rule and excludes a fee', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const data = await books(page.request);

  await page.goto('/bank-accounts');
  await page.getByRole('link', { name: 'Transactions of Operating' }).click();
  await expect(page).toHaveURL(new RegExp(`/bank-accounts/${data.accountId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Operating' })).toBeVisible();
  await expect(page.getByText('No statement imported yet')).toBeVisible();

  // Import the file through the dialog in the page header.
  await page.getByRole('button', { name: 'Import statement' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import statement' });
  await importDialog.getByLabel('Statement file').setInputFiles({
    name: 'statement.ofx',
    mimeType: 'application/x-ofx',
    buffer: statement(data),
  });
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  const result = importDialog.getByTestId('statement-import-result');
  await expect(result.getByText('OFX / QFX imported')).toBeVisible();
  await expect(result.getByRole('definition').nth(0)).toHaveText('2');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(importDialog).toBeHidden();

  const unmatchedTab = page.getByRole('tab', { name: /^Unmatched/ });
  await expect(unmatchedTab).toHaveText(/Unmatched\s*2$/);
  await expect(lineRow(page, data.customer)).toContainText('+$1,250.00');
  await expect(lineRow(page, 'MONTHLY SERVICE FEE')).toContainText('−$15.00');
  await expect(page.getByText(/Last import/)).toBeVisible();
  await page.screenshot({ path: '/tmp/bank-matching-unmatched-1366.png', fullPage: true, animations: 'disabled' });

  // Accept the combined deposit: both invoices are paid.
  await acceptCombinedDeposit(page, data);
  expect(await invoiceStatuses(page.request, data)).toEqual(['paid', 'paid']);
  await expect(unmatchedTab).toHaveText(/Unmatched\s*1$/);

  // Undo it from the Matched tab: both invoices are open again.
  await page.getByRole('tab', { name: /^Matched/ }).click();
  await lineRow(page, data.customer).click();
  const matchedPanel = page.getByTestId('line-panel').filter({ visible: true });
  for (const invoice of data.invoices) await expect(matchedPanel).toContainText(invoice.number);
  await page.screenshot({ path: '/tmp/bank-matching-matched-1366.png', fullPage: true, animations: 'disabled' });
  await matchedPanel.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The line is unmatched again.', { exact: true })).toBeVisible();
  await expect.poll(() => invoiceStatuses(page.request, data)).toEqual(['sent', 'sent']);

  // Accept again, then make a rule of it in one click (and confirm its confidence).
  await unmatchedTab.click();
  await acceptCombinedDeposit(page, data);
  expect(await invoiceStatuses(page.request, data)).toEqual(['paid', 'paid']);
  await page.getByRole('button', { name: 'Create rule' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'Create rule from this match' });
  await expect(ruleDialog).toBeVisible();
  await ruleDialog.getByLabel('Minimum confidence (%)').fill('90');
  await page.screenshot({ path: '/tmp/bank-matching-rule-1366.png', animations: 'disabled' });
  await ruleDialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(ruleDialog).toBeHidden();
  const rules = await page.request.get('/api/bank-rules');
  expect(rules.status()).toBe(200);
  const ruleList = (await rules.json()) as Array<{ minConfidence: number }>;
  expect(ruleList).toHaveLength(1);
  expect(ruleList[0]?.minConfidence).toBe(90);
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByTestId('bank-rule')).toHaveCount(1);

  // Exclude the bank fee.
  await unmatchedTab.click();
  await lineRow(page, 'MONTHLY SERVICE FEE').click();
  await page.getByTestId('line-panel').filter({ visible: true }).getByRole('button', { name: 'Exclude' }).click();
  await expect(page.getByText('Line excluded', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Excluded/ })).toHaveText(/Excluded\s*1$/);
  await expect(unmatchedTab).toHaveText(/Unmatched\s*0$/);
  await page.getByRole('tab', { name: /^Excluded/ }).click();
  await expect(lineRow(page, 'MONTHLY SERVICE FEE')).toBeVisible();
  await page.screenshot({ path: '/tmp/bank-matching-excluded-1366.png', fullPage: true, animations: 'disabled' });

  // The month reconciled: the matched line is locked, and says who may still undo it.
  const reconciled = await page.request.post(`/api/bank-accounts/${data.accountId}/reconciliations`, {
    data: { throughDate: data.today, statementBalance: '1250.00' },
  });
  expect(reconciled.status(), await reconciled.text()).toBe(201);

  // The phone: stacked rows, and the line opens in a sheet.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/bank-accounts/${data.accountId}?tab=matched`);
  await expect(lineRow(page, data.customer).getByRole('img', { name: 'Reconciled: locked' })).toBeVisible();
  await lineRow(page, data.customer).click();
  const sheet = page.getByRole('dialog', { name: 'Bank line' });
  await expect(sheet.getByRole('note')).toHaveText('This line is in a reconciled period. Only an owner can undo it, and the undo is audited.');
  // The workspace's owner is signed in: the undo stays open to them.
  await expect(sheet.getByRole('button', { name: 'Undo' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/bank-matching-sheet-375.png', fullPage: true, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await page.screenshot({ path: '/tmp/bank-matching-matched-375.png', fullPage: true, animations: 'disabled' });
});

async function invoiceAmountsPaid(request: APIRequestContext, data: Books): Promise<string[]> {
  return Promise.all(
    data.invoices.map(async (invoice) => {
      const response = await request.get(`/api/invoices/${invoice.id}`);
      return ((await response.json()) as { amountPaid: string }).amountPaid;
    }),
  );
}

// A deposit with no invoice number in it, split by hand over one invoice paid in full and part of
// another; a card debit recorded as an expense; a rule written, edited and deleted by hand.
test('matches a deposit by hand across two invoices, records an expense from a debit and manages rules', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const data = await books(page.request);
  const vendorName = `Paper Depot ${uniqueName('v')}`;
  const vendor = await page.request.post('/api/vendors', { data: { name: vendorName, email: 'ap@paper.example', paymentMethod: 'check' } });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const imported = await page.request.post(`/api/bank-accounts/${data.accountId}/statements`, {
    multipart: {
      file: {
        name: 'week.ofx',
        mimeType: 'application/x-ofx',
        buffer: ofx(data, [
          { id: 'FIT-DEP-9', amount: '900.00', name: 'ACH CREDIT 88213', memo: 'Remittance' },
          { id: 'FIT-CARD-9', amount: '-42.00', name: 'CARD 4411 PAPER DEPOT', memo: 'Supplies' },
        ]),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  await page.goto(`/bank-accounts/${data.accountId}`);

  // Find and match: the running total must reach the line before Match is allowed.
  await lineRow(page, 'ACH CREDIT 88213').click();
  await page.getByTestId('line-panel').filter({ visible: true }).getByRole('button', { name: 'Find and match' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find and match' });
  const [first, second] = data.invoices;
  if (!first || !second) throw new Error('two invoices expected');
  const open = dialog.getByRole('list', { name: 'Open invoices' });
  await open.getByRole('listitem').filter({ hasText: first.number }).getByRole('checkbox').click();
  await expect(dialog.getByLabel(`Amount for ${first.number}`)).toHaveValue('500.00');
  await expect(dialog.getByTestId('match-total')).toHaveText('Chosen $500.00 of $900.00 · $400.00 left');
  await expect(dialog.getByRole('button', { name: 'Match' })).toBeDisabled();
  await open.getByRole('listitem').filter({ hasText: second.number }).getByRole('checkbox').click();
  // What is left of the line goes to the second invoice: a part payment of it.
  await expect(dialog.getByLabel(`Amount for ${second.number}`)).toHaveValue('400.00');
  await expect(dialog.getByTestId('match-total')).toHaveText('Chosen $900.00 of $900.00 · balanced');
  await dialog.getByLabel(`Amount for ${second.number}`).fill('450.00');
  await expect(dialog.getByTestId('match-total')).toHaveText('Chosen $950.00 of $900.00 · $50.00 too much');
  await expect(dialog.getByRole('button', { name: 'Match' })).toBeDisabled();
  await dialog.getByLabel(`Amount for ${second.number}`).fill('400.00');
  await page.screenshot({ path: '/tmp/bank-matching-find-1366.png', animations: 'disabled' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Match' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => invoiceAmountsPaid(page.request, data)).toEqual(['500.00', '400.00']);
  expect(await invoiceStatuses(page.request, data)).toEqual(['paid', 'sent']);

  // Create: the card debit becomes an expense of the vendor.
  await lineRow(page, 'PAPER DEPOT').click();
  await page.getByTestId('line-panel').filter({ visible: true }).getByRole('button', { name: 'Create' }).click();
  const create = page.getByRole('dialog', { name: 'Create from this line' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Choose a vendor')).toBeVisible();
  await create.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: vendorName }).click();
  await create.getByLabel('Category').fill('Office supplies');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('tab', { name: /^Matched/ })).toHaveText(/Matched\s*2$/);
  await expect(page.getByRole('tab', { name: /^Unmatched/ })).toHaveText(/Unmatched\s*0$/);

  // Rules by hand: write one, edit it, delete it.
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.getByRole('button', { name: 'New rule' }).first().click();
  const ruleDialog = page.getByRole('dialog', { name: 'New rule' });
  await ruleDialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(ruleDialog.getByText('Name is required')).toBeVisible();
  await ruleDialog.getByLabel('Name').fill('Paper Depot card');
  await ruleDialog.getByLabel('Description contains').fill('PAPER DEPOT');
  await ruleDialog.getByRole('combobox', { name: 'Then' }).click();
  await page.getByRole('option', { name: /^Categorize/ }).click();
  await ruleDialog.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: vendorName }).click();
  await ruleDialog.getByLabel('Category').fill('Office supplies');
  await ruleDialog.getByLabel('Amount to').fill('100');
  await ruleDialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(ruleDialog).toBeHidden();
  const rule = page.getByTestId('bank-rule');
  await expect(rule).toContainText('Description contains "PAPER DEPOT" · up to $100.00 · this account');
  await expect(rule).toContainText(`Categorize as ${vendorName}, Office supplies`);
  await page.screenshot({ path: '/tmp/bank-matching-rules-1366.png', fullPage: true, animations: 'disabled' });
  await rule.getByRole('button', { name: 'Edit Paper Depot card' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit rule' });
  await expect(editDialog.getByLabel('Amount to')).toHaveValue('100.00');
  await editDialog.getByLabel('Name').fill('Paper Depot cards');
  await editDialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(editDialog).toBeHidden();
  await expect(rule).toContainText('Paper Depot cards');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/bank-matching-rules-375.png', fullPage: true, animations: 'disabled' });
  await rule.getByRole('button', { name: 'Delete Paper Depot cards' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No rules yet')).toBeVisible();
  const rules = await page.request.get('/api/bank-rules');
  expect(await rules.json()).toEqual([]);
});
