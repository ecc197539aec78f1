import type { Database } from '../../db/client';

export interface RuleActor {
  organizationId: string;
  userId: string | null;
}

/**
 * Applies the workspace's active bank rules to newly added lines (after an import or a feed
 * sync, inside its transaction): categorize rules tag the line; auto-match rules accept the top
 * suggestion only at or above the rule's minimum confidence. Returns how many lines it matched.
 * Owned by the matching work (issue 30, item 3); until that lands no rule exists to apply.
 */
export async function applyBankRules(
  _tx: Database,
  _actor: RuleActor,
  _transactionIds: readonly string[],
): Promise<{ autoMatched: number }> {
  return { autoMatched: 0 };
}
