/**
 * An organization's invoice number: prefix and number joined by a dash ("ACME-5000"), unless the
 * prefix is empty or already ends in one. The server numbers with it and the wizard previews it.
 */
export function formatInvoiceNumber(prefix: string, n: number): string {
  if (prefix === '' || prefix.endsWith('-')) return `${prefix}${n}`;
  return `${prefix}-${n}`;
}
