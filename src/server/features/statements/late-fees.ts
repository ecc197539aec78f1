import { addMonths, format, parseISO } from 'date-fns';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { LateFee, LateFeePolicy, LateFeePolicyInput, LateFeeRunResult } from '../../../shared/contracts/late-fees';
import { type Cents, centsFromDecimal, percentOf, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { invoiceItems, invoices, lateFeePolicies, lateFees, organizations, payments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationTodaySql } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { startLoop } from '../../platform/loop';
import { takeNextInvoiceNumber } from '../invoices/invoice-numbering';
import { moneyIn } from '../invoices/invoice-rules';
import { selectRows } from '../reports/report-sql';

/*
 * Late fees (issue 31). For an open invoice (sent or overdue, something still due, not itself a
 * late fee), period 1 starts the day after dueDate + graceDays and period k starts k - 1 months
 * later (organization calendar days; a start on the 31st falls on the month's last day). A run
 * charges the invoice's CURRENT period when no fee exists for it yet. Earlier periods that were
 * missed (the policy was turned on later, the server was down for a month) are not charged back:
 * a customer is never billed several months of fees at once by one run, and a period is charged
 * at most once ever (unique invoice + period, kept when reversed, so a reversed period is never
 * charged again).
 * The fee: fixedAmount, or percentage of the amount still due, at least minimumAmount, and never
 * taking the invoice's fees (not reversed) above capAmount. It is its own invoice (the normal
 * number series, sent, issued and due today, one line), inserted with its late_fees row in one
 * transaction under the invoice's row lock, so two processes charge it exactly once.
 */

export const LATE_FEE_INTERVAL_MS = 15 * 60_000;

type PolicyRow = typeof lateFeePolicies.$inferSelect;

export const defaultLateFeePolicy: LateFeePolicy = {
  enabled: false,
  kind: 'percentage',
  fixedAmount: '0.00',
  percentage: '1.5',
  graceDays: 0,
  minimumAmount: '0.00',
  capAmount: null,
};

function toPolicy(row: PolicyRow): LateFeePolicy {
  return {
    enabled: row.enabled,
    kind: row.kind,
    fixedAmount: toDecimal(centsFromDecimal(row.fixedAmount)),
    percentage: row.percentage.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    graceDays: row.graceDays,
    minimumAmount: toDecimal(centsFromDecimal(row.minimumAmount)),
    capAmount: row.capAmount === null ? null : toDecimal(centsFromDecimal(row.capAmount)),
  };
}

export async function readLateFeePolicy(db: Database, organizationId: string): Promise<LateFeePolicy> {
  const [row] = await db.select().from(lateFeePolicies).where(eq(lateFeePolicies.organizationId, organizationId));
  return row ? toPolicy(row) : defaultLateFeePolicy;
}

type ParsedPolicy = { [K in keyof LateFeePolicyInput]: K extends 'fixedAmount' | 'minimumAmount' ? Cents : K extends 'capAmount' ? Cents | null : K extends 'percentage' ? string : LateFeePolicyInput[K] };

export async function saveLateFeePolicy(db: Database, actor: { organizationId: string; userId: string | null }, input: ParsedPolicy, now: Date): Promise<LateFeePolicy> {
  const values = {
    enabled: input.enabled,
    kind: input.kind,
    fixedAmount: toDecimal(input.fixedAmount),
    percentage: input.percentage,
    graceDays: input.graceDays,
    minimumAmount: toDecimal(input.minimumAmount),
    capAmount: input.capAmount === null ? null : toDecimal(input.capAmount),
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lateFeePolicies)
      .values({ organizationId: actor.organizationId, ...values })
      .onConflictDoUpdate({ target: lateFeePolicies.organizationId, set: values })
      .returning();
    if (!row) throw new Error('late fee policy upsert returned nothing');
    const policy = toPolicy(row);
    await writeAudit(tx, { ...actor, action: 'settings.late_fees_updated', entityType: 'organization', entityId: actor.organizationId, details: policy });
    return policy;
  });
}

/** The period `today` falls in for an invoice due `dueDate` with `graceDays`; 0 before period 1 starts. */
export function currentPeriod(dueDate: string, graceDays: number, today: string): number {
  const start = parseISO(dueDate);
  start.setDate(start.getDate() + graceDays + 1);
  const first = format(start, 'yyyy-MM-dd');
  if (today < first) return 0;
  let period = 1;
  while (period < 1200 && format(addMonths(start, period), 'yyyy-MM-dd') <= today) period += 1;
  return period;
}

/** The fee for one period: fixed or percentage of `due`, at least the minimum, within what the cap leaves. */
export function feeFor(policy: LateFeePolicy, due: Cents, alreadyCharged: Cents): Cents {
  const base = policy.kind === 'fixed' ? centsFromDecimal(policy.fixedAmount) : percentOf(due, policy.percentage);
  let fee = Math.max(base, centsFromDecimal(policy.minimumAmount));
  if (policy.capAmount !== null) fee = Math.min(fee, centsFromDecimal(policy.capAmount) - alreadyCharged);
  return Math.max(fee, 0);
}

interface Candidate {
  id: string;
  organization_id: string;
  due_date: string;
  last_period: number | null;
  today: string;
}

/** Policies that are on (one organization, or all). */
async function enabledPolicies(db: Database, organizationId?: string): Promise<PolicyRow[]> {
  return db
    .select()
    .from(lateFeePolicies)
    .where(and(eq(lateFeePolicies.enabled, true), organizationId ? eq(lateFeePolicies.organizationId, organizationId) : undefined));
}

/** Charges every late fee due at `now` (see the comment at the top), each exactly once. */
export async function chargeLateFees(deps: Pick<AppDeps, 'db'>, options: { now: Date; organizationId?: string; signal?: AbortSignal }): Promise<LateFeeRunResult> {
  const result: LateFeeRunResult = { charged: 0, skipped: 0 };
  for (const row of await enabledPolicies(deps.db, options.organizationId)) {
    if (options.signal?.aborted) break;
    const policy = toPolicy(row);
    const organizationId = row.organizationId;
    const candidates = await selectRows<Candidate>(
      deps.db,
      sql`select i.id::text as id, i.organization_id::text as organization_id, i.due_date::text as due_date, t.today::text as today,
          (select max(lf.period) from ${lateFees} lf where lf.invoice_id = i.id) as last_period
        from ${invoices} i, (select ${organizationTodaySql(organizationId, options.now)} as today) t
        where i.organization_id = ${organizationId} and i.status in ('sent', 'overdue') and i.total_amount > i.amount_paid
          and i.due_date + ${row.graceDays}::int < t.today
          and not exists (select 1 from ${lateFees} f where f.fee_invoice_id = i.id)
        order by i.due_date, i.id`,
    );
    for (const candidate of candidates) {
      const period = currentPeriod(candidate.due_date.slice(0, 10), row.graceDays, candidate.today.slice(0, 10));
      if (period === 0 || (candidate.last_period !== null && Number(candidate.last_period) >= period)) continue;
      const charged = await chargeOne(deps.db, organizationId, candidate.id, period, policy, candidate.today.slice(0, 10), options.now);
      if (charged) result.charged += 1;
      else result.skipped += 1;
    }
  }
  return result;
}

/** One period's fee on one invoice, in one transaction under the invoice's lock; false when nothing was charged. */
async function chargeOne(db: Database, organizationId: string, invoiceId: string, period: number, policy: LateFeePolicy, today: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      .for('update');
    if (!invoice || !['sent', 'overdue'].includes(invoice.status)) return false;
    const due = centsFromDecimal(invoice.totalAmount) - centsFromDecimal(invoice.amountPaid);
    if (due <= 0) return false;
    const [sums] = await selectRows<{ charged: string }>(
      tx,
      sql`select coalesce(sum(amount), 0)::text as charged from ${lateFees} where invoice_id = ${invoiceId} and reversed_at is null`,
    );
    const fee = feeFor(policy, due, centsFromDecimal(sums?.charged ?? '0'));
    if (fee <= 0) return false;
    const [claimed] = await tx
      .insert(lateFees)
      .values({ organizationId, invoiceId, period, chargedOn: today, amount: toDecimal(fee) })
      .onConflictDoNothing()
      .returning({ id: lateFees.id });
    if (!claimed) return false;
    const invoiceNumber = await takeNextInvoiceNumber(tx, organizationId, now);
    const amount = toDecimal(fee);
    const [feeInvoice] = await tx
      .insert(invoices)
      .values({
        organizationId,
        userId: null,
        customerId: invoice.customerId,
        invoiceNumber,
        status: 'sent',
        issueDate: today,
        dueDate: today,
        subtotal: amount,
        taxAmount: '0',
        discountAmount: '0',
        totalAmount: amount,
        paymentTerms: 'Due on receipt',
        notes: `Late fee on invoice ${invoice.invoiceNumber}, due ${invoice.dueDate}.`,
        sentAt: now,
      })
      .returning({ id: invoices.id });
    if (!feeInvoice) throw new Error('late fee invoice insert returned nothing');
    await tx.insert(invoiceItems).values({
      organizationId,
      invoiceId: feeInvoice.id,
      position: 0,
      description: `Late fee on ${invoice.invoiceNumber} (month ${period})`,
      quantity: '1',
      unitPrice: amount,
      totalPrice: amount,
    });
    await tx.update(lateFees).set({ feeInvoiceId: feeInvoice.id }).where(eq(lateFees.id, claimed.id));
    const audit = { organizationId, userId: null };
    await writeAudit(tx, { ...audit, action: 'invoice.created', entityType: 'invoice', entityId: feeInvoice.id, details: { invoiceNumber, totalAmount: amount, status: 'sent', lateFeeOn: invoice.invoiceNumber } });
    await writeAudit(tx, { ...audit, action: 'invoice.late_fee_charged', entityType: 'invoice', entityId: invoice.id, details: { lateFeeId: claimed.id, period, amount, feeInvoiceId: feeInvoice.id, feeInvoiceNumber: invoiceNumber } });
    return true;
  });
}

/**
 * A user takes a late fee back: the fee invoice is cancelled when nothing has been paid on it
 * (otherwise a credit note is the way), the fee is marked reversed, and its period is never
 * charged again.
 */
export async function reverseLateFee(db: Database, actor: { organizationId: string; userId: string }, id: string, now: Date): Promise<LateFee> {
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuidLike.test(id)) throw notFound('Late fee');
  await db.transaction(async (tx) => {
    const [fee] = await tx
      .select()
      .from(lateFees)
      .where(and(eq(lateFees.organizationId, actor.organizationId), eq(lateFees.id, id)))
      .for('update');
    if (!fee) throw notFound('Late fee');
    if (fee.reversedAt) throw new AppError('CONFLICT', 'This late fee was already reversed');
    if (fee.feeInvoiceId) {
      const [feeInvoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.organizationId, actor.organizationId), eq(invoices.id, fee.feeInvoiceId)))
        .for('update');
      if (feeInvoice) {
        const [paid] = await selectRows<{ count: number }>(
          tx,
          sql`select count(*)::int as count from ${payments} where organization_id = ${actor.organizationId} and type = 'invoice_payment'
            and reference_id = ${feeInvoice.id} and status <> 'failed'`,
        );
        if (centsFromDecimal(feeInvoice.amountPaid) > 0 || Number(paid?.count ?? 0) > 0 || feeInvoice.status === 'paid') {
          throw new AppError('CONFLICT', 'Issue a credit note for a paid late fee');
        }
        if (feeInvoice.status !== 'cancelled') {
          await tx.update(invoices).set({ status: 'cancelled', updatedAt: now }).where(eq(invoices.id, feeInvoice.id));
          await writeAudit(tx, { ...actor, action: 'invoice.cancelled', entityType: 'invoice', entityId: feeInvoice.id, details: { from: feeInvoice.status, to: 'cancelled', lateFeeId: fee.id } });
        }
      }
    }
    await tx.update(lateFees).set({ reversedAt: now, reversedBy: actor.userId }).where(eq(lateFees.id, fee.id));
    await writeAudit(tx, { ...actor, action: 'invoice.late_fee_reversed', entityType: 'invoice', entityId: fee.invoiceId, details: { lateFeeId: fee.id, period: fee.period, amount: fee.amount, feeInvoiceId: fee.feeInvoiceId } });
  });
  const [reversed] = await listLateFees(db, actor.organizationId, { id });
  if (!reversed) throw notFound('Late fee');
  return reversed;
}

/** The fees charged on an invoice (or one fee by id), oldest period first, with their fee invoice. */
export async function listLateFees(db: Database, organizationId: string, filter: { invoiceId?: string; id?: string }): Promise<LateFee[]> {
  const rows = await db
    .select({
      id: lateFees.id,
      invoiceId: lateFees.invoiceId,
      period: lateFees.period,
      chargedOn: lateFees.chargedOn,
      amount: lateFees.amount,
      feeInvoiceId: lateFees.feeInvoiceId,
      feeInvoiceNumber: invoices.invoiceNumber,
      feeInvoiceStatus: invoices.status,
      reversedAt: lateFees.reversedAt,
    })
    .from(lateFees)
    .leftJoin(invoices, and(eq(invoices.id, lateFees.feeInvoiceId), eq(invoices.organizationId, organizationId)))
    .where(
      and(
        eq(lateFees.organizationId, organizationId),
        filter.invoiceId ? eq(lateFees.invoiceId, filter.invoiceId) : undefined,
        filter.id ? eq(lateFees.id, filter.id) : undefined,
      ),
    )
    .orderBy(asc(lateFees.period))
    .limit(500);
  return rows.map((row) => ({
    ...row,
    amount: toDecimal(centsFromDecimal(row.amount)),
    chargedOn: String(row.chargedOn).slice(0, 10),
    reversedAt: row.reversedAt ? row.reversedAt.toISOString() : null,
  }));
}

/** For reminder mails: the fees charged on an invoice and not reversed, as "$12.00 (INV-1004)". */
export async function lateFeesForReminder(db: Database, organizationId: string, invoiceId: string): Promise<string | null> {
  const rows = await db
    .select({ amount: lateFees.amount, number: invoices.invoiceNumber, currency: organizations.currency })
    .from(lateFees)
    .innerJoin(organizations, eq(organizations.id, lateFees.organizationId))
    .leftJoin(invoices, eq(invoices.id, lateFees.feeInvoiceId))
    .where(and(eq(lateFees.organizationId, organizationId), eq(lateFees.invoiceId, invoiceId), isNull(lateFees.reversedAt)))
    .orderBy(asc(lateFees.period));
  if (rows.length === 0) return null;
  return rows.map((row) => `${moneyIn(row.currency, centsFromDecimal(row.amount))}${row.number ? ` (invoice ${row.number})` : ''}`).join(', ');
}

/** Runs chargeLateFees at start and every 15 minutes; the unique invoice + period keeps it exactly once across processes. */
export function startLateFeeScheduler(deps: Pick<AppDeps, 'db' | 'now'>, log: { error: (details: object, message: string) => void }): () => Promise<void> {
  return startLoop((signal) => chargeLateFees(deps, { now: deps.now(), signal }), LATE_FEE_INTERVAL_MS, log, 'late fee run failed');
}

