import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bankMatchKinds,
  bankRuleActions,
  bankRuleDirections,
  bankStatementFormats,
  bankTransactionResolutions,
  bankTransactionStatuses,
} from '../../../shared/contracts/bank-reconciliation';
import { bankAccounts } from './bank-accounts';
import { createdAt, id, money, updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * One imported file (or one Plaid sync) of a bank account. The closing balance is the bank's own
 * figure when the file gives one; the import checks it against opening + the file's lines and
 * keeps the difference, so a mismatch is shown rather than hidden.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    format: text('format', { enum: bankStatementFormats }).notNull(),
    fileName: text('file_name'),
    /** SHA-256 of the file's bytes. */
    fileHash: text('file_hash'),
    /** The account number or IBAN the file names, as given (masked to its last four when shown). */
    fileAccount: text('file_account'),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    openingBalance: money('opening_balance'),
    closingBalance: money('closing_balance'),
    /** opening + sum of the file's lines - closing; null when the file gives no balances. */
    balanceDifference: money('balance_difference'),
    linesInFile: integer('lines_in_file').notNull().default(0),
    linesAdded: integer('lines_added').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statements_account_idx').on(t.organizationId, t.bankAccountId, t.createdAt)],
);

/**
 * One line of a bank statement or feed. amount is signed: a deposit is positive, a debit
 * negative. bankRef is the bank's own id (OFX FITID, camt AcctSvcrRef, BAI2 bank reference,
 * Plaid transaction_id); lineHash covers day, amount, description, reference and the line's
 * occurrence among identical lines, so a re-imported or overlapping file adds only new lines.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id').references(() => bankStatements.id, { onDelete: 'set null' }),
    postedOn: date('posted_on').notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference'),
    /** The counterparty as the bank gives it (camt RltdPties, OFX NAME/PAYEE, Plaid merchant). */
    counterparty: text('counterparty'),
    bankRef: text('bank_ref'),
    lineHash: text('line_hash').notNull(),
    /** An ACH return reason code (R01...) read from the description or camt return reason. */
    returnCode: text('return_code'),
    status: text('status', { enum: bankTransactionStatuses }).notNull().default('unmatched'),
    /** How a line left "unmatched": matched to payments, created from, or set aside. */
    resolution: text('resolution', { enum: bankTransactionResolutions }),
    ruleId: uuid('rule_id'),
    matchedBy: uuid('matched_by'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /** Set by "Mark reconciled through"; a line with one is locked. */
    reconciliationId: uuid('reconciliation_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_transactions_account_status_idx').on(t.organizationId, t.bankAccountId, t.status, t.postedOn),
    index('bank_transactions_org_status_idx').on(t.organizationId, t.status, t.postedOn),
    uniqueIndex('bank_transactions_bank_ref_key')
      .on(t.bankAccountId, t.bankRef)
      .where(sql`${t.bankRef} is not null`),
    uniqueIndex('bank_transactions_line_hash_key').on(t.bankAccountId, t.lineHash),
  ],
);

/**
 * What a matched line stands for: one row per payment it covers (a deposit paying three invoices
 * has three), or the payment run a single settlement debit covers, or the payment an ACH return
 * reversed. A payment is matched to at most one line, which is what keeps a payment from being
 * counted twice.
 */
export const bankTransactionMatches = pgTable(
  'bank_transaction_matches',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bankTransactionId: uuid('bank_transaction_id')
      .notNull()
      .references(() => bankTransactions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: bankMatchKinds }).notNull(),
    paymentId: uuid('payment_id'),
    paymentRunId: uuid('payment_run_id'),
    invoiceId: uuid('invoice_id'),
    billId: uuid('bill_id'),
    amount: money('amount').notNull(),
    /** True when accepting this match recorded the payment (undo removes it again). */
    createdPayment: boolean('created_payment').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_transaction_matches_line_idx').on(t.bankTransactionId),
    uniqueIndex('bank_transaction_matches_payment_key')
      .on(t.paymentId, t.kind)
      .where(sql`${t.paymentId} is not null`),
    index('bank_transaction_matches_run_idx').on(t.paymentRunId),
  ],
);

/**
 * A rule made from a user's choice: lines whose description contains the text, within the amount
 * range, on the account, get the vendor and category, or are matched automatically, never when
 * the match's confidence is below minConfidence.
 */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    /** null: every account of the workspace. */
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'cascade' }),
    descriptionContains: text('description_contains'),
    direction: text('direction', { enum: bankRuleDirections }).notNull().default('any'),
    amountMin: money('amount_min'),
    amountMax: money('amount_max'),
    action: text('action', { enum: bankRuleActions }).notNull(),
    vendorId: uuid('vendor_id'),
    category: text('category'),
    /** 0 to 100: an auto-match below this confidence stays a suggestion. */
    minConfidence: integer('min_confidence').notNull().default(95),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bank_rules_org_idx').on(t.organizationId, t.isActive)],
);

/**
 * "Mark reconciled through <date>": the bank's balance on that day, the books' balance, and the
 * difference the user accepted. The matched lines up to the day point at it and are locked.
 */
export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    throughDate: date('through_date').notNull(),
    statementBalance: money('statement_balance').notNull(),
    bookBalance: money('book_balance').notNull(),
    difference: money('difference').notNull(),
    linesLocked: integer('lines_locked').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('bank_reconciliations_account_idx').on(t.organizationId, t.bankAccountId, t.throughDate)],
);

/** Per-account import and feed settings: the remembered CSV mapping and the Plaid link. */
export const bankFeedSettings = pgTable(
  'bank_feed_settings',
  {
    bankAccountId: uuid('bank_account_id')
      .primaryKey()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    csvMapping: jsonb('csv_mapping').$type<Record<string, unknown>>(),
    /** Encrypted like account numbers; never sent to a client. */
    plaidAccessTokenEncrypted: text('plaid_access_token_encrypted'),
    plaidItemId: text('plaid_item_id'),
    plaidCursor: text('plaid_cursor'),
    lastImportAt: timestamp('last_import_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('bank_feed_settings_org_idx').on(t.organizationId)],
);
