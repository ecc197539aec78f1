import { idParam } from '../../../shared/contracts/common';
import { tax1099FilingQuery, tax1099SettingsBody, taxYearQuery } from '../../../shared/contracts/tax-1099';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { readFilingSettings, saveFilingSettings } from './filing/filing-settings';
import { generateFiling, listFilings, markFilingFiled } from './filing/generate-filing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 1099 filing files (issue 32 item 4): IRIS CSV and Publication 1220, the files generated, and the payer's filing settings. */
export async function tax1099FilingRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/tax/1099/filing',
    {
      schema: {
        tags: ['tax'],
        summary: "A tax year's 1099 filing file for the IRS",
        description:
          'Owners, admins and accountants. format=iris_csv: the IRIS Taxpayer Portal CSV (one per form type; a zip when both 1099-NEC and ' +
          '1099-MISC). format=pub1220: the Publication 1220 (FIRE) fixed-width file; test=true sets the test file indicator. Carries the ' +
          'latest issued form of each payee not already in a file marked filed; corrected forms as corrections. 409 when no form is issued, ' +
          'when the workspace EIN or address (and, for pub1220, the Transmitter Control Code and contact) is missing, or when payees fail ' +
          'the checks (listed in fields) unless includePartial=true. Records a filing and an audit row. The TIN is whole only in this file.',
        querystring: tax1099FilingQuery,
      },
    },
    async (request, reply) => {
      const ctx = requireRole(request, ['owner', 'admin', 'accountant']);
      const file = await generateFiling(deps, ctx, request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Filing-Id', file.filing.id)
        .header('X-Filing-Left-Out', String(file.filing.leftOut.length))
        .send(file.body);
    },
  );

  app.get(
    '/api/tax/1099/filings',
    { schema: { tags: ['tax'], summary: "The filing files generated for a tax year, newest first, with the payees each left out", querystring: taxYearQuery } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      return listFilings(deps, organizationId, request.query.year);
    },
  );

  app.post(
    '/api/tax/1099/filings/:id/filed',
    { schema: { tags: ['tax'], summary: 'Marks a filing file as filed with the IRS (audited); a test file cannot be', params: idParam } },
    async (request) => {
      const ctx = requireRole(request, ['owner', 'admin', 'accountant']);
      if (!UUID.test(request.params.id)) throw notFound('Filing file');
      return markFilingFiled(deps, ctx, request.params.id);
    },
  );

  app.get('/api/tax/1099/settings', { schema: { tags: ['tax'], summary: "The workspace's 1099 filing settings: TCC, contact, and the payer's EIN (masked) and address" } }, async (request) => {
    const { organizationId } = requireAuth(request);
    return readFilingSettings(deps.db, organizationId);
  });

  app.put(
    '/api/tax/1099/settings',
    {
      schema: {
        tags: ['tax'],
        summary: "Saves the workspace's 1099 filing settings (audited)",
        description: "The payer's EIN and address are the workspace's own; a blank EIN keeps the stored one. The EIN is answered masked.",
        body: tax1099SettingsBody,
      },
    },
    async (request) => {
      const ctx = requireRole(request, ['owner', 'admin', 'accountant']);
      return saveFilingSettings(deps.db, ctx, request.body, deps.now());
    },
  );
}
