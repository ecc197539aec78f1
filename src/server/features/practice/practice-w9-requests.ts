import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PracticeW9RequestsClientResult, PracticeW9RequestsResult } from '../../../shared/contracts/tax-1099';
import { customers, vendorW9Requests, workspaceGrants } from '../../db/schema';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { workspaceRole } from '../../platform/workspace-access';
import { computeYear1099 } from '../tax-1099/compute-year';
import { createW9Requests } from '../tax-1099/w9-requests';
import type { FirmActor } from './create-client';
import { practice1099Clients } from './practice-1099';

/** The vendors of a workspace with a live request whose mail left: asking again would only revoke that link. */
async function vendorsWithOpenRequest(db: Database, organizationId: string, vendorIds: string[], now: Date): Promise<Set<string>> {
  if (vendorIds.length === 0) return new Set();
  const rows = await db
    .select({ vendorId: vendorW9Requests.vendorId })
    .from(vendorW9Requests)
    .where(
      and(
        eq(vendorW9Requests.organizationId, organizationId),
        inArray(vendorW9Requests.vendorId, vendorIds),
        eq(vendorW9Requests.mailStatus, 'sent'),
        isNull(vendorW9Requests.completedAt),
        isNull(vendorW9Requests.revokedAt),
        gt(vendorW9Requests.expiresAt, now),
      ),
    );
  return new Set(rows.map((row) => row.vendorId));
}

/**
 * POST /api/practice/1099/w9-requests (issue 32 item 5): in every active client workspace the member
 * may open and act in (a viewer there is left out, as the vendor page refuses them), each payee of
 * the tax year that needs a 1099 and has no W-9 (computeYear1099's missing_w9) gets a W-9 request
 * from createW9Requests, as the member in that workspace: its token, mail and vendor audit row
 * there. Vendors without an email address, or with a request still open, are skipped with the
 * reason. One audit row in the firm's books says what the run did.
 */
export async function sendPracticeW9Requests(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail' | 'now'>,
  actor: FirmActor,
  input: { year: number; includePayment: boolean },
): Promise<PracticeW9RequestsResult> {
  const clients = await deps.db
    .select({ organizationId: sql<string>`"customers"."client_organization_id"`, clientName: customers.name, grantRole: workspaceGrants.role })
    .from(customers)
    .leftJoin(workspaceGrants, and(sql`${workspaceGrants.organizationId} = "customers"."client_organization_id"`, eq(workspaceGrants.userId, actor.userId)))
    .where(practice1099Clients(actor))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));

  const result: PracticeW9RequestsResult = { clients: 0, sent: 0, skipped: 0, failed: 0, perClient: [] };
  for (const client of clients) {
    const role = workspaceRole(actor.role, client.grantRole);
    if (role === null || role === 'viewer') continue;
    const { payees } = await computeYear1099(deps.db, deps.config.encryptionKey, client.organizationId, input.year);
    const missing = payees.filter((payee) => payee.problems.some((problem) => problem.code === 'missing_w9')).map((payee) => payee.vendor);
    if (missing.length === 0) continue;
    const open = await vendorsWithOpenRequest(
      deps.db,
      client.organizationId,
      missing.map((vendor) => vendor.id),
      deps.now(),
    );
    const sent = await createW9Requests(
      deps,
      { organizationId: client.organizationId, userId: actor.userId },
      missing.filter((vendor) => !open.has(vendor.id)),
      { includePayment: input.includePayment },
    );
    const skipped = [
      ...missing.filter((vendor) => open.has(vendor.id)).map((vendor) => ({ vendorId: vendor.id, name: vendor.name, reason: 'A W-9 request is already open' })),
      ...sent.skipped,
    ];
    const item: PracticeW9RequestsClientResult = { organizationId: client.organizationId, clientName: client.clientName, sent: sent.sent, failed: sent.failed, skipped };
    result.perClient.push(item);
    result.clients += 1;
    result.sent += item.sent;
    result.failed += item.failed;
    result.skipped += skipped.length;
  }
  await writeAudit(deps.db, {
    organizationId: actor.firmId,
    userId: actor.userId,
    action: 'practice.w9_requests_sent',
    entityType: 'tax_year',
    entityId: String(input.year),
    details: {
      includePayment: input.includePayment,
      clients: result.clients,
      sent: result.sent,
      skipped: result.skipped,
      failed: result.failed,
      perClient: result.perClient.map((item) => ({ organizationId: item.organizationId, sent: item.sent, skipped: item.skipped.length, failed: item.failed })),
    },
  });
  return result;
}
