import { addDays, termDays } from './recurrence';

/**
 * What an invoice prints for its terms: the terms when its due date is what they give ("Net 30":
 * 30 days after the issue day; "Due on receipt": the issue day), else "Due <due day>" so the
 * invoice never states a term it does not follow (a hub invoice issued Nov 27 and due Dec 15 is
 * not "Net 30"). Terms written otherwise (not "Net N" or "Due on receipt") print as written.
 */
export function printedTerms(invoice: { paymentTerms: string | null; issueDate: string; dueDate: string }, formatDay: (day: string) => string = (day) => day): string {
  const terms = invoice.paymentTerms?.trim() ?? '';
  const standard = /^net\s*\d{1,3}$/i.test(terms) || /^due on receipt$/i.test(terms);
  if (terms !== '' && (!standard || addDays(invoice.issueDate, termDays(terms)) === invoice.dueDate)) return terms;
  return `Due ${formatDay(invoice.dueDate)}`;
}
