import { z } from 'zod';

/** Two-factor sign-in (issue item 5): TOTP (RFC 6238) codes plus ten one-time recovery codes. */

export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app; spaces people copy along are dropped. */
export const totpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** Either a 6-digit code or a recovery code ("xxxx-xxxx-xxxx-xxxx"); the server tells which. */
export const secondFactorCodeSchema = z
  .string({ message: 'Enter a code' })
  .trim()
  .min(1, 'Enter a code')
  .max(40, 'That code is too long');

/** The answer to POST /api/login when the password was right but a second step is needed. */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Send back with the code to POST /api/login/two-factor. */
  challengeToken: z.string(),
  /** The challenge stops working at this time; sign in again after it. */
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** POST /api/login/two-factor. */
export const twoFactorLoginSchema = z.object({
  challengeToken: z.string({ message: 'Sign in again' }).min(1, 'Sign in again').max(200),
  code: secondFactorCodeSchema,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/** GET /api/user/two-factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left (0 while two-factor is off). */
  recoveryCodesRemaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/user/two-factor/enrolment: shown once; only hashes of the codes are kept. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a PNG QR code, a data: URL. */
  qrCodeDataUrl: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /api/user/two-factor/confirm: the first code from the app turns two-factor on. */
export const twoFactorConfirmSchema = z.object({ code: totpCodeSchema });
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/** POST /api/user/two-factor/disable: a current code, a recovery code or the password. */
export const twoFactorDisableSchema = z
  .object({
    code: z.string().trim().max(40).optional().or(z.literal('')),
    password: z.string().max(200).optional().or(z.literal('')),
  })
  .refine((value) => Boolean(value.code) || Boolean(value.password), {
    message: 'Enter a code from your authenticator app, a recovery code or your password',
    path: ['code'],
  });
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** POST /api/user/two-factor/recovery-codes: a current code replaces all ten recovery codes. */
export const recoveryCodesRegenerateSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
