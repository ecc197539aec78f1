import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Vendor } from '../../../shared/contracts/vendors';
import { maskTin } from '../../../shared/tin';
import type { Database } from '../../db/client';
import { bills, vendors } from '../../db/schema';
import { decryptSecret, maskAccountNumber } from '../../platform/encryption';
import { isUuid, likePattern } from '../../db/query-helpers';
import { preparedOnce } from '../../db/prepared';

export type VendorRow = typeof vendors.$inferSelect;


/** The vendor as the API shows it: the account number only as "••••1234". */
export function toVendorDto(row: VendorRow, billCount = 0): Vendor {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    taxId: maskTin(row.tinType, row.tinLast4),
    w9ReceivedAt: row.w9ReceivedAt?.toISOString() ?? null,
    paymentMethod: row.paymentMethod,
    bankName: row.bankName,
    accountNumber: maskAccountNumber(row.accountLast4),
    accountLast4: row.accountLast4,
    routingNumber: row.routingNumber,
    wireInstructions: row.wireInstructions,
    isActive: row.isActive,
    billCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const billCountColumn = sql<number>`(select count(*)::int from ${bills} where ${bills.vendorId} = ${vendors.id})`;

/**
 * The statements of a vendor list (active or all, searched or not), prepared once per database
 * with placeholders: PostgreSQL plans them once per connection, not on every search (issue 33).
 */
function vendorListStatementsOf(includeInactive: boolean, search: boolean) {
  return preparedOnce((db) => {
    const pattern = sql.placeholder('pattern');
    const where = and(
      eq(vendors.organizationId, sql.placeholder('organizationId')),
      includeInactive ? undefined : eq(vendors.isActive, true),
      search ? or(ilike(vendors.name, pattern), ilike(vendors.email, pattern), ilike(vendors.city, pattern)) : undefined,
    );
    const name = `vendor_list_${includeInactive ? 'all' : 'active'}${search ? '_search' : ''}`;
    return {
      page: db
        .select({ vendor: vendors, billCount: billCountColumn })
        .from(vendors)
        .where(where)
        .orderBy(desc(vendors.isActive), sql`lower(${vendors.name})`, vendors.id)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_page`),
      count: db.select({ n: count() }).from(vendors).where(where).prepare(`${name}_count`),
    };
  });
}

const vendorListStatements = [false, true].flatMap((includeInactive) => [false, true].map((search) => ({ includeInactive, search, of: vendorListStatementsOf(includeInactive, search) })));

export async function findVendors(
  db: Database,
  params: { organizationId: string; search?: string | undefined; includeInactive: boolean; limit: number; offset: number },
): Promise<{ rows: { vendor: VendorRow; billCount: number }[]; total: number }> {
  const search = Boolean(params.search);
  const statements = vendorListStatements.find((entry) => entry.includeInactive === params.includeInactive && entry.search === search);
  if (!statements) throw new Error('no vendor list statement');
  const { page, count: counted } = statements.of(db);
  const values = { organizationId: params.organizationId, pattern: likePattern(params.search ?? ''), limit: params.limit, offset: params.offset };
  const [rows, totals] = await Promise.all([page.execute(values), counted.execute(values)]);
  return { rows: rows.map((row) => ({ vendor: row.vendor, billCount: Number(row.billCount) })), total: totals[0]?.n ?? 0 };
}

export async function findVendor(db: Database, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<VendorRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

const normalizedName = sql`regexp_replace(lower(${vendors.name}), '[^a-z0-9]', '', 'g')`;

/** "ACME, Inc." finds "Acme Inc": case, spaces and punctuation are ignored. Active vendors first. */
export async function findVendorByName(db: Database, organizationId: string, name: string): Promise<VendorRow | null> {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!key) return null;
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), sql`${normalizedName} = ${key}`))
    .orderBy(desc(vendors.isActive), vendors.createdAt)
    .limit(1);
  return row ?? null;
}

/** Names of the organization's active vendors (at most `limit`), for matching documents to them. */
export async function findVendorNames(db: Database, organizationId: string, limit = 2000): Promise<string[]> {
  const rows = await db
    .select({ name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.isActive, true)))
    .orderBy(desc(vendors.updatedAt))
    .limit(limit);
  return rows.map((row) => row.name);
}

export async function countVendorBills(db: Database, organizationId: string, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bills)
    .where(and(eq(bills.organizationId, organizationId), eq(bills.vendorId, vendorId)));
  return row?.n ?? 0;
}

export async function vendorHasBills(db: Database, organizationId: string, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.organizationId, organizationId), eq(bills.vendorId, vendorId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The vendor's bank details with the account number decrypted, for building a payment file.
 * Never return this to a client.
 */
export async function findVendorBankDetails(
  db: Database,
  encryptionKey: Buffer,
  organizationId: string,
  vendorId: string,
): Promise<{ name: string; paymentMethod: VendorRow['paymentMethod']; bankName: string | null; routingNumber: string | null; accountNumber: string | null } | null> {
  const row = await findVendor(db, organizationId, vendorId);
  if (!row) return null;
  return {
    name: row.name,
    paymentMethod: row.paymentMethod,
    bankName: row.bankName,
    routingNumber: row.routingNumber,
    accountNumber: row.accountNumberEncrypted ? decryptSecret(encryptionKey, row.accountNumberEncrypted) : null,
  };
}
