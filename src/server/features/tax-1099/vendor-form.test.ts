import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, redactPaths, requestSerializer } from '../../app';
import { auditLog, documents, vendorAchSettings, vendorW9Requests, vendors } from '../../db/schema';
import { decryptSecret } from '../../platform/encryption';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, nextClientAddress, signUp } from '../../test/factories';
import { pdfText } from '../../test/pdf-layout';
import { fileStoreOf } from '../../platform/storage';
import { INVALID_LINK_MESSAGE } from './vendor-form';
import { readTin } from './tin-store';
import { W9_LINK_MS } from './w9-requests';
import { addVendor, mailedW9Token, w9Submission } from './w9-fixtures';

let t: TestApp;
let owner: SignedIn;
// Saturday 28 November 2026, 03:00 UTC: still Friday the 27th in New York.
const START = new Date('2026-11-28T03:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: START });
  owner = await signUp(t.app, { companyName: 'Bayside Bakery' });
});
afterAll(async () => t.close());

let mailboxes = 0;
/** A vendor and a mailed request; returns the vendor id and the link's token. */
async function requestW9(options: { includePayment?: boolean } = {}): Promise<{ vendorId: string; token: string; email: string }> {
  mailboxes += 1;
  const email = `vendor${mailboxes}@form.example`;
  const vendorId = await addVendor(owner, { email, name: `Harbor Design ${mailboxes}` });
  const response = await owner.request({ method: 'POST', url: `/api/vendors/${vendorId}/w9-requests`, payload: { includePayment: options.includePayment ?? false } });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { vendorId, token: mailedW9Token(t, email), email };
}

const open = (token: string, remoteAddress = nextClientAddress()) => t.app.inject({ method: 'GET', url: `/api/vendor-forms/${token}`, remoteAddress });
const submit = (token: string, payload: Record<string, unknown>, remoteAddress = nextClientAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/vendor-forms/${token}`, payload, remoteAddress });

const expectInvalidLink = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ code: 'NOT_FOUND', message: INVALID_LINK_MESSAGE });
};

describe('the public W-9 form', () => {
  it('shows nothing of the organization but its name', async () => {
    const { token } = await requestW9({ includePayment: true });
    const response = await open(token);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['expiresAt', 'includePayment', 'organizationName', 'vendorName']);
    expect(response.json()).toMatchObject({ organizationName: 'Bayside Bakery', includePayment: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('fills the vendor, keeps the generated W-9 PDF in Documents, and audits it without the TIN or account', async () => {
    const { vendorId, token } = await requestW9({ includePayment: true });
    const response = await submit(
      token,
      w9Submission({ payment: { paymentMethod: 'ach', bankName: 'Harbor Savings', routingNumber: '011000015', accountNumber: '9876543210', accountType: 'checking' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ submitted: true, organizationName: 'Bayside Bakery' });

    const [vendor] = await t.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(vendor).toMatchObject({
      legalName: 'Harbor Design LLC',
      businessName: 'Harbor Studio',
      taxClassification: 'llc',
      llcTaxClassification: 'S',
      address: '12 Wharf Street',
      city: 'Portland',
      state: 'ME',
      zipCode: '04101',
      tinType: 'ein',
      tinLast4: '4567',
      w9Source: 'form',
      w9SignedName: 'Dana Harbor',
      // The organization's day (New York), not the UTC day.
      w9SignedOn: '2026-11-27',
      form1099EmailConsentEmail: 'dana@harbor.example',
      paymentMethod: 'ach',
      bankName: 'Harbor Savings',
      routingNumber: '011000015',
      accountLast4: '3210',
    });
    expect(vendor?.w9ReceivedAt?.toISOString()).toBe(START.toISOString());
    expect(readTin(t.deps.config.encryptionKey, vendor?.tinEncrypted ?? '')).toBe('471234567');
    expect(decryptSecret(t.deps.config.encryptionKey, vendor?.accountNumberEncrypted ?? '')).toBe('9876543210');

    const [document] = await t.deps.db.select().from(documents).where(eq(documents.id, vendor?.w9DocumentId ?? ''));
    expect(document).toMatchObject({ organizationId: owner.user.organizationId, documentType: 'w9', ocrStatus: 'completed', fileType: 'application/pdf', relatedEntityType: null });
    const [request] = await t.deps.db.select().from(vendorW9Requests).where(eq(vendorW9Requests.vendorId, vendorId));
    expect(request?.documentId).toBe(document?.id);
    expect(request?.completedAt?.toISOString()).toBe(START.toISOString());
    const bytes = await fileStoreOf(t.deps).get(document?.storageKey ?? '');
    const { text } = await pdfText(bytes ?? Buffer.alloc(0));
    for (const expected of ['Form W-9', 'Harbor Design LLC', 'Harbor Studio', '12 Wharf Street', 'Portland, ME 04101', '47-1234567', 'Part II', 'Under penalties of perjury', 'Dana Harbor', '2026-11-27']) {
      expect(text).toContain(expected);
    }

    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, vendorId));
    const audit = audits.find((row) => row.action === 'vendor.w9_submitted');
    expect(audit).toMatchObject({ userId: null, details: expect.objectContaining({ tinLast4: '4567', documentId: document?.id }) });
    const auditText = JSON.stringify(audits);
    for (const secret of ['471234567', '47-1234567', '9876543210']) expect(auditText).not.toContain(secret);

    // The staff side sees the W-9 on file, the TIN masked, nowhere whole.
    const profile = await owner.request({ method: 'GET', url: `/api/vendors/${vendorId}/tax-profile` });
    expect(profile.json()).toMatchObject({ w9Source: 'form', tinMasked: '••-•••4567', w9DocumentId: document?.id, lastRequest: { status: 'completed' } });
    const vendorResponse = await owner.request({ method: 'GET', url: `/api/vendors/${vendorId}` });
    for (const body of [profile.body, vendorResponse.body, response.body]) {
      for (const secret of ['471234567', '47-1234567', '9876543210']) expect(body).not.toContain(secret);
    }
  });

  it('works once: the second submission, even from another tab, gets the same answer as an unknown link', async () => {
    const { token } = await requestW9();
    const [first, second] = await Promise.all([submit(token, w9Submission()), submit(token, w9Submission())]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 404]);
    expectInvalidLink(first.statusCode === 404 ? first : second);
    expectInvalidLink(await open(token));
    expect(await t.deps.db.select().from(documents).where(eq(documents.documentType, 'w9'))).toHaveLength(2);
  });

  it('answers an expired, a revoked and an unknown link the same way', async () => {
    const expired = await requestW9();
    const revoked = await requestW9();
    // A newer request for the same vendor withdraws the first link.
    await owner.request({ method: 'POST', url: `/api/vendors/${revoked.vendorId}/w9-requests`, payload: {} });
    const fresh = await requestW9();
    t.clock.advance(W9_LINK_MS - 1000);
    expect((await open(expired.token)).statusCode).toBe(200);
    t.clock.advance(2000);
    try {
      const answers = [];
      for (const token of [expired.token, revoked.token, 'x'.repeat(43), 'not a token at all']) {
        const read = token.includes(' ') ? await t.app.inject({ method: 'GET', url: `/api/vendor-forms/${encodeURIComponent(token)}`, remoteAddress: nextClientAddress() }) : await open(token);
        expectInvalidLink(read);
        const write = token.includes(' ') ? null : await submit(token, w9Submission());
        if (write) expectInvalidLink(write);
        answers.push(read.body);
      }
      expect(new Set(answers).size).toBe(1);
      expectInvalidLink(await submit(fresh.token, w9Submission()));
    } finally {
      t.clock.set(START);
    }
  });

  it('accepts only its own fields: an unknown field, or payment details it did not ask for, is a 400 and changes nothing', async () => {
    const { vendorId, token } = await requestW9();
    for (const payload of [
      w9Submission({ organizationId: '00000000-0000-0000-0000-000000000000' }),
      w9Submission({ vendorId }),
      w9Submission({ isAttorney: true }),
      w9Submission({}, { form1099Box: 'none' }),
      w9Submission({ payment: { paymentMethod: 'check' } }),
    ]) {
      const response = await submit(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [vendor] = await t.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(vendor?.legalName).toBeNull();
    expect((await submit(token, w9Submission())).statusCode).toBe(200);
  });

  it.each([
    [{ payment: { paymentMethod: 'ach', bankName: 'B', routingNumber: '011000016', accountNumber: '12345678' } }, {}, 'payment.routingNumber', 'Invalid routing number'],
    [{}, { tinType: 'ein', tin: '07-1234567' }, 'w9.tin', '07 is not a prefix the IRS assigns to EINs'],
    [{}, { tinType: 'ssn', tin: '000-12-3456' }, 'w9.tin', 'An SSN cannot begin with 000'],
    [{}, { tinType: 'ssn', tin: '12-345' }, 'w9.tin', 'An SSN has 9 digits (123-45-6789)'],
    [{ certify: false }, {}, 'certify', 'Certify the statements to submit the form'],
    [{ signatureName: '' }, {}, 'signatureName', 'Signature is required'],
  ])('refuses %j %j with %s: %s', async (overrides, w9, field, message) => {
    const { token } = await requestW9({ includePayment: true });
    const response = await submit(token, w9Submission(overrides, w9));
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields as Record<string, string>;
    expect(fields[field]).toBe(message);
    // A refused form leaves the link usable.
    expect((await open(token)).statusCode).toBe(200);
  });

  it('is throttled per link and per address', async () => {
    const { token } = await requestW9();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) codes.push((await open(token)).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);

    const address = nextClientAddress();
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) guesses.push((await open(`guess${attempt}`.padEnd(43, 'a'), address)).statusCode);
    expect(guesses.slice(0, 30).every((code) => code === 404)).toBe(true);
    expect(guesses.slice(30)).toEqual([429, 429]);
  });

  it('never writes the link token in the request log', async () => {
    const { token } = await requestW9();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await createApp({ ...t.deps, logger: { level: 'info', stream, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: requestSerializer } } });
    try {
      expect((await logged.inject({ method: 'GET', url: `/api/vendor-forms/${token}`, remoteAddress: nextClientAddress() })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'POST', url: `/api/vendor-forms/${token}`, payload: w9Submission(), remoteAddress: nextClientAddress() })).statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/vendor-forms/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('471234567');
  });
});

describe('the public W-9 form and ACH prenotes', () => {
  it("asks for a new prenote when the vendor's form gives another ACH account, not for the same one", async () => {
    const { vendorId, token } = await requestW9({ includePayment: true });
    await t.deps.db.insert(vendorAchSettings).values({
      vendorId,
      organizationId: owner.user.organizationId,
      prenoteStatus: 'sent',
      prenoteAccountKey: '0210000211111',
      prenoteSentOn: '2026-11-20',
    });
    const payment = { paymentMethod: 'ach', bankName: 'Harbor Savings', routingNumber: '011000015', accountNumber: '9876543210', accountType: 'checking' };
    expect((await submit(token, w9Submission({ payment }))).statusCode).toBe(200);
    const [settings] = await t.deps.db.select().from(vendorAchSettings).where(eq(vendorAchSettings.vendorId, vendorId));
    expect(settings).toMatchObject({ prenoteStatus: 'pending', prenoteAccountKey: '0110000153210', prenoteSentOn: null });
  });
});
