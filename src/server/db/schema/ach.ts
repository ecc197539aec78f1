import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank-accounts';
import { createdAt, id, money, updatedAt } from './columns';
import { organizations } from './organizations';
import { paymentRuns } from './payment-runs';
import { vendors } from './vendors';

export const achLineEndings = ['crlf', 'lf'] as const;
/** When an exported ACH payment counts as completed: the bank's statement line, or a number of banking days. */
export const achSettlementModes = ['bank_confirmation', 'settlement_days'] as const;
export const achPrenoteStatuses = ['pending', 'sent', 'verified'] as const;

/**
 * How the organization's bank takes ACH files from this account (Bank Accounts > account > ACH
 * settings), as the bank assigned them at onboarding. Exporting a run refuses while a required
 * value is missing.
 */
export const achProfiles = pgTable('ach_profiles', {
  bankAccountId: uuid('bank_account_id')
    .primaryKey()
    .references(() => bankAccounts.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** File header positions 4-13: the ACH operator's or bank's routing number (may differ from the account's). */
  immediateDestination: text('immediate_destination'),
  immediateDestinationName: text('immediate_destination_name'),
  /** File header positions 14-23: 10 characters as the bank assigned them. */
  immediateOrigin: text('immediate_origin'),
  immediateOriginName: text('immediate_origin_name'),
  /** Batch header company identification: 10 characters as the bank assigned them. */
  companyId: text('company_id'),
  /** Batch header company name (16) and entry description (10). */
  companyName: text('company_name'),
  entryDescription: text('entry_description').notNull().default('VENDOR PAY'),
  /** Balanced: an offsetting debit to this account closes every batch (service class 200). */
  balanced: boolean('balanced').notNull().default(false),
  lineEnding: text('line_ending', { enum: achLineEndings }).notNull().default('crlf'),
  settlementMode: text('settlement_mode', { enum: achSettlementModes }).notNull().default('bank_confirmation'),
  /** Banking days after the effective date, when settlementMode is settlement_days. */
  settlementDays: integer('settlement_days').notNull().default(1),
  updatedBy: uuid('updated_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every NACHA file made for a payment run, or of prenotes only (no run): its day (the organization's), the file id modifier
 * taken for that day and origin account (A-Z then 0-9), who made it, and whether it repeats an
 * earlier export of the same run (uploading both would pay twice).
 */
export const achFileExports = pgTable(
  'ach_file_exports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for a prenote-only file (Bank Accounts > ACH settings > Download prenote file). */
    paymentRunId: uuid('payment_run_id')
      .references(() => paymentRuns.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    fileDate: date('file_date').notNull(),
    fileIdModifier: text('file_id_modifier').notNull(),
    entryCount: integer('entry_count').notNull(),
    prenoteCount: integer('prenote_count').notNull().default(0),
    totalAmount: money('total_amount').notNull(),
    /** SHA-256 of the file's text, to tell a repeat from a changed file. */
    contentHash: text('content_hash').notNull(),
    isRepeat: boolean('is_repeat').notNull().default(false),
    exportedBy: uuid('exported_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ach_file_exports_modifier_key').on(t.bankAccountId, t.fileDate, t.fileIdModifier),
    index('ach_file_exports_run_idx').on(t.paymentRunId, t.createdAt),
  ],
);

/**
 * A vendor's ACH preferences: remittance addenda (CCD+ with an 05 record carrying the bill
 * numbers) and a prenote (a zero-dollar test entry) before the first live payment to a new account.
 */
export const vendorAchSettings = pgTable(
  'vendor_ach_settings',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    remittanceAddenda: boolean('remittance_addenda').notNull().default(false),
    /** Null: no prenote wanted. pending: goes in the next file; sent: in a file with this effective date. */
    prenoteStatus: text('prenote_status', { enum: achPrenoteStatuses }),
    /** The account (routing + last four) the prenote tested: a changed account needs a new one. */
    prenoteAccountKey: text('prenote_account_key'),
    /** The prenote's effective (settlement) date: live entries may go from three banking days after. */
    prenoteSentOn: date('prenote_sent_on'),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendor_ach_settings_prenote_idx').on(t.organizationId).where(sql`${t.prenoteStatus} = 'pending'`)],
);
