import { z } from 'zod';
import { dateInput, moneyInput, pageQuery } from './common';

/**
 * Bank reconciliation (issue 30): statement lines in, each matched to what the books say, a
 * period marked reconciled. Amounts are decimal strings; a line's amount is signed (a deposit is
 * positive, a debit negative).
 */

export const bankStatementFormats = ['ofx', 'camt053', 'camt054', 'bai2', 'csv', 'plaid'] as const;
export type BankStatementFormat = (typeof bankStatementFormats)[number];

export const bankStatementFormatLabels: Record<BankStatementFormat, string> = {
  ofx: 'OFX / QFX',
  camt053: 'camt.053',
  camt054: 'camt.054',
  bai2: 'BAI2',
  csv: 'CSV',
  plaid: 'Plaid feed',
};

export const bankTransactionStatuses = ['unmatched', 'matched', 'excluded'] as const;
export type BankTransactionStatus = (typeof bankTransactionStatuses)[number];

/** How a line left "unmatched". */
export const bankTransactionResolutions = [
  'matched', // to payments already in the books, or recorded by accepting a suggestion
  'payment_run', // a settlement debit covering a payment run
  'ach_return', // a return that failed a payment
  'created_invoice_payment',
  'created_bill_payment',
  'created_expense',
  'transfer',
  'excluded',
] as const;
export type BankTransactionResolution = (typeof bankTransactionResolutions)[number];

export const bankMatchKinds = ['invoice_payment', 'bill_payment', 'payment_run', 'ach_return'] as const;
export type BankMatchKind = (typeof bankMatchKinds)[number];

export const bankRuleDirections = ['any', 'deposit', 'debit'] as const;
export const bankRuleActions = ['categorize', 'auto_match'] as const;
export type BankRuleAction = (typeof bankRuleActions)[number];

/** One line as lists show it. */
export interface BankTransaction {
  id: string;
  bankAccountId: string;
  statementId: string | null;
  postedOn: string;
  amount: string;
  description: string;
  reference: string | null;
  counterparty: string | null;
  bankRef: string | null;
  returnCode: string | null;
  status: BankTransactionStatus;
  resolution: BankTransactionResolution | null;
  /** What it was matched to, in words ("INV-1001, INV-1002"); null while unmatched. */
  matchedTo: string | null;
  matches: BankTransactionMatch[];
  /** True once a reconciliation covers it: it cannot be unmatched without an owner. */
  locked: boolean;
  matchedAt: string | null;
}

export interface BankTransactionMatch {
  kind: BankMatchKind;
  paymentId: string | null;
  paymentRunId: string | null;
  invoiceId: string | null;
  billId: string | null;
  amount: string;
  label: string;
}

/** GET /api/bank-accounts/{id}/transactions */
export const bankTransactionsQuery = pageQuery.extend({
  status: z.enum(bankTransactionStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});
export type BankTransactionsQuery = z.infer<typeof bankTransactionsQuery>;

export interface BankTransactionsPage {
  data: BankTransaction[];
  total: number;
  /** Counts per status for the tabs, and the sum of unmatched lines. */
  counts: Record<BankTransactionStatus, number>;
  unmatchedAmount: string;
}

/** One ranked suggestion for a line. */
export interface BankSuggestion {
  /** Stable within the line: send it back to POST .../match. */
  key: string;
  /** 'expense': a categorize rule's vendor and category, recorded as a paid expense bill. */
  kind: BankMatchKind | 'expense';
  /** 0 to 100. */
  confidence: number;
  /** Why, in words: "Exact amount · INV-1002 in the reference · 2 days after the due date". */
  reason: string;
  /** What accepting it does, in words: "Record a payment of $1,250.00 on INV-1002". */
  action: string;
  targets: Array<{
    kind: 'invoice' | 'bill' | 'payment' | 'payment_run';
    id: string;
    label: string;
    /** The part of the line applied to this target. */
    amount: string;
  }>;
}

export interface BankSuggestions {
  transaction: BankTransaction;
  suggestions: BankSuggestion[];
}

/**
 * POST /api/bank-transactions/{id}/match: a suggestion by key, or explicit targets (invoices
 * with the part of the line applied to each, existing payments, a payment run).
 */
export const matchBankTransactionSchema = z
  .object({
    suggestionKey: z.string().max(500).optional(),
    invoices: z.array(z.object({ invoiceId: z.string(), amount: moneyInput('Amount') })).max(100).optional(),
    paymentIds: z.array(z.string()).max(500).optional(),
    paymentRunId: z.string().optional(),
    /** An ACH return line: the bill payment it reverses (failed with the line's return code). */
    returnPaymentId: z.string().optional(),
    /**
     * A deposit larger than the invoices it pays (all of one customer, each paid in full): the
     * excess is kept as that customer's unapplied credit instead of being refused (issue 31).
     */
    keepExcessAsCredit: z.boolean().optional(),
  })
  .refine((v) => v.suggestionKey || v.invoices?.length || v.paymentIds?.length || v.paymentRunId || v.returnPaymentId, {
    message: 'Choose what this line matches',
  });
export type MatchBankTransaction = z.output<typeof matchBankTransactionSchema>;

/** POST /api/bank-transactions/{id}/create: record something new from the line. */
export const createFromBankTransactionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invoice_payment'), invoiceId: z.string({ message: 'Choose an invoice' }) }),
  z.object({ kind: z.literal('bill_payment'), billId: z.string({ message: 'Choose a bill' }) }),
  z.object({
    kind: z.literal('expense'),
    vendorId: z.string({ message: 'Choose a vendor' }),
    category: z.string().trim().min(1, 'Category is required').max(100),
    memo: z.string().trim().max(500).optional(),
  }),
]);
export type CreateFromBankTransaction = z.output<typeof createFromBankTransactionSchema>;

/** POST /api/bank-transactions/{id}/exclude */
export const excludeBankTransactionSchema = z.object({
  as: z.enum(['transfer', 'excluded']).default('excluded'),
});

/** GET|POST|PUT|DELETE /api/bank-rules */
export const bankRuleSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    bankAccountId: z.string().nullable().optional(),
    descriptionContains: z.string().trim().max(200).nullable().optional(),
    direction: z.enum(bankRuleDirections).default('any'),
    amountMin: moneyInput('Minimum amount').nullable().optional(),
    amountMax: moneyInput('Maximum amount').nullable().optional(),
    action: z.enum(bankRuleActions),
    vendorId: z.string().nullable().optional(),
    category: z.string().trim().max(100).nullable().optional(),
    minConfidence: z.coerce.number().int().min(0).max(100).default(95),
    isActive: z.boolean().default(true),
  })
  .refine((v) => v.descriptionContains || v.amountMin != null || v.amountMax != null || v.bankAccountId, {
    message: 'A rule needs a description, an amount range or an account',
    path: ['descriptionContains'],
  });
export type BankRuleInput = z.output<typeof bankRuleSchema>;

export interface BankRule {
  id: string;
  name: string;
  bankAccountId: string | null;
  descriptionContains: string | null;
  direction: (typeof bankRuleDirections)[number];
  amountMin: string | null;
  amountMax: string | null;
  action: BankRuleAction;
  vendorId: string | null;
  vendorName: string | null;
  category: string | null;
  minConfidence: number;
  isActive: boolean;
  createdAt: string;
}

/**
 * POST /api/bank-rules/from-transaction/{id}: a rule proposed from how a line was resolved (its
 * stable description words, direction, the vendor and category of the expense made from it). The
 * user edits it and saves it through POST /api/bank-rules.
 */
export interface BankRuleProposal {
  name: string;
  bankAccountId: string | null;
  descriptionContains: string | null;
  direction: (typeof bankRuleDirections)[number];
  amountMin: string | null;
  amountMax: string | null;
  action: BankRuleAction;
  vendorId: string | null;
  category: string | null;
  minConfidence: number;
  isActive: boolean;
}

/** POST /api/bank-accounts/{id}/reconciliations */
export const createReconciliationSchema = z.object({
  throughDate: dateInput('Statement end date'),
  statementBalance: moneyInput('Statement balance', { allowNegative: true }),
});

/** GET /api/bank-accounts/{id}/reconciliations/preview?throughDate=&statementBalance= */
export interface ReconciliationPreview {
  bankAccountId: string;
  throughDate: string;
  /** The bank's balance on that day: the given statement balance. */
  statementBalance: string;
  /** Opening balance of the last reconciliation + matched lines through the day. */
  bookBalance: string;
  difference: string;
  unmatchedCount: number;
  unmatchedAmount: string;
  /** The unmatched lines through the day that explain the difference (first page). */
  unmatched: BankTransaction[];
  lastReconciledThrough: string | null;
}

export interface BankReconciliation {
  id: string;
  bankAccountId: string;
  throughDate: string;
  statementBalance: string;
  bookBalance: string;
  difference: string;
  linesLocked: number;
  createdAt: string;
  userName: string | null;
}

/** GET /api/practice/reconciliation: one row per client workspace. */
export interface PracticeReconciliationRow {
  organizationId: string;
  clientName: string;
  unmatchedCount: number;
  unmatchedAmount: string;
  oldestUnmatchedOn: string | null;
  /** Active accounts not reconciled for more than 30 days (or never). */
  staleAccounts: number;
  lastImportAt: string | null;
  /** The account to open the matching screen on. */
  firstBankAccountId: string | null;
}

export interface StatementImportResult {
  statementId: string;
  format: BankStatementFormat;
  linesInFile: number;
  linesAdded: number;
  duplicates: number;
  openingBalance: string | null;
  closingBalance: string | null;
  /** opening + lines - closing; null without balances. Non-zero is shown as a warning. */
  balanceDifference: string | null;
  autoMatched: number;
}

/** Statement files: at most 20 MB and 200,000 lines (issue 30, "Bad input and safety"). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 200_000;

export const csvDateFormats = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'] as const;
export type CsvDateFormat = (typeof csvDateFormats)[number];

const column = z.coerce.number().int().min(0).max(499);

/**
 * Which column (0-based) holds what in a bank's CSV export. Either one signed amount column, or a
 * debit and/or a credit column (money out and money in, each written without a sign).
 */
export const csvStatementMappingSchema = z
  .object({
    date: column,
    amount: column.nullable().optional(),
    debit: column.nullable().optional(),
    credit: column.nullable().optional(),
    description: column,
    reference: column.nullable().optional(),
    dateFormat: z.enum(csvDateFormats, { message: 'Choose the date format' }),
    /** "1.234,56": a comma as the decimal point. */
    decimalComma: z.boolean().default(false),
    delimiter: z.enum([',', ';', '\t']).default(','),
    hasHeader: z.boolean().default(true),
  })
  .refine((v) => v.amount != null || v.debit != null || v.credit != null, {
    message: 'Choose the amount column, or the debit and credit columns',
    path: ['amount'],
  });
export type CsvStatementMapping = z.output<typeof csvStatementMappingSchema>;

/** POST /api/bank-accounts/{id}/statements/preview */
export interface StatementPreview {
  format: BankStatementFormat;
  fileName: string;
  /** CSV only: the header (or "Column 1"...), the first rows, and the mapping to start from. */
  csv: {
    header: string[];
    rows: string[][];
    mapping: CsvStatementMapping | null;
    /** True when the mapping is the one remembered from the last import of this account. */
    remembered: boolean;
  } | null;
}

/** GET /api/bank-accounts/{id}/statements: the import history. */
export interface BankStatementSummary {
  id: string;
  format: BankStatementFormat;
  fileName: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  balanceDifference: string | null;
  linesInFile: number;
  linesAdded: number;
  createdAt: string;
}

/** GET /api/bank-accounts/{id}/reconciliations/preview */
export const reconciliationPreviewQuery = createReconciliationSchema;

/** GET /api/bank-feeds/status: whether live feeds (Plaid) can be linked on this installation. */
export interface BankFeedStatus {
  configured: boolean;
  provider: 'plaid';
  environment: 'sandbox' | 'production' | null;
  /** How to enable feeds, or how they work, in words. */
  message: string;
}

/** POST /api/bank-accounts/{id}/plaid/link-token */
export interface PlaidLinkToken {
  linkToken: string;
  expiration: string | null;
}

/** POST /api/bank-accounts/{id}/plaid/exchange: what Plaid Link's onSuccess gives. */
export const plaidExchangeSchema = z.object({
  public_token: z.string({ message: 'public_token is required' }).trim().min(1, 'public_token is required').max(500),
  account_id: z.string({ message: 'account_id is required' }).trim().min(1, 'account_id is required').max(200),
});

/** A feed sync's outcome (POST /api/bank-accounts/{id}/plaid/sync, and after linking). */
export interface BankFeedSyncResult {
  bankAccountId: string;
  added: number;
  modified: number;
  removed: number;
  balance: string | null;
  lastSyncAt: string;
}
