import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tax1099DeliverResult, Tax1099IssueResult, Tax1099YearSummary } from '../../../shared/contracts/tax-1099';
import { auditLog, organizations, tax1099Forms } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readMails, readOutbox } from '../../test/outbox';
import { pdfText, pdfTextBoxes } from '../../test/pdf-layout';
import { addMember } from '../bills/payables-fixtures';
import { giveW9, paidBill, vendorNamed } from './tax-1099.fixtures';

/*
 * Tax year 2026 of one workspace (threshold $2,000):
 *   Rita Designs: SSN 123-45-6789, consented to an emailed 1099; ACH 2,500 -> 1099-NEC box 1 2,500.00
 *   Paul Properties: SSN 223-45-6781, no consent; 3,000 "Office rent" -> 1099-MISC box 1 3,000.00
 *   Pete Painting: no W-9; 2,500 -> needs attention, refused when issuing
 * Later a 500 wire to Rita makes her form wrong: a corrected form, version 2, 3,000.00.
 */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
const ids: Record<string, string> = {};
function id(name: string): string {
  const value = ids[name];
  if (!value) throw new Error(`no vendor ${name}`);
  return value;
}

const list = async (query = '') => {
  const response = await owner.request({ method: 'GET', url: `/api/tax/1099?year=2026${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Tax1099YearSummary>();
};
const issue = async (payload?: unknown) => {
  const response = await owner.request({ method: 'POST', url: '/api/tax/1099/issue?year=2026', ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Tax1099IssueResult>();
};
const copyOf = (vendorId: string, copy: string, as = owner) => as.request({ method: 'GET', url: `/api/tax/1099/${vendorId}/form?year=2026&copy=${copy}` });

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2027-01-20T18:00:00Z') });
  owner = await signUp(t.app, { companyName: 'Northwind Bookkeeping' });
  other = await signUp(t.app);
  await t.deps.db
    .update(organizations)
    .set({ taxId: '987654321', address: '500 Market St', city: 'San Francisco', state: 'CA', zipCode: '94105', timeZone: 'America/Los_Angeles' })
    .where(eq(organizations.id, owner.user.organizationId));
  ids.rita = await vendorNamed(t, owner, 'Rita Designs');
  await giveW9(t, id('rita'), { tin: '123-45-6789', legalName: 'Rita Q Alvarez', consentEmail: 'rita@designs.example' });
  await paidBill(t, owner, id('rita'), '2500.00', '2026-04-01T18:00:00Z');
  ids.paul = await vendorNamed(t, owner, 'Paul Properties');
  await giveW9(t, id('paul'), { tin: '223-45-6781' });
  await paidBill(t, owner, id('paul'), '3000.00', '2026-05-01T18:00:00Z', { method: 'check', category: 'Office rent' });
  ids.pete = await vendorNamed(t, owner, 'Pete Painting');
  await paidBill(t, owner, id('pete'), '2500.00', '2026-06-01T18:00:00Z');
});
afterAll(async () => t.close());

describe('the year page', () => {
  it('lists the payees with masked TINs, the counts and the threshold with its source', async () => {
    const year = await list();
    expect(year.counts).toEqual({ vendorsPaid: 3, needForm: 3, ready: 2, needsAttention: 1, missingW9: 1, exempt: 0 });
    expect(year.rows.map((r) => [r.name, r.status, r.boxes])).toEqual([
      ['Paul Properties', 'ready', { misc_1: '3000.00' }],
      ['Pete Painting', 'needs_attention', { nec_1: '2500.00' }],
      ['Rita Designs', 'ready', { nec_1: '2500.00' }],
    ]);
    expect(year.thresholdNote).toContain('$2,000');
    expect(year.thresholdNote).toContain('Public Law 119-21');
    expect(year.rows.find((r) => r.name === 'Rita Designs')?.tinMasked).toMatch(/6789$/);
    expect(JSON.stringify(year)).not.toMatch(/123-?45-?6789|tinEncrypted|boxCents/);
    expect(year.filing.status).toBe('not_started');
  });

  it('filters to the problems and pages after the computation', async () => {
    expect((await list('&filter=problems')).rows.map((r) => r.name)).toEqual(['Pete Painting']);
    const page = await list('&limit=1&offset=1');
    expect(page.rows.map((r) => r.name)).toEqual(['Pete Painting']);
    expect(page.total).toBe(3);
  });

  it('shows another workspace nothing of this one, and its vendor form as a 404', async () => {
    const response = await other.request({ method: 'GET', url: '/api/tax/1099?year=2026' });
    expect(response.json<Tax1099YearSummary>().rows).toEqual([]);
    expect((await copyOf(id('rita'), 'B', other)).statusCode).toBe(404);
    expect((await copyOf('not-a-uuid', 'B')).statusCode).toBe(404);
  });

  it('answers 409 for a form not issued yet and 400 for a bad year', async () => {
    const response = await copyOf(id('rita'), 'B');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await owner.request({ method: 'GET', url: '/api/tax/1099?year=abc' })).statusCode).toBe(400);
  });
});

describe('issuing forms', () => {
  it('issues every ready payee once, refuses the one with problems, and audits each form', async () => {
    const result = await issue();
    expect(result.issued.map((f) => [f.name, f.formType, f.version, f.corrected, f.total])).toEqual([
      ['Paul Properties', 'misc', 1, false, '3000.00'],
      ['Rita Designs', 'nec', 1, false, '2500.00'],
    ]);
    expect(result.refused).toEqual([{ vendorId: id('pete'), name: 'Pete Painting', reason: 'No W-9 on file; No TIN on file; The mailing address is incomplete' }]);
    const [stored] = await t.deps.db.select().from(tax1099Forms).where(eq(tax1099Forms.vendorId, id('rita')));
    expect(stored?.recipient).toMatchObject({ name: 'Rita Q Alvarez', secondName: 'Rita Designs', tinLast4: '6789' });
    expect(JSON.stringify(stored)).not.toContain('123456789');
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.organizationId, owner.user.organizationId), eq(auditLog.action, 'vendor.1099_issued')));
    expect(audits).toHaveLength(2);
    expect((await issue()).issued).toEqual([]);
    expect((await issue()).unchanged).toBe(2);
    expect((await list()).filing.status).toBe('in_progress');
  });

  it('lets a viewer see the year and Copy B, but not issue forms nor open a copy with the whole TIN', async () => {
    const viewer = await addMember(t.app, t.deps.db, owner.user.organizationId, { role: 'viewer' });
    expect((await viewer.request({ method: 'GET', url: '/api/tax/1099?year=2026' })).statusCode).toBe(200);
    expect((await copyOf(id('rita'), 'B', viewer)).statusCode).toBe(200);
    expect((await copyOf(id('rita'), '1', viewer)).statusCode).toBe(403);
    expect((await viewer.request({ method: 'POST', url: '/api/tax/1099/issue?year=2026' })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'POST', url: '/api/tax/1099/deliver?year=2026' })).statusCode).toBe(403);
  });

  it('prints Copy B with the TIN truncated and Copies 1 and 2 with it whole', async () => {
    const b = await copyOf(id('rita'), 'B');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(b.rawPayload)).text;
    for (const expected of ['Form 1099-NEC', '(Rev. April 2025)', '2026', 'Nonemployee compensation', '$2,500.00', 'XXX-XX-6789', '98-7654321', 'Rita Q Alvarez', 'Copy B', 'For Recipient', 'Northwind Bookkeeping']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('123-45-6789');
    for (const copy of ['1', '2', 'A']) {
      const full = (await pdfText((await copyOf(id('rita'), copy)).rawPayload)).text;
      expect(full).toContain('123-45-6789');
      expect(full).toContain(`Copy ${copy}`);
    }
    const misc = (await pdfText((await copyOf(id('paul'), 'B')).rawPayload)).text;
    expect(misc).toContain('Form 1099-MISC');
    expect(misc).toContain('Rents');
    expect(misc).toContain('$3,000.00');
    const { boxes } = await pdfTextBoxes(b.rawPayload);
    expect(boxes.filter((box) => box.text === 'X')).toEqual([]);
  });

  it('issues a corrected form after a change, marked CORRECTED', async () => {
    await paidBill(t, owner, id('rita'), '500.00', '2026-12-31T18:00:00Z', { method: 'wire' });
    expect((await list()).rows.find((r) => r.name === 'Rita Designs')?.correctionDue).toBe(true);
    const result = await issue({ vendorIds: [id('rita')] });
    expect(result.issued.map((f) => [f.formType, f.version, f.corrected, f.total])).toEqual([['nec', 2, true, '3000.00']]);
    const row = (await list()).rows.find((r) => r.name === 'Rita Designs');
    expect(row?.correctionDue).toBe(false);
    expect(row?.issued).toMatchObject({ version: 2, corrected: true });
    const b = await copyOf(id('rita'), 'B');
    expect((await pdfText(b.rawPayload)).text).toContain('$3,000.00');
    const { boxes } = await pdfTextBoxes(b.rawPayload);
    const tick = boxes.filter((box) => box.text === 'X');
    const label = boxes.find((box) => box.text.includes('CORRECTED'));
    expect(tick).toHaveLength(1);
    expect(label && tick[0] && Math.abs(label.bottom - tick[0].bottom) < 3).toBe(true);
  });
});

describe('delivering Copy B', () => {
  it('mails the payee that consented once, and lists the other for print', async () => {
    const deliver = async () => {
      const response = await owner.request({ method: 'POST', url: '/api/tax/1099/deliver?year=2026' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Tax1099DeliverResult>();
    };
    // The first attempt's mail fails: nothing is marked delivered, and a later request tries again.
    const send = t.deps.mail.send;
    t.deps.mail.send = () => Promise.reject(new Error('SMTP 451 try later'));
    try {
      expect(await deliver()).toEqual({
        emailed: 0,
        failed: [{ vendorId: id('rita'), name: 'Rita Q Alvarez', reason: 'The mail could not be sent; try again later' }],
        forPrint: 1,
        alreadyDelivered: 0,
      });
    } finally {
      t.deps.mail.send = send;
    }
    expect(readOutbox(t)).toHaveLength(0);
    expect(await deliver()).toEqual({ emailed: 1, failed: [], forPrint: 1, alreadyDelivered: 0 });
    const mails = readMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: rita@designs.example');
    expect(mails[0]).toContain('Corrected Form 1099-NEC for 2026');
    expect(mails[0]).toContain('application/pdf');
    expect(readOutbox(t).join('')).not.toContain('123-45-6789');
    expect(await deliver()).toEqual({ emailed: 0, failed: [], forPrint: 1, alreadyDelivered: 1 });
    expect(readOutbox(t)).toHaveLength(1);
    expect((await list()).rows.find((r) => r.name === 'Rita Designs')?.issued?.deliveredAt).toBeTruthy();
  });

  it('prints the undelivered Copy B forms in one PDF and marks them only when confirmed', async () => {
    const print = await owner.request({ method: 'GET', url: '/api/tax/1099/print?year=2026' });
    expect(print.statusCode).toBe(200);
    const { text, pages } = await pdfText(print.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Paul Properties');
    expect(text).toContain('XXX-XX-6781');
    expect(text).not.toContain('Rita');
    const again = await owner.request({ method: 'GET', url: '/api/tax/1099/print?year=2026' });
    expect(again.statusCode).toBe(200);
    const confirm = await owner.request({ method: 'POST', url: '/api/tax/1099/print/confirm?year=2026' });
    expect(confirm.json()).toEqual({ printed: 1 });
    expect((await owner.request({ method: 'GET', url: '/api/tax/1099/print?year=2026' })).statusCode).toBe(409);
    const [paul] = await t.deps.db.select().from(tax1099Forms).where(eq(tax1099Forms.vendorId, id('paul')));
    expect(paul).toMatchObject({ deliveryMethod: 'print' });
    expect(paul?.deliveredAt).toBeInstanceOf(Date);
  });
});
