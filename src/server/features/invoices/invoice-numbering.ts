import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceSettings } from '../../../shared/contracts/invoices';
import { formatInvoiceNumber } from '../../../shared/invoice-number';
import type { Database } from '../../db/client';
import { invoiceSettings, invoices, organizations } from '../../db/schema';

/** What an organization without an invoice_settings row numbers with (spec practice 9: INV, 1000). */
export const defaultInvoiceSettings = { prefix: 'INV', nextNumber: 1000, paymentTerms: 'net_30' } as const;

// Candidates checked per query when skipping numbers already used.
const BATCH = 50;

/** The first `count` numbers from `from` on whose text no invoice of the organization carries yet, in order. */
async function unusedNumbers(db: Database, organizationId: string, prefix: string, from: number, count: number): Promise<number[]> {
  const free: number[] = [];
  const window = Math.max(BATCH, count);
  for (let start = from; free.length < count; start += window) {
    const candidates = Array.from({ length: window }, (_, index) => start + index);
    const rows = await db
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.invoiceNumber, candidates.map((number) => formatInvoiceNumber(prefix, number)))));
    const used = new Set(rows.map((row) => row.invoiceNumber));
    for (const number of candidates) {
      if (free.length < count && !used.has(formatInvoiceNumber(prefix, number))) free.push(number);
    }
  }
  return free;
}

/** The first number from `from` on whose text no invoice of the organization carries yet. */
async function firstUnusedNumber(db: Database, organizationId: string, prefix: string, from: number): Promise<number> {
  const [number] = await unusedNumbers(db, organizationId, prefix, from, 1);
  if (number === undefined) throw new Error('no unused invoice number');
  return number;
}

async function storedSettings(db: Database, organizationId: string) {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, organizationId)).limit(1);
  return row ?? null;
}

/** GET /api/invoice-settings: the settings and the number an invoice created now without one would get. */
export async function readInvoiceSettings(db: Database, organizationId: string): Promise<InvoiceSettings> {
  const row = await storedSettings(db, organizationId);
  const [organization] = await db.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const prefix = row?.prefix ?? defaultInvoiceSettings.prefix;
  const nextNumber = row?.nextNumber ?? defaultInvoiceSettings.nextNumber;
  const next = await firstUnusedNumber(db, organizationId, prefix, nextNumber);
  return {
    prefix,
    nextNumber,
    nextInvoiceNumber: formatInvoiceNumber(prefix, next),
    paymentTerms: row?.paymentTerms ?? defaultInvoiceSettings.paymentTerms,
    currency: row?.currency ?? organization?.currency ?? 'USD',
  };
}

/**
 * Inside the invoice's transaction: takes the organization's next unused number and moves the
 * counter past it. The settings row (created with the defaults when missing) stays locked until
 * the transaction ends, so two concurrent creations cannot take the same number.
 */
export async function takeNextInvoiceNumber(tx: Database, organizationId: string, now: Date): Promise<string> {
  const [number] = await takeNextInvoiceNumbers(tx, organizationId, 1, now);
  if (number === undefined) throw new Error('no invoice number taken');
  return number;
}

/** takeNextInvoiceNumber for `count` invoices at once (a batch of recurring runs): one lock and one counter update. */
export async function takeNextInvoiceNumbers(tx: Database, organizationId: string, count: number, now: Date): Promise<string[]> {
  if (count === 0) return [];
  await tx
    .insert(invoiceSettings)
    .values({ organizationId, currency: sql`(select ${organizations.currency} from ${organizations} where ${organizations.id} = ${organizationId})`, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, organizationId)).for('update');
  if (!row) throw new Error('invoice settings row missing after insert');
  const numbers = await unusedNumbers(tx, organizationId, row.prefix, row.nextNumber, count);
  await tx.update(invoiceSettings).set({ nextNumber: Math.max(...numbers) + 1, updatedAt: now }).where(eq(invoiceSettings.organizationId, organizationId));
  return numbers.map((number) => formatInvoiceNumber(row.prefix, number));
}

/**
 * Inside the invoice's transaction, for an invoice created with a number of its own: when that is
 * the number the organization would have given next (the form's default), the counter moves on;
 * any other number leaves it where it is (numbers taken that way are skipped when reached).
 */
export async function noteExplicitInvoiceNumber(tx: Database, organizationId: string, invoiceNumber: string, now: Date): Promise<void> {
  const [row] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, organizationId)).for('update');
  if (!row || formatInvoiceNumber(row.prefix, row.nextNumber) !== invoiceNumber) return;
  await tx.update(invoiceSettings).set({ nextNumber: row.nextNumber + 1, updatedAt: now }).where(eq(invoiceSettings.organizationId, organizationId));
}
