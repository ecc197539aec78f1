import { and, asc, count, eq } from 'drizzle-orm';
import type { BankRule, BankRuleInput, BankRuleProposal } from '../../../shared/contracts/bank-reconciliation';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { bankAccounts, bankRules, bankTransactionMatches, bills, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../invoices/invoice-rules';
import { findLine } from './bank-lines';
import { stableDescription } from './text-similarity';

type RuleRow = typeof bankRules.$inferSelect;

function toDto(row: RuleRow, vendorName: string | null): BankRule {
  return {
    id: row.id,
    name: row.name,
    bankAccountId: row.bankAccountId,
    descriptionContains: row.descriptionContains,
    direction: row.direction,
    amountMin: row.amountMin === null ? null : toDecimal(centsFromDecimal(row.amountMin)),
    amountMax: row.amountMax === null ? null : toDecimal(centsFromDecimal(row.amountMax)),
    action: row.action,
    vendorId: row.vendorId,
    vendorName,
    category: row.category,
    minConfidence: row.minConfidence,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/bank-rules: one page, oldest first, and how many there are. */
export async function listBankRules(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<{ rules: BankRule[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ rule: bankRules, vendorName: vendors.name })
      .from(bankRules)
      .leftJoin(vendors, eq(vendors.id, bankRules.vendorId))
      .where(eq(bankRules.organizationId, organizationId))
      .orderBy(asc(bankRules.createdAt), asc(bankRules.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(bankRules).where(eq(bankRules.organizationId, organizationId)),
  ]);
  return { rules: rows.map((row) => toDto(row.rule, row.vendorName)), total: counted?.total ?? 0 };
}

async function findRuleDto(db: Database, organizationId: string, id: string): Promise<BankRule> {
  const [row] = await db
    .select({ rule: bankRules, vendorName: vendors.name })
    .from(bankRules)
    .leftJoin(vendors, eq(vendors.id, bankRules.vendorId))
    .where(and(eq(bankRules.organizationId, organizationId), eq(bankRules.id, id)));
  if (!row) throw notFound('Rule');
  return toDto(row.rule, row.vendorName);
}

/** The rule's columns from the contract's input: the account and vendor must be this workspace's (else 404). */
async function ruleValues(tx: Database, organizationId: string, input: BankRuleInput) {
  if (input.bankAccountId) {
    const [account] = isUuid(input.bankAccountId)
      ? await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(and(eq(bankAccounts.organizationId, organizationId), eq(bankAccounts.id, input.bankAccountId)))
      : [];
    if (!account) throw notFound('Bank account');
  }
  if (input.vendorId) {
    const [vendor] = isUuid(input.vendorId)
      ? await tx.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, input.vendorId)))
      : [];
    if (!vendor) throw notFound('Vendor');
  }
  if (input.action === 'categorize' && (!input.vendorId || !input.category)) {
    throw new AppError('VALIDATION', 'A categorize rule needs a vendor and a category', {
      ...(input.vendorId ? {} : { vendorId: 'Choose a vendor' }),
      ...(input.category ? {} : { category: 'Category is required' }),
    });
  }
  const amountMin = input.amountMin ?? null;
  const amountMax = input.amountMax ?? null;
  if (amountMin !== null && amountMax !== null && amountMin > amountMax) {
    throw new AppError('VALIDATION', 'The minimum amount is above the maximum', { amountMax: 'Must be at least the minimum' });
  }
  return {
    name: input.name,
    bankAccountId: input.bankAccountId ?? null,
    descriptionContains: input.descriptionContains || null,
    direction: input.direction,
    amountMin: amountMin === null ? null : toDecimal(amountMin),
    amountMax: amountMax === null ? null : toDecimal(amountMax),
    action: input.action,
    vendorId: input.vendorId ?? null,
    category: input.category || null,
    minConfidence: input.minConfidence,
    isActive: input.isActive,
  };
}

export async function createBankRule(db: Database, actor: Actor, input: BankRuleInput): Promise<BankRule> {
  const id = await db.transaction(async (tx) => {
    const values = await ruleValues(tx, actor.organizationId, input);
    const [row] = await tx.insert(bankRules).values({ ...values, organizationId: actor.organizationId, userId: actor.userId }).returning();
    if (!row) throw new Error('rule insert returned nothing');
    await writeAudit(tx, { ...actor, action: 'bank_rule.created', entityType: 'bank_rule', entityId: row.id, details: { ...values } });
    return row.id;
  });
  return findRuleDto(db, actor.organizationId, id);
}

async function lockRule(tx: Database, organizationId: string, id: string): Promise<RuleRow> {
  const [row] = isUuid(id)
    ? await tx.select().from(bankRules).where(and(eq(bankRules.organizationId, organizationId), eq(bankRules.id, id))).for('update')
    : [];
  if (!row) throw notFound('Rule');
  return row;
}

export async function updateBankRule(db: Database, actor: Actor, id: string, input: BankRuleInput): Promise<BankRule> {
  await db.transaction(async (tx) => {
    const before = await lockRule(tx, actor.organizationId, id);
    const values = await ruleValues(tx, actor.organizationId, input);
    await tx.update(bankRules).set({ ...values, updatedAt: new Date() }).where(eq(bankRules.id, before.id));
    await writeAudit(tx, { ...actor, action: 'bank_rule.updated', entityType: 'bank_rule', entityId: before.id, details: { before: { ...before, createdAt: undefined, updatedAt: undefined }, after: values } });
  });
  return findRuleDto(db, actor.organizationId, id);
}

export async function deleteBankRule(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockRule(tx, actor.organizationId, id);
    await tx.delete(bankRules).where(eq(bankRules.id, before.id));
    await writeAudit(tx, { ...actor, action: 'bank_rule.deleted', entityType: 'bank_rule', entityId: before.id, details: { name: before.name, action: before.action } });
  });
}

/**
 * A rule proposed from how a line was resolved: its stable description words, its direction, and
 * for an expense the vendor and category used; otherwise an auto-match rule at 95.
 */
export async function proposeRuleFromLine(db: Database, organizationId: string, lineId: string): Promise<BankRuleProposal> {
  const line = await findLine(db, organizationId, lineId);
  const words = stableDescription(line.description) || stableDescription(line.counterparty ?? '');
  const direction = centsFromDecimal(line.amount) >= 0 ? 'deposit' : 'debit';
  let vendorId: string | null = null;
  let category: string | null = null;
  if (line.resolution === 'created_expense') {
    const [match] = await db
      .select({ vendorId: bills.vendorId, category: bills.category })
      .from(bankTransactionMatches)
      .innerJoin(bills, eq(bills.id, bankTransactionMatches.billId))
      .where(and(eq(bankTransactionMatches.bankTransactionId, line.id), eq(bills.organizationId, organizationId)));
    vendorId = match?.vendorId ?? null;
    category = match?.category ?? null;
  }
  const categorize = Boolean(vendorId && category);
  const label = words || line.description.slice(0, 40) || 'Bank line';
  return {
    name: categorize ? `${label} -> ${category}` : `Match ${label}`,
    bankAccountId: line.bankAccountId,
    descriptionContains: words || null,
    direction,
    amountMin: null,
    amountMax: null,
    action: categorize ? 'categorize' : 'auto_match',
    vendorId,
    category,
    minConfidence: 95,
    isActive: true,
  };
}
