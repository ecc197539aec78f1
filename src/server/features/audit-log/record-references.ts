import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { approvalWorkflows, bankAccounts, bills, customers, documents, invoices, organizations, recurringInvoices, teamInvitations, users, vendors } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';

type Named = { id: string; label: string | null };
type Lookup = (db: Database, organizationId: string, ids: string[]) => Promise<Named[]>;

const fullName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/**
 * How each kind of record is named, by primary key (and organization, so another tenant's record
 * never lends its name). One query per kind per page of rows.
 */
const lookups: Readonly<Record<string, Lookup>> = {
  invoice: (db, org, ids) =>
    db.select({ id: invoices.id, label: invoices.invoiceNumber }).from(invoices).where(and(eq(invoices.organizationId, org), inArray(invoices.id, ids))),
  bill: (db, org, ids) =>
    db.select({ id: bills.id, label: bills.billNumber }).from(bills).where(and(eq(bills.organizationId, org), inArray(bills.id, ids))),
  vendor: (db, org, ids) =>
    db.select({ id: vendors.id, label: vendors.name }).from(vendors).where(and(eq(vendors.organizationId, org), inArray(vendors.id, ids))),
  customer: (db, org, ids) =>
    db.select({ id: customers.id, label: customers.name }).from(customers).where(and(eq(customers.organizationId, org), inArray(customers.id, ids))),
  document: (db, org, ids) =>
    db.select({ id: documents.id, label: documents.fileName }).from(documents).where(and(eq(documents.organizationId, org), inArray(documents.id, ids))),
  approval_workflow: (db, org, ids) =>
    db
      .select({ id: approvalWorkflows.id, label: approvalWorkflows.name })
      .from(approvalWorkflows)
      .where(and(eq(approvalWorkflows.organizationId, org), inArray(approvalWorkflows.id, ids))),
  bank_account: (db, org, ids) =>
    db
      .select({ id: bankAccounts.id, label: sql<string>`concat_ws(' ', ${bankAccounts.bankName}, '…' || ${bankAccounts.accountLast4})` })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.organizationId, org), inArray(bankAccounts.id, ids))),
  recurring_invoice: (db, org, ids) =>
    db
      .select({ id: recurringInvoices.id, label: customers.name })
      .from(recurringInvoices)
      .innerJoin(customers, eq(customers.id, recurringInvoices.customerId))
      .where(and(eq(recurringInvoices.organizationId, org), inArray(recurringInvoices.id, ids))),
  team_invitation: (db, org, ids) =>
    db
      .select({ id: teamInvitations.id, label: teamInvitations.email })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.organizationId, org), inArray(teamInvitations.id, ids))),
  // People and workspaces named in this organization's own rows (a member, a client workspace opened).
  user: (db, _org, ids) => db.select({ id: users.id, label: sql<string>`coalesce(${fullName}, ${users.username})` }).from(users).where(inArray(users.id, ids)),
  organization: (db, _org, ids) => db.select({ id: organizations.id, label: organizations.name }).from(organizations).where(inArray(organizations.id, ids)),
};

/** Names kept in the row itself, for a record since deleted. */
function referenceInDetails(details: Record<string, unknown>): string | null {
  for (const key of ['invoiceNumber', 'billNumber', 'name', 'fileName']) {
    const value = details[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

const WORKSPACE_ACTIONS = new Set(['workspace.switched', 'workspace.entered']);

/**
 * The names of the workspaces a switch row went from and to (its details keep their ids), so the
 * Activity log reads "From Harbor CPA to Summit Dental Studio". Only ids named in this
 * organization's own rows are looked up; one query per page of rows.
 */
export async function findWorkspaceNames(db: Database, rows: readonly { action: string; details: Record<string, unknown> }[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const row of rows) {
    if (!WORKSPACE_ACTIONS.has(row.action)) continue;
    for (const id of [row.details.from, row.details.to]) if (typeof id === 'string' && isUuid(id)) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const named = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, [...ids]));
  return new Map(named.map((row) => [row.id, row.name]));
}

export const referenceKey = (entityType: string, entityId: string) => `${entityType}:${entityId}`;

/** The readable name of each row's record: "INV-1001", "BILL-7", "Acme Paper"; null when unknown. */
export async function findRecordReferences(
  db: Database,
  organizationId: string,
  rows: readonly { entityType: string; entityId: string; details: Record<string, unknown> }[],
): Promise<Map<string, string | null>> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!lookups[row.entityType] || !isUuid(row.entityId)) continue;
    const ids = idsByType.get(row.entityType) ?? new Set<string>();
    ids.add(row.entityId);
    idsByType.set(row.entityType, ids);
  }
  const found = new Map<string, string | null>();
  for (const [entityType, ids] of idsByType) {
    const lookup = lookups[entityType];
    if (!lookup) continue;
    for (const named of await lookup(db, organizationId, [...ids])) found.set(referenceKey(entityType, named.id), named.label);
  }
  for (const row of rows) {
    const key = referenceKey(row.entityType, row.entityId);
    if (!found.get(key)) found.set(key, referenceInDetails(row.details));
  }
  return found;
}
