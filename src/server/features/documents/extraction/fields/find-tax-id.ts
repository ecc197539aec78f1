/** A VAT / GST / tax registration number printed on the document, if any. */
export function findTaxId(text: string): string | null {
  for (const line of text.split('\n')) {
    const match =
      /\b(?:VAT|TVA|USt-?Id(?:Nr)?\.?|UID|BTW|GST|Tax\s*ID|TIN|ABN|Steuer-?Nr\.?|Steuernummer|VAT\/TIN)(?:[ \t]*(?:Reg(?:istration)?\.?|No\.?|Nr\.?|Number|ID|N°|nummer|intracommunautaire))*[ \t]*[:#]?[ \t]*((?:[A-Z]{2}[ \t]?)?\d[\d \t./-]{5,16}\d[A-Z\d]{0,4})(?![\w])/iu.exec(
        line,
      );
    const value = match?.[1]?.replace(/\s+/g, '');
    if (value && (value.match(/\d/g)?.length ?? 0) >= 6) return value;
  }
  return null;
}
