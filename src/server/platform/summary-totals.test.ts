import { addDays, format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStatuses } from '../../shared/contracts/invoices';
import type { Database } from '../db/client';
import { invoiceItems, organizations, payments } from '../db/schema';
import { createCustomerFor, createInvoiceFor } from '../features/invoices/invoices.fixtures';
import { type InvoiceItemRow, toItemDto } from '../features/invoices/invoices.queries';
import { type TestApp, createTestApp } from '../test/create-test-app';
import { type SignedIn, signUp } from '../test/factories';
import { organizationToday } from './calendar';
import { seededRandom } from './seeded-random';

/*
 * The summary tables (migration 0008) against the ledger: after random sequences of invoice
 * creates, payments, edits, cancellations and deletes through the API, payments of both types
 * written, moved between statuses and deleted directly (as imports and connectors do, several
 * rows per statement), and a time zone change, every summary row equals a recomputation from the
 * invoices and payments tables, and the figures the API shows equal plain SQL over the ledger.
 * The stored item lists (migration 0011) equal each invoice's items as toItemDto maps them, after
 * item edits through the API and items inserted, changed, moved and deleted directly.
 */

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function expectSummariesMatchLedger(db: Database, organizationId: string): Promise<void> {
  const invoiceSummary = await rowsOf(
    db,
    sql`select status, due_date::text as day, is_open, invoice_count::int as n, total_amount::text as total, amount_paid::text as paid
      from invoice_totals where organization_id = ${organizationId} and (invoice_count <> 0 or total_amount <> 0 or amount_paid <> 0)
      order by 1, 2, 3`,
  );
  const invoiceLedger = await rowsOf(
    db,
    sql`select status, due_date::text as day, amount_paid < total_amount as is_open, count(*)::int as n, sum(total_amount)::numeric(18,2)::text as total, sum(amount_paid)::numeric(18,2)::text as paid
      from invoices where organization_id = ${organizationId} group by 1, 2, 3 order by 1, 2, 3`,
  );
  expect(invoiceSummary).toEqual(invoiceLedger);
  // Each customer's amount due on open invoices (migration 0019), as the balance summed it before.
  const customerSummary = await rowsOf(
    db,
    sql`select customer_id, open_due::numeric(18,2)::text as due from customer_open_totals where organization_id = ${organizationId} and open_due <> 0 order by 1`,
  );
  const customerLedger = await rowsOf(
    db,
    sql`select customer_id, sum(total_amount - amount_paid)::numeric(18,2)::text as due from invoices
      where organization_id = ${organizationId} and status in ('sent', 'overdue') group by 1 having sum(total_amount - amount_paid) <> 0 order by 1`,
  );
  expect(customerSummary).toEqual(customerLedger);
  const paymentSummary = await rowsOf(
    db,
    sql`select type, status, processed_day::text as day, payment_count::int as n, amount::text as amount
      from payment_totals where organization_id = ${organizationId} and (payment_count <> 0 or amount <> 0) order by 1, 2, 3`,
  );
  const paymentLedger = await rowsOf(
    db,
    sql`select p.type, p.status, coalesce((p.processed_at at time zone o.time_zone)::date, '-infinity'::date)::text as day, count(*)::int as n, sum(p.amount)::numeric(18,2)::text as amount
      from payments p join organizations o on o.id = p.organization_id where p.organization_id = ${organizationId} group by 1, 2, 3 order by 1, 2, 3`,
  );
  expect(paymentSummary).toEqual(paymentLedger);
  await expectItemListsMatchItems(db, organizationId);
}

async function expectItemListsMatchItems(db: Database, organizationId: string): Promise<void> {
  const stored = await rowsOf<{ invoice_id: string; items_json: string }>(
    db,
    sql`select invoice_id, items_json from invoice_item_lists where organization_id = ${organizationId} order by invoice_id`,
  );
  const items = await db.select().from(invoiceItems).where(eq(invoiceItems.organizationId, organizationId));
  const byInvoice = new Map<string, InvoiceItemRow[]>();
  for (const item of items) byInvoice.set(item.invoiceId, [...(byInvoice.get(item.invoiceId) ?? []), item]);
  const expected = [...byInvoice]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([invoiceId, list]) => ({
      invoiceId,
      items: list.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1)).map((item) => toItemDto(item)),
    }));
  expect(stored.map((row) => ({ invoiceId: row.invoice_id, items: JSON.parse(row.items_json) as unknown }))).toEqual(expected);
}

/** What the API shows (X-Total-Count by status, dashboard figures, sidebar badge) against plain SQL over the ledger. */
async function expectFiguresMatchLedger(t: TestApp, owner: SignedIn, organizationId: string): Promise<void> {
  const today = await organizationToday(t.deps.db, organizationId, t.deps.now());
  const [expected] = await rowsOf<Record<string, number>>(
    t.deps.db,
    sql`select count(*)::int as all,
      (count(*) filter (where status = 'overdue' or (status = 'sent' and due_date < ${today}::date and amount_paid < total_amount)))::int as overdue,
      (count(*) filter (where status = 'sent' and not (due_date < ${today}::date and amount_paid < total_amount)))::int as sent,
      (count(*) filter (where status = 'draft'))::int as draft,
      (count(*) filter (where status = 'paid'))::int as paid,
      (count(*) filter (where status = 'cancelled'))::int as cancelled,
      (count(*) filter (where status in ('sent', 'overdue') and amount_paid < total_amount))::int as open
      from invoices where organization_id = ${organizationId}`,
  );
  const total = async (query: string) => {
    const response = await owner.request({ method: 'GET', url: `/api/invoices?limit=1${query}` });
    expect(response.statusCode).toBe(200);
    return Number(response.headers['x-total-count']);
  };
  expect(await total('')).toBe(expected?.all);
  for (const status of invoiceStatuses) expect(await total(`&status=${status}`), status).toBe(expected?.[status]);
  const counts = (await owner.request({ method: 'GET', url: '/api/navigation/counts' })).json<{ openInvoices: number }>();
  expect(counts.openInvoices).toBe(expected?.open);

  const [payments] = await rowsOf<Record<string, number>>(
    t.deps.db,
    sql`select count(*)::int as all, (count(*) filter (where type = 'bill_payment' and status = 'completed'))::int as bill_completed from payments where organization_id = ${organizationId}`,
  );
  const paymentTotal = async (query: string) => Number((await owner.request({ method: 'GET', url: `/api/payments?limit=1${query}` })).headers['x-total-count']);
  expect(await paymentTotal('')).toBe(payments?.all);
  expect(await paymentTotal('&type=bill_payment&status=completed')).toBe(payments?.bill_completed);

  // The dashboard's figures, as the statement before the summary tables computed them (last month's
  // revenue over the same days of the month: glossary.totalRevenue's trend).
  const [figures] = await rowsOf<Record<string, string | number>>(
    t.deps.db,
    sql`with b as (
        select date_trunc('month', (${t.deps.now().toISOString()}::timestamptz at time zone time_zone)) at time zone time_zone as month_start, time_zone,
          -- Last month's first midnight where the organization is: a month subtracted from this
          -- month's first instant would count in UTC (Dec 1 at UTC+14 less a month is Oct 31 there).
          (date_trunc('month', (${t.deps.now().toISOString()}::timestamptz at time zone time_zone)) - interval '1 month') at time zone time_zone as last_month_start,
          (date_trunc('month', (${t.deps.now().toISOString()}::timestamptz at time zone time_zone)) + interval '1 month') at time zone time_zone as next_month_start,
          ((${t.deps.now().toISOString()}::timestamptz at time zone time_zone) - interval '1 month')::date as last_month_same_day
        from organizations where id = ${organizationId}
      )
      select
        (select coalesce(sum(amount), 0)::text from payments, b where organization_id = ${organizationId} and status = 'completed' and type = 'invoice_payment'
          and processed_at >= b.month_start and processed_at < b.next_month_start) as revenue,
        (select coalesce(sum(amount), 0)::text from payments, b where organization_id = ${organizationId} and status = 'completed' and type = 'invoice_payment'
          and processed_at >= b.last_month_start and processed_at < b.month_start
          and (processed_at at time zone b.time_zone)::date <= b.last_month_same_day) as last_revenue,
        (select count(*)::int from payments, b where organization_id = ${organizationId} and status = 'completed' and processed_at >= b.month_start and processed_at < b.next_month_start) as processed,
        (select coalesce(sum(total_amount - amount_paid), 0)::text from invoices where organization_id = ${organizationId} and status in ('sent', 'overdue')) as outstanding,
        (select count(*)::int from invoices where organization_id = ${organizationId} and status in ('sent', 'overdue')) as pending`,
  );
  const stats = (await owner.request({ method: 'GET', url: '/api/dashboard/stats' })).json<Record<string, string | number>>();
  const cents = (value: unknown) => Math.round(Number(value) * 100);
  expect(cents(stats.totalRevenue)).toBe(cents(figures?.revenue));
  expect(cents(stats.lastMonthRevenue)).toBe(cents(figures?.last_revenue));
  expect(cents(stats.outstandingInvoices)).toBe(cents(figures?.outstanding));
  expect(stats.invoicesPending).toBe(figures?.pending);
  expect(stats.processedPayments).toBe(figures?.processed);
}

describe('summary tables agree with the ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  for (const seed of [1, 2, 3]) {
    it(`after a random sequence of writes (seed ${seed})`, async () => {
      const rand = seededRandom(seed);
      const pick = <T,>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
      const owner = await signUp(t.app);
      const organizationId = owner.user.organizationId;
      const customers = [await createCustomerFor(owner), await createCustomerFor(owner)];
      const today = new Date(`${await organizationToday(t.deps.db, organizationId, t.deps.now())}T12:00:00Z`);
      const day = (offset: number) => format(addDays(today, offset), 'yyyy-MM-dd');
      const invoiceIds: string[] = [];
      for (let step = 0; step < 40; step += 1) {
        const action = rand();
        const id = invoiceIds.length ? pick(invoiceIds) : undefined;
        let response;
        if (action < 0.3 || !id) {
          const issued = -40 + Math.floor(rand() * 35);
          const invoice = await createInvoiceFor(owner, pick(customers).id, {
            status: pick(['draft', 'sent'] as const),
            issueDate: day(issued),
            dueDate: day(issued + Math.floor(rand() * 45)),
          });
          invoiceIds.push(invoice.id);
          continue;
        } else if (action < 0.55) {
          response = await owner.request({
            method: 'POST',
            url: `/api/invoices/${id}/payments`,
            payload: { amount: pick(['10.00', '35.40', '100.00', '135.40']), paidAt: day(-Math.floor(rand() * 45)), method: pick(['ach', 'check', 'wire', 'card']) },
          });
        } else if (action < 0.7) {
          response = await owner.request({ method: 'PUT', url: `/api/invoices/${id}`, payload: { dueDate: day(Math.floor(rand() * 20)) } });
        } else if (action < 0.72) {
          response = await owner.request({ method: 'PUT', url: `/api/invoices/${id}`, payload: { status: pick(['cancelled', 'sent', 'draft'] as const) } });
        } else if (action < 0.84) {
          // Items replaced through the API (none, one with odd text, or three), or written
          // directly as imports do: several invoices in one statement, edited, moved and deleted.
          if (rand() < 0.5) {
            const count = pick([0, 1, 3]);
            const items = Array.from({ length: count }, (_, n) => ({ description: `Line ${n} "quoted" \\ tab\t ünï 🧾`, quantity: pick(['1', '2.5', '0.0001']), unitPrice: '10.00', totalPrice: '10.00' }));
            response = await owner.request({ method: 'PUT', url: `/api/invoices/${id}`, payload: { items } });
          } else {
            const other = pick(invoiceIds);
            const inserted = await t.deps.db
              .insert(invoiceItems)
              .values([id, other, id].map((invoiceId, n) => ({ organizationId, invoiceId, position: 7 + n, description: `Imported ${n}`, quantity: '3.2500', unitPrice: '4.10', totalPrice: '13.33' })))
              .returning({ id: invoiceItems.id });
            await t.deps.db.update(invoiceItems).set({ description: 'Moved\nline', invoiceId: other, position: 0 }).where(eq(invoiceItems.id, inserted[0]?.id ?? ''));
            if (rand() < 0.5) await t.deps.db.delete(invoiceItems).where(eq(invoiceItems.id, inserted[2]?.id ?? ''));
          }
        } else if (action < 0.92) {
          response = await owner.request({ method: 'DELETE', url: `/api/invoices/${id}` });
          if (response.statusCode === 204) invoiceIds.splice(invoiceIds.indexOf(id), 1);
        } else {
          // Bill payments written directly, several rows per statement, then moved and deleted.
          const inserted = await t.deps.db
            .insert(payments)
            .values(
              [0, 1, 2].map((n) => ({
                organizationId,
                type: 'bill_payment' as const,
                referenceId: id,
                amount: `${(n + 1) * 12}.34`,
                method: 'ach' as const,
                status: pick(['pending', 'completed', 'failed'] as const),
                processedAt: n === 0 ? null : addDays(today, -Math.floor(rand() * 40)),
              })),
            )
            .returning({ id: payments.id });
          await t.deps.db.update(payments).set({ status: 'completed', processedAt: new Date(t.deps.now().getTime() - 3_600_000) }).where(eq(payments.id, inserted[0]?.id ?? ''));
          if (rand() < 0.5) await t.deps.db.delete(payments).where(eq(payments.id, inserted[1]?.id ?? ''));
        }
        expect(response?.statusCode ?? 200, response?.body).toBeLessThan(500);
      }
      await expectSummariesMatchLedger(t.deps.db, organizationId);
      await expectFiguresMatchLedger(t, owner, organizationId);
      // The processed day is the organization's: a new time zone moves payments between days.
      await t.deps.db.update(organizations).set({ timeZone: seed % 2 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago' }).where(eq(organizations.id, organizationId));
      await expectSummariesMatchLedger(t.deps.db, organizationId);
      await expectFiguresMatchLedger(t, owner, organizationId);
    });
  }

  it('keeps counting across a bulk update, a move to another customer and a rolled-back transaction, and forgets a deleted organization', async () => {
    const owner = await signUp(t.app);
    const organizationId = owner.user.organizationId;
    const customer = await createCustomerFor(owner);
    for (let i = 0; i < 5; i += 1) await createInvoiceFor(owner, customer.id, { status: 'sent', issueDate: '2019-12-01', dueDate: '2020-01-0' + String(i + 1) });
    await t.deps.db.execute(sql`update invoices set status = 'cancelled' where organization_id = ${organizationId} and due_date < '2020-01-03'`);
    // Open invoices moved to another customer in one statement: the amount due moves with them.
    const other = await createCustomerFor(owner);
    await t.deps.db.execute(sql`update invoices set customer_id = ${other.id}, amount_paid = 10 where organization_id = ${organizationId} and due_date >= '2020-01-04'`);
    expect(await rowsOf(t.deps.db, sql`select open_due::numeric(18,2)::text as due from customer_open_totals where customer_id = ${other.id}`)).toEqual([{ due: '250.80' }]);
    await t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from invoices where organization_id = ${organizationId}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from invoice_items where organization_id = ${organizationId}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectSummariesMatchLedger(t.deps.db, organizationId);
    expect(await rowsOf(t.deps.db, sql`select 1 from invoice_item_lists where organization_id = ${organizationId}`)).toHaveLength(5);
    await expectFiguresMatchLedger(t, owner, organizationId);
    await t.deps.db.delete(organizations).where(eq(organizations.id, organizationId));
    const left = await rowsOf(
      t.deps.db,
      sql`select 1 from invoice_totals where organization_id = ${organizationId} union all select 1 from payment_totals where organization_id = ${organizationId}
        union all select 1 from invoice_item_lists where organization_id = ${organizationId}
        union all select 1 from customer_open_totals where organization_id = ${organizationId}`,
    );
    expect(left).toEqual([]);
  });
});
