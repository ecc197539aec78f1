/**
 * The code lists of EN 16931 that the schema, contracts and both directions of e-invoicing share
 * (issue 36). Pure data: the database, the forms and the XML writers and readers read these.
 */

/**
 * VAT category codes (UNTDID 5305 as restricted by EN 16931, BT-151 / BT-118):
 * S standard rate, Z zero rated, E exempt, AE reverse charge, K intra-community supply,
 * G export outside the EU, O not subject to VAT, L Canary Islands IGIC, M Ceuta and Melilla IPSI.
 */
export const vatCategories = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type VatCategory = (typeof vatCategories)[number];

export const vatCategoryLabels: Record<VatCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
  L: 'Canary Islands (IGIC)',
  M: 'Ceuta and Melilla (IPSI)',
};

/**
 * How a customer receives invoices from "Send": the PDF as today, a Factur-X / ZUGFeRD PDF
 * (PDF/A-3 with CII embedded, EN 16931 profile), UBL 2.1 Peppol BIS Billing 3.0, or XRechnung
 * (German public buyers, with their Leitweg-ID as buyer reference) in UBL or CII syntax.
 */
export const einvoiceFormats = ['pdf', 'factur_x', 'ubl', 'xrechnung_ubl', 'xrechnung_cii'] as const;
export type EinvoiceFormat = (typeof einvoiceFormats)[number];

export const einvoiceFormatLabels: Record<EinvoiceFormat, string> = {
  pdf: 'PDF',
  factur_x: 'Factur-X / ZUGFeRD PDF',
  ubl: 'UBL (Peppol BIS Billing 3.0)',
  xrechnung_ubl: 'XRechnung (UBL)',
  xrechnung_cii: 'XRechnung (CII)',
};

/** Delivery of an e-invoice to its buyer: by mail (attachment) or through a Peppol access point. */
export const einvoiceChannels = ['email', 'network'] as const;
export type EinvoiceChannel = (typeof einvoiceChannels)[number];

/** queued: claimed before it leaves; sent: handed to the mailer or access point; delivered / failed: its answer. */
export const einvoiceDeliveryStatuses = ['queued', 'sent', 'delivered', 'failed'] as const;
export type EinvoiceDeliveryStatus = (typeof einvoiceDeliveryStatuses)[number];

/** What a pending change of a vendor's bank details came from, and where it stands. */
export const bankChangeStatuses = ['pending', 'approved', 'rejected'] as const;
export type BankChangeStatus = (typeof bankChangeStatuses)[number];

/**
 * One mail taken by the mail-in receiver: accepted (attachments kept), refused (sender not on the
 * workspace's allow-list, too large, too many attachments) or unknown (no such workspace token: kept
 * for the operator only, never answered differently from an accepted one).
 */
export const inboundMailStatuses = ['accepted', 'refused', 'unknown_recipient'] as const;
export type InboundMailStatus = (typeof inboundMailStatuses)[number];

/** UN/ECE Recommendation 20 unit code used when a line names no unit: C62, "one". */
export const DEFAULT_UNIT_CODE = 'C62';
