import type { EinvoiceDocument, EinvoiceRuleViolation } from '../../../shared/contracts/einvoicing';
import { checkCalculations, checkDecimals, checkMandatoryFields, collector } from './rules-core';
import { checkPeppol, checkXrechnung } from './rules-cius';
import { checkVatCategories } from './rules-vat';
import type { EinvoiceCius } from './specifications';

/**
 * The business rules an e-invoice must pass before it leaves, written as code and tested
 * (rules.test.ts), not run through the Schematron files: EN 16931-1 (rules-core.ts: BR-01..16,
 * BR-21..27, BR-CO-09..18, 25, 26, BR-DEC-*, BR-61; rules-vat.ts: BR-S, BR-Z, BR-E, BR-AE, BR-IC (K),
 * BR-G, BR-O), and the CIUS of the format (rules-cius.ts: Peppol BIS 3.0, XRechnung 3.0).
 * Each rule is reported once, with the rule's own words.
 */
export function checkEinvoiceRules(doc: EinvoiceDocument, cius: readonly EinvoiceCius[] = []): EinvoiceRuleViolation[] {
  const { violations, check } = collector();
  checkMandatoryFields(doc, check);
  checkCalculations(doc, check);
  checkVatCategories(doc, check);
  checkDecimals(doc, check);
  if (cius.includes('peppol')) checkPeppol(doc, check);
  if (cius.includes('xrechnung')) checkXrechnung(doc, check);
  return violations;
}
