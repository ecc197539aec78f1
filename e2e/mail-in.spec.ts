import { mkdirSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { expect, test } from './fixtures';
import { registerThroughUi } from './support';

const shots = '/tmp/shots-mailin';
const smtpPort = Number(process.env.E2E_INBOUND_SMTP_PORT ?? 2626);

test('the Mail-in card shows the address, takes an allowed sender, and lists a mail sent over SMTP', async ({ page }) => {
  mkdirSync(shots, { recursive: true });
  await registerThroughUi(page);
  await page.goto('/settings?tab=notifications');
  const card = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Mail-in' }) });
  const addressInput = card.getByRole('textbox', { name: 'Mail-in address' });
  await expect(addressInput).toHaveValue(/^bills\+[0-9a-f]{24}@mail\.signal-ar\.test$/);
  const address = await addressInput.inputValue();
  await expect(card.getByText('No mail received yet.')).toBeVisible();

  // A bad entry is refused with the contract's words; a good one is added.
  await card.getByLabel('Sender or @domain').fill('not an address');
  await card.getByRole('button', { name: 'Add Sender' }).click();
  await expect(card.getByText(/Enter an email address/)).toBeVisible();
  await card.getByLabel('Sender or @domain').fill('@Vendor.example');
  await card.getByRole('button', { name: 'Add Sender' }).click();
  await expect(card.getByRole('list', { name: 'Allowed senders' }).getByText('@vendor.example')).toBeVisible();

  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  const xml = '<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>INV-88</ID></Invoice>';
  await transport.sendMail({
    from: 'ap@vendor.example',
    to: address,
    subject: 'Invoice INV-88 from Vendor',
    text: 'Attached.',
    attachments: [{ filename: 'INV-88.xml', content: xml, contentType: 'application/xml' }],
  });
  await transport.sendMail({ from: 'someone@elsewhere.example', to: address, subject: 'Not allowed', text: 'Hello' });

  await page.reload();
  const mails = card.getByRole('list', { name: 'Received mails' });
  await expect(mails.getByText('Invoice INV-88 from Vendor')).toBeVisible();
  await expect(mails.getByRole('link', { name: 'INV-88.xml' })).toBeVisible();
  await expect(mails.getByText('Not allowed')).toBeVisible();
  await expect(mails.getByText('Refused')).toBeVisible();

  // A new address replaces the old one (the old one stops working: API tests).
  await card.getByRole('button', { name: 'Get a new address' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Get New Address' }).click();
  await expect(addressInput).not.toHaveValue(address);
  await expect(addressInput).toHaveValue(/^bills\+[0-9a-f]{24}@mail\.signal-ar\.test$/);

  await page.setViewportSize({ width: 1366, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${shots}/mail-in-card-1366.png` });
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/mail-in-${width}.png`, fullPage: true });
    // Nothing in the card is wider than the card (at 375 px the Late Fees card, not this one, widens the tab).
    expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  }
});
