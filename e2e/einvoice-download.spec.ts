import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { accountWithInvoice } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };
const SHOTS = '/tmp/shots-send';

test('an invoice that breaks EN 16931 rules shows the rules instead of downloading', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  // A new US business: no address, no VAT or company id, so no e-invoice can be valid yet.
  const { invoiceNumber } = await accountWithInvoice(page.request, '500.00');
  await page.setViewportSize(DESKTOP);
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await card.getByRole('button', { name: `Download e-invoice of ${invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: 'UBL (Peppol BIS Billing 3.0)' }).click();
  const dialog = page.getByRole('dialog', { name: `${invoiceNumber} cannot be sent as UBL (Peppol BIS Billing 3.0)` });
  await expect(dialog).toBeVisible();
  const rules = dialog.getByRole('list', { name: 'Rules not met' });
  await expect(rules).toContainText('BR-08 An Invoice shall contain the Seller postal address (BG-5).');
  await expect(rules).toContainText('BR-CO-26 In order for the buyer to automatically identify a supplier');
  await page.screenshot({ path: `${SHOTS}/violations-1366.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/violations-375.png`, fullPage: true });
});

test('download an invoice as UBL and as Factur-X from the invoices page', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  // A firm with an address and its VAT id as its Tax ID invoices a customer with an address.
  const name = `einv${Date.now()}`;
  const password = 'harbor-secret';
  const registered = await page.request.post('/api/accounting-firms/register', {
    data: {
      firmName: 'Harbor CPA',
      firmEmail: `${name}@harbor.example`,
      firmPhone: '+1 617 555 0100',
      firmAddress: '500 Atlantic Ave',
      firmCity: 'Boston',
      firmState: 'MA',
      firmZipCode: '02210',
      taxId: 'DE123456788',
      ownerFirstName: 'Dana',
      ownerLastName: 'Whitfield',
      ownerEmail: `${name}.owner@harbor.example`,
      ownerUsername: name,
      ownerPassword: password,
      confirmPassword: password,
      subscriptionPlan: 'professional',
      specializations: [],
      certifications: [],
      agreeToTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await page.request.post('/api/login', { data: { username: name, password } });
  expect(login.status(), await login.text()).toBe(200);
  const customer = await page.request.post('/api/customers', {
    data: { name: 'Blue Harbor Ltd', email: `ap-${Date.now()}@blueharbor.example`, address: '1 Dock St', city: 'Boston', state: 'MA', zipCode: '02110' },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const invoiceNumber = `EINV-${Date.now()}`;
  const created = await page.request.post('/api/invoices', {
    data: {
      customerId,
      invoiceNumber,
      status: 'sent',
      issueDate: '2026-11-02',
      dueDate: '2026-12-02',
      subtotal: '1200.00',
      taxAmount: '0',
      discountAmount: '0',
      totalAmount: '1200.00',
      items: [{ description: 'Year-end bookkeeping', quantity: 1, unitPrice: '1200.00', totalPrice: '1200.00' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(card).toBeVisible();
  const menu = card.getByRole('button', { name: `Download e-invoice of ${invoiceNumber}` });

  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Factur-X / ZUGFeRD PDF' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-1366.png` });
  const ublDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'UBL (Peppol BIS Billing 3.0)' }).click();
  const ubl = await ublDownload;
  expect(ubl.suggestedFilename()).toBe(`${invoiceNumber}.ubl.xml`);
  const xml = readFileSync(await ubl.path(), 'utf8');
  expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>');
  expect(xml).toContain(`<cbc:ID>${invoiceNumber}</cbc:ID>`);
  expect(xml).toContain('<cbc:PayableAmount currencyID="USD">1200.00</cbc:PayableAmount>');

  await menu.click();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Factur-X / ZUGFeRD PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const bytes = readFileSync(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.includes(Buffer.from('factur-x.xml'))).toBe(true);
  expect(bytes.includes(Buffer.from('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>'))).toBe(true);

  await page.setViewportSize(PHONE);
  await menu.click();
  await page.screenshot({ path: `${SHOTS}/menu-375.png` });
});
