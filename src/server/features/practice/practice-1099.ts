import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Practice1099List, type Practice1099Row, type Practice1099Totals, reportablePaymentMethods } from '../../../shared/contracts/tax-1099';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { computeYear1099, yearCounts } from '../tax-1099/compute-year';
import type { FirmActor } from './create-client';
import { visibleClients } from './practice.queries';

/*
 * My Practice > 1099s (issue 32 item 5): per client workspace the member may open, the 1099 year
 * end as the client's own 1099 page computes it (computeYear1099), with the W-9 requests of the
 * year's season.
 */

const clientOrg = sql`"customers"."client_organization_id"`;
const clientZone = sql`(select o.time_zone from organizations o where o.id = ${clientOrg})`;

/** Midnight starting `day` where the client workspace is. */
const startOfDay = (day: string) => sql`(${day}::date::timestamp at time zone ${clientZone})`;

/**
 * The W-9 requests that count for a tax year: created from 1 January of the year to 31 March of
 * the next (the client's calendar), the months in which a firm chases that year's W-9s; the page's
 * year picker turns to the new year on 1 April too.
 */
export function requestSeason(year: number): { from: string; to: string; endExclusive: string } {
  return { from: `${year}-01-01`, to: `${year + 1}-03-31`, endExclusive: `${year + 1}-04-01` };
}

function requestFigures(year: number) {
  const season = requestSeason(year);
  const inSeason = sql`from vendor_w9_requests r where r.organization_id = ${clientOrg}
    and r.created_at >= ${startOfDay(season.from)} and r.created_at < ${startOfDay(season.endExclusive)}`;
  return {
    // Vendors asked (a mail that left) and vendors that answered: a vendor asked twice counts once.
    requestsSent: sql<number>`(select count(distinct r.vendor_id)::int ${inSeason} and r.mail_status = 'sent')`,
    requestsAnswered: sql<number>`(select count(distinct r.vendor_id)::int ${inSeason} and r.completed_at is not null)`,
  };
}

/**
 * The page's order in SQL: vendors paid in the year by a method that counts (check, ACH, wire) with
 * no W-9 or no TIN on file. An upper bound of the computed missing W-9 and TIN counts (it ignores
 * thresholds and exemptions), cheap enough to order every client by before computing one page.
 */
function attentionSql(year: number) {
  const methods = sql.join(
    reportablePaymentMethods.map((method) => sql`${method}`),
    sql`, `,
  );
  return sql<number>`(select count(distinct b.vendor_id)::int from payments p
    join bills b on b.id = p.reference_id and b.organization_id = p.organization_id
    join vendors v on v.id = b.vendor_id and v.organization_id = b.organization_id
    where p.organization_id = ${clientOrg} and p.type = 'bill_payment' and p.status = 'completed' and p.method in (${methods})
      and p.processed_at >= ${startOfDay(`${year}-01-01`)} and p.processed_at < ${startOfDay(`${year + 1}-01-01`)}
      and (v.w9_received_at is null or v.tin_encrypted is null))`;
}

/** Any completed bill payment in the year (any method): a client without one has no payee that year. */
function paidInYearSql(year: number) {
  return sql<boolean>`exists (select 1 from payments p where p.organization_id = ${clientOrg} and p.type = 'bill_payment'
    and p.status = 'completed' and p.processed_at >= ${startOfDay(`${year}-01-01`)} and p.processed_at < ${startOfDay(`${year + 1}-01-01`)})`;
}

/** The active clients the member may open (owners and admins: all; others: their grants). */
export const practice1099Clients = (actor: FirmActor) => and(visibleClients(actor), eq(customers.isActive, true));

type ComputedClient = { counts: ReturnType<typeof yearCounts>; filing: Practice1099Row['filing'] };

async function computeClient(db: Database, encryptionKey: Buffer, organizationId: string, year: number): Promise<ComputedClient> {
  const computed = await computeYear1099(db, encryptionKey, organizationId, year);
  return { counts: yearCounts(computed.payees), filing: computed.filing };
}

/**
 * GET /api/practice/1099: one page of clients, most needing attention first (attentionSql), then by
 * name, each computed in full; and the firm's totals over every visible active client. The totals
 * compute each client that paid a bill in the year once (computeYear1099: five queries per client), and
 * the page reuses them; the
 * plan caps a firm's active clients (200 on the largest), so a call is at most a thousand small
 * indexed queries. A client without a payment in the year adds nothing but its requests.
 */
export async function findPractice1099(
  db: Database,
  encryptionKey: Buffer,
  actor: FirmActor,
  query: { year: number; limit: number; offset: number },
): Promise<Practice1099List> {
  const { year } = query;
  const where = practice1099Clients(actor);
  const requests = requestFigures(year);
  const attention = attentionSql(year);

  const everyClient = await db
    .select({
      organizationId: sql<string>`${clientOrg}`,
      paidInYear: paidInYearSql(year),
      requestsSent: requests.requestsSent,
      requestsAnswered: requests.requestsAnswered,
    })
    .from(customers)
    .where(where);
  const computed = new Map<string, ComputedClient>();
  const totals: Practice1099Totals = {
    clients: everyClient.length,
    clientsWithForms: 0,
    vendorsPaid: 0,
    needForm: 0,
    ready: 0,
    missingW9: 0,
    missingTin: 0,
    requestsSent: 0,
    requestsAnswered: 0,
  };
  for (const client of everyClient) {
    totals.requestsSent += Number(client.requestsSent);
    totals.requestsAnswered += Number(client.requestsAnswered);
    if (!client.paidInYear) continue;
    const result = await computeClient(db, encryptionKey, client.organizationId, year);
    computed.set(client.organizationId, result);
    const { counts } = result;
    if (counts.needForm > 0) totals.clientsWithForms += 1;
    totals.vendorsPaid += counts.vendorsPaid;
    totals.needForm += counts.needForm;
    totals.ready += counts.ready;
    totals.missingW9 += counts.missingW9;
    totals.missingTin += counts.missingTin;
  }

  const page = await db
    .select({
      clientId: customers.id,
      organizationId: sql<string>`${clientOrg}`,
      clientName: customers.name,
      requestsSent: requests.requestsSent,
      requestsAnswered: requests.requestsAnswered,
    })
    .from(customers)
    .where(where)
    .orderBy(desc(attention), asc(sql`lower(${customers.name})`), asc(customers.id))
    .limit(query.limit)
    .offset(query.offset);

  const rows: Practice1099Row[] = [];
  for (const client of page) {
    // A client without payments in the year is computed here for its filing state (a file may predate a removed payment).
    const { counts, filing } = computed.get(client.organizationId) ?? (await computeClient(db, encryptionKey, client.organizationId, year));
    rows.push({
      clientId: client.clientId,
      organizationId: client.organizationId,
      clientName: client.clientName,
      vendorsPaid: counts.vendorsPaid,
      needForm: counts.needForm,
      ready: counts.ready,
      missingW9: counts.missingW9,
      missingTin: counts.missingTin,
      requestsSent: Number(client.requestsSent),
      requestsAnswered: Number(client.requestsAnswered),
      filing,
    });
  }
  const season = requestSeason(year);
  return { year, requestSeason: { from: season.from, to: season.to }, rows, total: everyClient.length, totals };
}
