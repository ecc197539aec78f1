import { idParam } from '../../../shared/contracts/common';
import { lateFeePolicyInput, lateFeePolicySchema, lateFeeRunResult, lateFeeSchema } from '../../../shared/contracts/late-fees';
import { z } from 'zod';
import { sendStatementsInput, sendStatementsResult, statementQuery } from '../../../shared/contracts/statements';
import { requireAuth, requireRole } from '../../platform/auth';
import { organizationTimeZone, organizationToday, toOrganizationDay } from '../../platform/calendar';
import { notFound } from '../../platform/errors';
import { findInvoice } from '../invoices/invoices.queries';
import { chargeLateFees, listLateFees, readLateFeePolicy, reverseLateFee, saveLateFeePolicy, startLateFeeScheduler } from './late-fees';
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
  if (deps.startWorkers) {
    const stop = startLateFeeScheduler(deps, app.log);
    app.addHook('onClose', stop);
  }
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

  app.get(
    '/api/settings/late-fees',
    {
      schema: {
        tags: ['settings'],
        summary: "The workspace's late fee policy",
        description: 'Off unless enabled. Without a stored policy: off, 1.5 % a month, no grace days, no minimum, no cap.',
        response: { 200: lateFeePolicySchema },
      },
    },
    async (request) => readLateFeePolicy(deps.db, requireAuth(request).organizationId),
  );

  app.put(
    '/api/settings/late-fees',
    {
      schema: {
        tags: ['settings'],
        summary: "Change the workspace's late fee policy",
        description:
          'Owners and admins; audited. kind fixed charges fixedAmount per month, kind percentage charges percentage (per month, of the amount ' +
          'still due). Each period the fee is at least minimumAmount and never takes the fees of one invoice above capAmount (null: no cap). ' +
          'Period 1 starts the day after the due date plus graceDays; each later period a month after. Only the current period is charged: ' +
          'missed earlier periods are not charged back.',
        body: lateFeePolicyInput,
        response: { 200: lateFeePolicySchema },
      },
    },
    async (request) => {
      const { organizationId, userId } = requireRole(request, ['owner', 'admin']);
      return saveLateFeePolicy(deps.db, { organizationId, userId }, request.body, deps.now());
    },
  );

  app.get(
    '/api/invoices/:id/late-fees',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The late fees charged on an invoice',
        description: 'Oldest period first, with the fee invoice (number, status) and reversedAt for a reversed fee.',
        params: idParam,
        response: { 200: z.array(lateFeeSchema) },
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const today = await organizationToday(deps.db, organizationId, deps.now());
      const invoice = await findInvoice(deps.db, organizationId, request.params.id, today);
      if (!invoice) throw notFound('Invoice');
      return listLateFees(deps.db, organizationId, { invoiceId: invoice.id });
    },
  );

  app.post(
    '/api/late-fees/:id/reverse',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Reverse a late fee',
        description:
          'Owners, admins and accountants; audited. Cancels the fee invoice when nothing has been paid on it (409 "Issue a credit note for a ' +
          'paid late fee" otherwise) and marks the fee reversed; its period is never charged again. 409 when already reversed.',
        params: idParam,
        response: { 200: lateFeeSchema },
      },
    },
    async (request) => {
      const { organizationId, userId } = requireRole(request, ['owner', 'admin', 'accountant']);
      return reverseLateFee(deps.db, { organizationId, userId }, request.params.id, deps.now());
    },
  );

  app.post(
    '/api/late-fees/run',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Charge the late fees due now in this workspace',
        description: 'Owners and admins. Runs what the scheduler does every 15 minutes, for the active organization only. Idempotent: a period already charged (or reversed) is never charged again.',
        response: { 200: lateFeeRunResult },
      },
    },
    async (request) => {
      const { organizationId } = requireRole(request, ['owner', 'admin']);
      return chargeLateFees(deps, { now: deps.now(), organizationId });
    },
  );
}
