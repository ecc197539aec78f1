import { z } from 'zod';
import { dateInput } from './common';

/**
 * A customer's statement of account for a period (issue 31): what the customer owed at the start,
 * every movement in the period with a running balance, what it owes at the end, and the aging of
 * what is open at the end. Money as decimal strings. Definitions (also help text on the page):
 * - a movement is an invoice sent (its total, a debit), a completed payment (its whole amount, a
 *   credit), a credit note issued (its amount, a credit) or a refund of credit (a debit); applying a
 *   credit to an invoice moves nothing between the customer and the organization and is not a line;
 * - openingBalance is the sum of movements dated before `from`; closingBalance = openingBalance +
 *   debits - credits of the period, and equals what open invoices owed on `to` less unapplied credit;
 * - aging buckets age each invoice's amount still due on `to` by days past its due date on `to`.
 */
export const statementQuery = z.object({
  from: dateInput('From'),
  to: dateInput('To'),
  format: z.enum(['json', 'pdf']).default('json'),
});
export type StatementQuery = z.output<typeof statementQuery>;

export const statementLineKinds = ['invoice', 'payment', 'credit_note', 'refund'] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

export const statementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(statementLineKinds),
  /** "Invoice INV-1001", "Payment - ACH 1234", "Credit note CN-1000", "Refund of CN-1000". */
  description: z.string(),
  /** The invoice, payment, credit or allocation id the line comes from. */
  sourceId: z.string(),
  /** The invoice number or credit note number, when there is one. */
  reference: z.string().nullable(),
  /** What the line adds to the balance (invoices, refunds) or takes off it (payments, credits); "0.00" on the other side. */
  debit: z.string(),
  credit: z.string(),
  balance: z.string(),
  /** Invoices only: their due date. */
  dueDate: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const agingBucketSchema = z.object({
  /** current (not yet due on `to`), 1_30, 31_60, 61_90, over_90. */
  key: z.enum(['current', '1_30', '31_60', '61_90', 'over_90']),
  label: z.string(),
  amount: z.string(),
});

export const statementSchema = z.object({
  organization: z.object({ name: z.string(), email: z.string().nullable(), address: z.string().nullable(), logoUrl: z.string().nullable(), primaryColor: z.string() }),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), address: z.string().nullable() }),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  openingBalance: z.string(),
  lines: z.array(statementLineSchema),
  totalDebits: z.string(),
  totalCredits: z.string(),
  closingBalance: z.string(),
  /** Credit not yet applied on `to` (credit notes and overpayments), already inside closingBalance. */
  unappliedCredit: z.string(),
  aging: z.array(agingBucketSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** POST /api/statements/send: a statement to every active customer with an open balance on `statementDate`. */
export const sendStatementsInput = z.object({
  statementDate: dateInput('Statement date'),
  /** The period start; defaults to the first day of statementDate's month. */
  from: dateInput('From').optional(),
  /** Only these customers (still only those with an open balance); all when left out. */
  customerIds: z.array(z.uuid()).max(5000).optional(),
});
export type SendStatementsInput = z.output<typeof sendStatementsInput>;

export const sendStatementsResult = z.object({
  statementDate: z.string(),
  /** Customers mailed by this request. */
  sent: z.number().int(),
  /** Customers already sent a statement for this date (not mailed again). */
  alreadySent: z.number().int(),
  /** Customers with an open balance but no email address, or whose mail failed. */
  skipped: z.array(z.object({ customerId: z.string(), name: z.string(), reason: z.string() })),
});
export type SendStatementsResult = z.infer<typeof sendStatementsResult>;
