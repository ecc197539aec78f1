import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { BankFeedStatus, BankFeedSyncResult, PlaidLinkToken } from '../../../shared/contracts/bank-reconciliation';
import { parseMoney, toDecimal } from '../../../shared/money';
import type { PlaidConfig } from '../../config';
import { bankAccounts, bankFeedSettings, bankStatements, bankTransactions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { decryptSecret, encryptSecret } from '../../platform/encryption';
import { AppError, notFound } from '../../platform/errors';
import { startLoop } from '../../platform/loop';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import { applyBankRules } from './apply-rules';
import { type PlaidAccount, type PlaidSyncPage, type PlaidTransaction, plaidFailure, plaidPost } from './plaid-client';
import { type ParsedStatementLine, insertStatementLines } from './statement-lines';

export interface FeedActor {
  organizationId: string;
  userId: string;
}

/** A linked feed is synced when its last sync is older than this; the loop looks every minute. */
export const PLAID_SYNC_EVERY_MS = 15 * 60_000;
const LOOP_MS = 60_000;
/** Plaid's sandbox test institution (First Platypus Bank). */
const SANDBOX_INSTITUTION = 'ins_109508';

export function bankFeedStatus(config: PlaidConfig | null | undefined): BankFeedStatus {
  if (!config) {
    return {
      configured: false,
      provider: 'plaid',
      environment: null,
      message:
        'Live bank feeds are not enabled on this installation. To enable them, set PLAID_CLIENT_ID and PLAID_SECRET (and PLAID_ENV) in the server environment and restart. Until then, import statements as files (OFX, camt.053, BAI2 or CSV).',
    };
  }
  return {
    configured: true,
    provider: 'plaid',
    environment: config.environment,
    message: 'Link the account through Plaid; its transactions are then synced every 15 minutes.',
  };
}

function requirePlaid(deps: AppDeps): PlaidConfig {
  const config = deps.config.plaid;
  if (!config) throw new AppError('CONFLICT', bankFeedStatus(null).message);
  return config;
}

async function activeAccount(deps: AppDeps, actor: FeedActor, bankAccountId: string) {
  const account = await findBankAccount(deps.db, { organizationId: actor.organizationId, id: bankAccountId });
  if (!account) throw notFound('Bank account');
  return account;
}

/** POST /link/token/create for the account: what Plaid Link opens with. */
export async function createPlaidLinkToken(deps: AppDeps, actor: FeedActor, bankAccountId: string): Promise<PlaidLinkToken> {
  const config = requirePlaid(deps);
  await activeAccount(deps, actor, bankAccountId);
  try {
    const answer = await plaidPost<{ link_token: string; expiration?: string }>(config, '/link/token/create', {
      client_name: 'Signal AR',
      user: { client_user_id: actor.userId },
      products: ['transactions'],
      country_codes: ['US'],
      language: 'en',
    });
    return { linkToken: answer.link_token, expiration: answer.expiration ?? null };
  } catch (error) {
    throw plaidFailure(error);
  }
}

const centsOf = (value: number | null | undefined) => (value === null || value === undefined ? null : parseMoney(String(value), { round: true }));

/** Exchanges a public token (from Link or the sandbox) for the item's access token and lists its accounts. */
async function exchangeToken(config: PlaidConfig, publicToken: string) {
  try {
    const exchanged = await plaidPost<{ access_token: string; item_id: string }>(config, '/item/public_token/exchange', { public_token: publicToken });
    const balances = await plaidPost<{ accounts: (PlaidAccount & { type?: string })[] }>(config, '/accounts/balance/get', { access_token: exchanged.access_token });
    return { accessToken: exchanged.access_token, itemId: exchanged.item_id, accounts: balances.accounts };
  } catch (error) {
    throw plaidFailure(error);
  }
}

/**
 * Links the Plaid account to the bank account (access token kept only encrypted, the account's
 * current balance), then runs the first sync.
 */
async function storeLinkAndSync(
  deps: AppDeps,
  actor: FeedActor,
  bankAccountId: string,
  link: { accessToken: string; itemId: string; account: PlaidAccount },
): Promise<BankFeedSyncResult> {
  const balance = centsOf(link.account.balances.current);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const account = await findBankAccount(tx, { organizationId: actor.organizationId, id: bankAccountId, forUpdate: true });
    if (!account) throw notFound('Bank account');
    const encrypted = encryptSecret(deps.config.encryptionKey, link.accessToken);
    await tx
      .insert(bankFeedSettings)
      .values({ bankAccountId: account.id, organizationId: actor.organizationId, plaidAccessTokenEncrypted: encrypted, plaidItemId: link.itemId, plaidCursor: null })
      .onConflictDoUpdate({
        target: bankFeedSettings.bankAccountId,
        set: { plaidAccessTokenEncrypted: encrypted, plaidItemId: link.itemId, plaidCursor: null, updatedAt: now },
      });
    await tx
      .update(bankAccounts)
      .set({ plaidAccountId: link.account.account_id, balance: balance === null ? null : toDecimal(balance), lastSyncAt: now, updatedAt: now })
      .where(eq(bankAccounts.id, account.id));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_account.feed_linked',
      entityType: 'bank_account',
      entityId: account.id,
      details: { provider: 'plaid', itemId: link.itemId, plaidAccountId: link.account.account_id, mask: link.account.mask },
    });
  });
  return syncPlaidFeed(deps, { organizationId: actor.organizationId, bankAccountId, userId: actor.userId });
}

/** What Plaid Link's onSuccess gives: the public token and the account the user chose. */
export async function linkPlaidAccount(
  deps: AppDeps,
  actor: FeedActor,
  bankAccountId: string,
  input: { public_token: string; account_id: string },
): Promise<BankFeedSyncResult> {
  const config = requirePlaid(deps);
  await activeAccount(deps, actor, bankAccountId);
  const item = await exchangeToken(config, input.public_token);
  const account = item.accounts.find((candidate) => candidate.account_id === input.account_id);
  if (!account) throw new AppError('VALIDATION', 'The chosen account is not in the linked bank login', { account_id: 'Unknown account' });
  return storeLinkAndSync(deps, actor, bankAccountId, { accessToken: item.accessToken, itemId: item.itemId, account });
}

/**
 * Sandbox only: links Plaid's test institution without Link (POST /sandbox/public_token/create,
 * as Plaid's quickstart does), on its first depository account.
 */
export async function linkPlaidSandboxAccount(deps: AppDeps, actor: FeedActor, bankAccountId: string): Promise<BankFeedSyncResult> {
  const config = requirePlaid(deps);
  if (config.environment !== 'sandbox') throw new AppError('FORBIDDEN', 'Test accounts can be linked only in the Plaid sandbox');
  await activeAccount(deps, actor, bankAccountId);
  let publicToken: string;
  try {
    publicToken = (await plaidPost<{ public_token: string }>(config, '/sandbox/public_token/create', { institution_id: SANDBOX_INSTITUTION, initial_products: ['transactions'] })).public_token;
  } catch (error) {
    throw plaidFailure(error);
  }
  const item = await exchangeToken(config, publicToken);
  const account = item.accounts.find((candidate) => candidate.type === 'depository') ?? item.accounts[0];
  if (!account) throw new AppError('CONFLICT', 'Plaid: the sandbox institution has no account');
  return storeLinkAndSync(deps, actor, bankAccountId, { accessToken: item.accessToken, itemId: item.itemId, account });
}

/** Every page from the cursor on; restarts from the cursor when Plaid says the data moved mid-way. */
async function pullSyncPages(config: PlaidConfig, accessToken: string, cursor: string | null): Promise<{ pages: PlaidSyncPage[]; cursor: string }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const pages: PlaidSyncPage[] = [];
    let next = cursor;
    try {
      for (;;) {
        const page = await plaidPost<PlaidSyncPage>(config, '/transactions/sync', { access_token: accessToken, count: 500, ...(next ? { cursor: next } : {}) });
        pages.push(page);
        next = page.next_cursor;
        if (!page.has_more) return { pages, cursor: next };
      }
    } catch (error) {
      if ((error as { code?: string }).code !== 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') throw error;
    }
  }
  throw new AppError('CONFLICT', 'Plaid: the transactions kept changing during the sync; it will be tried again');
}

/** A Plaid transaction as a statement line: Plaid's amount is positive for money out, ours for money in. */
function toLine(transaction: PlaidTransaction): ParsedStatementLine {
  const cents = parseMoney(String(transaction.amount), { round: true }) ?? 0;
  return {
    postedOn: transaction.date,
    amountCents: cents === 0 ? 0 : -cents,
    description: transaction.name,
    reference: transaction.payment_meta?.reference_number ?? null,
    counterparty: transaction.merchant_name ?? null,
    bankRef: transaction.transaction_id,
  };
}

/** One line per Plaid transaction whatever its text: the hash is the transaction id's. */
const feedHash = (transactionId: string) => createHash('sha256').update(`plaid\u001f${transactionId}`).digest('hex');

/**
 * Pulls the feed's changes since its cursor (transactions/sync: added, modified, removed) and
 * applies those of the linked account in one transaction: new posted lines are inserted (then the
 * bank rules run on them), a changed or removed line is updated or deleted only while it is
 * unmatched and unlocked (a matched line is the books' now), and the cursor, balance and last
 * sync time move on together.
 */
export async function syncPlaidFeed(deps: AppDeps, feed: { organizationId: string; bankAccountId: string; userId: string | null }): Promise<BankFeedSyncResult> {
  const config = requirePlaid(deps);
  const [settings] = await deps.db
    .select({ feed: bankFeedSettings, plaidAccountId: bankAccounts.plaidAccountId })
    .from(bankFeedSettings)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankFeedSettings.bankAccountId))
    .where(and(eq(bankFeedSettings.bankAccountId, feed.bankAccountId), eq(bankFeedSettings.organizationId, feed.organizationId), eq(bankAccounts.isActive, true)));
  if (!settings?.feed.plaidAccessTokenEncrypted || !settings.plaidAccountId) throw new AppError('CONFLICT', 'This account has no bank feed linked');
  const plaidAccountId = settings.plaidAccountId;
  const accessToken = decryptSecret(deps.config.encryptionKey, settings.feed.plaidAccessTokenEncrypted);
  let pulled: { pages: PlaidSyncPage[]; cursor: string };
  let accounts: PlaidAccount[];
  try {
    pulled = await pullSyncPages(config, accessToken, settings.feed.plaidCursor);
    accounts = pulled.pages.flatMap((page) => page.accounts ?? []);
    if (!accounts.some((candidate) => candidate.account_id === plaidAccountId)) {
      accounts = (await plaidPost<{ accounts: PlaidAccount[] }>(config, '/accounts/balance/get', { access_token: accessToken, options: { account_ids: [plaidAccountId] } })).accounts;
    }
  } catch (error) {
    throw plaidFailure(error);
  }
  const mine = (transaction: { account_id?: string }) => transaction.account_id === plaidAccountId;
  const added = pulled.pages.flatMap((page) => page.added).filter((transaction) => mine(transaction) && !transaction.pending);
  const modified = pulled.pages.flatMap((page) => page.modified).filter((transaction) => mine(transaction) && !transaction.pending);
  // A removed transaction may not name its account; its id is unique across Plaid.
  const removed = pulled.pages.flatMap((page) => page.removed).filter((transaction) => !transaction.account_id || mine(transaction));
  const balance = centsOf(accounts.find((candidate) => candidate.account_id === plaidAccountId)?.balances.current);
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    const editable = and(
      eq(bankTransactions.organizationId, feed.organizationId),
      eq(bankTransactions.bankAccountId, feed.bankAccountId),
      eq(bankTransactions.status, 'unmatched'),
      isNull(bankTransactions.reconciliationId),
    );
    let addedIds: string[] = [];
    if (added.length > 0) {
      const days = added.map((transaction) => transaction.date).sort();
      const [statement] = await tx
        .insert(bankStatements)
        .values({
          organizationId: feed.organizationId,
          bankAccountId: feed.bankAccountId,
          userId: feed.userId,
          format: 'plaid',
          periodStart: days[0] ?? null,
          periodEnd: days.at(-1) ?? null,
          linesInFile: added.length,
        })
        .returning({ id: bankStatements.id });
      addedIds = await insertStatementLines(
        tx,
        { organizationId: feed.organizationId, bankAccountId: feed.bankAccountId, statementId: statement?.id ?? null },
        added.map(toLine),
        added.map((transaction) => feedHash(transaction.transaction_id)),
      );
      if (statement) await tx.update(bankStatements).set({ linesAdded: addedIds.length }).where(eq(bankStatements.id, statement.id));
    }
    let modifiedCount = 0;
    for (const transaction of modified) {
      const line = toLine(transaction);
      const changed = await tx
        .update(bankTransactions)
        .set({ postedOn: line.postedOn, amount: toDecimal(line.amountCents), description: line.description.trim(), counterparty: line.counterparty?.trim() || null, updatedAt: now })
        .where(and(editable, eq(bankTransactions.bankRef, transaction.transaction_id)))
        .returning({ id: bankTransactions.id });
      modifiedCount += changed.length;
    }
    const removedIds = removed.map((transaction) => transaction.transaction_id);
    const deleted = removedIds.length
      ? await tx.delete(bankTransactions).where(and(editable, inArray(bankTransactions.bankRef, removedIds))).returning({ id: bankTransactions.id })
      : [];
    await tx.update(bankFeedSettings).set({ plaidCursor: pulled.cursor, lastImportAt: now, updatedAt: now }).where(eq(bankFeedSettings.bankAccountId, feed.bankAccountId));
    await tx
      .update(bankAccounts)
      .set({ lastSyncAt: now, updatedAt: now, ...(balance === null ? {} : { balance: toDecimal(balance) }) })
      .where(eq(bankAccounts.id, feed.bankAccountId));
    if (addedIds.length > 0) await applyBankRules(tx, { organizationId: feed.organizationId, userId: feed.userId }, addedIds);
    if (addedIds.length + modifiedCount + deleted.length > 0) {
      await writeAudit(tx, {
        organizationId: feed.organizationId,
        userId: feed.userId,
        action: 'bank_account.feed_synced',
        entityType: 'bank_account',
        entityId: feed.bankAccountId,
        details: { provider: 'plaid', added: addedIds.length, modified: modifiedCount, removed: deleted.length },
      });
    }
    return {
      bankAccountId: feed.bankAccountId,
      added: addedIds.length,
      modified: modifiedCount,
      removed: deleted.length,
      balance: balance === null ? null : toDecimal(balance),
      lastSyncAt: now.toISOString(),
    };
  });
}

/**
 * Claims one feed due for a sync: its last sync time is moved to now in the same statement that
 * picks it (FOR UPDATE SKIP LOCKED), so another server process looking at the same moment skips
 * it and no feed is synced twice in one interval.
 */
async function claimDueFeed(deps: AppDeps, now: Date) {
  const dueBefore = new Date(now.getTime() - PLAID_SYNC_EVERY_MS);
  return deps.db.transaction(async (tx) => {
    const due = tx
      .select({ id: bankFeedSettings.bankAccountId })
      .from(bankFeedSettings)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankFeedSettings.bankAccountId))
      .where(
        and(
          isNotNull(bankFeedSettings.plaidAccessTokenEncrypted),
          isNotNull(bankAccounts.plaidAccountId),
          eq(bankAccounts.isActive, true),
          or(isNull(bankFeedSettings.lastImportAt), lt(bankFeedSettings.lastImportAt, dueBefore)),
        ),
      )
      .orderBy(sql`${bankFeedSettings.lastImportAt} asc nulls first`, asc(bankFeedSettings.bankAccountId))
      .limit(1)
      .for('update', { of: bankFeedSettings, skipLocked: true });
    const [claimed] = await tx
      .update(bankFeedSettings)
      .set({ lastImportAt: now })
      .where(inArray(bankFeedSettings.bankAccountId, due))
      .returning({ bankAccountId: bankFeedSettings.bankAccountId, organizationId: bankFeedSettings.organizationId });
    return claimed ?? null;
  });
}

/** Syncs every feed due, one at a time; a failing feed is logged and waits for its next turn. */
export async function runDuePlaidSyncs(
  deps: AppDeps,
  options: { signal?: AbortSignal; log?: { error: (details: object, message: string) => void } } = {},
): Promise<{ synced: number; failed: number }> {
  const result = { synced: 0, failed: 0 };
  if (!deps.config.plaid) return result;
  while (!options.signal?.aborted) {
    const feed = await claimDueFeed(deps, deps.now());
    if (!feed) break;
    try {
      await syncPlaidFeed(deps, { ...feed, userId: null });
      result.synced += 1;
    } catch (error) {
      result.failed += 1;
      options.log?.error({ err: error, bankAccountId: feed.bankAccountId }, 'bank feed sync failed');
    }
  }
  return result;
}

export function startPlaidScheduler(deps: AppDeps, log: { error: (details: object, message: string) => void }): () => Promise<void> {
  return startLoop((signal) => runDuePlaidSyncs(deps, { signal, log }), LOOP_MS, log, 'bank feed scheduler run failed');
}
