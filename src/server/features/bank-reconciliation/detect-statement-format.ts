import type { BankStatementFormat } from '../../../shared/contracts/bank-reconciliation';

export type FileFormat = Exclude<BankStatementFormat, 'plaid'> | 'ofx1';

/**
 * Tells the format from the file's first few kilobytes (the extension only breaks a tie): OFX 1.x
 * starts with its OFXHEADER lines, OFX 2.x is XML with an OFX processing instruction or root,
 * camt names its message in the Document namespace, BAI2 starts with an "01," record.
 */
export function detectStatementFormat(head: string, fileName: string): FileFormat | null {
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (/^OFXHEADER\s*:/i.test(text)) return 'ofx1';
  if (/<\?OFX\b/i.test(text)) return 'ofx';
  if (/^<OFX>/i.test(text)) return 'ofx1';
  if (/camt\.053\./.test(text) || /<BkToCstmrStmt\b/.test(text)) return 'camt053';
  if (/camt\.054\./.test(text) || /<BkToCstmrDbtCdtNtfctn\b/.test(text)) return 'camt054';
  if (/^<\?xml/i.test(text) && /<OFX>/i.test(text)) return 'ofx';
  if (/^01,[^,\n]*,[^,\n]*,\d{6},/.test(text)) return 'bai2';
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'csv' || extension === 'txt' || /^[^<\n]*[,;\t][^\n]*\n/.test(text)) return 'csv';
  if (extension === 'ofx' || extension === 'qfx') return /^<\?xml/i.test(text) ? 'ofx' : 'ofx1';
  return null;
}
