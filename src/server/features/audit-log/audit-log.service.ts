import type { Readable } from 'node:stream';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import {
  type AuditLogEntry,
  type AuditLogFilters,
  auditActionLabel,
  auditEntityTypeLabel,
} from '../../../shared/contracts/audit-log';
import type { PageQuery } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { bills, invoices, organizations } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { toOrganizationDay } from '../../platform/calendar';
import type { CsvColumn } from '../../platform/csv';
import { streamCsv } from '../../platform/csv-stream';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { FIRM_WIDE_ROLES } from '../../platform/workspace-access';
import { type AuditLogWhere, type AuditRow, countAuditRows, findAuditRows, personName } from './audit-log.queries';
import { moneyFormatFor, summarizeAudit } from './audit-summary';
import { findRecordReferences, findWorkspaceNames, referenceKey } from './record-references';

async function organizationCalendar(db: Database, organizationId: string): Promise<{ timeZone: string; currency: string }> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? { timeZone: 'UTC', currency: 'USD' };
}

/** The request's filters with its dates turned into the organization's days; from after to is refused. */
function whereFor(organizationId: string, timeZone: string, filters: AuditLogFilters): AuditLogWhere {
  const fromDay = filters.from === undefined ? undefined : toOrganizationDay(filters.from, timeZone);
  const toDay = filters.to === undefined ? undefined : toOrganizationDay(filters.to, timeZone);
  if (fromDay && toDay && toDay < fromDay) throw new AppError('VALIDATION', 'To must be on or after From', { to: 'To must be on or after From' });
  return { organizationId, timeZone, ...filters, fromDay, toDay };
}

async function toEntries(db: Database, organizationId: string, currency: string, rows: readonly AuditRow[]): Promise<AuditLogEntry[]> {
  const [references, workspaceNames] = await Promise.all([findRecordReferences(db, organizationId, rows), findWorkspaceNames(db, rows)]);
  const format = moneyFormatFor(currency);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    user: row.user ? { id: row.user.id, name: personName(row.user), email: row.user.email } : null,
    entityType: row.entityType,
    entityTypeLabel: auditEntityTypeLabel(row.entityType),
    entityId: row.entityId,
    reference: references.get(referenceKey(row.entityType, row.entityId)) ?? null,
    summary: summarizeAudit(row.action, row.details, format, workspaceNames),
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Settings > Activity: the organization's audit trail, newest first, one page. */
export async function listAuditLog(db: Database, organizationId: string, query: AuditLogFilters & PageQuery) {
  const { limit, offset, ...filters } = query;
  const { timeZone, currency } = await organizationCalendar(db, organizationId);
  const where = whereFor(organizationId, timeZone, filters);
  const [rows, total] = await Promise.all([findAuditRows(db, where, { limit, offset, order: 'newest' }), countAuditRows(db, where)]);
  return { entries: await toEntries(db, organizationId, currency, rows), total };
}

const historyOf = {
  invoice: { table: invoices, name: 'Invoice' },
  bill: { table: bills, name: 'Bill' },
} as const;

/**
 * A firm's invoice to one of its practice clients is, for a member who is not an owner or admin,
 * only theirs to read when the client is granted to them (visibleClients): its history names the
 * client's fees. An invoice to any other customer, and every invoice in a client's workspace, is
 * not concerned (their customers have no workspace).
 */
function clientVisibleTo(viewer: Pick<AuthContext, 'userId' | 'role'>): SQL | undefined {
  if (FIRM_WIDE_ROLES.includes(viewer.role)) return undefined;
  return sql`not exists (select 1 from customers c where c.id = ${invoices.customerId} and c.client_organization_id is not null
    and not exists (select 1 from workspace_grants g where g.organization_id = c.client_organization_id and g.user_id = ${viewer.userId}))`;
}

/**
 * One invoice's or bill's own history, oldest first (created, sent, reminded, approved or
 * rejected, paid). Open to every member who can see the record; another organization's is a 404.
 */
export async function recordHistory(db: Database, viewer: Pick<AuthContext, 'organizationId' | 'userId' | 'role'>, entityType: keyof typeof historyOf, id: string, page: PageQuery) {
  const { organizationId } = viewer;
  const { table, name } = historyOf[entityType];
  const [record] = isUuid(id)
    ? await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(table.id, id), entityType === 'invoice' ? clientVisibleTo(viewer) : undefined))
        .limit(1)
    : [];
  if (!record) throw notFound(name);
  const { timeZone, currency } = await organizationCalendar(db, organizationId);
  const where: AuditLogWhere = { organizationId, timeZone, entityType, entityId: record.id };
  const [rows, total] = await Promise.all([findAuditRows(db, where, { ...page, order: 'oldest' }), countAuditRows(db, where)]);
  return { entries: await toEntries(db, organizationId, currency, rows), total };
}

/** "2026-11-24 09:30:05" where the organization is: a cell spreadsheets read as a date and time. */
function localTime(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

function csvColumns(timeZone: string): CsvColumn<AuditLogEntry>[] {
  return [
    { header: `Time (${timeZone})`, value: (entry) => localTime(entry.createdAt, timeZone) },
    { header: 'User', value: (entry) => entry.user?.name ?? 'System' },
    { header: 'Email', value: (entry) => entry.user?.email ?? null },
    { header: 'Action', value: (entry) => entry.actionLabel },
    { header: 'Action Code', value: (entry) => entry.action },
    { header: 'Record Type', value: (entry) => entry.entityTypeLabel },
    { header: 'Record', value: (entry) => entry.reference },
    { header: 'Record Id', value: (entry) => entry.entityId },
    { header: 'Summary', value: (entry) => entry.summary },
    { header: 'Details', value: (entry) => JSON.stringify(entry.details) },
  ];
}

const EXPORT_BATCH = 500;

/**
 * The filtered audit trail as CSV, newest first, read in batches by keyset (created_at, id) so a
 * long log streams without an ever-growing OFFSET. The cursor is the timestamp's text, which keeps
 * PostgreSQL's microseconds (a JavaScript Date would drop them).
 */
export async function auditLogCsv(db: Database, organizationId: string, filters: AuditLogFilters): Promise<{ stream: Readable; timeZone: string }> {
  const { timeZone, currency } = await organizationCalendar(db, organizationId);
  const where = whereFor(organizationId, timeZone, filters);
  async function* pages(): AsyncGenerator<AuditLogEntry[]> {
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const rows = await findAuditRows(db, where, { limit: EXPORT_BATCH, offset: 0, order: 'newest' }, cursor);
      if (rows.length === 0) return;
      yield await toEntries(db, organizationId, currency, rows);
      const last = rows[rows.length - 1];
      if (!last || rows.length < EXPORT_BATCH) return;
      cursor = { at: last.cursor, id: last.id };
    }
  }
  return { stream: streamCsv(csvColumns(timeZone), pages(), { purpose: 'spreadsheet' }), timeZone };
}
