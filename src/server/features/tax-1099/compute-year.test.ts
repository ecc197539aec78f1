import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { type PayeeComputation, type Year1099, computeYear1099, yearCounts } from './compute-year';
import { giveW9, paidBill, vendorNamed } from './tax-1099.fixtures';

/*
 * The rules of a tax year, each payee hand-computed. The organization keeps Los Angeles time
 * (UTC-8 in winter): 2025-12-31 23:30 there is 2026-01-01 07:30 UTC.
 *
 * 11 payees in 2026 (the two Smith records are one). Payee | payments (LA time unless UTC given)                       | 2025          | 2026
 * Boundary Design     | check 700 on 2025-12-31 23:30; wire 500 on 2026-01-01 00:30; | 700 NEC ready | 2000.00 NEC ready (at $2,000)
 *                     | ACH 1500 on 2026-12-31 23:00 (2027-01-01 07:00 UTC)         |               |
 * Card Consulting     | ACH 1999.99 + card 800 in 2026                              |               | 1999.99 below (card excluded)
 * Corp Supplies Inc   | C corporation, check 5000 services                          |               | exempt
 * Lawyer LLP          | C corporation, attorney, check 3000                         |               | NEC 3000 ready
 * Clinic Corp         | S corporation, 2500 "Medical services"                      |               | MISC box 6 2500 ready
 * Landlord            | 2000 "Office rent"                                          |               | MISC box 1 2000 ready
 * Songwriter          | 10.00 "Royalties"                                           |               | MISC box 2 10.00 ready
 * Jane Smith / Smith Carpentry | one SSN, 1200 each                                 |               | NEC 2400 on one form
 * No W9 Painter       | 2500, no W-9, no TIN, no address                            |               | needs attention
 * Bad TIN Plumbing    | 2500, SSN 000-12-3456                                       |               | needs attention (malformed)
 * Freight Co          | vendor box 'none', 5000                                     |               | not reportable
 * Just Under 2025     | 599.99 in 2025                                              | below         |
 * At 600              | 600.00 in 2025                                              | 600 ready     |
 */

let t: TestApp;
let owner: SignedIn;
let y2025: Year1099;
let y2026: Year1099;
const ids: Record<string, string> = {};
function id(name: string): string {
  const value = ids[name];
  if (!value) throw new Error(`no vendor ${name}`);
  return value;
}

function payee(year: Year1099, name: string): PayeeComputation {
  const found = year.payees.find((p) => p.name === name || p.alsoPaidAs.some((a) => a.name === name));
  if (!found) throw new Error(`${name} is not a payee of ${year.year}`);
  return found;
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2027-01-20T18:00:00Z') });
  owner = await signUp(t.app);
  await t.deps.db.update(organizations).set({ timeZone: 'America/Los_Angeles' }).where(eq(organizations.id, owner.user.organizationId));
  const vendor = async (name: string) => (ids[name] = await vendorNamed(t, owner, name));

  await giveW9(t, await vendor('Boundary Design'), { tin: '123-45-6789' });
  await paidBill(t, owner, id('Boundary Design'), '700.00', '2026-01-01T07:30:00Z', { method: 'check' });
  await paidBill(t, owner, id('Boundary Design'), '500.00', '2026-01-01T08:30:00Z', { method: 'wire' });
  await paidBill(t, owner, id('Boundary Design'), '1500.00', '2027-01-01T07:00:00Z', { method: 'ach' });

  await giveW9(t, await vendor('Card Consulting'), { tin: '223-45-6789' });
  await paidBill(t, owner, id('Card Consulting'), '1999.99', '2026-05-01T18:00:00Z');
  await paidBill(t, owner, id('Card Consulting'), '800.00', '2026-06-01T18:00:00Z', { method: 'card' });

  await giveW9(t, await vendor('Corp Supplies Inc'), { tinType: 'ein', tin: '12-9876543', taxClassification: 'c_corporation' });
  await paidBill(t, owner, id('Corp Supplies Inc'), '5000.00', '2026-03-01T18:00:00Z', { method: 'check' });

  await giveW9(t, await vendor('Lawyer LLP'), { tinType: 'ein', tin: '22-9876543', taxClassification: 'c_corporation', isAttorney: true });
  await paidBill(t, owner, id('Lawyer LLP'), '3000.00', '2026-03-01T18:00:00Z', { method: 'check' });

  await giveW9(t, await vendor('Clinic Corp'), { tinType: 'ein', tin: '32-9876543', taxClassification: 's_corporation' });
  await paidBill(t, owner, id('Clinic Corp'), '2500.00', '2026-04-01T18:00:00Z', { category: 'Medical services' });

  await giveW9(t, await vendor('Landlord'), { tin: '323-45-6789' });
  await paidBill(t, owner, id('Landlord'), '2000.00', '2026-04-01T18:00:00Z', { category: 'Office rent' });

  await giveW9(t, await vendor('Songwriter'), { tin: '423-45-6789' });
  await paidBill(t, owner, id('Songwriter'), '10.00', '2026-04-01T18:00:00Z', { category: 'Royalties' });

  // One SSN, two vendor records: the newer W-9 names the payee.
  await giveW9(t, await vendor('Jane Smith'), { tin: '523-45-6789', legalName: 'Jane Q Smith', receivedAt: new Date('2026-03-01T00:00:00Z') });
  await giveW9(t, await vendor('Smith Carpentry'), { tin: '523456789', receivedAt: new Date('2026-01-01T00:00:00Z') });
  await paidBill(t, owner, id('Jane Smith'), '1200.00', '2026-05-01T18:00:00Z');
  await paidBill(t, owner, id('Smith Carpentry'), '1200.00', '2026-06-01T18:00:00Z');

  await vendor('No W9 Painter');
  await paidBill(t, owner, id('No W9 Painter'), '2500.00', '2026-07-01T18:00:00Z');

  await giveW9(t, await vendor('Bad TIN Plumbing'), { tin: '000-12-3456' });
  await paidBill(t, owner, id('Bad TIN Plumbing'), '2500.00', '2026-07-01T18:00:00Z');

  await giveW9(t, await vendor('Freight Co'), { tinType: 'ein', tin: '42-9876543', form1099Box: 'none' });
  await paidBill(t, owner, id('Freight Co'), '5000.00', '2026-08-01T18:00:00Z');

  await giveW9(t, await vendor('Just Under 2025'), { tin: '623-45-6789' });
  await paidBill(t, owner, id('Just Under 2025'), '599.99', '2025-06-01T18:00:00Z');
  await giveW9(t, await vendor('At 600'), { tin: '723-45-6789' });
  await paidBill(t, owner, id('At 600'), '600.00', '2025-06-01T18:00:00Z');

  y2025 = await computeYear1099(t.deps.db, t.deps.config.encryptionKey, owner.user.organizationId, 2025);
  y2026 = await computeYear1099(t.deps.db, t.deps.config.encryptionKey, owner.user.organizationId, 2026);
});
afterAll(async () => t.close());

describe('the tax year boundary in the organization\'s time zone', () => {
  it('counts a payment made late on December 31 in Los Angeles in that year, though it is January 1 in UTC', () => {
    const p = payee(y2025, 'Boundary Design');
    expect(p.totalPaid).toBe('700.00');
    expect(p.boxes).toEqual({ nec_1: '700.00' });
    expect(p.forms).toEqual(['nec']);
  });

  it('counts the payments of 2026 from its first hour to its last in local time: 500 + 1500 reaches $2,000 exactly', () => {
    const p = payee(y2026, 'Boundary Design');
    expect(p.totalPaid).toBe('2000.00');
    expect(p.boxes).toEqual({ nec_1: '2000.00' });
    expect(p.status).toBe('ready');
  });
});

describe('which payments count', () => {
  it('leaves a card payment out (reported on 1099-K) and keeps the payee just under $2,000', () => {
    const p = payee(y2026, 'Card Consulting');
    expect(p.totalPaid).toBe('2799.99');
    expect(p.excludedPaid).toBe('800.00');
    expect(p.boxes).toEqual({ nec_1: '1999.99' });
    expect(p.forms).toEqual([]);
    expect(p.status).toBe('below_threshold');
  });

  it('reports nothing for a vendor whose default box is none', () => {
    const p = payee(y2026, 'Freight Co');
    expect(p.boxes).toEqual({});
    expect(p.status).toBe('not_reportable');
  });
});

describe('exemption', () => {
  it('exempts a corporation by its W-9', () => {
    const p = payee(y2026, 'Corp Supplies Inc');
    expect(p.exempt).toBe(true);
    expect(p.exemptReason).toBe('A corporation by its W-9');
    expect(p.forms).toEqual([]);
    expect(p.status).toBe('exempt');
  });

  it('reports an attorney corporation on 1099-NEC all the same', () => {
    const p = payee(y2026, 'Lawyer LLP');
    expect(p.exempt).toBe(true);
    expect(p.forms).toEqual(['nec']);
    expect(p.boxes).toEqual({ nec_1: '3000.00' });
    expect(p.status).toBe('ready');
  });

  it('reports medical payments to a corporation in 1099-MISC box 6', () => {
    const p = payee(y2026, 'Clinic Corp');
    expect(p.boxes).toEqual({ misc_6: '2500.00' });
    expect(p.forms).toEqual(['misc']);
    expect(p.status).toBe('ready');
  });
});

describe('boxes and thresholds', () => {
  it('puts rent by the bill category in 1099-MISC box 1, at the $2,000 of 2026', () => {
    const p = payee(y2026, 'Landlord');
    expect(p.boxes).toEqual({ misc_1: '2000.00' });
    expect(p.forms).toEqual(['misc']);
  });

  it('reports royalties from $10', () => {
    const p = payee(y2026, 'Songwriter');
    expect(p.boxes).toEqual({ misc_2: '10.00' });
    expect(p.forms).toEqual(['misc']);
  });

  it('holds $600 through 2025: 599.99 is below, 600.00 needs a form', () => {
    expect(payee(y2025, 'Just Under 2025').status).toBe('below_threshold');
    expect(payee(y2025, 'At 600').status).toBe('ready');
    expect(payee(y2025, 'At 600').forms).toEqual(['nec']);
  });

  it('counts only the year\'s payees', () => {
    expect(y2025.payees.map((p) => p.name).sort()).toEqual(['At 600', 'Boundary Design', 'Just Under 2025']);
    expect(yearCounts(y2025.payees)).toMatchObject({ vendorsPaid: 3, needForm: 2, ready: 2, needsAttention: 0 });
  });
});

describe('one payee under two names', () => {
  it('combines two vendor records with one TIN under the newer W-9 and says so', () => {
    const p = payee(y2026, 'Smith Carpentry');
    expect(p.vendorId).toBe(id('Jane Smith'));
    expect(p.legalName).toBe('Jane Q Smith');
    expect(p.alsoPaidAs).toEqual([{ vendorId: id('Smith Carpentry'), name: 'Smith Carpentry' }]);
    expect(p.boxes).toEqual({ nec_1: '2400.00' });
    expect(p.problems.map((x) => x.code)).toEqual(['paid_under_two_names']);
    expect(p.status).toBe('ready');
    expect(y2026.payees.filter((x) => x.name === 'Smith Carpentry')).toEqual([]);
  });
});

describe('problems', () => {
  it('lists a missing W-9, TIN and address with a fix each', () => {
    const p = payee(y2026, 'No W9 Painter');
    expect(p.status).toBe('needs_attention');
    expect(p.problems.map((x) => x.code)).toEqual(['missing_w9', 'missing_tin', 'missing_address']);
    for (const problem of p.problems) expect(problem.fix.length).toBeGreaterThan(10);
    expect(p.tinMasked).toBeNull();
  });

  it('lists a malformed TIN, shown by its last four only', () => {
    const p = payee(y2026, 'Bad TIN Plumbing');
    expect(p.problems.map((x) => x.code)).toEqual(['malformed_tin']);
    expect(p.problems[0]?.message).toBe('An SSN cannot begin with 000');
    expect(p.tinMasked).toMatch(/3456$/);
    expect(JSON.stringify(p.problems)).not.toContain('000123456');
  });

  it('counts the 2026 year as the page\'s cards show it', () => {
    expect(yearCounts(y2026.payees)).toEqual({
      vendorsPaid: 11,
      needForm: 8,
      ready: 6,
      needsAttention: 2,
      missingW9: 1,
      missingTin: 2,
      exempt: 1,
    });
  });
});
