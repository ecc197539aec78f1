import { createHash } from 'node:crypto';
import { type Cents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankTransactions } from '../../db/schema';

/** One line as a parser (OFX, camt, BAI2, CSV) or the Plaid feed gives it. */
export interface ParsedStatementLine {
  /** The booking day, "YYYY-MM-DD". */
  postedOn: string;
  /** Signed: a deposit is positive, a debit negative. */
  amountCents: Cents;
  description: string;
  reference?: string | null;
  counterparty?: string | null;
  /** The bank's own id for the line (FITID, AcctSvcrRef, BAI2 bank reference, Plaid id). */
  bankRef?: string | null;
  /** An ACH return reason code (R01...) when the file states one. */
  returnCode?: string | null;
}

export interface LineTarget {
  organizationId: string;
  bankAccountId: string;
  statementId: string | null;
}

const BATCH = 1000;

/**
 * The hash that recognises a line again in an overlapping file: day, amount, description,
 * reference and how many identical lines came before it in the same file (two $4.50 coffees on
 * one day are two lines, and stay two when the file is imported again).
 */
export function lineHashes(lines: readonly ParsedStatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = [line.postedOn, line.amountCents, line.description.trim(), (line.reference ?? '').trim()].join('\u001f');
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return createHash('sha256').update(`${key}\u001f${occurrence}`).digest('hex');
  });
}

/**
 * Inserts the lines not yet on the account, in batches, skipping any whose bank id or hash is
 * already there; returns the ids of the lines added. Run it inside the import's transaction.
 */
export async function insertStatementLines(
  tx: Database,
  target: LineTarget,
  lines: readonly ParsedStatementLine[],
  hashes: readonly string[] = lineHashes(lines),
): Promise<string[]> {
  const added: string[] = [];
  for (let start = 0; start < lines.length; start += BATCH) {
    const rows = lines.slice(start, start + BATCH).map((line, index) => ({
      organizationId: target.organizationId,
      bankAccountId: target.bankAccountId,
      statementId: target.statementId,
      postedOn: line.postedOn,
      amount: toDecimal(line.amountCents),
      description: line.description.trim(),
      reference: line.reference?.trim() || null,
      counterparty: line.counterparty?.trim() || null,
      bankRef: line.bankRef?.trim() || null,
      lineHash: hashes[start + index] ?? '',
      returnCode: line.returnCode ?? null,
    }));
    const inserted = await tx
      .insert(bankTransactions)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: bankTransactions.id });
    for (const row of inserted) added.push(row.id);
  }
  return added;
}
