import { and, asc, eq, inArray } from 'drizzle-orm';
import { centsFromDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankRules, bankTransactions } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { type LineRow, toMatchLine } from './bank-lines';
import { decodeSuggestionKey, matchLineIn } from './match-transaction';
import { suggestFor } from './suggestions';
import { normalizeText } from './text-similarity';

export interface RuleActor {
  organizationId: string;
  userId: string | null;
}

type RuleRow = typeof bankRules.$inferSelect;

/** Whether a rule's conditions (account, direction, amount range, description words) hold for a line. */
export function ruleApplies(rule: Pick<RuleRow, 'bankAccountId' | 'direction' | 'amountMin' | 'amountMax' | 'descriptionContains'>, line: LineRow): boolean {
  const amount = centsFromDecimal(line.amount);
  if (rule.bankAccountId && rule.bankAccountId !== line.bankAccountId) return false;
  if (rule.direction === 'deposit' && amount <= 0) return false;
  if (rule.direction === 'debit' && amount >= 0) return false;
  const size = Math.abs(amount);
  if (rule.amountMin !== null && size < centsFromDecimal(rule.amountMin)) return false;
  if (rule.amountMax !== null && size > centsFromDecimal(rule.amountMax)) return false;
  if (rule.descriptionContains) {
    const wanted = normalizeText(rule.descriptionContains);
    const text = normalizeText([line.description, line.counterparty ?? '', line.reference ?? ''].join(' '));
    if (wanted && !` ${text} `.includes(` ${wanted} `) && !text.includes(wanted)) return false;
  }
  return true;
}

/**
 * Applies the workspace's active bank rules to newly added lines (after an import or a feed
 * sync, inside its transaction), the oldest rule first. A categorize rule does not record
 * anything by itself: it is attached to the line and its expense becomes the top suggestion (a
 * rule on "AMAZON" would otherwise book a refund as an expense). An auto-match rule accepts the
 * line's top suggestion only at or above the rule's minConfidence, never an ACH return (that
 * mails an approver and needs a person), each in a savepoint so one refused match does not undo
 * the import. Returns how many lines it matched.
 */
export async function applyBankRules(
  tx: Database,
  actor: RuleActor,
  transactionIds: readonly string[],
  now: Date = new Date(),
): Promise<{ autoMatched: number }> {
  if (!transactionIds.length) return { autoMatched: 0 };
  const rules = await tx
    .select()
    .from(bankRules)
    .where(and(eq(bankRules.organizationId, actor.organizationId), eq(bankRules.isActive, true)))
    .orderBy(asc(bankRules.createdAt), asc(bankRules.id));
  if (!rules.length) return { autoMatched: 0 };
  const lines: LineRow[] = [];
  for (let start = 0; start < transactionIds.length; start += 5000) {
    lines.push(
      ...(await tx
        .select()
        .from(bankTransactions)
        .where(
          and(
            eq(bankTransactions.organizationId, actor.organizationId),
            eq(bankTransactions.status, 'unmatched'),
            inArray(bankTransactions.id, transactionIds.slice(start, start + 5000)),
          ),
        )),
    );
  }
  const autoMatch = new Map<string, RuleRow>();
  const categorized = new Map<string, string[]>();
  for (const line of lines) {
    const rule = rules.find((candidate) => ruleApplies(candidate, line));
    if (!rule) continue;
    if (rule.action === 'auto_match') autoMatch.set(line.id, rule);
    else if (rule.vendorId && rule.category) categorized.set(rule.id, [...(categorized.get(rule.id) ?? []), line.id]);
  }
  for (const [ruleId, ids] of categorized) {
    for (let start = 0; start < ids.length; start += 5000) {
      await tx.update(bankTransactions).set({ ruleId }).where(inArray(bankTransactions.id, ids.slice(start, start + 5000)));
    }
  }
  if (!autoMatch.size) return { autoMatched: 0 };
  const candidates = lines.filter((line) => autoMatch.has(line.id));
  const suggestions = await suggestFor(tx, actor.organizationId, candidates.map(toMatchLine));
  let autoMatched = 0;
  for (const line of candidates) {
    const rule = autoMatch.get(line.id);
    const [top, second] = suggestions.get(line.id) ?? [];
    if (!rule || !top || top.confidence < rule.minConfidence) continue;
    if (top.kind === 'ach_return' || top.kind === 'expense') continue;
    // Two answers at the same confidence are a choice for a person.
    if (second && second.confidence === top.confidence) continue;
    const matched = await tx
      .transaction(async (savepoint) => {
        await matchLineIn(savepoint, actor, line.id, decodeSuggestionKey(top.key), now, { ruleId: rule.id, suggestionKey: top.key });
        return true;
      })
      .catch((error: unknown) => {
        // Refused (the invoice was paid by an earlier line of this file): it stays a suggestion.
        if (error instanceof AppError || isUniqueViolation(error)) return false;
        throw error;
      });
    if (matched) autoMatched += 1;
  }
  return { autoMatched };
}
