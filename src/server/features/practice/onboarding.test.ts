import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadMessages } from '../../../shared/contracts/documents';
import type { Onboarding } from '../../../shared/contracts/onboarding';
import type { PracticeClient } from '../../../shared/contracts/practice';
import { auditLog, bankAccounts, clientDocuments, customers, documents, jobs, organizations } from '../../db/schema';
import { decryptSecret } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { ROUTING } from '../bank-accounts/bank-accounts.fixtures';
import { multipartBody } from '../documents/multipart-body';
import { pngBytes } from '../documents/test-files';
import { addMember } from '../team/team.fixtures';
import { addClient, grantClient, openWorkspace, signUpFirm } from './practice.fixtures';

let t: TestApp;
let firm: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  firm = await signUpFirm(t);
});
afterAll(async () => t.close());

const ACCOUNT_NUMBER = '987654321012';
const pdf = (text = 'W-9') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

const base = (client: PracticeClient) => `/api/practice/clients/${client.id}/onboarding`;

async function read(member: SignedIn, client: PracticeClient): Promise<Onboarding> {
  const response = await member.request({ method: 'GET', url: base(client) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Onboarding>();
}

const putStep = (member: SignedIn, client: PracticeClient, step: number, payload: Record<string, unknown>) =>
  member.request({ method: 'PUT', url: `${base(client)}/steps/${step}`, payload });

function upload(member: SignedIn, client: PracticeClient, documentType: string, file: { bytes: Buffer; fileName: string; contentType?: string }) {
  const { payload, headers } = multipartBody([
    { name: 'documentType', value: documentType },
    { name: 'file', fileName: file.fileName, contentType: file.contentType ?? 'application/pdf', bytes: file.bytes },
  ]);
  return member.request({ method: 'POST', url: `${base(client)}/steps/3/documents`, payload, headers });
}

const businessInfoStep = (overrides: Record<string, unknown> = {}) => ({
  businessInfo: {
    name: 'Bayside Bakery LLC',
    email: `${Math.random().toString(36).slice(2)}@bayside.example`,
    phone: '555-0101',
    address: '1 Harbor Way',
    city: 'Portland',
    state: 'ME',
    zipCode: '04101',
    taxId: '12-3456789',
    businessType: 'llc',
    industry: 'restaurant',
    ...overrides,
  },
  primaryContact: { name: 'Rosa Baker', email: 'rosa@bayside.example', phone: '555-0102', title: 'Owner' },
  complete: true,
});
const serviceStep = (overrides: Record<string, unknown> = {}, complete = true) => ({
  serviceSettings: {
    serviceLevel: 'premium',
    monthlyFee: '499.00',
    billingFrequency: 'quarterly',
    autoApprovalLimit: '2500',
    invoiceTemplate: 'modern',
    paymentTerms: 'net_15',
    preferredPaymentMethods: ['ach', 'wire'],
    ...overrides,
  },
  complete,
});
const bankingStep = (overrides: Record<string, unknown> = {}, complete = true) => ({
  bankingInfo: { bankName: 'Chase', accountType: 'business_checking', routingNumber: ROUTING.chase, accountNumber: ACCOUNT_NUMBER, ...overrides },
  complete,
});

async function customerRow(client: PracticeClient) {
  const [row] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
  if (!row) throw new Error('no customer row');
  return row;
}

describe('GET /api/practice/clients/{id}/onboarding', () => {
  it('answers a new client with five pending steps, step 1 prefilled from the wizard and spec defaults for step 2', async () => {
    const client = await addClient(firm, { businessName: 'Harbor Hardware', businessPhone: '555-0199' });
    const onboarding = await read(firm, client);
    expect(onboarding.workflow).toMatchObject({ currentStep: 1, totalSteps: 5, status: 'pending', startedAt: null, completedAt: null, completionPercentage: 0 });
    expect(onboarding.steps.map((step) => [step.number, step.name, step.status])).toEqual([
      [1, 'Business Information', 'pending'],
      [2, 'Service Configuration', 'pending'],
      [3, 'Document Upload', 'pending'],
      [4, 'Banking Setup', 'pending'],
      [5, 'Review & Activation', 'pending'],
    ]);
    expect(onboarding.steps[0]?.data).toMatchObject({
      businessInfo: { name: 'Harbor Hardware', email: client.email, phone: '555-0199', industry: 'restaurant', businessType: 'llc', city: '' },
      primaryContact: { name: 'Rosa Baker', email: client.contactEmail },
    });
    expect(onboarding.steps[1]?.data).toEqual({
      serviceSettings: {
        serviceLevel: 'standard',
        monthlyFee: '299.00',
        billingFrequency: 'monthly',
        autoApprovalLimit: '1000.00',
        invoiceTemplate: 'standard',
        paymentTerms: 'net_30',
        preferredPaymentMethods: ['ach', 'credit_card'],
      },
    });
    expect(onboarding.documents).toEqual({ w9Form: null, bankStatement: null, businessLicense: null, operatingAgreement: null });
    expect(onboarding.bankAccount).toBeNull();
    expect(onboarding.missing).toEqual({
      step1: 'Complete step 1: Business Information',
      step2: 'Complete step 2: Service Configuration',
      step4: 'Complete step 4: Banking Setup',
      w9Form: 'Upload the W-9 form',
      bankStatement: 'Upload a recent bank statement',
    });
  });
});

describe("step 2 keeps the client's saved terms", () => {
  it("starts from the terms chosen in the Add New Client wizard (Net 15 stays Net 15, Net 60 too), not the default Net 30", async () => {
    for (const paymentTerms of ['net_15', 'net_60'] as const) {
      const client = await addClient(firm, { paymentTerms });
      const onboarding = await read(firm, client);
      expect(onboarding.steps[1]?.data).toMatchObject({ serviceSettings: { paymentTerms, serviceLevel: 'standard', monthlyFee: '299.00', billingFrequency: 'monthly' } });
      // Saved as shown, the client keeps its terms.
      const settings = (onboarding.steps[1]?.data as { serviceSettings: Record<string, unknown> }).serviceSettings;
      const saved = await putStep(firm, client, 2, { serviceSettings: settings, complete: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await customerRow(client)).paymentTerms).toBe(paymentTerms);
    }
  });
});

describe('saving steps', () => {
  it('keeps a draft of step 2 and resumes there with what was typed; completing it applies it to the client', async () => {
    const client = await addClient(firm);
    const draft = await putStep(firm, client, 2, serviceStep({ monthlyFee: '450', autoApprovalLimit: '' }, false));
    expect(draft.statusCode, draft.body).toBe(200);

    const resumed = await read(firm, client);
    expect(resumed.workflow).toMatchObject({ currentStep: 2, status: 'in_progress' });
    expect(resumed.workflow.startedAt).toBe(t.clock.now.toISOString());
    expect(resumed.steps[1]).toMatchObject({
      status: 'in_progress',
      data: { serviceSettings: { serviceLevel: 'premium', monthlyFee: '450.00', autoApprovalLimit: '', billingFrequency: 'quarterly', preferredPaymentMethods: ['ach', 'wire'] } },
    });
    // A draft is not applied: the client still has the wizard's service level and fee.
    expect(await customerRow(client)).toMatchObject({ onboardingStatus: 'in_progress', serviceLevel: 'standard', monthlyFee: '299.00' });

    // Completing checks every rule of the step.
    const incomplete = await putStep(firm, client, 2, serviceStep({ autoApprovalLimit: '' }));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toEqual({ 'serviceSettings.autoApprovalLimit': 'Auto-approval limit is required' });

    const completed = await putStep(firm, client, 2, serviceStep({ monthlyFee: '450' }));
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<Onboarding>().workflow.currentStep).toBe(3);
    expect(completed.json<Onboarding>().steps[1]?.status).toBe('completed');
    expect(await customerRow(client)).toMatchObject({
      serviceLevel: 'premium',
      monthlyFee: '450.00',
      billingFrequency: 'quarterly',
      autoApprovalLimit: '2500.00',
      invoiceTemplate: 'modern',
      paymentTerms: 'net_15',
      preferredPaymentMethods: ['ach', 'wire'],
    });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, client.id), sql`${auditLog.action} like 'onboarding.%'`));
    expect(audits.map((row) => row.action).sort()).toEqual(['onboarding.step_completed', 'onboarding.step_saved']);
  });

  it.each([
    ['step 2 serviceLevel: platinum', 2, serviceStep({ serviceLevel: 'platinum' }), 'serviceSettings.serviceLevel', 'Choose a service level'],
    ['step 2 billingFrequency: weekly', 2, serviceStep({ billingFrequency: 'weekly' }), 'serviceSettings.billingFrequency', 'Choose a billing frequency'],
    // net_60 is accepted: the wizard offers it and step 2 keeps the client's saved terms.
    ['step 2 paymentTerms: net_90', 2, serviceStep({ paymentTerms: 'net_90' }), 'serviceSettings.paymentTerms', 'Choose payment terms'],
    ['step 2 invoiceTemplate: fancy', 2, serviceStep({ invoiceTemplate: 'fancy' }), 'serviceSettings.invoiceTemplate', 'Choose an invoice template'],
    ['step 2 preferredPaymentMethods: bitcoin', 2, serviceStep({ preferredPaymentMethods: ['bitcoin'] }), 'serviceSettings.preferredPaymentMethods.0', 'Payment methods are ach, credit_card, wire and check'],
    ['step 2 monthlyFee: lots', 2, serviceStep({ monthlyFee: 'lots' }), 'serviceSettings.monthlyFee', 'Monthly fee must be a number with at most 2 decimals'],
    ['step 1 industry: spaceships', 1, businessInfoStep({ industry: 'spaceships' }), 'businessInfo.industry', 'Industry is required'],
    ['step 1 businessType: guild', 1, businessInfoStep({ businessType: 'guild' }), 'businessInfo.businessType', 'Choose a business type'],
    ['step 1 name: B', 1, businessInfoStep({ name: 'B' }), 'businessInfo.name', 'Business name is required'],
    ['step 1 email: not-an-email', 1, businessInfoStep({ email: 'not-an-email' }), 'businessInfo.email', 'Valid email is required'],
    ['step 1 taxId: 12345', 1, businessInfoStep({ taxId: '12345' }), 'businessInfo.taxId', 'Tax ID must be an EIN (XX-XXXXXXX)'],
    ['step 4 accountType: brokerage', 4, bankingStep({ accountType: 'brokerage' }), 'bankingInfo.accountType', 'Choose an account type'],
    ['step 4 routingNumber: 123456789', 4, bankingStep({ routingNumber: '123456789' }), 'bankingInfo.routingNumber', 'Invalid routing number'],
    ['step 4 routingNumber: 12345', 4, bankingStep({ routingNumber: '12345' }), 'bankingInfo.routingNumber', 'Routing number must be 9 digits'],
    ['step 4 accountNumber: 12', 4, bankingStep({ accountNumber: '12' }), 'bankingInfo.accountNumber', 'Account number must be at least 4 digits'],
    ['step 4 bankName empty', 4, bankingStep({ bankName: '' }), 'bankingInfo.bankName', 'Bank name is required'],
  ])('refuses %s: 400 "%s: %s", changing nothing', async (_label, step, payload, field, message) => {
    const client = await addClient(firm);
    const response = await putStep(firm, client, step, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    const onboarding = await read(firm, client);
    expect(onboarding.workflow.status).toBe('pending');
    expect(await customerRow(client)).toMatchObject({ onboardingStatus: 'pending' });
  });

  it("completes step 1 onto the client's customer row and workspace, and refuses another client's email with 409", async () => {
    const client = await addClient(firm);
    const other = await addClient(firm);
    const body = businessInfoStep({ name: 'Bayside Bakery & Cafe' });
    const response = await putStep(firm, client, 1, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Onboarding>().workflow.currentStep).toBe(2);
    expect(await customerRow(client)).toMatchObject({
      name: 'Bayside Bakery & Cafe',
      email: body.businessInfo.email,
      city: 'Portland',
      taxId: '12-3456789',
      primaryContactName: 'Rosa Baker',
      primaryContactPhone: '555-0102',
    });
    const [workspace] = await t.deps.db.select().from(organizations).where(eq(organizations.id, client.organizationId ?? ''));
    expect(workspace).toMatchObject({ name: 'Bayside Bakery & Cafe', city: 'Portland' });

    const taken = await putStep(firm, client, 1, businessInfoStep({ email: other.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ 'businessInfo.email': 'A client with this business email is already in your practice' });
  });
});

describe('step 3 uploads', () => {
  it("stores the W-9 as a document of the client's workspace, not read, and the newer upload replaces the older", async () => {
    const client = await addClient(firm);
    const first = await upload(firm, client, 'w9Form', { bytes: pdf('first'), fileName: 'w9-old.pdf' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(firm, client, 'w9Form', { bytes: pngBytes(), fileName: 'w9 scan.png', contentType: 'image/png' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ documentType: 'w9Form', fileName: 'w9 scan.png', mimeType: 'image/png', fileSize: pngBytes().length });

    const onboarding = await read(firm, client);
    expect(onboarding.documents.w9Form).toMatchObject({ fileName: 'w9 scan.png', documentId: second.json().documentId });
    expect(onboarding.steps[2]?.status).toBe('in_progress');
    expect(onboarding.workflow).toMatchObject({ status: 'in_progress', currentStep: 1 });
    expect(await t.deps.db.select().from(clientDocuments).where(eq(clientDocuments.customerId, client.id))).toHaveLength(1);

    const [stored] = await t.deps.db.select().from(documents).where(eq(documents.id, second.json().documentId));
    expect(stored).toMatchObject({ organizationId: client.organizationId, documentType: 'w9', ocrStatus: 'completed', extractedData: null, userId: firm.user.id });
    const queued = await t.deps.db.select().from(jobs).where(sql`${jobs.payload}->>'documentId' = ${stored?.id ?? ''}`);
    expect(queued).toEqual([]);

    // The client's Documents list both uploads; the file is the one sent.
    await openWorkspace(firm, client.organizationId);
    const list = (await firm.request({ method: 'GET', url: '/api/documents' })).json<{ fileName: string; documentType: string }[]>();
    expect(list.map((row) => row.fileName).sort()).toEqual(['w9 scan.png', 'w9-old.pdf']);
    const file = await firm.request({ method: 'GET', url: `/api/documents/${stored?.id ?? ''}/file` });
    expect(file.rawPayload.equals(pngBytes())).toBe(true);
    await openWorkspace(firm, firm.user.homeOrganizationId);
  });

  it('refuses a fake PDF by its bytes, an oversize file with 413 and an unknown document type, storing nothing', async () => {
    const client = await addClient(firm);
    const fake = await upload(firm, client, 'w9Form', { bytes: Buffer.from('MZ an executable in disguise'), fileName: 'w9.pdf' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'VALIDATION', message: uploadMessages.invalidType });

    const header = Buffer.from('%PDF-1.7\n');
    const over = Buffer.concat([header, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - header.length, 0x20)]);
    const big = await upload(firm, client, 'bankStatement', { bytes: over, fileName: 'statement.pdf' });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: uploadMessages.tooLarge });

    const unknown = await upload(firm, client, 'passport', { bytes: pdf(), fileName: 'passport.pdf' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ documentType: 'Document type must be w9Form, bankStatement, businessLicense or operatingAgreement' });

    expect(await t.deps.db.select().from(documents).where(eq(documents.organizationId, client.organizationId ?? ''))).toEqual([]);
    expect((await read(firm, client)).workflow.status).toBe('pending');
  });

  it('completes step 3 only once the W-9 and the bank statement are in, naming each one missing', async () => {
    const client = await addClient(firm);
    const none = await putStep(firm, client, 3, { complete: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().fields).toEqual({ w9Form: 'Upload the W-9 form', bankStatement: 'Upload a recent bank statement' });

    expect((await upload(firm, client, 'w9Form', { bytes: pdf(), fileName: 'w9.pdf' })).statusCode).toBe(201);
    const one = await putStep(firm, client, 3, { complete: true });
    expect(one.statusCode).toBe(409);
    expect(one.json().fields).toEqual({ bankStatement: 'Upload a recent bank statement' });

    expect((await upload(firm, client, 'bankStatement', { bytes: pdf('statement'), fileName: 'statement.pdf' })).statusCode).toBe(201);
    expect((await read(firm, client)).steps[2]?.status).toBe('completed');
    const done = await putStep(firm, client, 3, { complete: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Onboarding>().workflow.currentStep).toBe(4);
  });
});

describe('step 4 banking', () => {
  it("creates the workspace's bank account with the number encrypted and micro-deposits sent, keeping only the last four digits", async () => {
    const client = await addClient(firm);
    const noAccount = await putStep(firm, client, 4, bankingStep({ accountNumber: '' }));
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().fields).toEqual({ 'bankingInfo.accountNumber': 'Account number is required' });

    const mailsBefore = readOutbox(t).length;
    const response = await putStep(firm, client, 4, bankingStep());
    expect(response.statusCode, response.body).toBe(200);
    const onboarding = response.json<Onboarding>();
    expect(onboarding.bankAccount).toMatchObject({ bankName: 'Chase', accountLast4: '1012', routingNumber: ROUTING.chase, verificationStatus: 'pending', needsMicroDeposits: true, isVerified: false });
    expect(onboarding.steps[3]).toMatchObject({ status: 'completed', data: { bankingInfo: { bankName: 'Chase', accountLast4: '1012', bankAccountId: onboarding.bankAccount?.id } } });
    expect(onboarding.workflow.currentStep).toBe(5);

    const [account] = await t.deps.db.select().from(bankAccounts).where(eq(bankAccounts.organizationId, client.organizationId ?? ''));
    expect(account).toMatchObject({ accountLast4: '1012', isPrimary: true, verificationStatus: 'pending', accountHolderName: client.name });
    expect(account?.accountNumberEncrypted).not.toContain(ACCOUNT_NUMBER);
    expect(decryptSecret(t.deps.config.encryptionKey, account?.accountNumberEncrypted ?? '')).toBe(ACCOUNT_NUMBER);
    expect(account?.microDepositHash).toMatch(/^[0-9a-f]{64}$/);
    const notices = readOutbox(t).slice(mailsBefore);
    expect(notices.some((mail) => mail.includes(`To: ${firm.user.email}`) && mail.includes('ending in 1012'))).toBe(true);

    // The number is nowhere but in its encrypted column: not in the step, not in an audit row.
    const everything = JSON.stringify([response.json(), await t.deps.db.select().from(auditLog)]);
    expect(everything).not.toContain(ACCOUNT_NUMBER);

    // A new number replaces the account; the same details without one keep it.
    const replaced = await putStep(firm, client, 4, bankingStep({ accountNumber: '55554444' }));
    expect(replaced.json<Onboarding>().bankAccount?.accountLast4).toBe('4444');
    const active = await t.deps.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.organizationId, client.organizationId ?? ''), eq(bankAccounts.isActive, true)));
    expect(active.map((row) => row.accountLast4)).toEqual(['4444']);
    const kept = await putStep(firm, client, 4, bankingStep({ accountNumber: undefined }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Onboarding>().bankAccount?.accountLast4).toBe('4444');
    const moved = await putStep(firm, client, 4, bankingStep({ accountNumber: undefined, routingNumber: ROUTING.wells }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ 'bankingInfo.accountNumber': 'Enter the account number again to change the bank account' });
  });
});

describe('POST /api/practice/clients/{id}/onboarding/complete', () => {
  it('refuses activation without the W-9 with its message, then completes and activates the client in one step', async () => {
    const client = await addClient(firm);
    expect((await putStep(firm, client, 1, businessInfoStep())).statusCode).toBe(200);
    expect((await putStep(firm, client, 2, serviceStep())).statusCode).toBe(200);
    expect((await upload(firm, client, 'bankStatement', { bytes: pdf(), fileName: 'statement.pdf' })).statusCode).toBe(201);
    expect((await putStep(firm, client, 4, bankingStep())).statusCode).toBe(200);

    const refused = await firm.request({ method: 'POST', url: `${base(client)}/complete` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: 'Onboarding cannot be completed yet: Upload the W-9 form', fields: { w9Form: 'Upload the W-9 form' } });
    expect(await customerRow(client)).toMatchObject({ onboardingStatus: 'in_progress', activatedAt: null });

    expect((await upload(firm, client, 'w9Form', { bytes: pdf(), fileName: 'w9.pdf' })).statusCode).toBe(201);
    const completed = await firm.request({ method: 'POST', url: `${base(client)}/complete` });
    expect(completed.statusCode, completed.body).toBe(200);
    const onboarding = completed.json<Onboarding>();
    expect(onboarding.workflow).toMatchObject({ status: 'completed', completedAt: t.clock.now.toISOString(), completionPercentage: 100, currentStep: 5 });
    expect(onboarding.steps.every((step) => step.number === 3 || step.status === 'completed')).toBe(true);
    expect(onboarding.missing).toEqual({});
    expect(await customerRow(client)).toMatchObject({ onboardingStatus: 'completed', activatedAt: t.clock.now });
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'onboarding.completed')));
    expect(audit).toMatchObject({ organizationId: firm.user.homeOrganizationId, userId: firm.user.id });

    const again = await firm.request({ method: 'POST', url: `${base(client)}/complete` });
    expect(again.statusCode).toBe(409);
    const edit = await putStep(firm, client, 2, serviceStep());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This client has already been onboarded');
  });

  it('names every missing item of a client nobody has started on', async () => {
    const client = await addClient(firm);
    const refused = await firm.request({ method: 'POST', url: `${base(client)}/complete` });
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json().fields).sort()).toEqual(['bankStatement', 'step1', 'step2', 'step4', 'w9Form']);
  });
});

describe('who may onboard a client', () => {
  it("answers 404 for another firm's client on every route, and changes nothing", async () => {
    const other = await signUpFirm(t);
    const theirs = await addClient(other);
    const attempts = [
      await firm.request({ method: 'GET', url: base(theirs) }),
      await putStep(firm, theirs, 2, serviceStep()),
      await putStep(firm, theirs, 4, bankingStep()),
      await upload(firm, theirs, 'w9Form', { bytes: pdf(), fileName: 'w9.pdf' }),
      await firm.request({ method: 'POST', url: `${base(theirs)}/complete` }),
      await firm.request({ method: 'GET', url: '/api/practice/clients/not-a-uuid/onboarding' }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await read(other, theirs)).workflow.status).toBe('pending');
    expect(await t.deps.db.select().from(bankAccounts).where(eq(bankAccounts.organizationId, theirs.organizationId ?? ''))).toEqual([]);
  });

  it('lets an accountant onboard the clients granted to them and answers 404 for the others', async () => {
    const accountant = await addMember(t, firm, 'accountant');
    const granted = await addClient(firm);
    const hidden = await addClient(firm);
    await grantClient(t, firm, accountant, granted);

    expect((await accountant.request({ method: 'GET', url: base(hidden) })).statusCode).toBe(404);
    expect((await putStep(accountant, hidden, 2, serviceStep())).statusCode).toBe(404);
    expect((await putStep(accountant, granted, 2, serviceStep())).statusCode).toBe(200);
    expect((await putStep(accountant, granted, 4, bankingStep())).statusCode).toBe(200);

    const list = await accountant.request({ method: 'GET', url: '/api/practice/onboarding/clients' });
    expect(list.json().map((row: { id: string }) => row.id)).toEqual([granted.id]);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('lets an approver granted a client read its onboarding but not change it', async () => {
    const approver = await addMember(t, firm, 'approver');
    const client = await addClient(firm);
    await grantClient(t, firm, approver, client, 'approver');
    expect((await approver.request({ method: 'GET', url: base(client) })).statusCode).toBe(200);
    const refused = await putStep(approver, client, 2, serviceStep());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to onboard this client');
    const upload403 = await upload(approver, client, 'w9Form', { bytes: pdf(), fileName: 'w9.pdf' });
    expect(upload403.statusCode).toBe(403);
  });

  it('refuses a business user with 403', async () => {
    const business = await signUp(t.app);
    const client = await addClient(firm);
    const responses = [
      await business.request({ method: 'GET', url: base(client) }),
      await business.request({ method: 'GET', url: '/api/practice/onboarding/clients' }),
      await putStep(business, client, 1, businessInfoStep()),
      await business.request({ method: 'POST', url: `${base(client)}/complete` }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
  });
});

describe('GET /api/practice/onboarding/clients', () => {
  it('lists the clients still onboarding, newest first, paginated, without the completed ones', async () => {
    const own = await signUpFirm(t);
    const first = await addClient(own, { businessName: 'First Farm' });
    t.clock.advance(1000);
    const second = await addClient(own, { businessName: 'Second Studio' });
    await putStep(own, second, 2, serviceStep({}, false));
    const finished = await addClient(own, { businessName: 'Finished Foods' });
    await t.deps.db.update(customers).set({ onboardingStatus: 'completed' }).where(eq(customers.id, finished.id));

    const page = await own.request({ method: 'GET', url: '/api/practice/onboarding/clients?limit=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json()).toEqual([expect.objectContaining({ id: second.id, name: 'Second Studio', onboardingStatus: 'in_progress', currentStep: 2, completionPercentage: 20 })]);
    const next = (await own.request({ method: 'GET', url: '/api/practice/onboarding/clients?limit=1&offset=1' })).json();
    expect(next).toEqual([expect.objectContaining({ id: first.id, onboardingStatus: 'pending', currentStep: 1, startedAt: null })]);
  });
});
