import type { BankChangeStatus } from '../einvoice-codes';

/**
 * Bank details read from an e-invoice, waiting for a person (issue 36): GET
 * /api/vendors/:id/bank-changes and /api/bills/:id/bank-changes; POST
 * /api/vendor-bank-changes/:id/approve or /reject.
 */
export interface BankChangeDto {
  id: string;
  vendorId: string;
  billId: string | null;
  billNumber: string | null;
  documentId: string | null;
  status: BankChangeStatus;
  ibanLast4: string | null;
  bic: string | null;
  routingNumber: string | null;
  accountLast4: string | null;
  /** What the vendor has now (the "was" of the change). */
  currentIbanLast4: string | null;
  currentAccountLast4: string | null;
  createdAt: string;
  decidedAt: string | null;
}
