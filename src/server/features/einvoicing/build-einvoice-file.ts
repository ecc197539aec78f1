import type { EinvoiceDocument, EinvoiceFileFormat, EinvoiceRuleViolation } from '../../../shared/contracts/einvoicing';
import { einvoiceFormatLabels } from '../../../shared/einvoice-codes';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { renderFacturX } from './factur-x';
import { type LoadOptions, loadEinvoiceDocument } from './load-einvoice-document';
import { checkEinvoiceRules } from './rules';
import { formatProfiles } from './specifications';
import { writeCii } from './write-cii';
import { writeUbl } from './write-ubl';

export interface EinvoiceFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface EinvoiceSource {
  kind: 'invoice' | 'credit_note';
  id: string;
}

export interface EinvoiceCheck {
  document: EinvoiceDocument;
  violations: EinvoiceRuleViolation[];
}

export interface BuildOptions extends LoadOptions {
  /** The moment written into the Factur-X PDF's dates; now by default. */
  now?: Date;
}

/** The document in the format's model (its specification identifier) and every rule it breaks. */
export async function checkEinvoice(db: Database, organizationId: string, source: EinvoiceSource, format: EinvoiceFileFormat, options: LoadOptions = {}): Promise<EinvoiceCheck> {
  const loaded = await loadEinvoiceDocument(db, organizationId, source, options);
  const profile = formatProfiles[format];
  const document = { ...loaded.document, specificationId: profile.specificationId };
  // Peppol R003 needs a buyer or order reference: without the customer's, our document number is the reference the buyer quotes.
  if (profile.cius.includes('peppol') && !document.buyerReference && !document.orderReference) document.buyerReference = document.number;
  return { document, violations: [...loaded.violations, ...checkEinvoiceRules(document, profile.cius)] };
}

/** "INV-2026/07" -> "INV-2026-07": safe in a header and on every disk. */
const safeName = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'invoice';

/** The message of a refusal: the format, the first rule in its words, and how many more. */
export function refusalMessage(format: EinvoiceFileFormat, violations: readonly EinvoiceRuleViolation[], kind: EinvoiceSource['kind'] = 'invoice'): string {
  const [first] = violations;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
  return `This ${kind === 'invoice' ? 'invoice' : 'credit note'} cannot be sent as ${einvoiceFormatLabels[format]}: ${first ? `${first.rule} ${first.message}` : ''}${more}`;
}

/**
 * The e-invoice file of an invoice or credit note in one format, built from the stored records of
 * the organization (scoped: another tenant's id is NOT_FOUND). Refuses an invoice that cannot be
 * valid with AppError('VALIDATION') naming the EN 16931 rules broken, before anything is sent.
 */
export async function buildEinvoiceFile(
  db: Database,
  organizationId: string,
  source: EinvoiceSource,
  format: EinvoiceFileFormat,
  options: BuildOptions = {},
): Promise<EinvoiceFile> {
  const { document, violations } = await checkEinvoice(db, organizationId, source, format, options);
  if (violations.length > 0) {
    const fields = Object.fromEntries(violations.map((violation) => [violation.rule, violation.message]));
    throw new AppError('VALIDATION', refusalMessage(format, violations, source.kind), fields);
  }
  const base = safeName(document.number);
  if (format === 'factur_x') {
    const content = await renderFacturX(document, writeCii(document), options.now ?? new Date());
    return { fileName: `${base}.pdf`, contentType: 'application/pdf', content };
  }
  const xml = formatProfiles[format].syntax === 'ubl' ? writeUbl(document) : writeCii(document);
  const suffix = format === 'ubl' ? 'ubl' : format === 'xrechnung_ubl' ? 'xrechnung-ubl' : 'xrechnung-cii';
  return { fileName: `${base}.${suffix}.xml`, contentType: 'application/xml', content: Buffer.from(xml, 'utf8') };
}
