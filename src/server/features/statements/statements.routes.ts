import { idParam } from '../../../shared/contracts/common';
import { sendStatementsInput, sendStatementsResult, statementQuery } from '../../../shared/contracts/statements';
import { requireAuth, requireRole } from '../../platform/auth';
import { organizationTimeZone, toOrganizationDay } from '../../platform/calendar';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { buildStatement } from './build-statement';
import { sendStatements, statementFileName } from './send-statements';
import { renderStatementPdf } from './statement-pdf';

const BALANCE_HELP =
  'Movements: invoices sent (debit, by issue date), completed payments (credit, whole amount, by the day received), credit notes ' +
  '(credit, by issue date) and refunds of credit (debit). Applying a credit to an invoice is not a line. openingBalance = movements ' +
  'before `from`; closingBalance = openingBalance + debits - credits, and equals open invoices due on `to` less unapplied credit. ' +
  'Aging buckets age what each invoice still owed on `to` by days past its due date.';

/** Statements of account (issue 31): one customer's on screen or as PDF, and mailed to every customer with an open balance. */
export async function statementsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/customers/:id/statement',
    {
      schema: {
        tags: ['customers'],
        summary: "A customer's statement of account for a period",
        description: `${BALANCE_HELP} from/to are days (YYYY-MM-DD) or ISO 8601 instants, read in the organization's time zone; to on or after from. format=pdf answers the PDF.`,
        params: idParam,
        querystring: statementQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const timeZone = await organizationTimeZone(deps.db, organizationId);
      const from = toOrganizationDay(request.query.from, timeZone);
      const to = toOrganizationDay(request.query.to, timeZone);
      const statement = await buildStatement(deps.db, organizationId, request.params.id, from, to);
      if (request.query.format !== 'pdf') return statement;
      const pdf = await renderStatementPdf(statement);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${statementFileName(statement.customer.name, statement.to)}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/statements/send',
    {
      schema: {
        tags: ['customers'],
        summary: 'Mail statements to every customer with an open balance',
        description:
          'Owners, admins and accountants. Every active customer whose closing balance on statementDate is above zero (only those of ' +
          'customerIds when given) is mailed its statement (from: default the first day of the month) with the PDF attached, once per ' +
          'statement date: a second request for the same date mails nobody again (alreadySent). A failed mail is reported in skipped ' +
          'and may be retried by a later request. Audited per customer.',
        body: sendStatementsInput,
        response: { 200: sendStatementsResult },
      },
    },
    async (request) => {
      const { organizationId, userId } = requireRole(request, ['owner', 'admin', 'accountant']);
      return sendStatements(deps, { organizationId, userId }, request.body);
    },
  );
}
