import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common';
import {
  type Tax1099Row,
  type Tax1099YearSummary,
  tax1099DeliverBody,
  tax1099FormQuery,
  tax1099IssueBody,
  tax1099ListQuery,
  taxYearQuery,
} from '../../../shared/contracts/tax-1099';
import { formatMoney } from '../../../shared/money';
import { thresholdsFor } from '../../../shared/tax-1099-thresholds';
import { isUuid } from '../../db/query-helpers';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { type PayeeComputation, computeYear1099, yearCounts } from './compute-year';
import { confirmPrinted, deliverForms, printPdf } from './deliver-forms';
import { vendorFormPdf } from './form-copies';
import { issueForms } from './issue-forms';

const FORM_ROLES = ['owner', 'admin', 'accountant'] as const;

/** "$2,000.00 ($10.00 for royalties, $600.00 for gross proceeds to an attorney), from <source>". */
export function thresholdNote(year: number): string {
  const row = thresholdsFor(year);
  // IRS thresholds are US dollars, whatever the workspace's currency.
  const dollars = (cents: number) => formatMoney(cents, { currency: 'USD', locale: 'en-US' });
  const main = row.cents.nec_1;
  const exceptions = (['misc_2', 'misc_10'] as const)
    .filter((box) => row.cents[box] !== main)
    .map((box) => `${dollars(row.cents[box])} for ${box === 'misc_2' ? 'royalties' : 'gross proceeds paid to an attorney'}`);
  return (
    `Tax year ${year}: a payee gets a form when the check, ACH and wire payments in a box reach ${dollars(main)}` +
    `${exceptions.length ? ` (${exceptions.join(', ')})` : ''}. Card and payment network payments are reported on 1099-K and left out. Source: ${row.source}.`
  );
}

/** The row as the API shows it: the computation's server-side parts (stored vendor, cents) left out. */
function toRow(payee: PayeeComputation): Tax1099Row {
  const { vendorIds: _ids, vendor: _vendor, boxCents: _cents, issuedForms: _forms, ...row } = payee;
  return row;
}

/** 1099 year end of the workspace (issue 32 items 3 and 4): the year's payees, issuing forms, copies and delivery. */
export async function tax1099Routes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/tax/1099',
    {
      schema: {
        tags: ['vendors'],
        summary: "The workspace's 1099 year: every vendor paid in the year, its boxes, status and problems",
        description:
          'filter: all (every payee paid in the year), needs_form (reaches a threshold and not exempt), problems (has a problem). ' +
          'Counts are of the whole year, rows are paginated after the computation. TINs only masked.',
        querystring: tax1099ListQuery,
      },
    },
    async (request): Promise<Tax1099YearSummary> => {
      const { organizationId } = requireAuth(request);
      const { year, filter, limit, offset } = request.query;
      const computed = await computeYear1099(deps.db, deps.config.encryptionKey, organizationId, year);
      const matching = computed.payees.filter((p) =>
        filter === 'needs_form' ? p.forms.length > 0 : filter === 'problems' ? p.problems.length > 0 : true,
      );
      const { missingTin: _missingTin, ...counts } = yearCounts(computed.payees);
      return {
        year,
        thresholdNote: thresholdNote(year),
        counts,
        filing: computed.filing,
        rows: matching.slice(offset, offset + limit).map(toRow),
        total: matching.length,
      };
    },
  );

  app.post(
    '/api/tax/1099/issue',
    {
      schema: {
        tags: ['vendors'],
        summary: "Issue the year's 1099s: every ready payee (or the chosen), corrections where an issued form changed",
        description:
          'Snapshots each form (amounts and recipient) as version 1, or as version n + 1 marked corrected when an issued form no ' +
          'longer holds. Payees with a problem are refused and listed. One transaction, audited per form.',
        querystring: taxYearQuery,
        body: tax1099IssueBody.nullish(),
      },
    },
    async (request) => {
      const { organizationId, userId } = requireRole(request, FORM_ROLES);
      return issueForms(deps, { organizationId, userId }, request.query.year, request.body?.vendorIds);
    },
  );

  app.get(
    '/api/tax/1099/:id/form',
    {
      schema: {
        tags: ['vendors'],
        summary: "A vendor's latest issued 1099s for the year as a PDF (copy A, B, 1 or 2)",
        description: "Copy B shows the recipient's TIN truncated (XXX-XX-1234); copies A, 1 and 2 show it whole. 409 when no form was issued.",
        params: idParam,
        querystring: tax1099FormQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = request.query.copy === 'B' ? requireAuth(request) : requireRole(request, FORM_ROLES);
      if (!isUuid(request.params.id)) throw notFound('Vendor');
      const { pdf, fileName } = await vendorFormPdf(deps.db, deps.config.encryptionKey, organizationId, request.params.id, request.query.year, request.query.copy);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/tax/1099/deliver',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Deliver Copy B: by email to payees that consented, the others marked for print',
        description: 'Each form is claimed before its mail leaves: a retry never mails a payee twice; a failed mail is tried again by a later request.',
        querystring: taxYearQuery,
        body: tax1099DeliverBody.nullish(),
      },
    },
    async (request) => {
      const { organizationId, userId } = requireRole(request, FORM_ROLES);
      return deliverForms(deps, { organizationId, userId }, request.query.year, request.body?.vendorIds);
    },
  );

  app.get(
    '/api/tax/1099/print',
    {
      schema: {
        tags: ['vendors'],
        summary: 'One PDF of every Copy B still to deliver, for printing',
        description: 'Nothing is marked printed until POST /api/tax/1099/print/confirm. 409 when there is nothing to print.',
        querystring: taxYearQuery,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireRole(request, FORM_ROLES);
      const pdf = await printPdf(deps, organizationId, request.query.year);
      if (!pdf) return reply.status(409).send({ message: 'Every issued Copy B has been delivered: nothing to print', code: 'CONFLICT' });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="1099-${request.query.year}-copy-B-to-print.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/tax/1099/print/confirm',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Mark the printed Copy B forms delivered',
        querystring: taxYearQuery,
        response: { 200: z.object({ printed: z.number() }) },
      },
    },
    async (request) => {
      const { organizationId, userId } = requireRole(request, FORM_ROLES);
      return confirmPrinted(deps, { organizationId, userId }, request.query.year);
    },
  );
}
