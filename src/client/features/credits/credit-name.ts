import type { CreditNote } from '@shared/contracts/credits';

/** "CN-1000", or "Overpayment of INV-1001" for a credit without a number. */
export const creditName = (credit: CreditNote): string => credit.creditNumber ?? `Overpayment${credit.invoiceNumber ? ` of ${credit.invoiceNumber}` : ''}`;
