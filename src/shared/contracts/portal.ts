import { z } from 'zod';
import { dateInput, moneyInput } from './common';
import { creditNoteSchema } from './credits';

/** What a customer may do in the portal; access on with no permission shows only the account summary. */
export const portalPermissions = ['view_invoices', 'pay', 'download_statements'] as const;
export type PortalPermission = (typeof portalPermissions)[number];

/** Staff: PUT /api/customers/{id}/portal. Turning access off revokes every open portal session at once. */
export const portalAccessInput = z.object({
  hasPortalAccess: z.boolean(),
  portalPermissions: z.array(z.enum(portalPermissions)).max(3).default([...portalPermissions]),
});
export type PortalAccessInput = z.output<typeof portalAccessInput>;

export const portalAccessSchema = z.object({
  customerId: z.string(),
  hasPortalAccess: z.boolean(),
  portalPermissions: z.array(z.enum(portalPermissions)),
  /** Where the sign-in link is mailed: the billing contact's email, else the customer's. */
  email: z.string(),
  lastInvitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  openSessions: z.number().int(),
  autopay: z.object({ enabled: z.boolean(), method: z.string().nullable() }),
});
export type PortalAccess = z.infer<typeof portalAccessSchema>;

/** POST /api/customers/{id}/portal/invite: mails a new single-use sign-in link (30 minutes). */
export const portalInviteResult = z.object({ sentTo: z.string(), expiresAt: z.string() });

/** POST /api/portal/session: the token from the mailed link, exchanged for the portal cookie. */
export const portalSessionInput = z.object({ token: z.string().min(1, 'The sign-in link is not valid').max(200) });

/** The organization as the portal shows it: its (or its firm's) name, logo and colour. */
export const portalBrandSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  email: z.string().nullable(),
  /** "Managed by <firm name>" when the workspace is a practice client. */
  firmName: z.string().nullable(),
});

/** GET /api/portal/account. */
export const portalAccountSchema = z.object({
  brand: portalBrandSchema,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  permissions: z.array(z.enum(portalPermissions)),
  currency: z.string(),
  /** What the customer owes now: open invoices' amounts due less unapplied credit (the customer's currentBalance). */
  balance: z.string(),
  openInvoiceCount: z.number().int(),
  overdueAmount: z.string(),
  unappliedCredit: z.string(),
  /** Payment options: Stripe (card or US bank account) when keys are set, else bank transfer instructions. */
  payment: z.object({
    stripe: z.object({ publishableKey: z.string() }).nullable(),
    bankTransferInstructions: z.string().nullable(),
  }),
  autopay: z.object({
    available: z.boolean(),
    enabled: z.boolean(),
    /** "Visa •••• 4242". */
    method: z.string().nullable(),
  }),
  /** Credit notes and overpayments, newest first (at most 50). */
  credits: z.array(creditNoteSchema),
  /** Completed payments, newest first (at most 50). */
  payments: z.array(z.object({ id: z.string(), date: z.string(), amount: z.string(), method: z.string(), invoiceNumber: z.string().nullable() })),
});
export type PortalAccount = z.infer<typeof portalAccountSchema>;

export const portalInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  /** sent, overdue or paid (drafts and cancelled invoices are never shown). */
  status: z.enum(['sent', 'overdue', 'paid']),
  totalAmount: z.string(),
  amountPaid: z.string(),
  amountDue: z.string(),
  /** A late fee invoice: the invoice it was charged on. */
  lateFeeFor: z.string().nullable(),
  /** The last autopay charge failed: its reason. */
  autopayFailure: z.string().nullable(),
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;

/** GET /api/portal/invoices?status=open|paid|all. */
export const portalInvoiceQuery = z.object({
  status: z.enum(['open', 'paid', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /api/portal/statement?from=&to=&format= (json or pdf), as the staff statement. */
export const portalStatementQuery = z.object({
  from: dateInput('From'),
  to: dateInput('To'),
  format: z.enum(['json', 'pdf']).default('json'),
});

/**
 * POST /api/portal/payments: ticked invoices, each with the amount to pay (its whole amount due
 * unless the customer typed a partial amount). Refused: more than due, a negative or zero amount,
 * an invoice not open or not this customer's.
 */
export const portalPaymentInput = z.object({
  invoices: z
    .array(z.object({ invoiceId: z.uuid(), amount: moneyInput('Amount') }))
    .min(1, 'Choose at least one invoice')
    .max(100, 'At most 100 invoices at once'),
  method: z.enum(['stripe', 'bank_transfer']),
});
export type PortalPaymentInput = z.output<typeof portalPaymentInput>;

export const portalPaymentResult = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  /** Stripe: confirm with Stripe.js. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  /** Bank transfer: where to send the money, quoting `reference`. */
  bankTransferInstructions: z.string().nullable(),
});
export type PortalPaymentResult = z.infer<typeof portalPaymentResult>;

/**
 * POST /api/portal/autopay: { action: 'setup' } starts a Stripe SetupIntent (returns its client
 * secret); { action: 'enable' | 'disable' } turns autopay on or off for the saved method.
 */
export const portalAutopayInput = z.object({ action: z.enum(['setup', 'enable', 'disable']) });
export const portalAutopayResult = z.object({
  enabled: z.boolean(),
  method: z.string().nullable(),
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
});

/** GET/PUT /api/settings/portal: bank transfer instructions shown in the portal, and autopay retries. */
export const portalSettingsInput = z.object({
  paymentInstructions: z
    .string()
    .trim()
    .max(2000, 'Payment instructions must be at most 2000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  autopayMaxAttempts: z.coerce
    .number({ message: 'Autopay attempts must be a whole number' })
    .int('Autopay attempts must be a whole number')
    .min(1, 'Autopay attempts must be between 1 and 10')
    .max(10, 'Autopay attempts must be between 1 and 10'),
  autopayRetryDays: z.coerce
    .number({ message: 'Days between attempts must be a whole number' })
    .int('Days between attempts must be a whole number')
    .min(1, 'Days between attempts must be between 1 and 30')
    .max(30, 'Days between attempts must be between 1 and 30'),
});
export type PortalSettingsInput = z.input<typeof portalSettingsInput>;

export const portalSettingsSchema = z.object({
  paymentInstructions: z.string().nullable(),
  autopayMaxAttempts: z.number().int(),
  autopayRetryDays: z.number().int(),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;
