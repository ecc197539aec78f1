import { and, eq, sql } from 'drizzle-orm';
import type { SendStatementsInput, SendStatementsResult } from '../../../shared/contracts/statements';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import { customers, statementDeliveries } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationTimeZone, toOrganizationDay } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { moneyIn } from '../invoices/invoice-rules';
import { selectRows } from '../reports/report-sql';
import { buildStatement, movementsSql } from './build-statement';
import { renderStatementPdf } from './statement-pdf';

type SendDeps = Pick<AppDeps, 'db' | 'mail' | 'now'>;

/** "Acme Ltd statement 2026-11-30.pdf" -> "statement-Acme-Ltd-2026-11-30.pdf": safe in a header and on disk. */
export function statementFileName(customerName: string, to: string): string {
  const safe = customerName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `statement-${safe ? `${safe}-` : ''}${to}.pdf`;
}

interface Candidate {
  id: string;
  name: string;
  email: string;
  balance: string;
}

/**
 * Mails a statement (PDF attached) to every active customer whose closing balance on
 * statementDate is above zero (or to those of `customerIds`), each at most once per statement
 * date: a statement_deliveries row is claimed before the mail leaves (insert ... on conflict do
 * nothing). A failed mail leaves the row failed and a later request may claim it again; a sent or
 * still pending row is never mailed again.
 */
export async function sendStatements(
  deps: SendDeps,
  actor: { organizationId: string; userId: string | null },
  input: SendStatementsInput,
): Promise<SendStatementsResult> {
  const { db } = deps;
  const { organizationId } = actor;
  const timeZone = await organizationTimeZone(db, organizationId);
  const statementDate = toOrganizationDay(input.statementDate, timeZone);
  const from = input.from ? toOrganizationDay(input.from, timeZone) : `${statementDate.slice(0, 8)}01`;
  if (from > statementDate) throw new AppError('VALIDATION', 'The period must start on or before the statement date', { from: 'Must be on or before the statement date' });

  const only = input.customerIds && input.customerIds.length > 0 ? input.customerIds : null;
  const candidates = await selectRows<Candidate>(
    db,
    sql`with m as (${movementsSql(organizationId, null, timeZone)}),
      balances as (select customer_id, sum(debit - credit) as balance from m where day <= ${statementDate}::date group by customer_id)
    select c.id::text as id, c.name, c.email, b.balance::text as balance
    from balances b join ${customers} c on c.id = b.customer_id and c.organization_id = ${organizationId}
    where c.is_active and b.balance > 0
      ${only ? sql`and c.id in (${sql.join(only.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``}
    order by lower(c.name), c.id`,
  );

  const result: SendStatementsResult = { statementDate, sent: 0, alreadySent: 0, skipped: [] };
  for (const customer of candidates) {
    const email = customer.email.trim();
    if (!email) {
      result.skipped.push({ customerId: customer.id, name: customer.name, reason: 'No email address' });
      continue;
    }
    const claimed = await claimDelivery(deps, { organizationId, customerId: customer.id, statementDate, from, email, balance: customer.balance, userId: actor.userId });
    if (!claimed) {
      result.alreadySent += 1;
      continue;
    }
    let failure: string | null = null;
    try {
      const statement = await buildStatement(db, organizationId, customer.id, from, statementDate);
      const pdf = await renderStatementPdf(statement);
      const balance = moneyIn(statement.currency, centsFromDecimal(statement.closingBalance));
      await deps.mail.send({
        to: email,
        subject: `Statement of account from ${statement.organization.name} (${statementDate})`,
        text: [
          `Dear ${customer.name},`,
          '',
          `Please find attached your statement of account from ${statement.organization.name} for ${from} to ${statementDate}.`,
          `Balance due on ${statementDate}: ${balance}.`,
          '',
          'If you have already paid, please disregard this message.',
          statement.organization.name,
        ].join('\n'),
        attachments: [{ filename: statementFileName(customer.name, statementDate), content: pdf, contentType: 'application/pdf' }],
      });
    } catch (error) {
      failure = error instanceof Error && error.message ? error.message.slice(0, 500) : 'The mail could not be sent';
    }
    await db.transaction(async (tx) => {
      await tx
        .update(statementDeliveries)
        .set(failure === null ? { status: 'sent', sentAt: deps.now(), error: null } : { status: 'failed', error: failure })
        .where(eq(statementDeliveries.id, claimed));
      await writeAudit(tx, {
        organizationId,
        userId: actor.userId,
        action: failure === null ? 'customer.statement_sent' : 'customer.statement_failed',
        entityType: 'customer',
        entityId: customer.id,
        details: { statementDate, from, to: email, closingBalance: toDecimal(centsFromDecimal(customer.balance)), ...(failure ? { error: failure } : {}) },
      });
    });
    if (failure === null) result.sent += 1;
    else result.skipped.push({ customerId: customer.id, name: customer.name, reason: 'The mail could not be sent; try again later' });
  }
  return result;
}

/** The delivery row's id when this request may mail the customer, or null when it was sent (or is being sent). */
async function claimDelivery(
  deps: SendDeps,
  claim: { organizationId: string; customerId: string; statementDate: string; from: string; email: string; balance: string; userId: string | null },
): Promise<string | null> {
  const values = {
    organizationId: claim.organizationId,
    customerId: claim.customerId,
    statementDate: claim.statementDate,
    periodFrom: claim.from,
    email: claim.email,
    closingBalance: toDecimal(centsFromDecimal(claim.balance)),
    status: 'pending' as const,
    userId: claim.userId,
  };
  const [inserted] = await deps.db
    .insert(statementDeliveries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: statementDeliveries.id });
  if (inserted) return inserted.id;
  // A failed delivery is retried: the conditional update lets one request claim it.
  const [retried] = await deps.db
    .update(statementDeliveries)
    .set({ status: 'pending', error: null, periodFrom: values.periodFrom, email: values.email, closingBalance: values.closingBalance, userId: values.userId })
    .where(
      and(
        eq(statementDeliveries.organizationId, claim.organizationId),
        eq(statementDeliveries.customerId, claim.customerId),
        eq(statementDeliveries.statementDate, claim.statementDate),
        eq(statementDeliveries.status, 'failed'),
      ),
    )
    .returning({ id: statementDeliveries.id });
  return retried?.id ?? null;
}
