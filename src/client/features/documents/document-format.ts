import { AlertCircle, CheckCircle2, Clock, Loader2, type LucideIcon } from 'lucide-react';
import type { BadgeVariant } from '@/components/ui/badge';
import { findCurrency } from '@shared/currencies';
import type { DocumentType, OcrStatus } from '@shared/contracts/documents';
import { formatMoney, parseMoney } from '@shared/money';

export const documentTypeLabels: Record<DocumentType, string> = {
  bill: 'Bill',
  invoice: 'Invoice',
  receipt: 'Receipt',
  w9: 'W-9 Form',
};

export const statusMeta: Record<OcrStatus, { label: string; icon: LucideIcon; variant: BadgeVariant; spin?: boolean }> = {
  pending: { label: 'Pending', icon: Clock, variant: 'warning' },
  processing: { label: 'Processing', icon: Loader2, variant: 'info', spin: true },
  completed: { label: 'Completed', icon: CheckCircle2, variant: 'success' },
  failed: { label: 'Failed', icon: AlertCircle, variant: 'destructive' },
};

/** 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The extracted total in the document's own currency when it was read, else with $ (spec 2.12). */
export function formatExtractedTotal(total: string | null, currency: string | null): string {
  const cents = total === null ? null : parseMoney(total);
  if (currency) {
    const known = findCurrency(currency);
    return formatMoney(cents, { currency, locale: known?.locale ?? 'en-US', symbol: known?.symbol ?? currency, position: known?.position ?? 'before' });
  }
  return formatMoney(cents, { currency: 'USD', locale: 'en-US', symbol: '$' });
}
