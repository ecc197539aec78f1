import { eq } from 'drizzle-orm';
import { parseMoney } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankStatements, bankTransactionMatches, bankTransactions } from '../../db/schema';
import { insertStatementLines } from './statement-lines';

export interface SeedLine {
  day: string;
  amount: string;
  description?: string;
  status?: 'unmatched' | 'matched' | 'excluded';
}

const cents = (amount: string) => {
  const value = parseMoney(amount);
  if (value === null) throw new Error(`bad amount ${amount}`);
  return value;
};

/** A statement of the account with its lines, as an import would store it; returns the line ids in order. */
export async function seedStatement(
  db: Database,
  target: { organizationId: string; bankAccountId: string },
  statement: { opening?: string; closing?: string; periodStart?: string; periodEnd?: string; lines: SeedLine[] },
): Promise<string[]> {
  const [row] = await db
    .insert(bankStatements)
    .values({
      organizationId: target.organizationId,
      bankAccountId: target.bankAccountId,
      format: 'csv',
      fileName: 'seed.csv',
      periodStart: statement.periodStart ?? statement.lines[0]?.day ?? null,
      periodEnd: statement.periodEnd ?? statement.lines.at(-1)?.day ?? null,
      openingBalance: statement.opening ?? null,
      closingBalance: statement.closing ?? null,
      linesInFile: statement.lines.length,
      linesAdded: statement.lines.length,
    })
    .returning();
  if (!row) throw new Error('statement insert failed');
  const ids = await insertStatementLines(
    db,
    { ...target, statementId: row.id },
    statement.lines.map((line, index) => ({
      postedOn: line.day,
      amountCents: cents(line.amount),
      description: line.description ?? `Line ${index + 1} ${line.amount}`,
      bankRef: `${row.id}-${index}`,
    })),
  );
  for (const [index, line] of statement.lines.entries()) {
    const id = ids[index];
    if (id && line.status && line.status !== 'unmatched') {
      await db
        .update(bankTransactions)
        .set({ status: line.status, resolution: line.status === 'matched' ? 'matched' : 'excluded', matchedAt: new Date() })
        .where(eq(bankTransactions.id, id));
    }
  }
  return ids;
}

/** Marks a line matched to a payment, as accepting a suggestion would. */
export async function matchLineToPayment(
  db: Database,
  organizationId: string,
  lineId: string,
  payment: { id: string; type: 'invoice_payment' | 'bill_payment'; referenceId: string; amount: string },
): Promise<void> {
  await db.update(bankTransactions).set({ status: 'matched', resolution: 'matched', matchedAt: new Date() }).where(eq(bankTransactions.id, lineId));
  await db.insert(bankTransactionMatches).values({
    organizationId,
    bankTransactionId: lineId,
    kind: payment.type,
    paymentId: payment.id,
    invoiceId: payment.type === 'invoice_payment' ? payment.referenceId : null,
    billId: payment.type === 'bill_payment' ? payment.referenceId : null,
    amount: payment.amount,
  });
}
