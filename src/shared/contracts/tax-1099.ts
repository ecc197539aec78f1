import { z } from 'zod';
import { ROUTING_CHECK_MESSAGE, ROUTING_LENGTH_MESSAGE, isValidRoutingNumber } from '../aba';
import { tinDigits, tinProblem } from '../tin';
import { pageQuery } from './common';

/**
 * W-9s and 1099s (issue 32): vendor self-onboarding by link, W-9s read from uploads, and the 1099
 * year end per workspace and across a firm's clients.
 */

export const tinTypes = ['ssn', 'ein'] as const;
/** W-9 line 3a, the federal tax classification. */
export const taxClassifications = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other'] as const;
export type TaxClassification = (typeof taxClassifications)[number];
export const taxClassificationLabels: Record<TaxClassification, string> = {
  individual: 'Individual/sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust/estate',
  llc: 'LLC',
  other: 'Other',
};
/** The LLC's tax classification letter: C corporation, S corporation or Partnership. */
export const llcTaxClassifications = ['C', 'S', 'P'] as const;
export const w9Sources = ['form', 'upload', 'manual'] as const;
export type W9Source = (typeof w9Sources)[number];

/** The boxes a payment can be reported in. */
export const form1099Boxes = ['nec_1', 'misc_1', 'misc_2', 'misc_3', 'misc_6', 'misc_10'] as const;
export type Form1099Box = (typeof form1099Boxes)[number];
/** A vendor's default box; 'none' is not reportable. */
export const vendor1099Boxes = [...form1099Boxes, 'none'] as const;
export type Vendor1099Box = (typeof vendor1099Boxes)[number];
export type Form1099Type = 'nec' | 'misc';

export const form1099BoxInfo: Record<Form1099Box, { form: Form1099Type; box: number; label: string }> = {
  nec_1: { form: 'nec', box: 1, label: '1099-NEC box 1, Nonemployee compensation' },
  misc_1: { form: 'misc', box: 1, label: '1099-MISC box 1, Rents' },
  misc_2: { form: 'misc', box: 2, label: '1099-MISC box 2, Royalties' },
  misc_3: { form: 'misc', box: 3, label: '1099-MISC box 3, Other income' },
  misc_6: { form: 'misc', box: 6, label: '1099-MISC box 6, Medical and health care payments' },
  misc_10: { form: 'misc', box: 10, label: '1099-MISC box 10, Gross proceeds paid to an attorney' },
};

/**
 * Bill categories that name a box (matched without case, as whole words): a bill's category wins
 * over the vendor's default box.
 */
export const categoryBoxRules: readonly { pattern: RegExp; box: Form1099Box | 'none' }[] = [
  { pattern: /\b(rent|rental|lease)\b/i, box: 'misc_1' },
  { pattern: /\broyalt(y|ies)\b/i, box: 'misc_2' },
  { pattern: /\b(medical|health ?care)\b/i, box: 'misc_6' },
  { pattern: /\b(settlement|gross proceeds)\b/i, box: 'misc_10' },
  { pattern: /\b(prize|award|other income)\b/i, box: 'misc_3' },
  { pattern: /\b(contract labor|contractor|consulting|professional services|legal|services)\b/i, box: 'nec_1' },
  { pattern: /\b(bank fees|merchandise|inventory|supplies|materials|freight|utilities|telephone)\b/i, box: 'none' },
];

/** Payment methods whose payments count for a 1099; card and network payments go on the payment network's 1099-K. */
export const reportablePaymentMethods = ['ach', 'wire', 'check'] as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const requiredText = (max: number, label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The W-9 fields a vendor or a reader provides. */
export const w9FieldsSchema = z
  .object({
    legalName: requiredText(200, 'Name (line 1)'),
    businessName: optionalText(200, 'Business name (line 2)'),
    taxClassification: z.enum(taxClassifications, { message: 'Choose a federal tax classification' }),
    llcTaxClassification: z.enum(llcTaxClassifications, { message: 'The LLC tax classification is C, S or P' }).nullish().transform((v) => v ?? null),
    otherClassification: optionalText(100, 'Other classification'),
    exemptPayeeCode: z
      .string()
      .trim()
      .regex(/^(|[1-9]|1[0-3])$/, 'The exempt payee code is 1 to 13')
      .nullish()
      .transform((v) => v || null),
    fatcaExemptionCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(|[A-M])$/, 'The FATCA exemption code is a letter A to M')
      .nullish()
      .transform((v) => v || null),
    address: requiredText(300, 'Address'),
    city: requiredText(100, 'City'),
    state: requiredText(100, 'State'),
    zipCode: requiredText(20, 'ZIP code'),
    tinType: z.enum(tinTypes, { message: 'Choose SSN or EIN' }),
    tin: z.string({ message: 'TIN is required' }).trim().min(1, 'TIN is required'),
  })
  // The public form takes only these fields (no mass assignment): an unknown key is a 400.
  .strict()
  .superRefine((value, ctx) => {
    const problem = tinProblem(value.tinType, value.tin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tin'], message: problem });
    if (value.taxClassification === 'llc' && !value.llcTaxClassification) {
      ctx.addIssue({ code: 'custom', path: ['llcTaxClassification'], message: 'An LLC enters its tax classification (C, S or P)' });
    }
    if (value.taxClassification === 'other' && !value.otherClassification) {
      ctx.addIssue({ code: 'custom', path: ['otherClassification'], message: 'Describe the other classification' });
    }
  })
  .transform((value) => ({ ...value, tin: tinDigits(value.tin) ?? value.tin }));
export type W9Fields = z.output<typeof w9FieldsSchema>;

/** POST /api/vendor-forms/{token}: the substitute W-9, its certification and, when asked, payment details. */
export const vendorFormSubmission = z
  .object({
    w9: w9FieldsSchema,
    /** Part II: the typed signature and the date the vendor signs. */
    signatureName: requiredText(200, 'Signature'),
    certify: z.literal(true, { message: 'Certify the statements to submit the form' }),
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email('Invalid email address'))
      .nullish()
      .transform((v) => v || null),
    /** The vendor agrees to get its 1099 by email. */
    consentToElectronic1099: z.boolean().default(false),
    payment: z
      .object({
        paymentMethod: z.enum(['ach', 'check'], { message: 'Payment method must be ach or check' }),
        bankName: optionalText(200, 'Bank name'),
        routingNumber: optionalText(9, 'Routing number'),
        accountNumber: optionalText(17, 'Account number'),
        accountType: z.enum(['checking', 'savings']).default('checking'),
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.paymentMethod !== 'ach') return;
        if (!value.bankName) ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'Bank name is required' });
        if (!value.routingNumber || !/^\d{9}$/.test(value.routingNumber)) {
          ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: ROUTING_LENGTH_MESSAGE });
        } else if (!isValidRoutingNumber(value.routingNumber)) {
          ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: ROUTING_CHECK_MESSAGE });
        }
        const account = (value.accountNumber ?? '').replace(/[\s-]/g, '');
        if (!/^\d{4,17}$/.test(account)) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'Account number is 4 to 17 digits' });
      })
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict();
export type VendorFormSubmission = z.output<typeof vendorFormSubmission>;
export type VendorFormValues = z.input<typeof vendorFormSubmission>;

/** GET /api/vendor-forms/{token}: all the public page shows. Nothing of the organization but its name. */
export interface PublicVendorForm {
  organizationName: string;
  /** The vendor's name as the organization has it, to prefill line 1. */
  vendorName: string;
  includePayment: boolean;
  expiresAt: string;
}

/** POST /api/vendors/{id}/w9-requests */
export const w9RequestCreate = z.object({
  /** Ask for payment method and ACH details too. */
  includePayment: z.boolean().default(false),
  /** Another address than the vendor's email. */
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email('Invalid email address'))
    .nullish()
    .transform((v) => v || null),
});
/** POST /api/vendors/w9-requests: the chosen vendors, or every active vendor missing a W-9. */
export const w9BulkRequestCreate = z.object({
  vendorIds: z.array(z.string()).max(1000).optional(),
  includePayment: z.boolean().default(false),
});

export const w9RequestStatuses = ['sent', 'failed', 'completed', 'expired', 'revoked'] as const;
export type W9RequestStatus = (typeof w9RequestStatuses)[number];

export interface W9Request {
  id: string;
  vendorId: string;
  vendorName: string;
  email: string;
  includePayment: boolean;
  status: W9RequestStatus;
  sentAt: string | null;
  completedAt: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface W9BulkResult {
  sent: number;
  /** Vendors left out, with why (no email, a W-9 already on file, not found). */
  skipped: { vendorId: string; name: string; reason: string }[];
  failed: number;
}

/** A vendor's tax profile as the vendor page shows it: the TIN only ever masked. */
export interface VendorTaxProfile {
  legalName: string | null;
  businessName: string | null;
  taxClassification: TaxClassification | null;
  llcTaxClassification: 'C' | 'S' | 'P' | null;
  otherClassification: string | null;
  exemptPayeeCode: string | null;
  fatcaExemptionCode: string | null;
  tinType: 'ssn' | 'ein' | null;
  /** "•••-••-6789" */
  tinMasked: string | null;
  tinLast4: string | null;
  w9ReceivedAt: string | null;
  w9Source: W9Source | null;
  w9DocumentId: string | null;
  form1099Box: Vendor1099Box | null;
  isAttorney: boolean;
  form1099EmailConsentAt: string | null;
  /** The newest W-9 request, if any. */
  lastRequest: W9Request | null;
}

/** PUT /api/vendors/{id}/tax-profile: a user types in or corrects the tax fields. A blank TIN keeps the stored one. */
export const vendorTaxProfileUpdate = z.object({
  legalName: optionalText(200, 'Legal name'),
  businessName: optionalText(200, 'Business name'),
  taxClassification: z.enum(taxClassifications).nullish().transform((v) => v ?? null),
  llcTaxClassification: z.enum(llcTaxClassifications).nullish().transform((v) => v ?? null),
  otherClassification: optionalText(100, 'Other classification'),
  exemptPayeeCode: optionalText(2, 'Exempt payee code'),
  fatcaExemptionCode: optionalText(1, 'FATCA exemption code'),
  tinType: z.enum(tinTypes).nullish().transform((v) => v ?? null),
  tin: optionalText(11, 'TIN'),
  form1099Box: z.enum(vendor1099Boxes).nullish().transform((v) => v ?? null),
  isAttorney: z.boolean().default(false),
});

/** What the W-9 reader found in an upload (documents.extracted_data.w9). The TIN is kept encrypted. */
export interface ExtractedW9 {
  /** 'acroform': read from the PDF's form fields; 'ocr': read from the page image against the form's layout. */
  method: 'acroform' | 'ocr';
  legalName: string | null;
  businessName: string | null;
  taxClassification: TaxClassification | null;
  llcTaxClassification: 'C' | 'S' | 'P' | null;
  exemptPayeeCode: string | null;
  fatcaExemptionCode: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  tinType: 'ssn' | 'ein' | null;
  tinLast4: string | null;
  /** Server-side only: stripped from every response. */
  tinEncrypted?: string | null;
  /** Why the TIN read is malformed, if it is. */
  tinProblem: string | null;
  signedOn: string | null;
}

/** POST /api/documents/{id}/apply-to-vendor */
export const applyToVendorBody = z.object({
  vendorId: z.string().min(1, 'Choose a vendor'),
  /** Preview only: return the diff without saving. */
  dryRun: z.boolean().default(false),
});

export interface VendorFieldChange {
  field: string;
  label: string;
  /** Shown values; a TIN only masked. */
  from: string | null;
  to: string | null;
}

export interface ApplyToVendorResult {
  vendorId: string;
  applied: boolean;
  changes: VendorFieldChange[];
}

// ---- 1099 year end -------------------------------------------------------------------------

export const taxYearQuery = z.object({
  year: z.coerce
    .number({ message: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(2020, 'Year must be 2020 or later')
    .max(2100, 'Year must be 2100 or earlier'),
});

export const tax1099ListQuery = pageQuery.extend(taxYearQuery.shape).extend({
  /** needs_form: reaches a threshold and not exempt; problems: has a problem; all: every vendor paid in the year. */
  filter: z.enum(['all', 'needs_form', 'problems']).default('all'),
});

export const tax1099ProblemCodes = ['missing_w9', 'missing_tin', 'malformed_tin', 'missing_address', 'paid_under_two_names'] as const;
export type Tax1099ProblemCode = (typeof tax1099ProblemCodes)[number];

export interface Tax1099Problem {
  code: Tax1099ProblemCode;
  message: string;
  /** What to do about it, in words a user can follow. */
  fix: string;
}

export type Tax1099Status = 'ready' | 'needs_attention' | 'exempt' | 'below_threshold' | 'not_reportable';

/** One payee of one tax year: a vendor (or several vendor records that share a TIN). */
export interface Tax1099Row {
  vendorId: string;
  name: string;
  legalName: string | null;
  tinMasked: string | null;
  /** Other vendor records paid under another name with the same TIN, reported on this row. */
  alsoPaidAs: { vendorId: string; name: string }[];
  /** Every completed bill payment in the year, any method. */
  totalPaid: string;
  /** Of which by card or a payment network (reported on 1099-K, left out). */
  excludedPaid: string;
  /** Per box, the payments that count. */
  boxes: Partial<Record<Form1099Box, string>>;
  /** Forms this payee gets (boxes reaching their thresholds, unless exempt). */
  forms: Form1099Type[];
  exempt: boolean;
  exemptReason: string | null;
  status: Tax1099Status;
  problems: Tax1099Problem[];
  w9ReceivedAt: string | null;
  /** The newest form issued for this year, if any. */
  issued: { version: number; corrected: boolean; issuedAt: string; deliveredAt: string | null } | null;
  /** Amounts changed since the form was issued: a corrected form is due. */
  correctionDue: boolean;
}

export interface Tax1099YearSummary {
  year: number;
  thresholdNote: string;
  counts: { vendorsPaid: number; needForm: number; ready: number; needsAttention: number; missingW9: number; exempt: number };
  filing: Tax1099FilingState;
  rows: Tax1099Row[];
  total: number;
}

export type Tax1099FilingStatus = 'not_started' | 'in_progress' | 'file_generated' | 'filed' | 'correction_due';

export interface Tax1099FilingState {
  status: Tax1099FilingStatus;
  lastFileAt: string | null;
  lastFileFormat: 'iris_csv' | 'pub1220' | null;
  filedAt: string | null;
}

export const tax1099FormQuery = taxYearQuery.extend({
  copy: z.enum(['A', 'B', '1', '2']).default('B'),
});

export const tax1099FilingQuery = taxYearQuery.extend({
  format: z.enum(['iris_csv', 'pub1220']),
  /** A Publication 1220 test file (T record's test indicator). */
  test: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** Generate the file without the payees that do not pass the checks (listed in the filing's leftOut); otherwise a 409 lists them. */
  includePartial: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

/** A payee left out of a filing file, with why. */
export interface Tax1099LeftOut {
  vendorId: string;
  name: string;
  reason: string;
}

/** GET /api/tax/1099/filings?year=: the filing files generated for a year, newest first. */
export interface Tax1099Filing {
  id: string;
  taxYear: number;
  format: 'iris_csv' | 'pub1220';
  kind: 'original' | 'correction';
  isTest: boolean;
  formCount: number;
  total: string;
  leftOut: Tax1099LeftOut[];
  createdAt: string;
  filedAt: string | null;
}

/** POST /api/tax/1099/deliver?year=: Copy B to the vendors (email with consent, otherwise listed for print). */
export const tax1099DeliverBody = z.object({ vendorIds: z.array(z.string()).max(5000).optional() });

/** Payer details a filing file needs beyond the organization's name, EIN and address. */
export const tax1099SettingsBody = z.object({
  transmitterControlCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(|[A-Z0-9]{5})$/, 'The Transmitter Control Code has 5 letters or digits')
    .nullish()
    .transform((v) => v || null),
  contactName: optionalText(40, 'Contact name'),
  contactPhone: optionalText(15, 'Contact phone'),
  contactEmail: optionalText(254, 'Contact email'),
  /** The workspace's EIN as payer (kept on the organization); blank keeps the stored one. */
  payerEin: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .superRefine((value, ctx) => {
      const problem = value ? tinProblem('ein', value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (v ? (tinDigits(v) ?? v) : null)),
  /** The payer's mailing address as the filing file gives it (kept on the organization). */
  address: optionalText(40, 'Address'),
  city: optionalText(40, 'City'),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(|[A-Z]{2})$/, 'The state is its two-letter code')
    .nullish()
    .transform((v) => v || null),
  zipCode: z
    .string()
    .trim()
    .regex(/^(|\d{5}(-?\d{4})?)$/, 'The ZIP code has 5 or 9 digits')
    .nullish()
    .transform((v) => v || null),
});

export interface Tax1099Settings {
  transmitterControlCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  /** "••-•••6789": the EIN is never sent whole. */
  payerEinMasked: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

// ---- Across the firm ------------------------------------------------------------------------

export const practice1099Query = pageQuery.extend(taxYearQuery.shape);

export interface Practice1099Row {
  clientId: string;
  organizationId: string;
  clientName: string;
  vendorsPaid: number;
  needForm: number;
  ready: number;
  missingW9: number;
  missingTin: number;
  requestsSent: number;
  requestsAnswered: number;
  filing: Tax1099FilingState;
}

/** POST /api/practice/1099/w9-requests: every missing W-9 request for every client the member may open. */
export const practiceW9RequestsBody = z.object({ year: taxYearQuery.shape.year, includePayment: z.boolean().default(false) });

export interface PracticeW9RequestsResult {
  clients: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Per client with a vendor missing a W-9. */
  perClient: PracticeW9RequestsClientResult[];
}

/** Firm-wide figures of GET /api/practice/1099, over every visible active client (not one page). */
export interface Practice1099Totals {
  clients: number;
  /** Clients with at least one vendor that needs a 1099. */
  clientsWithForms: number;
  vendorsPaid: number;
  needForm: number;
  ready: number;
  missingW9: number;
  missingTin: number;
  requestsSent: number;
  requestsAnswered: number;
}

/** GET /api/practice/1099?year= */
export interface Practice1099List {
  year: number;
  /** Which W-9 requests count for the year (the season), said in words for the page. */
  requestSeason: { from: string; to: string };
  rows: Practice1099Row[];
  total: number;
  totals: Practice1099Totals;
}

/** One client's part of POST /api/practice/1099/w9-requests. */
export interface PracticeW9RequestsClientResult {
  organizationId: string;
  clientName: string;
  sent: number;
  failed: number;
  /** Vendors left out, with why (no email address, a request already open). */
  skipped: { vendorId: string; name: string; reason: string }[];
}

// ---- Issuing and delivering forms (H3) -----------------------------------------------------

/** POST /api/tax/1099/issue?year=: the chosen payees, or every payee that needs a form. */
export const tax1099IssueBody = z.object({ vendorIds: z.array(z.string()).max(5000).optional() }).default({});

export interface Tax1099IssuedForm {
  vendorId: string;
  name: string;
  formType: Form1099Type;
  version: number;
  corrected: boolean;
  total: string;
}

export interface Tax1099IssueResult {
  issued: Tax1099IssuedForm[];
  /** Issued before and unchanged since. */
  unchanged: number;
  /** Payees left out until their problems are fixed. */
  refused: { vendorId: string; name: string; reason: string }[];
}

export interface Tax1099DeliverResult {
  emailed: number;
  /** Mails that could not be sent: a later request tries them again. */
  failed: { vendorId: string; name: string; reason: string }[];
  /** Payees without consent to an electronic 1099: their Copy B is to be printed and posted. */
  forPrint: number;
  alreadyDelivered: number;
}

export interface Tax1099PrintConfirmResult {
  printed: number;
}
