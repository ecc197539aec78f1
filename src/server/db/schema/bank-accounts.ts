import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import {
  bankAccountTypes,
  bankVerificationStatuses,
} from '../../../shared/contracts/bank-accounts';
import { organizations } from './organizations';

/**
 * The organization's own accounts, which bill payments are drawn from (spec 3, Bank account).
 * The account number is kept only encrypted, with its last four digits beside it for display.
 * Without a bank-data provider every account is verified by two micro-deposits, kept as an HMAC
 * of the pair; after 3 wrong pairs or 14 days the verification is void and the account re-added.
 * Removing an account only deactivates it, so payment runs drawn from it keep their origin.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who added it (spec: Bank account.userId). */
    userId: uuid('user_id'),
    accountName: text('account_name').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    bankName: text('bank_name'),
    accountType: text('account_type', { enum: bankAccountTypes }).notNull(),
    /** AES-256-GCM, "v1:iv:tag:ciphertext"; never sent to a client or written to a log. */
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountLast4: text('account_last4').notNull(),
    routingNumber: text('routing_number').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    needsMicroDeposits: boolean('needs_micro_deposits').notNull().default(false),
    achEnabled: boolean('ach_enabled').notNull().default(true),
    wireEnabled: boolean('wire_enabled').notNull().default(false),
    plaidAccountId: text('plaid_account_id'),
    balance: money('balance'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    verificationStatus: text('verification_status', { enum: bankVerificationStatuses })
      .notNull()
      .default('pending'),
    /** HMAC-SHA256 over the account id and the two amounts in cents, smaller first. */
    microDepositHash: text('micro_deposit_hash'),
    microDepositAttempts: integer('micro_deposit_attempts').notNull().default(0),
    microDepositsSentAt: timestamp('micro_deposits_sent_at', { withTimezone: true }),
    microDepositsExpireAt: timestamp('micro_deposits_expire_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_accounts_org_idx').on(t.organizationId, t.isActive, t.createdAt),
    // One primary account per organization; setting a new one clears the old in one transaction.
    uniqueIndex('bank_accounts_org_primary_key')
      .on(t.organizationId)
      .where(sql`${t.isPrimary}`),
  ],
);
