import { z } from 'zod';
import { roles, timeZoneInput } from './common';

/** Sign-in (spec 5). */
export const loginSchema = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Create account (spec 5). */
export const registerSchema = z.object({
  username: z
    .string({ message: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters'),
  email: z.string({ message: 'Invalid email address' }).trim().toLowerCase().email('Invalid email address').max(254),
  password: z
    .string({ message: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
  firstName: z.string({ message: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ message: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  companyName: z.string().trim().max(200).optional().or(z.literal('')),
  /** The organization's time zone: the client sends the browser's. */
  timeZone: timeZoneInput,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The user as the API returns it: never the password or invite token. */
export const userSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  accountingFirmId: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(roles),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  certifications: z.array(z.string()),
  phone: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  permissions: z.array(z.string()),
  approvalLimit: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  currency: z.string(),
  locale: z.string(),
  organizationName: z.string(),
  organizationType: z.enum(['business', 'accounting_firm']),
  /** The organization's IANA time zone: its "today" is the day it is there. */
  organizationTimeZone: z.string(),
  /**
   * organizationId, organizationName, organizationType, organizationTimeZone and role describe the
   * session's active workspace; home* the organization the user belongs to. They differ while a
   * firm member works in a client's workspace (clientWorkspace true, firmId the firm).
   */
  homeOrganizationId: z.string(),
  homeOrganizationName: z.string(),
  homeRole: z.enum(roles),
  firmId: z.string().nullable(),
  clientWorkspace: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The answer to a completed sign-in: the user, and whether this is the account's first sign-in
 * (nobody signed in as it before), so the greeting is 'Welcome to Signal AR', not 'Welcome back!'.
 */
export const signedInUserSchema = userSchema.extend({ firstSignIn: z.boolean() });
export type SignedInUser = z.infer<typeof signedInUserSchema>;
