import { z } from 'zod';
import type { EinvoiceFormat, VatCategory } from '../einvoice-codes';
import type { Cents } from '../money';

/**
 * The one model of an EN 16931 invoice or credit note (issue 36), between our records and the two
 * syntaxes: the writers (CII for Factur-X and XRechnung CII, UBL for Peppol BIS and XRechnung UBL)
 * take it, the readers give it, the business-rule checker reads it, and the document viewer shows
 * it. Amounts are in the currency's minor unit; the BT-numbers are EN 16931's.
 */
export interface EinvoiceAddress {
  line1: string | null; // BT-35 / BT-50
  line2: string | null; // BT-36 / BT-51
  city: string | null; // BT-37 / BT-52
  postalCode: string | null; // BT-38 / BT-53
  subdivision: string | null; // BT-39 / BT-54
  countryCode: string; // BT-40 / BT-55, ISO 3166-1 alpha-2
}

export interface EinvoiceParty {
  name: string; // BT-27 / BT-44 (legal name)
  tradingName: string | null; // BT-28 / BT-45
  vatId: string | null; // BT-31 / BT-48
  /** Seller's tax registration id other than VAT (BT-32), e.g. a US EIN. */
  taxRegistrationId: string | null;
  companyId: string | null; // BT-30 / BT-47
  electronicAddress: { scheme: string; value: string } | null; // BT-34 / BT-49
  address: EinvoiceAddress;
  contact: { name: string | null; phone: string | null; email: string | null } | null;
}

export interface EinvoiceLine {
  id: string; // BT-126
  name: string; // BT-153
  description: string | null; // BT-154
  quantity: string; // BT-129, a decimal string
  unitCode: string; // BT-130
  /** Item net price (BT-146) as a decimal string: it may carry more than two decimals. */
  netPrice: string;
  lineNet: Cents; // BT-131
  vatCategory: VatCategory; // BT-151
  vatRate: string | null; // BT-152
}

/** A document-level allowance (BG-20) or charge (BG-21). */
export interface EinvoiceAllowanceCharge {
  isCharge: boolean;
  amount: Cents; // BT-92 / BT-99
  reason: string | null; // BT-97 / BT-104
  reasonCode: string | null; // BT-98 / BT-105
  vatCategory: VatCategory; // BT-95 / BT-102
  vatRate: string | null; // BT-96 / BT-103
}

export interface EinvoiceVatGroup {
  category: VatCategory; // BT-118
  rate: string | null; // BT-119
  taxableAmount: Cents; // BT-116
  taxAmount: Cents; // BT-117
  exemptionReason: string | null; // BT-120
  exemptionReasonCode: string | null; // BT-121
}

export interface EinvoicePayment {
  /** UNTDID 4461: "58" SEPA credit transfer, "30" credit transfer, "31" debit transfer, "1" not defined. */
  meansCode: string; // BT-81
  iban: string | null; // BT-84 when an IBAN
  /** A non-IBAN account identifier (BT-84), e.g. a US account number, with its routing number (BT-86). */
  accountNumber: string | null;
  bic: string | null; // BT-86
  accountName: string | null; // BT-85
  remittanceInformation: string | null; // BT-83
}

export interface EinvoiceTotals {
  lineTotal: Cents; // BT-106
  allowanceTotal: Cents; // BT-107
  chargeTotal: Cents; // BT-108
  taxExclusive: Cents; // BT-109
  taxTotal: Cents; // BT-110
  taxInclusive: Cents; // BT-112
  prepaid: Cents; // BT-113
  rounding: Cents; // BT-114
  payable: Cents; // BT-115
}

export interface EinvoiceDocument {
  /** UNTDID 1001 (BT-3): "380" commercial invoice, "381" credit note, "384" corrected, "389" self-billed. */
  typeCode: string;
  number: string; // BT-1
  issueDate: string; // BT-2, YYYY-MM-DD
  dueDate: string | null; // BT-9
  currency: string; // BT-5
  /** Specification identifier (BT-24): EN 16931, Peppol BIS 3.0 or XRechnung 3.0 CIUS. */
  specificationId: string;
  buyerReference: string | null; // BT-10 (XRechnung: the Leitweg-ID)
  orderReference: string | null; // BT-13
  /** The invoice a credit note corrects (BG-3). */
  precedingInvoice: { number: string; issueDate: string | null } | null;
  note: string | null; // BT-22
  paymentTerms: string | null; // BT-20
  seller: EinvoiceParty; // BG-4
  buyer: EinvoiceParty; // BG-7
  payment: EinvoicePayment | null; // BG-16
  lines: EinvoiceLine[]; // BG-25
  allowancesCharges: EinvoiceAllowanceCharge[];
  vatBreakdown: EinvoiceVatGroup[]; // BG-23
  totals: EinvoiceTotals; // BG-22
}

/** One breach of a business rule, in the rule's own words: { rule: "BR-CO-10", message }. */
export interface EinvoiceRuleViolation {
  rule: string;
  message: string;
}

export type EinvoiceFileFormat = Exclude<EinvoiceFormat, 'pdf'>;

/** The e-invoice download (GET .../einvoice?format=): the four file formats. */
export const einvoiceFileFormats = ['factur_x', 'ubl', 'xrechnung_ubl', 'xrechnung_cii'] as const satisfies readonly EinvoiceFileFormat[];

export const einvoiceFormatQuery = z.object({
  format: z.enum(einvoiceFileFormats, { message: 'Format must be factur_x, ubl, xrechnung_ubl or xrechnung_cii' }),
});

/** GET /api/invoices/:id/einvoice/check: whether the document can be sent in the format, and why not. */
export const einvoiceCheckResponse = z.object({
  valid: z.boolean(),
  violations: z.array(z.object({ rule: z.string(), message: z.string() })),
});
export type EinvoiceCheckResponse = z.infer<typeof einvoiceCheckResponse>;
