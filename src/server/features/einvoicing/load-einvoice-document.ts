import { and, asc, eq } from 'drizzle-orm';
import type { EinvoiceDocument, EinvoiceParty, EinvoicePayment, EinvoiceRuleViolation } from '../../../shared/contracts/einvoicing';
import { DEFAULT_UNIT_CODE, type VatCategory } from '../../../shared/einvoice-codes';
import { centsFromDecimal, sumCents, toDecimal } from '../../../shared/money';
import { computeVatBreakdown, exemptionReasonCategories } from '../../../shared/vat';
import type { Database } from '../../db/client';
import { bankAccounts, creditNoteItems, customerCredits, customers, invoiceItems, invoices, organizations } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { decryptSecret } from '../../platform/encryption';
import { notFound } from '../../platform/errors';
import { EN16931_SPECIFICATION } from './specifications';

type OrganizationRow = typeof organizations.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** A stored line, as invoice_items and credit_note_items both keep it. */
interface StoredLine {
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  taxCategory: VatCategory | null;
  taxRate: string | null;
  unitCode: string | null;
}

interface StoredDocument {
  typeCode: '380' | '381';
  number: string;
  issueDate: string;
  dueDate: string | null;
  paymentTerms: string | null;
  note: string | null;
  taxAmount: string;
  discountAmount: string;
  vatExemptionReason: string | null;
  precedingInvoice: EinvoiceDocument['precedingInvoice'];
  customerId: string;
  lines: StoredLine[];
}

export interface LoadedEinvoice {
  document: EinvoiceDocument;
  /** Refusals found while mapping our records (a lump-sum tax without line VAT), before the rule checker runs. */
  violations: EinvoiceRuleViolation[];
}

export interface LoadOptions {
  /** Decrypts the organization's US payment account number (BT-84); without it that account is left out. */
  encryptionKey?: Buffer;
}

const BR_CO_04 = 'Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).';

/**
 * The EN 16931 model of one stored invoice or credit note of the organization (NOT_FOUND for
 * another tenant's id). Prepaid (BT-113) stays 0: our invoices state what was invoiced, and a
 * payment recorded after issue is not part of the document the buyer receives; the amount due is
 * the invoice total, as on our PDF's "Total".
 */
export async function loadEinvoiceDocument(
  db: Database,
  organizationId: string,
  source: { kind: 'invoice' | 'credit_note'; id: string },
  options: LoadOptions = {},
): Promise<LoadedEinvoice> {
  const stored = source.kind === 'invoice' ? await loadInvoice(db, organizationId, source.id) : await loadCreditNote(db, organizationId, source.id);
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, stored.customerId)))
    .limit(1);
  if (!organization || !customer) throw notFound(source.kind === 'invoice' ? 'Invoice' : 'Credit note');
  return mapDocument(stored, organization, customer, await paymentOf(db, organization, stored.number, options));
}

async function loadInvoice(db: Database, organizationId: string, id: string): Promise<StoredDocument> {
  if (!isUuid(id)) throw notFound('Invoice');
  const [invoice] = await db.select().from(invoices).where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id))).limit(1);
  if (!invoice) throw notFound('Invoice');
  const lines = await db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.organizationId, organizationId), eq(invoiceItems.invoiceId, id)))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));
  return {
    typeCode: '380',
    number: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paymentTerms: invoice.paymentTerms,
    note: invoice.notes,
    taxAmount: invoice.taxAmount,
    discountAmount: invoice.discountAmount,
    vatExemptionReason: invoice.vatExemptionReason,
    precedingInvoice: null,
    customerId: invoice.customerId,
    lines,
  };
}

async function loadCreditNote(db: Database, organizationId: string, id: string): Promise<StoredDocument> {
  if (!isUuid(id)) throw notFound('Credit note');
  const [row] = await db
    .select({ credit: customerCredits, invoiceNumber: invoices.invoiceNumber, invoiceIssueDate: invoices.issueDate })
    .from(customerCredits)
    .leftJoin(invoices, eq(invoices.id, customerCredits.invoiceId))
    .where(and(eq(customerCredits.organizationId, organizationId), eq(customerCredits.id, id), eq(customerCredits.kind, 'credit_note')))
    .limit(1);
  if (!row?.credit.creditNumber) throw notFound('Credit note');
  const { credit } = row;
  const lines = await db
    .select()
    .from(creditNoteItems)
    .where(and(eq(creditNoteItems.organizationId, organizationId), eq(creditNoteItems.creditId, id)))
    .orderBy(asc(creditNoteItems.position), asc(creditNoteItems.id));
  // A credit note's subtotal is its lines less their share of the invoice discount (credit-notes.service.ts):
  // that share goes out as the document allowance, as the credit note PDF shows it.
  const discount = sumCents(lines.map((line) => centsFromDecimal(line.totalPrice))) - centsFromDecimal(credit.subtotal);
  return {
    typeCode: '381',
    number: credit.creditNumber ?? '',
    issueDate: credit.issueDate,
    dueDate: null,
    // BR-CO-25: a positive amount needs terms; a credit note's say how it settles.
    paymentTerms: row.invoiceNumber ? `Credit for invoice ${row.invoiceNumber}: applied to open invoices or refunded.` : 'Applied to open invoices or refunded.',
    note: credit.reason,
    taxAmount: credit.taxAmount,
    discountAmount: toDecimal(Math.max(discount, 0)),
    vatExemptionReason: credit.vatExemptionReason,
    precedingInvoice: row.invoiceNumber ? { number: row.invoiceNumber, issueDate: row.invoiceIssueDate } : null,
    customerId: credit.customerId,
    lines,
  };
}

/** BG-16: SEPA credit transfer (58) to the IBAN in euro, else a credit transfer (30) to the IBAN or the US account. */
async function paymentOf(db: Database, organization: OrganizationRow, remittance: string, options: LoadOptions): Promise<EinvoicePayment | null> {
  const iban = organization.iban?.replace(/\s+/g, '').toUpperCase() || null;
  if (iban) {
    const meansCode = organization.currency === 'EUR' ? '58' : '30';
    return { meansCode, iban, accountNumber: null, bic: organization.bic?.trim() || null, accountName: organization.legalName ?? organization.name, remittanceInformation: remittance };
  }
  if (!organization.paymentBankAccountId || !options.encryptionKey) return null;
  const [account] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.organizationId, organization.id), eq(bankAccounts.id, organization.paymentBankAccountId), eq(bankAccounts.isActive, true)))
    .limit(1);
  if (!account) return null;
  return {
    meansCode: '30',
    iban: null,
    accountNumber: decryptSecret(options.encryptionKey, account.accountNumberEncrypted),
    // The ABA routing number takes the place of the BIC (BT-86, "payment service provider identifier").
    bic: account.routingNumber,
    accountName: account.accountHolderName,
    remittanceInformation: remittance,
  };
}

const text = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

function electronicAddressOf(scheme: string | null, value: string | null, email: string | null): EinvoiceParty['electronicAddress'] {
  if (text(scheme) && text(value)) return { scheme: (scheme ?? '').trim(), value: (value ?? '').trim() };
  // EAS "EM": the party's mail address, when it has no Peppol participant id.
  return text(email) ? { scheme: 'EM', value: (email ?? '').trim() } : null;
}

/** A "Tax ID" written as a VAT id (ISO country prefix, then digits: "DE123456788"); an EIN (12-3456789) is not. */
const vatShaped = (value: string | null) => (value && /^(?:[A-Z]{2}|EL)[0-9A-Z]{2,13}$/.test(value.replace(/\s+/g, '')) && /\d/.test(value) ? value.replace(/\s+/g, '') : null);

function sellerOf(organization: OrganizationRow): EinvoiceParty {
  const legalName = text(organization.legalName);
  const taxId = text(organization.taxId);
  // Before the VAT id field existed, businesses kept their VAT id as their Tax ID.
  const vatId = text(organization.vatId) ?? vatShaped(taxId);
  return {
    name: legalName ?? organization.name,
    tradingName: legalName && legalName !== organization.name ? organization.name : null,
    vatId,
    taxRegistrationId: taxId && taxId !== vatId ? taxId : null,
    companyId: text(organization.companyId),
    electronicAddress: electronicAddressOf(organization.electronicAddressScheme, organization.electronicAddress, organization.email),
    address: { line1: text(organization.address), line2: null, city: text(organization.city), postalCode: text(organization.zipCode), subdivision: text(organization.state), countryCode: organization.country.trim().toUpperCase() },
    // The organization's accounts receivable desk answers for the invoice (BG-6).
    contact: { name: organization.name, phone: text(organization.phone), email: text(organization.email) },
  };
}

function buyerOf(customer: CustomerRow): EinvoiceParty {
  const legalName = text(customer.legalName);
  return {
    name: legalName ?? customer.name,
    tradingName: legalName && legalName !== customer.name ? customer.name : null,
    vatId: text(customer.vatId) ?? vatShaped(text(customer.taxId)),
    taxRegistrationId: null,
    companyId: text(customer.companyId),
    electronicAddress: electronicAddressOf(customer.electronicAddressScheme, customer.electronicAddress, customer.email),
    address: { line1: text(customer.address), line2: null, city: text(customer.city), postalCode: text(customer.zipCode), subdivision: text(customer.state), countryCode: customer.country.trim().toUpperCase() },
    contact: {
      name: text(customer.billingContactName) ?? text(customer.primaryContactName),
      phone: text(customer.billingContactPhone) ?? text(customer.phone),
      email: text(customer.billingContactEmail) ?? text(customer.email),
    },
  };
}

const quantityText = (quantity: string) => (quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity);

function mapDocument(stored: StoredDocument, organization: OrganizationRow, customer: CustomerRow, payment: EinvoicePayment | null): LoadedEinvoice {
  const violations: EinvoiceRuleViolation[] = [];
  const taxCents = centsFromDecimal(stored.taxAmount);
  const withVat = stored.lines.some((line) => line.taxCategory !== null);
  // A lump-sum tax with no line VAT: nothing to categorise when there is no tax (O without a VAT id, Z with one).
  const seller = sellerOf(organization);
  const lumpCategory: VatCategory = seller.vatId ? 'Z' : 'O';
  if (!withVat && taxCents !== 0) violations.push({ rule: 'BR-CO-04', message: `${BR_CO_04} Set VAT by line on this document.` });
  const lines = stored.lines.map((line, index) => {
    const vatCategory: VatCategory = line.taxCategory ?? (withVat ? 'S' : lumpCategory);
    if (withVat && line.taxCategory === null) violations.push({ rule: 'BR-CO-04', message: `${BR_CO_04} Line ${index + 1} has none.` });
    return {
      id: String(index + 1),
      name: line.description,
      description: null,
      quantity: quantityText(line.quantity),
      unitCode: text(line.unitCode) ?? DEFAULT_UNIT_CODE,
      netPrice: toDecimal(centsFromDecimal(line.unitPrice)),
      lineNet: centsFromDecimal(line.totalPrice),
      vatCategory,
      vatRate: vatCategory === 'O' ? null : (line.taxRate ?? '0.00'),
    };
  });
  const discount = centsFromDecimal(stored.discountAmount);
  const breakdown = computeVatBreakdown(lines.map((line) => ({ net: line.lineNet, category: line.vatCategory, rate: line.vatRate })), discount);
  const reasonFor = (category: VatCategory) => {
    if (!exemptionReasonCategories.includes(category)) return null;
    return text(stored.vatExemptionReason) ?? (category === 'O' && !withVat ? 'Not subject to VAT' : null);
  };
  const lineTotal = sumCents(lines.map((line) => line.lineNet));
  const taxTotal = withVat ? breakdown.taxTotal : taxCents;
  const taxExclusive = lineTotal - discount;
  const document: EinvoiceDocument = {
    typeCode: stored.typeCode,
    number: stored.number,
    issueDate: stored.issueDate,
    dueDate: stored.dueDate,
    currency: organization.currency,
    specificationId: EN16931_SPECIFICATION,
    buyerReference: text(customer.buyerReference),
    orderReference: null,
    precedingInvoice: stored.precedingInvoice,
    note: text(stored.note),
    paymentTerms: text(stored.paymentTerms),
    seller,
    buyer: buyerOf(customer),
    payment,
    lines,
    allowancesCharges: breakdown.groups
      .filter((group) => group.allowance !== 0)
      .map((group) => ({
        isCharge: false,
        amount: group.allowance,
        reason: 'Discount',
        reasonCode: '95',
        vatCategory: group.category,
        vatRate: group.category === 'O' ? null : group.rate,
      })),
    vatBreakdown: breakdown.groups.map((group) => ({
      category: group.category,
      rate: group.category === 'O' ? null : group.rate,
      taxableAmount: group.taxableAmount,
      taxAmount: withVat ? group.taxAmount : 0,
      exemptionReason: reasonFor(group.category),
      exemptionReasonCode: null,
    })),
    totals: {
      lineTotal,
      allowanceTotal: discount,
      chargeTotal: 0,
      taxExclusive,
      taxTotal,
      taxInclusive: taxExclusive + taxTotal,
      prepaid: 0,
      rounding: 0,
      payable: taxExclusive + taxTotal,
    },
  };
  return { document, violations };
}
