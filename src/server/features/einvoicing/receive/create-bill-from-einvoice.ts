import { and, eq } from 'drizzle-orm';
import type { EinvoiceDocument } from '../../../../shared/contracts/einvoicing';
import { sumCents, toDecimal } from '../../../../shared/money';
import { addDays, termDays } from '../../../../shared/recurrence';
import type { Database } from '../../../db/client';
import { billItems, bills, documents, invoiceSettings, vendorCredits, type vendors } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import { organizationToday } from '../../../platform/calendar';
import { encryptSecret, lastFour } from '../../../platform/encryption';
import { AppError } from '../../../platform/errors';
import { startApprovalRound } from '../../approvals/approval-rounds';
import { billDiscountFrom, billLinesFrom, toBillItemRow } from './bill-lines';
import { proposeBankChange } from './bank-changes';
import { createVendorFromSeller, matchVendor } from './match-vendor';

export interface ReceiveContext {
  organizationId: string;
  userId: string | null;
  encryptionKey: Buffer;
  now: Date;
}

export interface ReceivedEinvoice {
  kind: 'bill' | 'vendor_credit';
  id: string;
  number: string;
  vendorId: string;
  vendorCreated: boolean;
  bankChangeId: string | null;
  warnings: string[];
}

type VendorRow = typeof vendors.$inferSelect;

const duplicate = (what: string, existingId: string, field: string) =>
  new AppError('CONFLICT', `This vendor already has a ${what} with that number`, { [field]: `This vendor already has a ${what} with that number`, existingId });

/** Due date: BT-9, else the issue date plus the days in the payment terms ("Net 30", "30 days"), else the organization's default terms. */
async function dueDateOf(tx: Database, organizationId: string, doc: EinvoiceDocument, billDate: string): Promise<string> {
  if (doc.dueDate && doc.dueDate >= billDate) return doc.dueDate;
  const days = doc.paymentTerms ? termDays(doc.paymentTerms) : 0;
  if (days > 0) return addDays(billDate, days);
  const [settings] = await tx.select({ terms: invoiceSettings.paymentTerms }).from(invoiceSettings).where(eq(invoiceSettings.organizationId, organizationId));
  return addDays(billDate, termDays(settings?.terms ?? 'net_30'));
}

async function createVendorCredit(tx: Database, ctx: ReceiveContext, doc: EinvoiceDocument, vendor: VendorRow, documentId: string, billDate: string) {
  const [existing] = await tx
    .select({ id: vendorCredits.id })
    .from(vendorCredits)
    .where(and(eq(vendorCredits.organizationId, ctx.organizationId), eq(vendorCredits.vendorId, vendor.id), eq(vendorCredits.creditNumber, doc.number)));
  if (existing) throw duplicate('credit', existing.id, 'creditNumber');
  const [precedingBill] = doc.precedingInvoice
    ? await tx.select({ id: bills.id }).from(bills).where(and(eq(bills.organizationId, ctx.organizationId), eq(bills.vendorId, vendor.id), eq(bills.billNumber, doc.precedingInvoice.number)))
    : [];
  const [credit] = await tx
    .insert(vendorCredits)
    .values({
      organizationId: ctx.organizationId,
      vendorId: vendor.id,
      creditNumber: doc.number,
      creditDate: billDate,
      amount: toDecimal(doc.totals.taxInclusive),
      billId: precedingBill?.id ?? null,
      reason: (doc.note ?? `Credit note ${doc.number}`).slice(0, 500),
      documentId,
      userId: ctx.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!credit) throw new Error('vendor credit insert returned nothing');
  await writeAudit(tx, {
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    action: 'vendor_credit.created',
    entityType: 'vendor_credit',
    entityId: credit.id,
    details: { creditNumber: credit.creditNumber, vendorId: vendor.id, amount: credit.amount, source: 'einvoice', documentId },
  });
  return credit;
}

/**
 * Turns a read e-invoice into an exact draft bill (or, for a credit note 381, a vendor credit) inside
 * the caller's transaction: vendor matched or created, lines with their VAT, allowances as the bill's
 * discount, prepaid amount, the IBAN to pay kept encrypted on the bill, the document linked both ways,
 * and any changed bank details proposed for approval, never written onto the vendor.
 */
export async function createBillFromEinvoice(tx: Database, ctx: ReceiveContext, doc: EinvoiceDocument, documentId: string, warnings: string[]): Promise<ReceivedEinvoice> {
  if (!doc.number) throw new AppError('VALIDATION', 'The e-invoice has no invoice number (BT-1)', { file: 'The e-invoice has no invoice number (BT-1)' });
  const actor = { organizationId: ctx.organizationId, userId: ctx.userId };
  const matched = await matchVendor(tx, ctx.organizationId, doc.seller);
  const vendor = matched ?? (await createVendorFromSeller(tx, actor, doc.seller, ctx.now));
  const billDate = doc.issueDate || (await organizationToday(tx, ctx.organizationId, ctx.now));

  if (doc.typeCode === '381') {
    const credit = await createVendorCredit(tx, ctx, doc, vendor, documentId, billDate);
    return { kind: 'vendor_credit', id: credit.id, number: credit.creditNumber, vendorId: vendor.id, vendorCreated: !matched, bankChangeId: null, warnings };
  }

  const [existing] = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.organizationId, ctx.organizationId), eq(bills.vendorId, vendor.id), eq(bills.billNumber, doc.number)));
  if (existing) throw duplicate('bill', existing.id, 'billNumber');

  const lines = billLinesFrom(doc);
  const iban = doc.payment?.iban ?? null;
  const notes = [doc.note, doc.totals.rounding !== 0 ? `Rounding (BT-114): ${toDecimal(doc.totals.rounding)}` : null].filter(Boolean).join('\n');
  const [bill] = await tx
    .insert(bills)
    .values({
      organizationId: ctx.organizationId,
      userId: ctx.userId,
      vendorId: vendor.id,
      billNumber: doc.number.slice(0, 100),
      status: 'received',
      billDate,
      dueDate: await dueDateOf(tx, ctx.organizationId, doc, billDate),
      subtotal: toDecimal(sumCents(lines.map((line) => line.totalPrice))),
      taxAmount: toDecimal(doc.totals.taxTotal),
      discountAmount: toDecimal(billDiscountFrom(doc)),
      totalAmount: toDecimal(doc.totals.taxInclusive),
      prepaidAmount: toDecimal(doc.totals.prepaid),
      paymentTerms: doc.paymentTerms,
      paymentIbanEncrypted: iban ? encryptSecret(ctx.encryptionKey, iban) : null,
      paymentIbanLast4: iban ? lastFour(iban) : null,
      paymentBic: doc.payment?.bic ?? null,
      paymentReference: doc.payment?.remittanceInformation ?? null,
      einvoiceWarnings: warnings,
      notes: notes || null,
      documentId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!bill) throw new Error('bill insert returned nothing');
  await tx.insert(billItems).values(lines.map((line, position) => toBillItemRow(bill.id, line, position)));
  await writeAudit(tx, {
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    action: 'bill.created',
    entityType: 'bill',
    entityId: bill.id,
    details: { billNumber: bill.billNumber, vendorId: vendor.id, totalAmount: bill.totalAmount, status: bill.status, source: 'einvoice', documentId, warnings: warnings.length },
  });
  await startApprovalRound(tx, bill, ctx.userId, ctx.now);
  const change = await proposeBankChange(tx, { vendor, payment: doc.payment, documentId, billId: bill.id, encryptionKey: ctx.encryptionKey, now: ctx.now });
  await tx
    .update(documents)
    .set({ relatedEntityType: 'bill', relatedEntityId: bill.id, updatedAt: ctx.now })
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, ctx.organizationId)));
  return { kind: 'bill', id: bill.id, number: bill.billNumber, vendorId: vendor.id, vendorCreated: !matched, bankChangeId: change?.id ?? null, warnings };
}
