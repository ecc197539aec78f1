import { expect, test } from './fixtures';
import { accountWithInvoice } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };
const SHOTS = '/tmp/shots-delivery';

// Issue 36: "Send" delivers the e-invoice in the customer's format. Needs the real writers
// (buildEinvoiceFile) and the customer's tax identity fields, both from other parts of the issue.
test('a customer who takes UBL gets the XML by email, and the card shows "Sent by email (UBL)"', async ({ page }) => {
  const { invoiceId, invoiceNumber } = await accountWithInvoice(page.request, '240.00');
  const invoice = (await (await page.request.get(`/api/invoices/${invoiceId}`)).json()) as { customerId: string };
  // The seller's tax identity (Settings > Business): Peppol BIS needs the seller's VAT id and Peppol id.
  const business = await page.request.put('/api/settings/business', {
    data: { legalName: 'Nordlicht Software GmbH', vatId: 'DE136695976', address: 'Hauptstraße 1', city: 'Berlin', zipCode: '10115', country: 'DE', electronicAddressScheme: '9930', electronicAddress: 'DE136695976', iban: 'DE89370400440532013000' },
  });
  expect(business.status(), await business.text()).toBe(200);
  // The customer's format (and tax identity) through the customer API of the identity part.
  const customer = await page.request.put(`/api/customers/${invoice.customerId}`, {
    data: { name: 'Acme Corp', legalName: 'Acme Corp BV', vatId: 'NL123456782B01', electronicAddressScheme: '0106', electronicAddress: '12345678', country: 'NL', address: 'Keizersgracht 1', city: 'Amsterdam', zipCode: '1015 CJ', einvoiceFormat: 'ubl' },
  });
  expect(customer.status(), await customer.text()).toBe(200);

  await page.setViewportSize(DESKTOP);
  await page.goto('/invoices');
  const card = page.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Invoice sent', { exact: true })).toBeVisible();
  const line = card.getByTestId('einvoice-delivery');
  await expect(line).toContainText('E-invoice');
  await expect(line).toContainText('Sent by email (UBL)');
  await page.screenshot({ path: `${SHOTS}/einvoice-sent-1366.png` });

  const deliveries = (await (await page.request.get(`/api/invoices/${invoiceId}/einvoice-deliveries`)).json()) as { channel: string; status: string; format: string }[];
  expect(deliveries[0]).toMatchObject({ channel: 'email', status: 'sent', format: 'ubl' });

  await page.setViewportSize(PHONE);
  await expect(line).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/einvoice-sent-375.png`, fullPage: true });
});
