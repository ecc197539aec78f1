import { and, eq } from 'drizzle-orm';
import type { CreateTransactionInput, CreateTransactionResult } from '../../../shared/contracts/documents';
import { type Cents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { documents, vendorHints } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { calendarDay, organizationTimeZone, toOrganizationDay } from '../../platform/calendar';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { createBill } from '../bills/bills.service';
import { createInvoice } from '../invoices/invoices.service';
import { findVendor, findVendorByName } from '../vendors/vendors.queries';
import { createVendor } from '../vendors/vendors.service';
import { type DocumentRow, findVendorHintsFor, lockDocument } from './documents.queries';
import { learnFromCorrection } from './extraction';

type Customizations = CreateTransactionInput['customizations'];

interface Line {
  description: string;
  quantity: string;
  unitPrice: Cents;
  totalPrice: Cents;
}

/** The reviewed line items, or one line 'Auto-generated from <file name>' for the amount before tax. */
function linesFrom(c: Customizations): Line[] {
  if (c.items && c.items.length > 0) return c.items;
  const net = c.amount - (c.tax ?? 0);
  return [{ description: c.description, quantity: '1', unitPrice: net, totalPrice: net }];
}

/** The vendor picked in the dialog, else the one with that name, else a new one made from the document. */
async function resolveVendor(tx: Database, auth: AuthContext, c: Customizations, document: DocumentRow, encryptionKey: Buffer) {
  if (c.vendorId) {
    const vendor = await findVendor(tx, auth.organizationId, c.vendorId);
    if (!vendor) throw new AppError('NOT_FOUND', 'Vendor not found', { 'customizations.vendorId': 'Vendor not found' });
    return { id: vendor.id, name: vendor.name, created: false };
  }
  const name = c.vendorName ?? '';
  const existing = await findVendorByName(tx, auth.organizationId, name);
  if (existing) return { id: existing.id, name: existing.name, created: false };
  // A vendor known only from a document: no bank details yet, so it is paid by check until edited.
  const extracted = document.extractedData?.vendor;
  const created = await createVendor(
    tx,
    auth,
    {
      name,
      email: extracted?.email ?? '',
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      country: 'US',
      taxId: extracted?.taxId ?? null,
      paymentMethod: 'check',
      bankName: null,
      accountNumber: null,
      routingNumber: null,
      wireInstructions: null,
      isActive: true,
    },
    encryptionKey,
  );
  return { id: created.id, name: created.name, created: true };
}

/** Keeps what the review taught about this vendor's documents, for its next uploads. */
async function learnVendorHints(tx: Database, organizationId: string, vendor: { id: string; name: string }, document: DocumentRow, c: Customizations, now: Date) {
  if (!document.extractedData) return;
  const [previous] = await findVendorHintsFor(tx, { organizationId, vendorIds: [vendor.id] });
  const hints = learnFromCorrection(
    document.extractedData,
    { vendorName: c.vendorName ?? vendor.name, total: toDecimal(c.amount), invoiceNumber: c.number ?? null, issueDate: c.issueDate ?? null, category: c.category ?? null },
    previous?.hints ?? null,
  );
  await tx
    .insert(vendorHints)
    .values({ organizationId, vendorId: vendor.id, hints, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [vendorHints.organizationId, vendorHints.vendorId], set: { hints, updatedAt: now } });
}

/**
 * Turns a processed document into a bill (vendor matched or created by name, items, the document
 * attached) or an invoice, links the two both ways and learns from the corrections, all in one
 * transaction. The document row is locked first, so a second attempt gets a 409.
 */
export async function createTransactionFromDocument(
  db: Database,
  auth: AuthContext,
  documentId: string,
  input: CreateTransactionInput,
  options: { now: Date; encryptionKey: Buffer },
): Promise<CreateTransactionResult> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const document = await lockDocument(tx, { organizationId: auth.organizationId, id: documentId });
    if (!document) throw notFound('Document');
    if (document.relatedEntityId) {
      throw new AppError('CONFLICT', `A ${document.relatedEntityType ?? 'transaction'} has already been created from this document`);
    }
    if (document.ocrStatus !== 'completed' || !document.extractedData) {
      throw new AppError('CONFLICT', 'This document has not been processed yet');
    }
    const c = input.customizations;
    const lines = linesFrom(c);
    const tax = c.tax ?? 0;
    const timeZone = await organizationTimeZone(tx, auth.organizationId);
    const issueDate = c.issueDate ? toOrganizationDay(c.issueDate, timeZone) : (document.extractedData.dates.issueDate ?? calendarDay(now, timeZone));
    const dueDate = toOrganizationDay(c.dueDate, timeZone);
    if (dueDate < issueDate) {
      throw new AppError('VALIDATION', 'Due date cannot be before the issue date', { 'customizations.dueDate': 'Due date cannot be before the issue date' });
    }

    let id: string;
    let label: string;
    if (input.transactionType === 'bill') {
      const vendor = await resolveVendor(tx, auth, c, document, options.encryptionKey);
      const bill = await createBill(
        tx,
        auth,
        {
          vendorId: vendor.id,
          billNumber: c.number ?? document.extractedData.documentNumbers.invoiceNumber ?? `BILL-${now.getTime()}`,
          status: 'received',
          billDate: issueDate,
          dueDate,
          subtotal: c.amount - tax,
          taxAmount: tax,
          totalAmount: c.amount,
          notes: c.category ? `${c.description}\nCategory: ${c.category}` : c.description,
          attachmentUrl: null,
          documentId: document.id,
          scheduledPaymentDate: null,
          items: lines,
        },
        now,
      );
      await learnVendorHints(tx, auth.organizationId, vendor, document, c, now);
      id = bill.id;
      label = `Bill ${bill.billNumber} created for ${vendor.name}`;
    } else {
      if (!c.customerId) throw new AppError('VALIDATION', 'Customer is required', { 'customizations.customerId': 'Customer is required' });
      const invoice = await createInvoice(
        tx,
        auth,
        {
          customerId: c.customerId,
          // No number read from the document: the organization's next one.
          invoiceNumber: c.number ?? document.extractedData.documentNumbers.invoiceNumber ?? undefined,
          status: 'draft',
          issueDate,
          dueDate,
          taxAmount: tax,
          notes: c.description,
          items: lines,
        },
        now,
      );
      id = invoice.id;
      label = `Invoice ${invoice.invoiceNumber} created`;
    }

    await tx
      .update(documents)
      .set({ relatedEntityType: input.transactionType, relatedEntityId: id, updatedAt: now })
      .where(and(eq(documents.id, document.id), eq(documents.organizationId, auth.organizationId)));
    await writeAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'document.transaction_created',
      entityType: 'document',
      entityId: document.id,
      details: { transactionType: input.transactionType, relatedEntityId: id, totalAmount: toDecimal(c.amount) },
    });
    return { message: `${label} from ${document.fileName}`, transactionType: input.transactionType, id };
  });
}
