import { randomUUID } from 'node:crypto';
import { addDays, format, subDays } from 'date-fns';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Cents, percentOf, toDecimal } from '../../../shared/money';
import { computeTotals } from '../../../shared/totals';
import type { Database } from '../../db/client';
import { customers, invoiceItems, invoices, payments } from '../../db/schema';
import type { SeedContext } from './seed-context';
import { seededRandom } from '../../platform/seeded-random';

/*
 * Customers, invoices and invoice payments for the demo organization. Invoices spread over the
 * last four months: recent drafts, sent and overdue ones, partial and full payments. Inserts run
 * in batches of 1,000 invoices, one transaction per batch, so 100,000 invoices take seconds.
 */

const BATCH = 1000;
const DAY_SPAN = 120;

const CUSTOMERS: [name: string, city: string, state: string, industry: string][] = [
  ['Harbor Dental Group', 'Portland', 'OR', 'healthcare'],
  ['Cascade Timber Supply', 'Eugene', 'OR', 'manufacturing'],
  ['Bluebird Bakery & Cafe', 'Seattle', 'WA', 'retail'],
  ['Summit Physical Therapy', 'Boise', 'ID', 'healthcare'],
  ['Riverbend Veterinary Clinic', 'Salem', 'OR', 'healthcare'],
  ['Northwest Solar Installers', 'Tacoma', 'WA', 'construction'],
  ['Copperleaf Interiors', 'Bend', 'OR', 'design'],
  ['Pinecrest Property Management', 'Spokane', 'WA', 'real estate'],
  ['Lumen Software Studio', 'Portland', 'OR', 'technology'],
  ['Alder Street Brewing Co.', 'Portland', 'OR', 'hospitality'],
  ['Meridian Logistics LLC', 'Vancouver', 'WA', 'logistics'],
  ['Greenway Landscaping', 'Beaverton', 'OR', 'services'],
  ['Orchard Pediatrics', 'Hillsboro', 'OR', 'healthcare'],
  ['Keystone Auto Repair', 'Gresham', 'OR', 'automotive'],
  ['Willamette Yoga Collective', 'Corvallis', 'OR', 'fitness'],
  ['Blue Heron Architects', 'Seattle', 'WA', 'design'],
  ['Evergreen Family Farms', 'Yakima', 'WA', 'agriculture'],
  ['Ironwood Fitness', 'Bellevue', 'WA', 'fitness'],
  ['Coastal Marine Services', 'Astoria', 'OR', 'services'],
  ['Redwood Legal Partners', 'Medford', 'OR', 'legal'],
  ['Silverline Events', 'Olympia', 'WA', 'hospitality'],
  ['Maple & Main Boutique', 'Lake Oswego', 'OR', 'retail'],
  ['Trailhead Outfitters', 'Hood River', 'OR', 'retail'],
  ['Brightside Home Health', 'Everett', 'WA', 'healthcare'],
  ['Foxglove Florist', 'Ashland', 'OR', 'retail'],
];

const SERVICES: [description: string, unitCents: Cents, quantities: string[]][] = [
  ['Monthly bookkeeping', 45000, ['1']],
  ['Payroll processing', 12500, ['1', '2']],
  ['Bank and credit card reconciliation', 17500, ['1', '2', '3']],
  ['Advisory hours', 15000, ['0.5', '1', '1.5', '2.25', '3']],
  ['Sales tax filing', 9500, ['1']],
  ['Accounts payable processing', 22000, ['1']],
  ['Quarterly estimated tax review', 35000, ['1']],
  ['Year-end close preparation', 120000, ['1']],
  ['Financial statement preparation', 60000, ['1']],
  ['1099 preparation (per form)', 1500, ['4', '8', '12', '20']],
  ['Cleanup bookkeeping (hours)', 9500, ['2.5', '4', '6.75', '10']],
  ['Budget and cash-flow forecast', 80000, ['1']],
];

const TERMS: [label: string, days: number][] = [
  ['Net 15', 15],
  ['Net 30', 30],
  ['Net 30', 30],
  ['Net 45', 45],
];

const METHODS = ['ach', 'ach', 'ach', 'check', 'wire', 'card'] as const;

function slug(name: string): string {
  return name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

async function insertCustomers(context: SeedContext, rand: () => number): Promise<string[]> {
  const rows = CUSTOMERS.map(([name, city, state, industry], index) => ({
    organizationId: context.organizationId,
    userId: context.userId,
    name,
    email: `billing@${slug(name)}.example`,
    phone: `(${500 + (index % 9)}) 555-${String(1000 + index * 37).slice(-4)}`,
    address: `${100 + Math.floor(rand() * 8900)} ${['Main St', 'Oak Ave', 'Pine St', 'Market St', 'River Rd', 'Cedar Ln'][index % 6]}`,
    city,
    state,
    zipCode: String(97000 + Math.floor(rand() * 2000)),
    taxId: `${10 + (index % 89)}-${String(1000000 + Math.floor(rand() * 8999999))}`,
    industry,
    primaryContactName: ['Maria Lopez', 'James Chen', 'Priya Patel', 'Tom Becker', 'Aisha Johnson'][index % 5],
    paymentTerms: 'Net 30',
    relationshipStartDate: format(subDays(context.now, 200 + index * 11), 'yyyy-MM-dd'),
    isActive: index !== CUSTOMERS.length - 1,
  }));
  const inserted = await context.db.insert(customers).values(rows).returning({ id: customers.id, isActive: customers.isActive });
  return inserted.filter((row) => row.isActive).map((row) => row.id);
}

type InvoiceRow = typeof invoices.$inferInsert;
type ItemRow = typeof invoiceItems.$inferInsert;
type PaymentRow = typeof payments.$inferInsert;

/** One invoice with its items and payments, its fate decided by its age. */
function buildInvoice(context: SeedContext, rand: () => number, customerId: string, sequence: number, issue: Date) {
  const id = randomUUID();
  const lineCount = 1 + Math.floor(rand() * 3);
  const lines = Array.from({ length: lineCount }, () => {
    const [description, unitPrice, quantities] = SERVICES[Math.floor(rand() * SERVICES.length)] ?? SERVICES[0] ?? ['Services', 10000, ['1']];
    return { description, unitPrice, quantity: quantities[Math.floor(rand() * quantities.length)] ?? '1' };
  });
  const base = computeTotals({ items: lines, taxAmount: 0 });
  const taxAmount = rand() < 0.3 ? percentOf(base.subtotal, '8.25') : 0;
  const discountAmount = rand() < 0.1 ? percentOf(base.subtotal, '5') : 0;
  const totals = computeTotals({ items: lines, taxAmount, discountAmount });
  const [paymentTerms, termDays] = TERMS[Math.floor(rand() * TERMS.length)] ?? ['Net 30', 30];
  const due = addDays(issue, termDays);
  const ageDays = (context.now.getTime() - issue.getTime()) / 86_400_000;

  let status: InvoiceRow['status'] = 'sent';
  const paymentRows: PaymentRow[] = [];
  let paid: Cents = 0;
  let paidAt: Date | null = null;
  const roll = rand();
  if (ageDays < 6 && roll < 0.45) status = 'draft';
  else if (roll < 0.02) status = 'cancelled';
  else {
    // Older invoices are more likely settled; some customers pay in two instalments.
    const payChance = Math.min(0.92, 0.15 + ageDays / 90);
    const outcome = rand();
    const pay = (amount: Cents, when: Date) => {
      paymentRows.push({
        organizationId: context.organizationId,
        userId: context.userId,
        type: 'invoice_payment',
        referenceId: id,
        amount: toDecimal(amount),
        method: METHODS[Math.floor(rand() * METHODS.length)] ?? 'ach',
        status: 'completed',
        reference: rand() < 0.5 ? `Check ${1000 + Math.floor(rand() * 9000)}` : null,
        transactionId: `PAY-${id.replace(/-/g, '').slice(0, 20).toUpperCase()}-${paymentRows.length + 1}`,
        processedAt: when,
        createdAt: when,
      });
      paid += amount;
    };
    const payDay = (): Date => {
      const latest = Math.min(context.now.getTime(), due.getTime() + 20 * 86_400_000);
      const earliest = issue.getTime() + 86_400_000;
      return new Date(earliest + rand() * Math.max(0, latest - earliest));
    };
    if (outcome < payChance * 0.85 && totals.totalAmount > 0) {
      const when = payDay();
      if (rand() < 0.2 && totals.totalAmount > 100) {
        const first = Math.round(totals.totalAmount * 0.5);
        pay(first, new Date(issue.getTime() + (when.getTime() - issue.getTime()) / 2));
        pay(totals.totalAmount - first, when);
      } else pay(totals.totalAmount, when);
      status = 'paid';
      paidAt = when;
    } else if (outcome < payChance && totals.totalAmount > 100) {
      pay(Math.round((totals.totalAmount * (30 + Math.floor(rand() * 40))) / 100), payDay());
    }
  }

  const invoice: InvoiceRow = {
    id,
    organizationId: context.organizationId,
    userId: context.userId,
    customerId,
    invoiceNumber: `INV-${format(issue, 'yyyy')}-${String(sequence).padStart(6, '0')}`,
    status,
    issueDate: format(issue, 'yyyy-MM-dd'),
    dueDate: format(due, 'yyyy-MM-dd'),
    subtotal: toDecimal(totals.subtotal),
    taxAmount: toDecimal(totals.taxAmount),
    discountAmount: toDecimal(totals.discountAmount),
    totalAmount: toDecimal(totals.totalAmount),
    amountPaid: toDecimal(paid),
    paymentTerms,
    notes: rand() < 0.2 ? 'Thank you for your business. ACH details are on file.' : null,
    sentAt: status === 'draft' ? null : addDays(issue, 0),
    paidAt,
    createdAt: issue,
    updatedAt: paidAt ?? issue,
  };
  const items: ItemRow[] = lines.map((line, position) => ({
    organizationId: context.organizationId,
    invoiceId: id,
    position,
    description: line.description,
    quantity: line.quantity,
    unitPrice: toDecimal(line.unitPrice),
    totalPrice: toDecimal(totals.itemTotals[position] ?? 0),
  }));
  return { invoice, items, payments: paymentRows };
}

/**
 * One INSERT per table and batch, the rows travelling as a single JSON parameter: far cheaper
 * than thousands of bound parameters. Every row must carry the same keys.
 */
async function bulkInsert(tx: Database, table: PgTable, rows: readonly object[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((key) => columns[key]?.name ?? key);
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key, index) => [names[index], (row as Record<string, unknown>)[key] ?? null]))),
  );
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  await tx.execute(sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`);
}

export async function seedReceivables(context: SeedContext, options: { invoices: number }): Promise<void> {
  const rand = seededRandom(20261121);
  const customerIds = await insertCustomers(context, rand);
  const start = subDays(context.now, DAY_SPAN).getTime();
  const span = context.now.getTime() - start;
  // Issue dates in time order, so invoice numbers rise with the date.
  const issueTimes = Array.from({ length: options.invoices }, () => start + rand() * span).sort((a, b) => a - b);

  for (let offset = 0; offset < options.invoices; offset += BATCH) {
    const batch = issueTimes.slice(offset, offset + BATCH).map((time, index) => {
      const customerId = customerIds[Math.floor(rand() * customerIds.length)] ?? customerIds[0] ?? '';
      return buildInvoice(context, rand, customerId, offset + index + 1, new Date(time));
    });
    await context.db.transaction(async (tx) => {
      await bulkInsert(tx, invoices, batch.map((entry) => entry.invoice));
      await bulkInsert(tx, invoiceItems, batch.flatMap((entry) => entry.items));
      await bulkInsert(tx, payments, batch.flatMap((entry) => entry.payments));
    });
  }
}
