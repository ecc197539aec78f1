import { format, parseISO } from 'date-fns';
import type { AchSettlementMode } from '@shared/contracts/ach';

/** How a sent ACH payment (or run) completes, as the account's ACH settings decide. */
export function settlementText(mode: AchSettlementMode, completesOn: string | null): string {
  return mode === 'settlement_days' && completesOn
    ? `Sent: completes on ${format(parseISO(completesOn), 'MMM d, yyyy')}`
    : 'Sent: completes when the bank statement shows it';
}
