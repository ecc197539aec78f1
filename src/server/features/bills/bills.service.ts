import { and, eq } from 'drizzle-orm';
import { type BillInput, billInputSchemaFor, DUE_BEFORE_BILL } from '../../../shared/contracts/bills';
import type { PartialBody } from '../../../shared/contracts/common';
import type { LineVat } from '../../../shared/contracts/line-items';
import { centsFromDecimal, decimalsMessage, rescaleMinor, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { billItems, bills, documents } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationCurrency } from '../../platform/currency';
import { organizationTimeZone, toOptionalOrganizationDay, toOrganizationDay } from '../../platform/calendar';
import { AppError, isUniqueViolation, notFound, validationError } from '../../platform/errors';
import { lineVatColumns, lineVatOf, totalsWithLineVat } from '../../platform/line-vat';
import { mergeUpdate, storedFields, storedItems } from '../../platform/partial-update';
import { startApprovalRound } from '../approvals/approval-rounds';
import { findVendor } from '../vendors/vendors.queries';
import { type BillRow, billHasLivePayment, findBillItems, lockBill } from './bills.queries';

export interface BillAuth {
  organizationId: string;
  userId: string;
}

const duplicateNumber = () =>
  new AppError('CONFLICT', 'This vendor already has a bill with that number', { billNumber: 'This vendor already has a bill with that number' });

async function checkReferences(tx: Database, organizationId: string, input: BillInput, vendorChanged: boolean): Promise<void> {
  const vendor = await findVendor(tx, organizationId, input.vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', 'Vendor not found', { vendorId: 'Vendor not found' });
  if (vendorChanged && !vendor.isActive) throw new AppError('VALIDATION', 'This vendor is inactive', { vendorId: 'This vendor is inactive' });
  if (input.documentId) {
    const [document] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.organizationId, organizationId), eq(documents.id, input.documentId)))
      .limit(1);
    if (!document) throw new AppError('NOT_FOUND', 'Document not found', { documentId: 'Document not found' });
  }
}

function itemRows(billId: string, input: BillInput, currency: string) {
  const totals = totalsWithLineVat(input.items, input.taxAmount);
  return input.items.map((item, position) => ({
    billId,
    position,
    description: item.description,
    quantity: item.quantity,
    unitPrice: toDecimal(item.unitPrice, currency),
    totalPrice: toDecimal(totals.itemTotals[position] ?? 0, currency),
    ...lineVatColumns(item),
  }));
}

/** The bill's days where the organization is (the contract's dates may be timestamps); the due day may not come first. */
function billDays(input: BillInput, timeZone: string) {
  const billDate = toOrganizationDay(input.billDate, timeZone);
  const dueDate = toOrganizationDay(input.dueDate, timeZone);
  if (dueDate < billDate) throw new AppError('VALIDATION', DUE_BEFORE_BILL, { dueDate: DUE_BEFORE_BILL });
  return { billDate, dueDate, scheduledPaymentDate: toOptionalOrganizationDay(input.scheduledPaymentDate, timeZone) };
}

function billValues(input: BillInput, timeZone: string, currency: string) {
  // Lines with VAT categories give the tax (VAT by rate); otherwise the bill's lump-sum tax.
  const totals = totalsWithLineVat(input.items, input.taxAmount, input.discountAmount ?? 0);
  return {
    vendorId: input.vendorId,
    billNumber: input.billNumber,
    status: input.status,
    ...billDays(input, timeZone),
    subtotal: toDecimal(totals.subtotal, currency),
    taxAmount: toDecimal(totals.taxAmount, currency),
    discountAmount: toDecimal(totals.discountAmount, currency),
    totalAmount: toDecimal(totals.totalAmount, currency),
    notes: input.notes,
    attachmentUrl: input.attachmentUrl,
    documentId: input.documentId,
  };
}

/** A bill cannot be marked paid by hand while its approval is pending or after it was rejected. */
function checkPaidAllowed(status: BillRow['status'], approvalStatus: BillRow['approvalStatus']): void {
  if (status !== 'paid') return;
  if (approvalStatus === 'pending') throw new AppError('CONFLICT', 'A bill waiting for approval cannot be marked paid', { status: 'A bill waiting for approval cannot be marked paid' });
  if (approvalStatus === 'rejected') throw new AppError('CONFLICT', 'A rejected bill cannot be marked paid', { status: 'A rejected bill cannot be marked paid' });
}

const SCHEDULE_THROUGH_PAY = 'Use Pay to schedule a payment for this bill';

/**
 * Records a bill with its items and sends it for approval when a rule matches, in one
 * transaction. Also used by the documents feature to create a bill from an uploaded document.
 */
/**
 * A bill parsed with another currency's decimals (the 2-decimal default of documents and
 * e-invoices) in the organization's minor unit; refused when it does not fit.
 */
function billIn(input: BillInput, from: string, to: string): BillInput {
  if (from === to) return input;
  const convert = (amount: number, field: string) => {
    const value = rescaleMinor(amount, from, to);
    if (value === null) throw new AppError('VALIDATION', decimalsMessage(to), { [field]: decimalsMessage(to) });
    return value;
  };
  return {
    ...input,
    subtotal: convert(input.subtotal, 'subtotal'),
    taxAmount: convert(input.taxAmount, 'taxAmount'),
    discountAmount: input.discountAmount === undefined ? undefined : convert(input.discountAmount, 'discountAmount'),
    totalAmount: convert(input.totalAmount, 'totalAmount'),
    items: input.items.map((item, index) => ({ ...item, unitPrice: convert(item.unitPrice, `items.${index}.unitPrice`), totalPrice: convert(item.totalPrice, `items.${index}.totalPrice`) })),
  };
}

/** options.currency: whose decimals the input's amounts were parsed with (default USD, 2). */
export async function createBill(db: Database, auth: BillAuth, parsed: BillInput, now: Date = new Date(), options: { currency?: string } = {}): Promise<BillRow> {
  if (parsed.status === 'scheduled') throw new AppError('VALIDATION', SCHEDULE_THROUGH_PAY, { status: SCHEDULE_THROUGH_PAY });
  const currency = await organizationCurrency(db, auth.organizationId);
  const input = billIn(parsed, options.currency ?? 'USD', currency);
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, auth.organizationId, input, true);
      const [bill] = await tx
        .insert(bills)
        .values({
          ...billValues(input, await organizationTimeZone(tx, auth.organizationId), currency),
          organizationId: auth.organizationId,
          userId: auth.userId,
          paidAt: input.status === 'paid' ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!bill) throw new Error('bill insert returned nothing');
      await tx.insert(billItems).values(itemRows(bill.id, input, currency));
      // Written before the approval round's own row, so the bill's history reads created, then approval requested.
      await writeAudit(tx, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        action: 'bill.created',
        entityType: 'bill',
        entityId: bill.id,
        details: { billNumber: bill.billNumber, vendorId: bill.vendorId, totalAmount: bill.totalAmount, status: bill.status },
      });
      const approvalStatus = await startApprovalRound(tx, bill, auth.userId, now);
      checkPaidAllowed(bill.status, approvalStatus);
      return { ...bill, approvalStatus };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bills_vendor_number_key')) throw duplicateNumber();
    throw error;
  }
}

function sameItems(stored: (LineVat & { description: string; quantity: string; unitPrice: string })[], input: BillInput, currency: string): boolean {
  if (stored.length !== input.items.length) return false;
  return stored.every((row, index) => {
    const item = input.items[index];
    return (
      item !== undefined &&
      row.description === item.description &&
      Number(row.quantity) === Number(item.quantity) &&
      centsFromDecimal(row.unitPrice, currency) === item.unitPrice &&
      JSON.stringify(lineVatOf(row)) === JSON.stringify(lineVatColumns(item))
    );
  });
}

/**
 * Edits a bill. A change of amount or vendor, or any edit of a rejected bill, sends it for
 * approval again. Once a payment is scheduled or made, its vendor, items and status are fixed.
 */
export async function updateBill(db: Database, auth: BillAuth, id: string, body: PartialBody, now: Date): Promise<BillRow> {
  const currency = await organizationCurrency(db, auth.organizationId);
  const billInputSchema = billInputSchemaFor(currency);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockBill(tx, auth.organizationId, id);
      if (!before) throw notFound('Bill');
      const storedRows = await findBillItems(tx, before.id);
      const stored = { ...storedFields(before, billInputSchema), items: storedItems(storedRows) };
      const input = mergeUpdate(billInputSchema, stored, body);
      if (input.status === 'scheduled' && before.status !== 'scheduled') {
        throw new AppError('VALIDATION', SCHEDULE_THROUGH_PAY, { status: SCHEDULE_THROUGH_PAY });
      }
      const values = billValues(input, await organizationTimeZone(tx, auth.organizationId), currency);
      const itemsSame = sameItems(storedRows, input, currency);
      const moneyChanged = values.totalAmount !== before.totalAmount || values.taxAmount !== before.taxAmount || !itemsSame;
      const vendorChanged = values.vendorId !== before.vendorId;
      if (
        (moneyChanged || vendorChanged || values.status !== before.status) &&
        (before.status === 'scheduled' || (await billHasLivePayment(tx, auth.organizationId, before.id)))
      ) {
        throw new AppError('CONFLICT', 'This bill has a scheduled or completed payment: only its number, dates, notes and attachment can change');
      }
      await checkReferences(tx, auth.organizationId, input, vendorChanged);
      const [bill] = await tx
        .update(bills)
        .set({
          ...values,
          paidAt: values.status === 'paid' ? (before.paidAt ?? now) : null,
          updatedAt: now,
        })
        .where(eq(bills.id, before.id))
        .returning();
      if (!bill) throw notFound('Bill');
      if (!itemsSame || values.subtotal !== before.subtotal) {
        await tx.delete(billItems).where(eq(billItems.billId, bill.id));
        await tx.insert(billItems).values(itemRows(bill.id, input, currency));
      }
      const needsApproval = values.totalAmount !== before.totalAmount || vendorChanged || before.approvalStatus === 'rejected';
      // Written before a new approval round's own row, so the bill's history reads edited, then approval requested.
      await writeAudit(tx, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        action: 'bill.updated',
        entityType: 'bill',
        entityId: bill.id,
        details: {
          billNumber: bill.billNumber,
          totalAmount: { from: before.totalAmount, to: bill.totalAmount },
          status: { from: before.status, to: bill.status },
          vendorId: vendorChanged ? { from: before.vendorId, to: bill.vendorId } : undefined,
          newApprovalRound: needsApproval,
        },
      });
      const approvalStatus = needsApproval ? await startApprovalRound(tx, bill, auth.userId, now) : bill.approvalStatus;
      checkPaidAllowed(bill.status, approvalStatus);
      return { ...bill, approvalStatus };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bills_vendor_number_key')) throw duplicateNumber();
    throw error;
  }
}

/** POST /api/bills: the body parsed with the organization's currency (its decimals), then recorded. */
export async function createBillFromRequest(db: Database, auth: BillAuth, body: Record<string, unknown>, now: Date = new Date()): Promise<BillRow> {
  const currency = await organizationCurrency(db, auth.organizationId);
  const parsed = billInputSchemaFor(currency).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return createBill(db, auth, parsed.data, now, { currency });
}

export async function deleteBill(db: Database, auth: BillAuth, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, auth.organizationId, id);
    if (!bill) throw notFound('Bill');
    if (bill.status === 'scheduled' || (await billHasLivePayment(tx, auth.organizationId, bill.id))) {
      throw new AppError('CONFLICT', 'A bill with a scheduled or completed payment cannot be deleted');
    }
    await tx.delete(bills).where(eq(bills.id, bill.id));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'bill.deleted',
      entityType: 'bill',
      entityId: bill.id,
      details: { billNumber: bill.billNumber, vendorId: bill.vendorId, totalAmount: bill.totalAmount, status: bill.status },
    });
  });
}

/**
 * For the payments feature, inside its transaction: the bill (locked) if a payment may be
 * scheduled for it now, else a 404 or 409 saying why not.
 */
export async function assertBillPayable(db: Database, organizationId: string, billId: string): Promise<BillRow> {
  const bill = await lockBill(db, organizationId, billId);
  if (!bill) throw notFound('Bill');
  if (bill.status === 'paid') throw new AppError('CONFLICT', `Bill ${bill.billNumber} is already paid`);
  if (bill.status === 'scheduled') throw new AppError('CONFLICT', `Bill ${bill.billNumber} already has a scheduled payment`);
  if (bill.approvalStatus === 'pending') throw new AppError('CONFLICT', `Bill ${bill.billNumber} is waiting for approval`);
  if (bill.approvalStatus === 'rejected') {
    throw new AppError('CONFLICT', `Bill ${bill.billNumber} was rejected: edit it and have it approved again before paying it`);
  }
  return bill;
}
