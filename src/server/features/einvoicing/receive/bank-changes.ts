import { isUuid } from '../../../db/query-helpers';
import { and, desc, eq } from 'drizzle-orm';
import type { EinvoicePayment } from '../../../../shared/contracts/einvoicing';
import type { BankChangeDto } from '../../../../shared/contracts/vendor-bank-changes';
import type { Database } from '../../../db/client';
import { bills, vendorBankChanges, vendors } from '../../../db/schema';
import { renewPrenoteAfterAccountChange } from '../../vendors/vendor-ach-settings';
import { writeAudit } from '../../../platform/audit';
import { decryptSecret, encryptSecret, lastFour } from '../../../platform/encryption';
import { AppError, notFound } from '../../../platform/errors';

type VendorRow = typeof vendors.$inferSelect;
type BankChangeRow = typeof vendorBankChanges.$inferSelect;


const plain = (key: Buffer, stored: string | null): string | null => (stored ? decryptSecret(key, stored) : null);
const ROUTING_SHAPE = /^\d{9}$/;

/**
 * Bank details read from an e-invoice (BG-16) become a pending change for a person to approve;
 * they never overwrite the vendor's account (a changed IBAN on an invoice is the classic fraud).
 * Nothing is proposed when they equal the vendor's details or an open proposal's.
 */
export async function proposeBankChange(
  tx: Database,
  input: { vendor: VendorRow; payment: EinvoicePayment | null; documentId: string | null; billId: string | null; encryptionKey: Buffer; now: Date },
): Promise<BankChangeRow | null> {
  const { vendor, payment, encryptionKey: key } = input;
  if (!payment || (!payment.iban && !payment.accountNumber)) return null;
  const iban = payment.iban;
  const account = iban ? null : payment.accountNumber;
  const routing = account && payment.bic && ROUTING_SHAPE.test(payment.bic) ? payment.bic : null;
  const bic = iban ? payment.bic : null;
  const sameAsVendor = iban
    ? plain(key, vendor.ibanEncrypted) === iban && (bic === null || vendor.bic === bic)
    : plain(key, vendor.accountNumberEncrypted) === account && (routing === null || vendor.routingNumber === routing);
  if (sameAsVendor) return null;
  const open = await tx
    .select()
    .from(vendorBankChanges)
    .where(and(eq(vendorBankChanges.vendorId, vendor.id), eq(vendorBankChanges.status, 'pending')));
  const alreadyProposed = open.some((row) =>
    iban ? plain(key, row.ibanEncrypted) === iban && row.bic === bic : plain(key, row.accountNumberEncrypted) === account && row.routingNumber === routing,
  );
  if (alreadyProposed) return null;
  const [row] = await tx
    .insert(vendorBankChanges)
    .values({
      organizationId: vendor.organizationId,
      vendorId: vendor.id,
      documentId: input.documentId,
      billId: input.billId,
      ibanEncrypted: iban ? encryptSecret(key, iban) : null,
      ibanLast4: iban ? lastFour(iban) : null,
      bic,
      routingNumber: routing,
      accountNumberEncrypted: account ? encryptSecret(key, account) : null,
      accountLast4: account ? lastFour(account) : null,
      accountName: payment.accountName,
      createdAt: input.now,
    })
    .returning();
  return row ?? null;
}

export async function billExists(db: Database, organizationId: string, id: string): Promise<boolean> {
  // Ids that are not uuids name no row (and would fail the uuid cast): 404, never a 500.
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: bills.id }).from(bills).where(and(eq(bills.organizationId, organizationId), eq(bills.id, id)));
  return row !== undefined;
}

export async function findBankChanges(db: Database, organizationId: string, filter: { vendorId?: string; billId?: string }): Promise<BankChangeDto[]> {
  const rows = await db
    .select({ change: vendorBankChanges, vendor: vendors, billNumber: bills.billNumber })
    .from(vendorBankChanges)
    .innerJoin(vendors, eq(vendors.id, vendorBankChanges.vendorId))
    .leftJoin(bills, eq(bills.id, vendorBankChanges.billId))
    .where(
      and(
        eq(vendorBankChanges.organizationId, organizationId),
        filter.vendorId ? eq(vendorBankChanges.vendorId, filter.vendorId) : undefined,
        filter.billId ? eq(vendorBankChanges.billId, filter.billId) : undefined,
      ),
    )
    .orderBy(desc(vendorBankChanges.createdAt));
  return rows.map(({ change, vendor, billNumber }) => ({
    id: change.id,
    vendorId: change.vendorId,
    billId: change.billId,
    billNumber,
    documentId: change.documentId,
    status: change.status,
    ibanLast4: change.ibanLast4,
    bic: change.bic,
    routingNumber: change.routingNumber,
    accountLast4: change.accountLast4,
    currentIbanLast4: vendor.ibanLast4,
    currentAccountLast4: vendor.accountLast4,
    createdAt: change.createdAt.toISOString(),
    decidedAt: change.decidedAt ? change.decidedAt.toISOString() : null,
  }));
}

/**
 * Approves (writes the details onto the vendor) or rejects a pending bank change, with its audit
 * row, in one transaction. The change row is locked first, so two decisions cannot both land.
 */
export async function decideBankChange(
  db: Database,
  actor: { organizationId: string; userId: string },
  id: string,
  decision: 'approved' | 'rejected',
  now: Date,
): Promise<BankChangeRow> {
  if (!isUuid(id)) throw notFound('Bank change');
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(vendorBankChanges)
      .where(and(eq(vendorBankChanges.id, id), eq(vendorBankChanges.organizationId, actor.organizationId)))
      .for('update');
    if (!change) throw notFound('Bank change');
    if (change.status !== 'pending') throw new AppError('CONFLICT', `This bank change was already ${change.status}`);
    const [vendor] = await tx
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, change.vendorId), eq(vendors.organizationId, actor.organizationId)))
      .for('update');
    if (!vendor) throw notFound('Vendor');
    if (decision === 'approved') {
      const details = change.ibanEncrypted
        ? { ibanEncrypted: change.ibanEncrypted, ibanLast4: change.ibanLast4, bic: change.bic }
        : { accountNumberEncrypted: change.accountNumberEncrypted, accountLast4: change.accountLast4, routingNumber: change.routingNumber ?? vendor.routingNumber };
      await tx.update(vendors).set({ ...details, updatedAt: now }).where(eq(vendors.id, vendor.id));
      // A prenote tested the old ACH account: a new one needs its own (an IBAN is not paid by ACH).
      if (!change.ibanEncrypted) {
        await renewPrenoteAfterAccountChange(tx, actor.organizationId, {
          id: vendor.id,
          routingNumber: change.routingNumber ?? vendor.routingNumber,
          accountLast4: change.accountLast4,
        });
      }
    }
    const [decided] = await tx
      .update(vendorBankChanges)
      .set({ status: decision, decidedBy: actor.userId, decidedAt: now })
      .where(eq(vendorBankChanges.id, change.id))
      .returning();
    if (!decided) throw new Error('bank change update returned nothing');
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: decision === 'approved' ? 'vendor.bank_change_approved' : 'vendor.bank_change_rejected',
      entityType: 'vendor',
      entityId: vendor.id,
      details: {
        bankChangeId: change.id,
        billId: change.billId,
        ibanLast4: change.ibanLast4,
        accountLast4: change.accountLast4,
        previousIbanLast4: vendor.ibanLast4,
        previousAccountLast4: vendor.accountLast4,
      },
    });
    return decided;
  });
}
