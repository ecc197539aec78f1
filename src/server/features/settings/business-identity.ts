import { and, asc, eq } from 'drizzle-orm';
import {
  type BusinessIdentity,
  businessIdentityInput,
} from '../../../shared/contracts/business-settings';
import type { PartialBody } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { bankAccounts, organizations } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { mergeUpdate, storedFields } from '../../platform/partial-update';

type OrganizationRow = typeof organizations.$inferSelect;

const identityFields = [
  'legalName', 'vatId', 'companyId', 'taxId', 'address', 'city', 'state', 'zipCode', 'country',
  'electronicAddressScheme', 'electronicAddress', 'iban', 'bic', 'paymentBankAccountId',
] as const;

function identityOf(row: OrganizationRow): Record<(typeof identityFields)[number], string | null> {
  return Object.fromEntries(identityFields.map((key) => [key, row[key]])) as Record<(typeof identityFields)[number], string | null>;
}

async function verifiedAccounts(db: Database, organizationId: string) {
  const rows = await db
    .select({ id: bankAccounts.id, accountName: bankAccounts.accountName, bankName: bankAccounts.bankName, last4: bankAccounts.accountLast4 })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.organizationId, organizationId), eq(bankAccounts.isVerified, true), eq(bankAccounts.isActive, true)))
    .orderBy(asc(bankAccounts.accountName));
  return rows.map((row) => ({ id: row.id, label: `${row.accountName}${row.bankName ? ` (${row.bankName})` : ''} ending ${row.last4}` }));
}

function toBusinessIdentity(row: OrganizationRow, paymentBankAccounts: BusinessIdentity['paymentBankAccounts']): BusinessIdentity {
  return { name: row.name, ...identityOf(row), country: row.country, paymentBankAccounts };
}

export async function readBusinessIdentity(db: Database, organizationId: string): Promise<BusinessIdentity> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!row) throw notFound('Organization');
  return toBusinessIdentity(row, await verifiedAccounts(db, organizationId));
}

/** The account customers pay into must be the organization's own, and verified by micro-deposits or its bank. */
async function checkPaymentAccount(db: Database, organizationId: string, id: string): Promise<void> {
  const [account] = await db
    .select({ isVerified: bankAccounts.isVerified, isActive: bankAccounts.isActive })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.organizationId, organizationId), eq(bankAccounts.id, id)))
    .limit(1);
  if (!account || !account.isActive) throw notFound('Bank account');
  if (!account.isVerified) {
    const message = 'Only a verified bank account can be given for payments: verify it first in Bank Accounts';
    throw new AppError('VALIDATION', message, { paymentBankAccountId: message });
  }
}

/**
 * PUT /api/settings/business: the body laid over the stored identity, checked whole, written with
 * an audit row of what changed (the payment details are where customers send money).
 */
export async function updateBusinessIdentity(
  db: Database,
  actor: { organizationId: string; userId: string },
  body: PartialBody,
  now: Date,
): Promise<BusinessIdentity> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(organizations).where(eq(organizations.id, actor.organizationId)).for('update').limit(1);
    if (!existing) throw notFound('Organization');
    const input = mergeUpdate(businessIdentityInput, storedFields(existing, businessIdentityInput), body);
    if (input.paymentBankAccountId) await checkPaymentAccount(tx, actor.organizationId, input.paymentBankAccountId);
    const before = identityOf(existing);
    const after = Object.fromEntries(identityFields.map((key) => [key, input[key] ?? null])) as typeof before;
    const changed = identityFields.filter((key) => before[key] !== after[key]);
    if (changed.length === 0) return;
    await tx
      .update(organizations)
      .set({ ...after, country: input.country, updatedAt: now })
      .where(eq(organizations.id, actor.organizationId));
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'business_identity.updated',
      entityType: 'organization',
      entityId: actor.organizationId,
      details: {
        changed,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
    });
  });
  return readBusinessIdentity(db, actor.organizationId);
}
