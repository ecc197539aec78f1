import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { organizations } from './organizations';

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Set when the organization is an accounting firm (spec: User.accountingFirmId). */
    accountingFirmId: uuid('accounting_firm_id').references(() => organizations.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['owner', 'admin', 'accountant', 'approver', 'viewer'] })
      .notNull()
      .default('accountant'),
    jobTitle: text('job_title'),
    department: text('department'),
    licenseNumber: text('license_number'),
    certifications: jsonb('certifications').$type<string[]>().notNull().default([]),
    phone: text('phone'),
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** The largest bill this member may approve; null means no limit (chosen on purpose). */
    approvalLimit: money('approval_limit'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    inviteToken: text('invite_token'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    invitedBy: uuid('invited_by'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    locale: text('locale').notNull().default('en-US'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, per username and per client address, for the 10-in-15-minutes limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.createdAt)],
);

/**
 * A user's TOTP (RFC 6238) second factor. The secret is encrypted like bank account numbers;
 * enabledAt is null while enrolment waits for its first code.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step accepted, so one code cannot be used twice. */
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per enrolment, kept only as hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its second factor: the password was right, no session exists yet. The
 * client holds a random token, the table its SHA-256.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Browsers and addresses a user has signed in from, for login notifications. */
export const loginSightings = pgTable(
  'login_sightings',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['browser', 'address'] }).notNull(),
    /** SHA-256 of the browser's device cookie, or the client address. */
    valueHash: text('value_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_sightings_key').on(t.userId, t.kind, t.valueHash)],
);

/** Forgot-password links: single use, valid one hour; the mail carries a token, the table its SHA-256. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters for throttling anonymous writes per client address. Counted in the
 * database so that every server process shares them; old windows are deleted by maintenance.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
