import { crc32, deflateSync } from 'node:zlib';
import { type Page, expect, test } from '@playwright/test';
import { invoicePdf } from '../src/server/features/documents/test-files';
import { addPracticeClient as addClient, signInFirm } from './support';

/** A real 2x2 PNG (signature, IHDR, IDAT, IEND), built here rather than checked in. */
function smallPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.from([0, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 });

async function completeStep(page: Page, step: number): Promise<void> {
  await page.getByRole('button', { name: 'Complete Step & Continue' }).click();
  await expect(page.getByText('Step Complete', { exact: true })).toBeVisible();
  await expect(page.getByText(`Step ${step} completed successfully.`, { exact: true })).toBeVisible();
}

test('onboard a client through all five steps with two uploads and the bank account, and activate it', async ({ page }) => {
  await signInFirm(page.request);
  const client = await addClient(page.request, 'Bayside Bakery', { paymentTerms: 'net_15' });
  const feeSchedules = async () =>
    ((await (await page.request.get(`/api/recurring-invoices?customerId=${client.id}`)).json()) as { kind: string; frequency: string; totalAmount: string; paymentTerms: string; status: string }[]).filter(
      (schedule) => schedule.kind === 'practice_fee',
    );
  // Nothing is billed while the client is pending.
  expect(await feeSchedules()).toEqual([]);

  await page.goto('/practice/onboard-client');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Onboarding' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Bayside Bakery' });
  await expect(row).toContainText('Step 1 of 5');
  await expect(row).toContainText('Pending');
  await page.screenshot({ path: '/tmp/onboarding-picker.png', fullPage: true });
  await page.getByRole('link', { name: 'Start Onboarding for Bayside Bakery' }).click();
  await expect(page).toHaveURL(new RegExp(`clientId=${client.id}`));

  // Step 1: prefilled from the wizard.
  await expect(stepHeading(page)).toHaveText('Business Information');
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByText('20% Complete')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByLabel('Business name')).toHaveValue('Bayside Bakery');
  await expect(page.getByLabel('Contact name')).toHaveValue('Rosa Baker');
  await page.getByLabel('Tax ID (EIN)').fill('12-345');
  await page.getByRole('button', { name: 'Complete Step & Continue' }).click();
  await expect(page.getByText('Tax ID must be an EIN (XX-XXXXXXX)')).toBeVisible();
  await page.getByLabel('Tax ID (EIN)').fill('12-3456789');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('ME');
  await page.getByLabel('Contact title').fill('Owner');
  await page.screenshot({ path: '/tmp/onboarding-step1.png', fullPage: true });
  await completeStep(page, 1);

  // Step 2: choosing a level sets the fee; the quarterly discount is applied to the billed fee.
  await expect(stepHeading(page)).toHaveText('Service Configuration');
  await expect(page.getByText('40% Complete')).toBeVisible();
  await expect(page.getByLabel('Monthly fee')).toHaveValue('299.00');
  // The terms chosen in the Add New Client wizard, not the default Net 30.
  await expect(page.getByRole('combobox', { name: 'Payment terms' })).toHaveText('Net 15');
  await page.getByText('Premium', { exact: true }).click();
  await expect(page.getByLabel('Monthly fee')).toHaveValue('499.00');
  await page.getByLabel('Billing frequency').click();
  await page.getByRole('option', { name: 'Quarterly (5% discount)' }).click();
  await expect(page.getByTestId('billed-fee')).toHaveText('Billed $1,422.15 per quarter (3 months at $499.00, less 5% discount of $74.85)');
  await page.getByRole('checkbox', { name: 'Wire Transfer' }).click();
  await page.screenshot({ path: '/tmp/onboarding-step2.png', fullPage: true });
  await completeStep(page, 2);

  // Step 3: completing without the required documents names each one.
  await expect(stepHeading(page)).toHaveText('Document Upload');
  await expect(page.getByTestId('client-document-w9Form')).toContainText('Required');
  await expect(page.getByTestId('client-document-businessLicense')).toContainText('Optional');
  await page.getByRole('button', { name: 'Complete Step & Continue' }).click();
  await expect(page.getByTestId('client-document-w9Form').getByRole('alert')).toHaveText('Upload the W-9 form');
  await expect(page.getByTestId('client-document-bankStatement').getByRole('alert')).toHaveText('Upload a recent bank statement');
  await page.getByTestId('client-document-input-w9Form').setInputFiles({ name: 'w9-signed.png', mimeType: 'image/png', buffer: smallPng() });
  await expect(page.getByTestId('client-document-w9Form')).toContainText('Uploaded: w9-signed.png');
  await page.getByTestId('client-document-input-bankStatement').setInputFiles({ name: 'statement-october.pdf', mimeType: 'application/pdf', buffer: await invoicePdf() });
  await expect(page.getByTestId('client-document-bankStatement')).toContainText('Uploaded: statement-october.pdf');
  await page.screenshot({ path: '/tmp/onboarding-step3.png', fullPage: true });
  await completeStep(page, 3);

  // Step 4: the account number is masked and creates the client's bank account.
  await expect(stepHeading(page)).toHaveText('Banking Setup');
  await expect(page.getByText('micro-deposit verification typically takes 1-2 business days')).toBeVisible();
  await expect(page.getByLabel('Routing number')).toHaveAttribute('placeholder', '123456789');
  await expect(page.getByLabel('Account number')).toHaveAttribute('type', 'password');
  await page.getByLabel('Bank name').fill('Chase');
  await page.getByLabel('Routing number').fill('021000022');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByRole('button', { name: 'Complete Step & Continue' }).click();
  await expect(page.getByText('Invalid routing number')).toBeVisible();
  await page.getByLabel('Routing number').fill('021000021');
  await page.screenshot({ path: '/tmp/onboarding-step4.png', fullPage: true });
  await completeStep(page, 4);

  // Step 5: the review, then activation.
  await expect(stepHeading(page)).toHaveText('Review & Activation');
  await expect(page.getByText('100% Complete')).toBeVisible();
  await expect(page.getByText('Premium', { exact: true })).toBeVisible();
  await expect(page.getByText('Business Checking •••• 6789')).toBeVisible();
  await expect(page.getByText('statement-october.pdf')).toBeVisible();
  await expect(page.getByText('Everything required is in place.', { exact: false })).toBeVisible();
  await page.screenshot({ path: '/tmp/onboarding-step5.png', fullPage: true });
  await page.getByRole('button', { name: 'Complete Onboarding & Activate Client' }).click();
  await expect(page.getByText('Onboarding Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('Client has been successfully onboarded and activated.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/practice$/);
  // Billed from activation, by what step 2 saved: 3 x $499.00 less 5%, on the client's Net 15.
  expect(await feeSchedules()).toEqual([expect.objectContaining({ frequency: 'quarterly', totalAmount: '1422.15', paymentTerms: 'Net 15', status: 'active' })]);

  const onboarding = (await (await page.request.get(`/api/practice/clients/${client.id}/onboarding`)).json()) as {
    workflow: { status: string };
    bankAccount: { accountLast4: string; verificationStatus: string };
    documents: { w9Form: { fileName: string } };
  };
  expect(onboarding.workflow.status).toBe('completed');
  expect(onboarding.bankAccount).toMatchObject({ accountLast4: '6789', verificationStatus: 'pending' });
  expect(onboarding.documents.w9Form.fileName).toBe('w9-signed.png');

  // Inside the client's workspace the documents are in its Documents, stored without being read.
  const switched = await page.request.put('/api/session/workspace', { data: { organizationId: client.organizationId } });
  expect(switched.status(), await switched.text()).toBe(200);
  await page.goto('/documents');
  const statement = page.getByTestId('document-card').filter({ hasText: 'statement-october.pdf' });
  await expect(statement).toContainText('Bank Statement');
  await expect(statement.getByTestId('ocr-status')).toHaveText('Stored');
  await expect(statement.getByRole('button', { name: 'Create Bill' })).toHaveCount(0);
  await expect(page.getByTestId('document-card').filter({ hasText: 'w9-signed.png' })).toContainText('W-9 Form');
  await page.screenshot({ path: '/tmp/onboarding-client-documents.png', fullPage: true });
});

test("leaving at step 3 and coming back opens step 3 with step 2's data kept, and a draft is kept where it was typed", async ({ page }) => {
  await signInFirm(page.request);
  const client = await addClient(page.request, 'Granite Gardens');

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/practice/onboard-client?clientId=${client.id}`);
  await completeStep(page, 1);
  await page.getByText('Enterprise', { exact: true }).click();
  await page.getByLabel('Monthly fee').fill('950');
  await page.getByLabel('Billing frequency').click();
  await page.getByRole('option', { name: 'Annually (10% discount)' }).click();
  await completeStep(page, 2);
  await expect(stepHeading(page)).toHaveText('Document Upload');

  await page.getByRole('button', { name: 'Back to Practice Dashboard' }).click();
  await expect(page).toHaveURL(/\/practice$/);
  await page.goto('/practice/onboard-client');
  const row = page.getByRole('listitem').filter({ hasText: 'Granite Gardens' });
  await expect(row).toContainText('Step 3 of 5');
  await expect(row).toContainText('In progress');
  await page.getByRole('link', { name: 'Continue Onboarding for Granite Gardens' }).click();
  await expect(stepHeading(page)).toHaveText('Document Upload');
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await page.screenshot({ path: '/tmp/onboarding-step3-mobile.png', fullPage: true });

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(stepHeading(page)).toHaveText('Service Configuration');
  await expect(page.getByRole('radio', { name: /Enterprise/ })).toBeChecked();
  await expect(page.getByLabel('Monthly fee')).toHaveValue('950.00');
  await expect(page.getByLabel('Billing frequency')).toHaveText('Annually (10% discount)');
  await expect(page.getByTestId('billed-fee')).toContainText('Billed $10,260.00 per year');

  // A change left without completing the step is kept as a draft, and the workflow resumes on it.
  await page.getByLabel('Auto-approval limit').fill('5000');
  await page.getByRole('button', { name: 'Back to Practice Dashboard' }).click();
  await expect(page).toHaveURL(/\/practice$/);
  await page.goto(`/practice/onboard-client?clientId=${client.id}`);
  await expect(stepHeading(page)).toHaveText('Service Configuration');
  await expect(page.getByLabel('Auto-approval limit')).toHaveValue('5000.00');
  await expect(page.getByLabel('Monthly fee')).toHaveValue('950.00');
  await page.screenshot({ path: '/tmp/onboarding-resumed.png', fullPage: true });
});

test('activation refused by the server lists each missing item; an unknown client shows "Client not found"', async ({ page }) => {
  await signInFirm(page.request);
  const client = await addClient(page.request, 'Summit Supplies');
  const base = `/api/practice/clients/${client.id}/onboarding`;
  const putStep = async (step: number, data: Record<string, unknown>) => {
    const response = await page.request.put(`${base}/steps/${step}`, { data: { ...data, complete: true } });
    expect(response.status(), await response.text()).toBe(200);
  };
  const saved = (await (await page.request.get(base)).json()) as { steps: { data: Record<string, unknown> }[] };
  await putStep(1, saved.steps[0]?.data ?? {});
  await putStep(2, saved.steps[1]?.data ?? {});
  const statement = await page.request.post(`${base}/steps/3/documents`, {
    multipart: { documentType: 'bankStatement', file: { name: 'statement.pdf', mimeType: 'application/pdf', buffer: await invoicePdf() } },
  });
  expect(statement.status(), await statement.text()).toBe(201);
  await putStep(4, { bankingInfo: { bankName: 'Wells Fargo', accountType: 'business_savings', routingNumber: '121000248', accountNumber: '44445555' } });

  // The workflow resumes on the review; the W-9 is still missing.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/practice/onboard-client?clientId=${client.id}`);
  await expect(stepHeading(page)).toHaveText('Review & Activation');
  await expect(page.getByTestId('activation-missing')).toContainText('Upload the W-9 form');
  await page.getByRole('button', { name: 'Complete Onboarding & Activate Client' }).click();
  await expect(page.getByText('Onboarding cannot be completed yet: Upload the W-9 form', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Before this client can be activated' })).toContainText('Upload the W-9 form');
  await expect(page).toHaveURL(/clientId=/);
  await page.screenshot({ path: '/tmp/onboarding-refused-mobile.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/practice/onboard-client?clientId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Client not found')).toBeVisible();
});

test('a firm with no client in onboarding is offered Add New Client', async ({ page }) => {
  await signInFirm(page.request);
  await page.goto('/practice/onboard-client');
  await expect(page.getByText('No clients are onboarding')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Add New Client' }).first()).toHaveAttribute('href', '/practice/add-client');
  await page.screenshot({ path: '/tmp/onboarding-empty.png', fullPage: true });
});
