import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/**
 * Tops an organization up to `invoices` invoices (with items and, for paid ones, completed
 * payments spread over the last year) and `bills` bills, in set-based SQL so that 100,000 rows
 * take seconds. Used when the demo seeders have written fewer rows than the benchmark wants.
 */
export async function topUpReceivables(db: Database, organizationId: string, invoices: number, now: Date): Promise<number> {
  const [existing] = await rows<{ n: number }>(db, sql`select count(*)::int as n from invoices where organization_id = ${organizationId}`);
  const missing = invoices - (existing?.n ?? 0);
  if (missing <= 0) return 0;
  const at = now.toISOString();
  await db.execute(sql`
    insert into customers (organization_id, name, email)
    select ${organizationId}, 'Bench Customer ' || g, 'bench-customer-' || g || '@bench.example'
    from generate_series(1, 500) g
    on conflict do nothing`);
  await db.execute(sql`
    with c as (
      select id, (row_number() over (order by id)) - 1 as rn from customers where organization_id = ${organizationId}
    ), k as (select count(*) as k from c),
    g as (
      select g, ${at}::timestamptz - ((g * 7919) % 365) * interval '1 day' - ((g * 104729) % 86400) * interval '1 second' as created,
        (100 + (g * 37) % 5000)::numeric(14, 2) as total
      from generate_series(1::bigint, ${missing}::bigint) g
    )
    insert into invoices (organization_id, customer_id, invoice_number, status, issue_date, due_date, subtotal, total_amount, amount_paid, paid_at, sent_at, created_at, updated_at)
    select ${organizationId}, c.id, 'BENCH-' || lpad(g.g::text, 7, '0'),
      case when g.g % 10 < 6 then 'paid' when g.g % 10 < 8 then 'sent' when g.g % 10 = 8 then 'draft' else 'overdue' end,
      g.created::date, (g.created + interval '30 days')::date, g.total, g.total,
      case when g.g % 10 < 6 then g.total else 0 end,
      case when g.g % 10 < 6 then g.created + interval '12 days' end,
      case when g.g % 10 <> 8 then g.created end,
      g.created, g.created
    from g join c on c.rn = g.g % (select k from k)`);
  await db.execute(sql`
    insert into invoice_items (organization_id, invoice_id, position, description, quantity, unit_price, total_price)
    select organization_id, id, 0, 'Bookkeeping services', 1, total_amount, total_amount
    from invoices i where organization_id = ${organizationId}
      and not exists (select 1 from invoice_items it where it.invoice_id = i.id)`);
  await db.execute(sql`
    insert into payments (organization_id, type, reference_id, amount, method, status, processed_at, created_at, transaction_id)
    select organization_id, 'invoice_payment', id, total_amount,
      (array['ach', 'wire', 'check', 'card'])[1 + (abs(hashtext(id::text)) % 4)], 'completed', paid_at, paid_at,
      'BENCH-' || id
    from invoices i where organization_id = ${organizationId} and status = 'paid' and paid_at is not null
      and not exists (select 1 from payments p where p.reference_id = i.id)`);
  return missing;
}

export async function topUpPayables(db: Database, organizationId: string, bills: number, now: Date): Promise<number> {
  const [existing] = await rows<{ n: number }>(db, sql`select count(*)::int as n from bills where organization_id = ${organizationId}`);
  const missing = bills - (existing?.n ?? 0);
  if (missing <= 0) return 0;
  const at = now.toISOString();
  await db.execute(sql`
    insert into vendors (organization_id, name, email)
    select ${organizationId}, 'Bench Vendor ' || g, 'bench-vendor-' || g || '@bench.example' from generate_series(1, 100) g`);
  await db.execute(sql`
    with v as (
      select id, (row_number() over (order by id)) - 1 as rn from vendors where organization_id = ${organizationId}
    ), k as (select count(*) as k from v),
    g as (
      select g, ${at}::timestamptz - ((g * 7919) % 180) * interval '1 day' as created, (50 + (g * 53) % 3000)::numeric(14, 2) as total
      from generate_series(1::bigint, ${missing}::bigint) g
    )
    insert into bills (organization_id, vendor_id, bill_number, status, bill_date, due_date, subtotal, total_amount, paid_at, created_at, updated_at)
    select ${organizationId}, v.id, 'BENCH-BILL-' || lpad(g.g::text, 6, '0'),
      case when g.g % 4 < 2 then 'paid' when g.g % 4 = 2 then 'received' else 'scheduled' end,
      g.created::date, (g.created + interval '30 days')::date, g.total, g.total,
      case when g.g % 4 < 2 then g.created + interval '20 days' end, g.created, g.created
    from g join v on v.rn = g.g % (select k from k)`);
  await db.execute(sql`
    insert into payments (organization_id, type, reference_id, amount, method, status, processed_at, created_at, scheduled_date)
    select organization_id, 'bill_payment', id, total_amount, 'ach',
      case when status = 'paid' then 'completed' else 'pending' end,
      paid_at, coalesce(paid_at, created_at), (created_at + interval '25 days')::date
    from bills b where organization_id = ${organizationId} and status in ('paid', 'scheduled')
      and not exists (select 1 from payments p where p.reference_id = b.id)`);
  return missing;
}

export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}
