import { createHash } from 'node:crypto';
import { type Cents, toDecimal } from '../../../shared/money';
import { sql } from 'drizzle-orm';
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

const BATCH = 5000;

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
    const batch = lines.slice(start, start + BATCH).map((line, index) => ({
      posted_on: line.postedOn,
      amount: toDecimal(line.amountCents),
      description: line.description.trim(),
      reference: line.reference?.trim() || null,
      counterparty: line.counterparty?.trim() || null,
      bank_ref: line.bankRef?.trim() || null,
      line_hash: hashes[start + index] ?? '',
      return_code: line.returnCode ?? null,
    }));
    // The batch as one JSON parameter read by jsonb_to_recordset: 5,000 lines are one parameter,
    // not 55,000, which keeps a 100,000-line file to seconds (bench/statement-import.ts).
    const result = await tx.execute(sql`
      insert into ${bankTransactions} (organization_id, bank_account_id, statement_id, posted_on, amount, description, reference, counterparty, bank_ref, line_hash, return_code)
      select ${target.organizationId}::uuid, ${target.bankAccountId}::uuid, ${target.statementId}::uuid, l.posted_on, l.amount, l.description, l.reference, l.counterparty, l.bank_ref, l.line_hash, l.return_code
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as l(posted_on date, amount numeric, description text, reference text, counterparty text, bank_ref text, line_hash text, return_code text)
      on conflict do nothing
      returning id`);
    for (const row of rowsOf<{ id: string }>(result)) added.push(row.id);
  }
  return added;
}

/** The rows of a raw statement from either driver (node-postgres and PGlite both answer { rows }). */
function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected database result');
}
