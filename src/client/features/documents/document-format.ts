import { AlertCircle, Archive, CheckCircle2, Clock, Loader2, type LucideIcon } from 'lucide-react';
import type { BadgeVariant } from '@/components/ui/badge';
import { findCurrency } from '@shared/currencies';
import type { DocumentDto, DocumentType, OcrStatus } from '@shared/contracts/documents';
import { formatMoney, parseMoney } from '@shared/money';

export const documentTypeLabels: Record<DocumentType, string> = {
  bill: 'Bill',
  invoice: 'Invoice',
  receipt: 'Receipt',
  w9: 'W-9 Form',
  bank_statement: 'Bank Statement',
  business_license: 'Business License',
  operating_agreement: 'Operating Agreement',
};

export const statusMeta: Record<OcrStatus, { label: string; icon: LucideIcon; variant: BadgeVariant; spin?: boolean }> = {
  pending: { label: 'Pending', icon: Clock, variant: 'warning' },
  processing: { label: 'Processing', icon: Loader2, variant: 'info', spin: true },
  completed: { label: 'Completed', icon: CheckCircle2, variant: 'success' },
  failed: { label: 'Failed', icon: AlertCircle, variant: 'destructive' },
};

/**
 * A compliance document collected in client onboarding is stored without being read: completed
 * with nothing extracted (a read document always has its extracted data). It shows as Stored.
 */
const storedMeta = { label: 'Stored', icon: Archive, variant: 'secondary' } as const;
export function documentStatus(document: Pick<DocumentDto, 'ocrStatus' | 'extractedData'>): (typeof statusMeta)[OcrStatus] {
  return document.ocrStatus === 'completed' && document.extractedData === null ? storedMeta : statusMeta[document.ocrStatus];
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
