import { practice1099Query, practiceW9RequestsBody } from '../../../shared/contracts/tax-1099';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { findPractice1099 } from './practice-1099';
import { sendPracticeW9Requests } from './practice-w9-requests';

/** My Practice > 1099s (issue 32 item 5): the 1099 year end across the firm's clients. */
export async function practice1099Routes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/practice/1099',
    {
      config: { practice: true },
      schema: {
        tags: ['practice'],
        summary: '1099s across clients for a tax year',
        description:
          'Per active client workspace the member may open (owners and admins: every client; others: their grants), the tax year as the ' +
          "client's 1099 page computes it: vendors paid, vendors that need a 1099, how many are ready, how many miss a W-9 or a TIN, and the " +
          "filing state; and the vendors asked for a W-9 (a mail that left) and the vendors that answered, counting requests created from " +
          '1 January of the year to 31 March of the next. Clients with the most vendors paid by check, ACH or wire without a W-9 or TIN ' +
          'first, then by name; paged by limit/offset. totals are over every visible active client, not the page.',
        querystring: practice1099Query,
      },
    },
    async (request) => findPractice1099(deps.db, deps.config.encryptionKey, requireFirm(request), request.query),
  );

  app.post(
    '/api/practice/1099/w9-requests',
    {
      config: { practice: true },
      schema: {
        tags: ['practice'],
        summary: 'Send every missing W-9 request across clients',
        description:
          'In every active client workspace the member may open and write in (not as a viewer), each vendor that needs a 1099 for the ' +
          'year and has no W-9 gets a W-9 request mail with a single-use link, as POST /api/vendors/{id}/w9-requests would there. ' +
          'Vendors without an email address, or with a request still open, are skipped with the reason. Answers the counts and, per ' +
          'client, what was sent and skipped.',
        body: practiceW9RequestsBody,
      },
    },
    async (request) => sendPracticeW9Requests(deps, requireFirm(request), request.body),
  );
}
