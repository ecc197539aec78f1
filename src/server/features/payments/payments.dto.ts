import type { Payment, UpcomingPayment } from '../../../shared/contracts/payments';
import { centsFromDecimal, toDecimal } from '../../../shared/money';
import type { PaymentListRow } from './payments.queries';

const decimal = (value: string) => toDecimal(centsFromDecimal(value));

function counterparty(row: PaymentListRow): string | null {
  if (row.payment.type === 'invoice_payment') {
    return row.invoiceNumber ? [row.invoiceNumber, row.customerName].filter(Boolean).join(' · ') : null;
  }
  return row.billNumber ? [row.billNumber, row.vendorName].filter(Boolean).join(' · ') : null;
}

export function toPaymentDto(row: PaymentListRow): Payment {
  const p = row.payment;
  return {
    id: p.id,
    type: p.type,
    method: p.method,
    status: p.status,
    referenceId: p.referenceId,
    reference: p.reference,
    label: counterparty(row),
    scheduledDate: p.scheduledDate,
    processedAt: p.processedAt?.toISOString() ?? null,
    amount: decimal(p.amount),
    transactionId: p.transactionId,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    settlement:
      p.status === 'sent' && row.settlementMode !== null && row.settlementDays !== null
        ? { mode: row.settlementMode, days: row.settlementDays }
        : null,
  };
}

export function toUpcomingDto(row: UpcomingPayment): UpcomingPayment {
  return { ...row, amount: decimal(row.amount) };
}
