import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { signUp } from '../../test/factories';
import { billPayload, vendorPayload } from './payables-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
});
afterAll(async () => t.close());

async function ownerWithVendorIn(currency: string) {
  const owner = await signUp(t.app);
  await t.deps.db.update(organizations).set({ currency }).where(eq(organizations.id, owner.user.organizationId));
  const vendor = await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() });
  expect(vendor.statusCode, vendor.body).toBe(201);
  return { owner, vendorId: vendor.json<{ id: string }>().id };
}

const oneLine = (vendorId: string, price: string, tax: string, total: string) =>
  billPayload(vendorId, { subtotal: price, taxAmount: tax, totalAmount: total, items: [{ description: 'Parts', quantity: 1, unitPrice: price, totalPrice: price, taxCategory: 'S', taxRate: '8' }] });

describe("bills in the organization's currency", () => {
  it('records a JPY bill with 8% VAT on ¥1,001 as ¥1,081 and refuses yen decimals', async () => {
    const { owner, vendorId } = await ownerWithVendorIn('JPY');
    const created = await owner.request({ method: 'POST', url: '/api/bills', payload: oneLine(vendorId, '1001', '80', '1081') });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.deps.db.select().from(bills).where(eq(bills.id, created.json<{ id: string }>().id));
    expect(row).toMatchObject({ subtotal: '1001', taxAmount: '80', totalAmount: '1081' });
    const refused = await owner.request({ method: 'POST', url: '/api/bills', payload: oneLine(vendorId, '1001', '80.08', '1081.08') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ taxAmount: 'JPY amounts have no decimals' });
  });

  it('keeps the third decimal of a KWD bill, also through an edit', async () => {
    const { owner, vendorId } = await ownerWithVendorIn('KWD');
    const created = await owner.request({ method: 'POST', url: '/api/bills', payload: oneLine(vendorId, '1.235', '0.099', '1.334') });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const edited = await owner.request({ method: 'PUT', url: `/api/bills/${id}`, payload: { notes: 'Checked' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await t.deps.db.select().from(bills).where(eq(bills.id, id));
    expect(row).toMatchObject({ subtotal: '1.235', taxAmount: '0.099', totalAmount: '1.334', notes: 'Checked' });
  });
});
