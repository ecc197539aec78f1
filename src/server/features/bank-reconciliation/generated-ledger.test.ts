import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { bankRules, bankTransactionMatches, bankTransactions } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { applyBankRules } from './apply-rules';
import { toMatchLine } from './bank-lines';
import { type LineTruth, type TruthKind, seedLedger } from './ledger-fixture';
import { TEST_NOW, workspace } from './matching.fixtures';
import { suggestFor } from './suggestions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: TEST_NOW });
});
afterAll(async () => {
  await t.close();
});

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');

async function matchedTargets(db: Database, lineIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db.select().from(bankTransactionMatches).where(inArray(bankTransactionMatches.bankTransactionId, lineIds));
  const byLine = new Map<string, string[]>();
  for (const row of rows) {
    const target = row.kind === 'payment_run' ? row.paymentRunId : row.kind === 'invoice_payment' && row.createdPayment ? row.invoiceId : row.paymentId;
    const list = byLine.get(row.bankTransactionId) ?? [];
    if (target && !list.includes(target)) list.push(target);
    byLine.set(row.bankTransactionId, list);
  }
  return byLine;
}

describe('matching a statement derived from a generated ledger', () => {
  it('ranks the true match first for most lines and auto-accepts only correct ones', async () => {
    const ws = await workspace(t);
    const started = Date.now();
    const ledger = await seedLedger(t.deps.db, ws.organizationId, ws.bankAccountId, { seed: 30, invoices: 1500, bills: 400, runs: 100, lines: 900, unrelated: 100 });
    const lines = await t.deps.db.select().from(bankTransactions).where(eq(bankTransactions.organizationId, ws.organizationId));
    const suggestions = await suggestFor(t.deps.db, ws.organizationId, lines.map(toMatchLine));

    const perKind = new Map<TruthKind, { lines: number; correct: number; suggested: number }>();
    let withTop = 0;
    let correctTop = 0;
    let withTruth = 0;
    for (const line of lines) {
      const truth = ledger.truth.get(line.id) as LineTruth;
      const top = suggestions.get(line.id)?.[0];
      const stats = perKind.get(truth.kind) ?? { lines: 0, correct: 0, suggested: 0 };
      stats.lines += 1;
      if (truth.targets.length) withTruth += 1;
      if (top) {
        withTop += 1;
        stats.suggested += 1;
        if (truth.targets.length && same(top.targets.map((target) => target.id), truth.targets)) {
          correctTop += 1;
          stats.correct += 1;
        }
      }
      perKind.set(truth.kind, stats);
    }

    // Auto-accept: one rule for every line of the account, at the default minimum of 95.
    await t.deps.db.insert(bankRules).values({ organizationId: ws.organizationId, name: 'All', bankAccountId: ws.bankAccountId, action: 'auto_match', minConfidence: 95 });
    const { autoMatched } = await t.deps.db.transaction((tx) => applyBankRules(tx, { organizationId: ws.organizationId, userId: null }, ledger.lineIds, TEST_NOW));
    const matched = await matchedTargets(t.deps.db, ledger.lineIds);
    let autoCorrect = 0;
    const wrong: string[] = [];
    for (const [lineId, targets] of matched) {
      const truth = ledger.truth.get(lineId) as LineTruth;
      if (same(targets, truth.targets)) autoCorrect += 1;
      else wrong.push(`${truth.kind}: ${lineId}`);
    }
    const autoRecallBase = withTruth;

    const report = [
      `generated ledger: ${lines.length} lines, ${withTruth} with a true match (seed 30, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `top suggestion: precision ${pct(correctTop, withTop)} (${correctTop}/${withTop}), recall ${pct(correctTop, withTruth)} (${correctTop}/${withTruth})`,
      `auto-accepted at >= 95: precision ${pct(autoCorrect, matched.size)} (${autoCorrect}/${matched.size}), recall ${pct(autoCorrect, autoRecallBase)} (${autoCorrect}/${autoRecallBase})`,
      ...[...perKind.entries()].map(([kind, stats]) => `  ${kind.padEnd(9)} lines ${String(stats.lines).padStart(4)}  suggested ${String(stats.suggested).padStart(4)}  top correct ${String(stats.correct).padStart(4)}`),
    ];
    console.log(report.join('\n'));

    expect(autoMatched).toBe(matched.size);
    expect(wrong).toEqual([]);
    expect(autoMatched).toBeGreaterThan(100);
    // Seed 30 gives 98% / 91%. The misses are real ambiguity, not noise in the test: a deposit
    // whose only clue is an amount that several open invoices share (a guess among equals), a
    // misspelt name closer to another customer, a combination that another set also sums to. The
    // fee-deducted deposits (about 7% of lines with a truth) can never be found by an exact sum,
    // which caps recall near 93%. The bounds leave room for those cases, not for a regression in
    // the named and exact cases that make up most of the statement.
    expect(correctTop / withTop).toBeGreaterThan(0.9);
    expect(correctTop / withTruth).toBeGreaterThan(0.85);
  }, 120_000);
});
