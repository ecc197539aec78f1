import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billItems, bills, payments } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { billOf, billPayload, vendorPayload } from './payables-fixtures';
import { countUnpaidBills, findBillPageJson, findBills, toBillDto } from './bills.queries';
import { assertBillPayable, createBill } from './bills.service';

let t: TestApp;
let owner: SignedIn;
let vendorId: string;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  owner = await signUp(t.app);
  vendorId = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Acme Paper' }) })).json().id;
});
afterAll(async () => t.close());

const post = (payload: Record<string, unknown>, who = owner) => who.request({ method: 'POST', url: '/api/bills', payload });

describe('recording a bill', () => {
  it('stores the bill with its items and the server’s own totals, received by default', async () => {
    const response = await post(
      billPayload(vendorId, {
        subtotal: '37.50',
        taxAmount: '3.00',
        totalAmount: '40.50',
        items: [
          { description: 'Toner', quantity: 1.5, unitPrice: '15.00', totalPrice: '22.50' },
          { description: 'Paper', quantity: 3, unitPrice: '5.00', totalPrice: '15.00' },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const bill = response.json();
    expect(bill).toMatchObject({
      status: 'received',
      subtotal: '37.50',
      taxAmount: '3.00',
      totalAmount: '40.50',
      approvalStatus: 'not_required',
      payable: true,
      vendor: { id: vendorId, name: 'Acme Paper' },
    });
    expect(bill.items.map((item: { quantity: string }) => item.quantity)).toEqual(['1.5', '3']);
    const rows = await t.deps.db.select().from(billItems).where(eq(billItems.billId, bill.id));
    expect(rows).toHaveLength(2);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, bill.id));
    expect(audits.map((row) => row.action)).toEqual(['bill.created']);
  });

  it.each([
    [{ items: [] }, 'items', 'At least one item is required'],
    [{ items: [{ description: '', quantity: 1, unitPrice: '100.00', totalPrice: '100.00' }] }, 'items.0.description', 'Description is required'],
    [{ items: [{ description: 'x', quantity: 1, unitPrice: '100.00' }] }, 'items.0.totalPrice', 'Total price is required'],
    [{ totalAmount: '90.00' }, 'totalAmount', 'Total must equal subtotal plus tax'],
    [{ subtotal: '99.00' }, 'subtotal', 'Subtotal must equal the sum of the item totals'],
    [{ billNumber: '' }, 'billNumber', 'Bill number is required'],
    [{ vendorId: '' }, 'vendorId', 'Vendor is required'],
    [{ dueDate: '2026-10-01' }, 'dueDate', 'Due date cannot be before the bill date'],
    [{ billDate: 'yesterday' }, 'billDate', 'Invalid date'],
    [{ attachmentUrl: 'javascript:alert(1)' }, 'attachmentUrl', 'Attachment URL must be an http or https link'],
    [{ status: 'scheduled' }, 'status', 'Use Pay to schedule a payment for this bill'],
  ])('refuses %j with the message for %s', async (override, field, message) => {
    const response = await post(billPayload(vendorId, override));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses a second bill with the same number from the same vendor with a 409', async () => {
    await post(billPayload(vendorId, { billNumber: 'INV-777' }));
    const again = await post(billPayload(vendorId, { billNumber: 'INV-777' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.billNumber).toBe('This vendor already has a bill with that number');
    const other = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    expect((await post(billPayload(other.id, { billNumber: 'INV-777' }))).statusCode).toBe(201);
  });

  it('refuses another organization’s vendor or document', async () => {
    const stranger = await signUp(t.app);
    const response = await post(billPayload(vendorId), stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Vendor not found');
    const document = await post(billPayload(vendorId, { documentId: '3f1c3b6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }));
    expect(document.statusCode).toBe(404);
    expect(document.json().message).toBe('Document not found');
  });

  it('refuses a new bill for an inactive vendor but keeps existing ones editable', async () => {
    const vendor = (await owner.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload() })).json();
    const bill = (await post(billPayload(vendor.id))).json();
    await owner.request({ method: 'PUT', url: `/api/vendors/${vendor.id}`, payload: vendorPayload({ name: vendor.name, isActive: false }) });
    const refused = await post(billPayload(vendor.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.vendorId).toBe('This vendor is inactive');
    const edited = await owner.request({ method: 'PUT', url: `/api/bills/${bill.id}`, payload: billPayload(vendor.id, { billNumber: bill.billNumber, notes: 'still fine' }) });
    expect(edited.statusCode).toBe(200);
  });

  it('can be created by other features through createBill', async () => {
    const bill = await createBill(t.deps.db, { organizationId: owner.user.organizationId, userId: owner.user.id }, {
      vendorId,
      billNumber: 'DOC-1',
      status: 'received',
      billDate: '2026-11-01',
      dueDate: '2026-11-30',
      subtotal: 1000,
      taxAmount: 0,
      totalAmount: 1000,
      notes: 'Auto-generated from scan.pdf',
      attachmentUrl: null,
      documentId: null,
      scheduledPaymentDate: null,
      items: [{ description: 'Scan', quantity: '1', unitPrice: 1000, totalPrice: 1000 }],
    });
    expect(bill.totalAmount).toBe('10.00');
    expect(bill.userId).toBe(owner.user.id);
  });
});

describe('the bill list', () => {
  it('shows an unpaid bill past its due date as overdue, filters by that status and paginates', async () => {
    const local = await signUp(t.app);
    const vendor = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Late Co' }) })).json();
    await post(billPayload(vendor.id, { billNumber: 'OLD', billDate: '2026-10-01', dueDate: '2026-11-01' }), local);
    await post(billPayload(vendor.id, { billNumber: 'NEW', billDate: '2026-11-20', dueDate: '2026-12-20' }), local);
    await post(billPayload(vendor.id, { billNumber: 'PAID', billDate: '2026-10-01', dueDate: '2026-11-01', status: 'paid' }), local);
    const all = await local.request({ method: 'GET', url: '/api/bills' });
    expect(all.headers['x-total-count']).toBe('3');
    const byNumber = Object.fromEntries(all.json().map((bill: { billNumber: string; status: string }) => [bill.billNumber, bill.status]));
    expect(byNumber).toEqual({ OLD: 'overdue', NEW: 'received', PAID: 'paid' });
    const overdue = await local.request({ method: 'GET', url: '/api/bills?status=overdue' });
    expect(overdue.json().map((bill: { billNumber: string }) => bill.billNumber)).toEqual(['OLD']);
    const received = await local.request({ method: 'GET', url: '/api/bills?status=received' });
    expect(received.json().map((bill: { billNumber: string }) => bill.billNumber)).toEqual(['NEW']);
    const page = await local.request({ method: 'GET', url: '/api/bills?limit=1&offset=1&search=late' });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json()).toHaveLength(1);
    const later = await findBills(t.deps.db, { organizationId: local.user.organizationId, today: '2026-12-25', status: 'overdue', limit: 50, offset: 0 });
    expect(later.total).toBe(2);
    expect(await countUnpaidBills(t.deps.db, local.user.organizationId)).toBe(2);
  });

  it('searches a substring of the number, the vendor name or the notes, with % and _ taken literally, in the organization only', async () => {
    const local = await signUp(t.app);
    const power = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Columbia Power & Light' }) })).json();
    const plain = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Plain Co' }) })).json();
    await post(billPayload(power.id, { billNumber: 'PW-1' }), local);
    await post(billPayload(plain.id, { billNumber: 'A_1' }), local);
    await post(billPayload(plain.id, { billNumber: 'AB1', notes: '10% early payment discount' }), local);
    const other = await signUp(t.app);
    const otherPower = (await other.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Columbia Power & Light' }) })).json();
    await post(billPayload(otherPower.id, { billNumber: 'PW-1' }), other);
    const numbers = async (search: string) => {
      const response = await local.request({ method: 'GET', url: `/api/bills?search=${encodeURIComponent(search)}` });
      expect(response.statusCode, response.body).toBe(200);
      return { numbers: response.json().map((bill: { billNumber: string }) => bill.billNumber).sort(), total: response.headers['x-total-count'] };
    };
    expect(await numbers('ER & LI')).toEqual({ numbers: ['PW-1'], total: '1' });
    expect(await numbers('a_1')).toEqual({ numbers: ['A_1'], total: '1' });
    expect(await numbers('10%')).toEqual({ numbers: ['AB1'], total: '1' });
    expect(await numbers('EARLY PAY')).toEqual({ numbers: ['AB1'], total: '1' });
  });

  it('lists only the organization’s bills unfiltered, unpaid soonest due first, paid last, by the given day', async () => {
    const local = await signUp(t.app);
    const vendor = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Order Co' }) })).json();
    await post(billPayload(vendor.id, { billNumber: 'PAID', billDate: '2026-09-01', dueDate: '2026-09-15', status: 'paid' }), local);
    await post(billPayload(vendor.id, { billNumber: 'LATER', billDate: '2026-11-01', dueDate: '2026-12-20' }), local);
    await post(billPayload(vendor.id, { billNumber: 'SOONER', billDate: '2026-11-01', dueDate: '2026-12-01' }), local);
    const organizationId = local.user.organizationId;
    const numbers = (rows: { bill: { billNumber: string }; status: string }[]) => rows.map((row) => `${row.bill.billNumber}:${row.status}`);
    const now = await findBills(t.deps.db, { organizationId, today: '2026-11-21', limit: 50, offset: 0 });
    expect(now.total).toBe(3);
    expect(numbers(now.rows)).toEqual(['SOONER:received', 'LATER:received', 'PAID:paid']);
    const later = await findBills(t.deps.db, { organizationId, today: '2026-12-10', limit: 2, offset: 1 });
    expect(later.total).toBe(3);
    expect(numbers(later.rows)).toEqual(['LATER:received', 'PAID:paid']);
    const first = await findBills(t.deps.db, { organizationId, today: '2026-12-10', limit: 1, offset: 0 });
    expect(numbers(first.rows)).toEqual(['SOONER:overdue']);
    const stranger = await signUp(t.app);
    expect(await findBills(t.deps.db, { organizationId: stranger.user.organizationId, today: '2026-11-21', limit: 50, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  it('gives every page without a search as JSON built by PostgreSQL with the same value as the DTO mapper', async () => {
    const local = await signUp(t.app);
    const vendor = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Zoë "Odd" \\ Papier – 東京' }) })).json();
    const ids: string[] = [];
    for (const overrides of [
      { billNumber: 'LATE', billDate: '2026-10-01', dueDate: '2026-11-01', notes: 'Line one\nline "two"' },
      { billNumber: 'PAID', billDate: '2026-09-01', dueDate: '2026-09-15', status: 'paid' },
      { billNumber: 'SOON', dueDate: '2026-12-01' },
      { billNumber: 'BIG', dueDate: '2026-12-20', subtotal: '1234567.89', taxAmount: '0.01', totalAmount: '1234567.90', items: [{ description: 'All', quantity: 1, unitPrice: '1234567.89', totalPrice: '1234567.89' }] },
    ]) {
      const response = await post(billPayload(vendor.id, overrides), local);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    const [late, paid, soon, big] = ids as [string, string, string, string];
    await t.deps.db.update(bills).set({ status: 'scheduled', scheduledPaymentDate: '2026-11-28' }).where(eq(bills.id, soon));
    await t.deps.db.update(bills).set({ approvalStatus: 'pending', userId: null, attachmentUrl: 'https://files.example/b.pdf' }).where(eq(bills.id, big));
    await t.deps.db.execute(sql`update ${bills} set paid_at = '2026-09-20 08:09:10.123987+00', updated_at = updated_at + interval '0.000999 seconds' where id = ${paid}`);
    const organizationId = local.user.organizationId;
    for (const [today, limit, offset] of [['2026-11-21', 50, 0], ['2026-12-25', 2, 1], ['2026-11-21', 2, 3]] as const) {
      const dto = (await findBills(t.deps.db, { organizationId, today, limit, offset })).rows.map(toBillDto);
      const json = await findBillPageJson(t.deps.db, { organizationId, today, limit, offset });
      expect(JSON.parse(json.json)).toEqual(dto);
      expect(json.total).toBe(4);
    }
    const all = (await findBills(t.deps.db, { organizationId, today: '2026-11-21', limit: 50, offset: 0 })).rows.map(toBillDto);
    expect(all.map((bill) => `${bill.billNumber}:${bill.status}:${bill.payable}`)).toEqual(['LATE:overdue:true', 'SOON:scheduled:false', 'BIG:received:false', 'PAID:paid:false']);
    expect(all.find((bill) => bill.id === late)?.createdBy).toBe('Ada Lovelace');
    const response = await local.request({ method: 'GET', url: '/api/bills?limit=3&offset=1' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.json()).toEqual(all.slice(1, 4));

    // Every filter without a search is answered the same way: each status, approval status, a vendor, and together.
    const otherVendor = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Second Vendor' }) })).json<{ id: string }>();
    const moved = await post(billPayload(otherVendor.id, { billNumber: 'OTHER', billDate: '2026-10-01', dueDate: '2026-10-05' }), local);
    expect(moved.statusCode, moved.body).toBe(201);
    for (const status of [undefined, 'received', 'overdue', 'scheduled', 'paid'] as const) {
      for (const approvalStatus of [undefined, 'pending', 'not_required'] as const) {
        for (const vendorId of [undefined, vendor.id, otherVendor.id]) {
          if (!status && !approvalStatus && !vendorId) continue;
          const filter = { organizationId, today: '2026-11-21', status, approvalStatus, vendorId };
          for (const [limit, offset] of [[50, 0], [1, 1]] as const) {
            const found = await findBills(t.deps.db, { ...filter, limit, offset });
            const json = await findBillPageJson(t.deps.db, { ...filter, limit, offset });
            expect(JSON.parse(json.json), `${status} ${approvalStatus} ${vendorId} ${offset}`).toEqual(found.rows.map(toBillDto));
            expect(json.total, `${status} ${approvalStatus} ${vendorId}`).toBe(found.total);
          }
        }
      }
    }
    // A search the same: by number, by the vendor's name, by notes, with a filter, with LIKE's own
    // characters and quotes (bind parameters on PGlite).
    for (const search of ['late', 'second', 'SOON', '%', '_', "'; drop table bills; --", 'nothing like it']) {
      for (const [status, vendorId] of [[undefined, undefined], ['overdue', undefined], [undefined, otherVendor.id]] as const) {
        const filter = { organizationId, today: '2026-11-21', search, status, vendorId };
        for (const [limit, offset] of [[50, 0], [1, 1]] as const) {
          const found = await findBills(t.deps.db, { ...filter, limit, offset });
          const json = await findBillPageJson(t.deps.db, { ...filter, limit, offset });
          expect(JSON.parse(json.json), `${search} ${status} ${vendorId} ${offset}`).toEqual(found.rows.map(toBillDto));
          expect(json.total, `${search} ${status} ${vendorId}`).toBe(found.total);
        }
      }
    }
    expect((await findBillPageJson(t.deps.db, { organizationId, today: '2026-11-21', search: 'second', limit: 50, offset: 0 })).total).toBe(1);
    const filtered = await local.request({ method: 'GET', url: `/api/bills?vendorId=${otherVendor.id}&status=overdue` });
    expect(filtered.headers['x-total-count']).toBe('1');
    expect(filtered.json().map((bill: { billNumber: string }) => bill.billNumber)).toEqual(['OTHER']);
    expect((await findBillPageJson(t.deps.db, { organizationId, today: '2026-11-21', vendorId: "x') or ('1' = '1", limit: 50, offset: 0 })).json).toBe('[]');
  });

  it("counts a vendor's bills to 1,000 past the page and then says 'at least' (X-Total-Count-Capped)", async () => {
    const local = await signUp(t.app);
    const vendor = (await local.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name: 'Bulk Vendor' }) })).json();
    const model = await post(billPayload(vendor.id, { billNumber: 'MODEL' }), local);
    expect(model.statusCode, model.body).toBe(201);
    await t.deps.db.execute(sql`insert into ${bills} (organization_id, user_id, vendor_id, bill_number, status, bill_date, due_date, subtotal, tax_amount, total_amount, approval_status)
      select organization_id, user_id, vendor_id, 'BULK-' || n, status, bill_date, due_date, subtotal, tax_amount, total_amount, approval_status
      from ${bills}, generate_series(1, 1005) as n where ${bills.id} = ${model.json().id}`);
    const list = async (query: string) => {
      const response = await local.request({ method: 'GET', url: `/api/bills?vendorId=${vendor.id}&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return { total: response.headers['x-total-count'], capped: response.headers['x-total-count-capped'], rows: response.json().length };
    };
    expect(await list('limit=50')).toEqual({ total: '1000', capped: 'true', rows: 50 });
    expect(await list('limit=50&offset=50')).toEqual({ total: '1006', capped: undefined, rows: 50 });
    // Without a vendor the count is exact.
    expect((await local.request({ method: 'GET', url: '/api/bills?status=received&limit=1' })).headers['x-total-count']).toBe('1006');
  });

  it('hides another organization’s bill behind a 404', async () => {
    const bill = (await post(billPayload(vendorId))).json();
    const stranger = await signUp(t.app);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await stranger.request({ method, url: `/api/bills/${bill.id}` })).statusCode).toBe(404);
    }
    expect((await stranger.request({ method: 'PUT', url: `/api/bills/${bill.id}`, payload: billPayload(vendorId) })).statusCode).toBe(404);
    await expect(assertBillPayable(t.deps.db, stranger.user.organizationId, bill.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('editing and deleting a bill', () => {
  it('replaces items, recomputes totals, audits the change, and deletes with an audit row', async () => {
    const bill = (await post(billPayload(vendorId))).json();
    const updated = await owner.request({ method: 'PUT', url: `/api/bills/${bill.id}`, payload: billOf(vendorId, '250.00', { billNumber: bill.billNumber, notes: 'Revised' }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ totalAmount: '250.00', notes: 'Revised', items: [{ description: 'Services', totalPrice: '250.00' }] });
    expect((await owner.request({ method: 'DELETE', url: `/api/bills/${bill.id}` })).statusCode).toBe(204);
    expect(await t.deps.db.select().from(bills).where(eq(bills.id, bill.id))).toHaveLength(0);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, bill.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['bill.created', 'bill.deleted', 'bill.updated']);
  });

  it('fixes the amount and refuses deletion once a payment is scheduled', async () => {
    const bill = (await post(billPayload(vendorId))).json();
    await t.deps.db.insert(payments).values({
      organizationId: owner.user.organizationId,
      type: 'bill_payment',
      referenceId: bill.id,
      amount: '100.00',
      method: 'ach',
      scheduledDate: '2026-11-25',
    });
    const changed = await owner.request({ method: 'PUT', url: `/api/bills/${bill.id}`, payload: billOf(vendorId, '120.00', { billNumber: bill.billNumber }) });
    expect(changed.statusCode).toBe(409);
    const notes = await owner.request({ method: 'PUT', url: `/api/bills/${bill.id}`, payload: billPayload(vendorId, { billNumber: bill.billNumber, notes: 'Check sent' }) });
    expect(notes.statusCode).toBe(200);
    const deleted = await owner.request({ method: 'DELETE', url: `/api/bills/${bill.id}` });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('A bill with a scheduled or completed payment cannot be deleted');
  });

  it('tells the payments feature whether a bill may be paid', async () => {
    const open = (await post(billPayload(vendorId))).json();
    await expect(assertBillPayable(t.deps.db, owner.user.organizationId, open.id)).resolves.toMatchObject({ id: open.id });
    const paid = (await post(billPayload(vendorId, { status: 'paid' }))).json();
    expect(paid.paidAt).not.toBeNull();
    expect(paid.payable).toBe(false);
    await expect(assertBillPayable(t.deps.db, owner.user.organizationId, paid.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
