import { z } from 'zod';
import { ROUTING_CHECK_MESSAGE, ROUTING_LENGTH_MESSAGE, isValidRoutingNumber } from '../aba';
import { guessTinType, isMaskedTin, tinProblem } from '../tin';
import { pageQuery } from './common';

export const vendorPaymentMethods = ['ach', 'wire', 'check', 'card'] as const;
export type VendorPaymentMethod = (typeof vendorPaymentMethods)[number];

/** Methods that pay into a bank account and so need bank details (spec 2.7). */
export const bankPaymentMethods: readonly VendorPaymentMethod[] = ['ach', 'wire'];
export const needsBankDetails = (method: string): boolean => (bankPaymentMethods as readonly string[]).includes(method);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** Digits only; spaces and dashes typed between groups are dropped. */
const accountNumberInput = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const digits = (value ?? '').replace(/[\s-]/g, '');
    if (!digits) return null;
    if (!/^\d+$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: 'Account number must contain only digits' });
      return z.NEVER;
    }
    if (digits.length < 4) {
      ctx.addIssue({ code: 'custom', message: 'Account number must be at least 4 digits' });
      return z.NEVER;
    }
    if (digits.length > 17) {
      ctx.addIssue({ code: 'custom', message: 'Account number must be at most 17 digits' });
      return z.NEVER;
    }
    return digits;
  });

const routingNumberInput = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const digits = (value ?? '').trim();
    if (!digits) return null;
    if (!/^\d{9}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: ROUTING_LENGTH_MESSAGE });
      return z.NEVER;
    }
    if (!isValidRoutingNumber(digits)) {
      ctx.addIssue({ code: 'custom', message: ROUTING_CHECK_MESSAGE });
      return z.NEVER;
    }
    return digits;
  });

export const TAX_ID_SHAPE_MESSAGE = 'Tax ID must be an EIN (12-3456789) or an SSN (123-45-6789)';

/**
 * A vendor's Tax ID is its W-9 TIN (issue 32): an EIN or SSN, kept encrypted. Blank or the masked
 * value the form shows ("••-•••6789") keeps the stored one.
 */
const taxIdInput = z
  .string()
  .trim()
  .max(50, 'Tax ID must be at most 50 characters')
  .nullish()
  .transform((value, ctx) => {
    if (!value || isMaskedTin(value)) return null;
    const type = guessTinType(value);
    if (!type) {
      ctx.addIssue({ code: 'custom', message: TAX_ID_SHAPE_MESSAGE });
      return z.NEVER;
    }
    const problem = tinProblem(type, value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return value;
  });

const vendorFields = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Invalid email address')),
  phone: optionalText(50, 'Phone'),
  address: optionalText(300, 'Address'),
  city: optionalText(100, 'City'),
  state: optionalText(100, 'State'),
  zipCode: optionalText(20, 'ZIP code'),
  country: z
    .string()
    .trim()
    .max(100, 'Country must be at most 100 characters')
    .nullish()
    .transform((value) => value || 'US'),
  /** Blank (or the masked value) keeps the stored TIN; a typed one replaces it. */
  taxId: taxIdInput,
  paymentMethod: z.enum(vendorPaymentMethods, { message: 'Payment method must be ach, wire, check or card' }).default('ach'),
  bankName: optionalText(200, 'Bank name'),
  /** Blank on an edit keeps the stored account number (it is never sent back to the form). */
  accountNumber: accountNumberInput,
  routingNumber: routingNumberInput,
  wireInstructions: optionalText(2000, 'Wire instructions'),
  isActive: z.boolean().default(true),
});

type VendorFields = z.output<typeof vendorFields>;

function checkPaymentDetails(value: VendorFields, ctx: z.RefinementCtx, accountNumberRequired: boolean): void {
  if (!needsBankDetails(value.paymentMethod)) return;
  if (!value.bankName) ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'Bank name is required' });
  if (!value.routingNumber) ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: 'Routing number is required' });
  if (accountNumberRequired && !value.accountNumber) {
    ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'Account number is required' });
  }
  if (value.paymentMethod === 'wire' && !value.wireInstructions) {
    ctx.addIssue({ code: 'custom', path: ['wireInstructions'], message: 'Wire instructions are required' });
  }
}

/** POST /api/vendors: bank details are required for ach and wire, wire instructions for wire. */
export const vendorCreateSchema = vendorFields.superRefine((value, ctx) => checkPaymentDetails(value, ctx, true));

/**
 * PUT /api/vendors/{id}: as create, but a blank account number keeps the stored one (the server
 * still refuses ach or wire when none is stored).
 */
export const vendorUpdateSchema = vendorFields.superRefine((value, ctx) => checkPaymentDetails(value, ctx, false));

export type VendorInput = z.output<typeof vendorCreateSchema>;
export type VendorFormValues = z.input<typeof vendorCreateSchema>;

/** GET /api/vendors?search=&includeInactive=&limit=&offset= */
export const vendorListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
});
export type VendorListQuery = z.output<typeof vendorListQuery>;

/** A vendor as the API returns it: the account number only ever as its last four digits. */
export interface Vendor {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  /** The TIN only masked ("••-•••6789"), never whole. */
  taxId: string | null;
  /** When a W-9 was taken in (issue 32); null: none on file. */
  w9ReceivedAt: string | null;
  paymentMethod: VendorPaymentMethod;
  bankName: string | null;
  /** "••••1234", or null when none is stored. */
  accountNumber: string | null;
  accountLast4: string | null;
  routingNumber: string | null;
  wireInstructions: string | null;
  isActive: boolean;
  billCount: number;
  createdAt: string;
  updatedAt: string;
}
