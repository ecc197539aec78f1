import { lineVatRequest } from '@/components/vat-lines';
import { addDaysToDay, dateInputValue } from '@/lib/dates';
import type { BillDetail, BillFormValues, BillInput } from '@shared/contracts/bills';
import { type Cents, multiplyCents, parseMoney, sumCents, toDecimal } from '@shared/money';
import type { BillPayload } from './api';

const QUANTITY = /^\d+(\.\d{1,4})?$/;

/** Spec 9: number 'BILL-' + timestamp, received, due in 30 days. */
export function newBillValues(now = new Date(), timeZone?: string): BillFormValues {
  const today = dateInputValue(now, timeZone);
  return {
    vendorId: '',
    billNumber: `BILL-${now.getTime()}`,
    status: 'received',
    billDate: today,
    dueDate: addDaysToDay(today, 30),
    subtotal: '0.00',
    taxAmount: '0.00',
    totalAmount: '0.00',
    notes: '',
    attachmentUrl: '',
    documentId: '',
    scheduledPaymentDate: '',
    items: [{ description: '', quantity: '1', unitPrice: '', totalPrice: '0.00' }],
  };
}

export function billToValues(bill: BillDetail, today: string): BillFormValues {
  return {
    vendorId: bill.vendorId,
    billNumber: bill.billNumber,
    // An overdue bill past its due date is shown overdue automatically; keep it received.
    status: bill.status === 'overdue' && bill.dueDate < today ? 'received' : bill.status,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    subtotal: bill.subtotal,
    taxAmount: bill.taxAmount,
    totalAmount: bill.totalAmount,
    notes: bill.notes ?? '',
    attachmentUrl: bill.attachmentUrl ?? '',
    documentId: bill.documentId ?? '',
    scheduledPaymentDate: bill.scheduledPaymentDate ?? '',
    items: bill.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      taxCategory: item.taxCategory ?? null,
      taxRate: item.taxRate ?? null,
      unitCode: item.unitCode ?? '',
    })),
  };
}

/** The figures the form shows while typing: the same rule as computeTotals, tolerant of half-typed input. */
export function liveTotals(items: readonly { quantity?: unknown; unitPrice?: unknown }[], taxAmount: unknown) {
  const itemTotals: Cents[] = items.map((item) => {
    const unit = parseMoney(String(item.unitPrice ?? '')) ?? 0;
    const quantity = String(item.quantity ?? '').trim();
    return QUANTITY.test(quantity) ? multiplyCents(unit, quantity) : 0;
  });
  const subtotal = sumCents(itemTotals);
  const tax = parseMoney(String(taxAmount ?? '')) ?? 0;
  return { itemTotals, subtotal, totalAmount: subtotal + tax };
}

export function toPayload(input: BillInput): BillPayload {
  return {
    ...input,
    subtotal: toDecimal(input.subtotal),
    taxAmount: toDecimal(input.taxAmount),
    totalAmount: toDecimal(input.totalAmount),
    items: input.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: toDecimal(item.unitPrice),
      totalPrice: toDecimal(item.totalPrice),
      ...lineVatRequest(item),
    })),
  };
}
